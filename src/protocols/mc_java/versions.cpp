#include "versions.hpp"

#include "core/protocol_versions.hpp"

namespace mcjava {
namespace {

using core::describe::F;

const core::Field kHeader[] = {
    {"packet_id", "Packet ID", core::Kind::VarInt, core::kFollows, 0, 0, nullptr,
     "packet id: with the state and direction it names the packet", {nullptr, 0}, nullptr, core::Display::Hex},
};

const char* const kVars[] = {"dimension"};

VersionInfo* make(int32_t protocol, const char* name, Generation gen) {
    auto* v = new VersionInfo{protocol, name, gen, {}, std::vector<core::MessageTable>(kTableCount)};
    const Types& t = types(gen);
    add_handshake_status_login(v->tables, t);
    if (gen == Generation::V404)
        add_play_404(v->tables, t);
    else
        add_play_477(v->tables, t, protocol);
    v->version = core::Version{name,  "Minecraft Java Edition", {kHeader, 1}, "packet_id", v->tables.data(),
                               v->tables.size(), nullptr, 0, kVars, 1, nullptr, v};
    return v;
}

}  // namespace

const std::vector<const VersionInfo*>& versions() {
    // Built once, never freed (schemas point into them; held by a pointer so
    // that no destructor at exit leaves them unreachable).
    static const std::vector<const VersionInfo*>& all = *new std::vector<const VersionInfo*>{
        make(404, "1.13.2", Generation::V404),  make(477, "1.14", Generation::V477),
        make(480, "1.14.1", Generation::V477),  make(485, "1.14.2", Generation::V477),
        make(490, "1.14.3", Generation::V477),  make(498, "1.14.4", Generation::V477),
    };
    return all;
}

const VersionInfo* find_version(int32_t protocol) { return core::find_protocol(versions(), protocol); }

const VersionInfo& nearest_version(int32_t protocol) { return core::nearest_protocol(versions(), protocol); }

const VersionInfo& default_version() { return *versions().back(); }

}  // namespace mcjava
