#include "protocols/mc_java/protocol_info.hpp"

#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/states.hpp"
#include "protocols/mc_java/versions.hpp"
#include "protocols/minecraft_detect.hpp"

namespace mcjava {

namespace {

// A client's first bytes: a Handshake, or the pre-1.7 server list ping.
bool looks_like_java(const uint8_t* p, size_t len) {
    const minecraft::Edition e = minecraft::classify_first_client_bytes(p, len);
    return e == minecraft::Edition::Java || e == minecraft::Edition::JavaLegacyPing;
}

// One version's tables, for ProtocolInfo::schema.
const core::Schema& schema_of(const VersionInfo& v) { return schema(v); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // Port 25565 is shared with Alpha: the plugin's Minecraft dispatcher
    // holds it, hence the preference's name.
    static const core::ProtocolInfo info{
        "Minecraft Java Edition", "MCJAVA", kPrefix, kPrefix, "003_b5f8db852183982f.txt",
        core::Transport::Tcp, core::FramingKind::VarIntLength, kDefaultPort, "minecraft.tcp.port", nullptr,
        finding_table, core::version_count<versions>, core::version_name<versions>, looks_like_java,
        core::version_schema<versions, schema_of>,
    };
    return info;
}

}  // namespace mcjava
