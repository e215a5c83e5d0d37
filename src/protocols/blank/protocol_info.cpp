#include "protocols/blank/protocol_info.hpp"

#include "protocols/blank/decoder.hpp"
#include "protocols/blank/findings.hpp"
#include "protocols/blank/protocol.hpp"

namespace blank {

namespace {

// One version's tables, for ProtocolInfo::schema.
const core::Schema& schema_of(const Revision& r) { return schema(r); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // The heuristic is the tag: blank is found on any port by it.
    static const core::ProtocolInfo info{
        "blank voxel game protocol", "BLANK", kPrefix, kPrefix,
        "004_8f5e877db6d99b09.txt 000_3d4fc1dd0611b50a.txt",
        core::Transport::Udp, core::FramingKind::Datagram, kDefaultPort, "blank.udp.port", nullptr,
        finding_table, core::version_count<revisions>, core::version_name<revisions>, looks_like_blank,
        core::version_schema<revisions, schema_of>,
    };
    return info;
}

}  // namespace blank
