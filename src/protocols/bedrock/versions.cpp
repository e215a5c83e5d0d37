#include "versions.hpp"

#include <string>

#include "core/describe.hpp"
#include "core/protocol_versions.hpp"
#include "core/protodef.hpp"
#include "mcdata/message_tables.hpp"

namespace bedrock {
namespace {

using namespace core::describe;

// A packet's header (the game's packet id VarInt): the id in bits 0-9, the
// sending and the target sub-client (split-screen players) in 10-11 and 12-13.
core::Layout header() {
    static const core::Layout rows = arena().layout({
        varint("header", "Header").hex().desc("packet id and sub-client numbers").flags({
            bits("id", "Packet ID", 0x3FF),
            bits("sender_subclient", "Sender sub-client", 0xC00),
            bits("target_subclient", "Target sub-client", 0x3000),
        }),
    });
    return rows;
}

struct AllVersions {
    std::vector<const VersionInfo*> all;
    AllVersions() {
        for (const mcdata::Release& r : mcdata::releases()) {
            if (!all.empty() && all.back()->protocol == r.protocol) continue;
            std::string name;
            for (const mcdata::Release& o : mcdata::releases())
                if (o.protocol == r.protocol) name += (name.empty() ? "" : "/") + std::string(o.name);
            auto* v = new VersionInfo(r.protocol, core::protodef::Translator::keep(name), r.description);
            v->index = uint32_t(all.size());
            all.push_back(v);
        }
    }
};

const AllVersions& all_versions() {
    static const AllVersions& a = *new AllVersions;  // never freed: schemas point into them
    return a;
}

}  // namespace

const core::Version& VersionInfo::version() const {
    std::call_once(built_, [this] {
        table_ = mcdata::message_table(mcdata::descriptions()[description_], header());
        version_ = core::Version{name, "Minecraft Bedrock Edition", header(), "header", &table_, 1};
        version_.user = this;
        version_.id_mask = 0x3FF;
    });
    return version_;
}

const std::vector<const VersionInfo*>& versions() { return all_versions().all; }

const VersionInfo* find_version(int32_t protocol) { return core::find_protocol(versions(), protocol); }

const VersionInfo& nearest_version(int32_t protocol) { return core::nearest_protocol(versions(), protocol); }

const VersionInfo& default_version() { return *versions().back(); }

}  // namespace bedrock
