#include "versions.hpp"

#include "core/protocol_versions.hpp"

namespace mcpe {
namespace {

const core::Field kHeader[] = {
    {"id", "Packet ID", core::Kind::U8, core::kFollows, 0, 0, nullptr, "game packet id", {nullptr, 0}, nullptr,
     core::Display::Hex},
};

VersionInfo* make(int32_t protocol, const char* name, core::MessageTable (*table)()) {
    auto* t = new core::MessageTable(table());
    auto* v = new VersionInfo{protocol, name, {}};
    v->version = core::Version{name, "Minecraft Pocket Edition", {kHeader, 1}, "id", t, 1, nullptr, 0, nullptr, 0, nullptr, v};
    return v;
}

}  // namespace

const std::vector<const VersionInfo*>& versions() {
    // Built once; never freed (the schemas point into them; held by a pointer
    // so that no destructor at exit leaves them unreachable).
    static const std::vector<const VersionInfo*>& all = *new std::vector<const VersionInfo*>{
        make(11, "0.7.3", seed002_table),
        // Seed 002: "generated based on v0.7.3, protocol #11 ... these
        // packets seem to be unchanged since then, and will (most likely)
        // work with the current version. Current Version: Minecraft: Pocket
        // Edition v0.10.4, protocol #20". So protocol 20 is decoded with the
        // same table, as the page says. (Real 0.10 traffic moved ids and
        // layouts, design.md: 0.9 replaced ChunkData by FullChunkData 0xBA;
        // that would be another table, not this one.)
        make(20, "0.10.4", seed002_table),
    };
    return all;
}

const VersionInfo* find_version(int32_t protocol) { return core::find_protocol(versions(), protocol); }

const VersionInfo& nearest_version(int32_t protocol) { return core::nearest_protocol(versions(), protocol); }

const VersionInfo& default_version() { return *versions().front(); }

}  // namespace mcpe
