#include "protocols/bedrock/protocol_info.hpp"

#include "protocols/bedrock/findings.hpp"
#include "protocols/bedrock/mcdata/field_list.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/versions.hpp"
#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace bedrock {

namespace {

const core::Schema& schema_of(const VersionInfo& v) { return schema(v); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // Carried in RakNet's user messages (0xFE batches): RakNet's port and
    // preference, no heuristic of its own (the game layer recognises it).
    static const core::ProtocolInfo info{
        "Minecraft Bedrock Edition (blankshark)", "Bedrock", "bedrock", kPrefix,
        "minecraft-data 3.119.0 (data/bedrock), captures/bedrock/README.md", core::Transport::Udp,
        core::FramingKind::RakNet, raknet::kDefaultPort, raknet::protocol_info().port_preference,
        &raknet::protocol_info(), finding_table, core::version_count<versions>, core::version_name<versions>, nullptr,
        core::version_schema<versions, schema_of>, false, mcdata::field_decls,
    };
    return info;
}

}  // namespace bedrock
