#include "versions.hpp"

#include <set>
#include <string>

#include "core/protocol_versions.hpp"
#include "core/protodef.hpp"
#include "mcdata/message_tables.hpp"

namespace mcjava {
namespace {

using core::describe::F;

const core::Field kHeader[] = {
    {"packet_id", "Packet ID", core::Kind::VarInt, core::kFollows, 0, 0, nullptr,
     "packet id: with the state and direction it names the packet", {nullptr, 0}, nullptr, core::Display::Hex},
};

const char* const kVars[] = {"dimension"};

void finish(VersionInfo* v) {
    v->version = core::Version{v->name, "Minecraft Java Edition", {kHeader, 1}, "packet_id", v->tables.data(),
                               v->tables.size(), nullptr, 0, kVars, 1, nullptr, v};
}

VersionInfo* make(int32_t protocol, const char* name, Generation gen) {
    auto* v = new VersionInfo{protocol, name, gen, {}, std::vector<core::MessageTable>(kTableCount)};
    const Types& t = types(gen);
    add_handshake_status_login(v->tables, t);
    if (gen == Generation::V404)
        add_play_404(v->tables, t);
    else
        add_play_477(v->tables, t, protocol);
    finish(v);
    return v;
}

// A release minecraft-data describes and no hand table does; named after
// every release that speaks its protocol ("1.20.3/1.20.4").
VersionInfo* make_from_data(const mcdata::Release& first) {
    std::string name;
    for (const mcdata::Release& r : mcdata::releases())
        if (r.protocol == first.protocol) name += (name.empty() ? "" : "/") + std::string(r.name);
    auto* v = new VersionInfo{first.protocol, core::protodef::Translator::keep(name), Generation::Data, {},
                              std::vector<core::MessageTable>(kTableCount)};
    mcdata::add_message_tables(v->tables, mcdata::descriptions()[first.description]);
    finish(v);
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

const std::vector<const VersionInfo*>& data_versions() {
    static const std::vector<const VersionInfo*>& all = *[] {
        auto* v = new std::vector<const VersionInfo*>;
        std::set<int32_t> have;
        for (const VersionInfo* h : versions()) have.insert(h->protocol);
        for (const mcdata::Release& r : mcdata::releases())
            if (have.insert(r.protocol).second) v->push_back(make_from_data(r));
        return v;
    }();
    return all;
}

const VersionInfo* find_version(int32_t protocol) { return core::find_protocol(versions(), protocol); }

const VersionInfo& nearest_version(int32_t protocol) { return core::nearest_protocol(versions(), protocol); }

const VersionInfo& default_version() { return *versions().back(); }

}  // namespace mcjava
