#include "versions.hpp"

#include "constants.hpp"
#include "rows.hpp"

namespace raknet {
namespace {

const char* const kVars[kVarCount] = {"security"};

VersionInfo* make(Generation g, const char* name, const char* description) {
    using core::describe::table;
    auto* v = new VersionInfo{g, name, {}, {}};
    std::vector<core::describe::M> packets = offline_messages(g);
    for (core::describe::M& m : connected_packets()) packets.push_back(std::move(m));
    v->tables.push_back(table(nullptr, "UDP payload", packets));
    v->tables.push_back(table(nullptr, "system message", system_messages(g)));
    v->version = core::Version{name,    description, header_rows(), "id",      v->tables.data(), v->tables.size(),
                               nullptr, 0,           kVars,         kVarCount, nullptr, v};
    return v;
}

}  // namespace

const VersionInfo& version(Generation g) { return *versions()[g == Generation::Seed002 ? 0 : 1]; }

const std::vector<const VersionInfo*>& versions() {
    // Built once, never freed (schemas point into them; held by a pointer so
    // that no destructor at exit leaves them unreachable).
    static const std::vector<const VersionInfo*>& all = *new std::vector<const VersionInfo*>{
        make(Generation::Seed002, "mcpe-0.x",
             "RakNet as Minecraft PE 0.x speaks it (RakNet protocol 5, the MCPE 0.x protocol document): ping without GUID, "
             "Open Connection Reply 2 with a port, pong with one time"),
        make(Generation::Current, "current",
             "RakNet 4.081 and later (jsp-raknet, raknet-native, Bedrock): ping with GUID, Open Connection "
             "Reply 2 with an address, pong with two times"),
    };
    return all;
}

Evidence evidence(uint32_t table, uint8_t id, uint32_t length) {
    if (table == kPacketTable) {
        if (id == id::kUnconnectedPing || id == id::kUnconnectedPingOpenConnections) {
            // 1 + time 8 + magic 16 (+ GUID 8)
            if (length == 25) return Evidence::Seed002;
            if (length >= 33) return Evidence::Current;
        } else if (id == id::kOpenConnectionReply2) {
            // 1 + magic 16 + GUID 8 + port 2 + MTU 2 + security 1; today an address of 7 (IPv4) or 29 (IPv6)
            if (length == 30) return Evidence::Seed002;
            if (length >= 35) return Evidence::Current;
        }
    } else if (table == kMessageTable && id == id::kConnectedPong) {
        if (length == 9) return Evidence::Seed002;
        if (length == 17) return Evidence::Current;
    }
    return Evidence::None;
}

}  // namespace raknet
