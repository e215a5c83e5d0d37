#include "protocols/mcpe/protocol_info.hpp"

#include "protocols/mcpe/findings.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/mcpe/versions.hpp"
#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace mcpe {

namespace {

// One version's tables, for ProtocolInfo::schema.
const core::Schema& schema_of(const VersionInfo& v) { return schema(v); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // Carried in RakNet's user messages: RakNet's port and preference, no
    // heuristic of its own. Wireshark has a protocol "mcpe": the plugin's is
    // "bsmcpe", its fields keep the prefix "mcpe".
    static const core::ProtocolInfo info{
        "Minecraft Pocket Edition 0.x (blankshark)", "MCPE-BS", "bsmcpe", kPrefix, "002_c0d67b4a3a02433a.txt",
        core::Transport::Udp, core::FramingKind::RakNet, raknet::kDefaultPort, raknet::protocol_info().port_preference,
        &raknet::protocol_info(), finding_table, core::version_count<versions>, core::version_name<versions>, nullptr,
        core::version_schema<versions, schema_of>,
    };
    return info;
}

}  // namespace mcpe
