#include "protocols/raknet/protocol_info.hpp"

#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/detect.hpp"
#include "protocols/raknet/findings.hpp"
#include "protocols/raknet/versions.hpp"
#include "protocols/raknet/schema.hpp"

namespace raknet {

namespace {

bool looks_like_raknet(const uint8_t* p, size_t len) {
    return len <= UINT32_MAX && looks_like_offline_message(p, uint32_t(len));
}

// One version's tables, for ProtocolInfo::schema.
const core::Schema& schema_of(const VersionInfo& v) { return schema(v); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // Wireshark has a protocol "raknet": the plugin's is "bsraknet", its
    // fields keep the prefix "raknet".
    static const core::ProtocolInfo info{
        "RakNet (blankshark analysis)", "RakNet-BS", "bsraknet", kPrefix, "002_c0d67b4a3a02433a.txt",
        core::Transport::Udp, core::FramingKind::RakNet, kDefaultPort, "bsraknet.udp.port", nullptr,
        finding_table, core::version_count<versions>, core::version_name<versions>, looks_like_raknet,
        core::version_schema<versions, schema_of>,
    };
    return info;
}

}  // namespace raknet
