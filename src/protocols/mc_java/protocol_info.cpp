#include "protocols/mc_java/protocol_info.hpp"

#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/mcdata/field_list.hpp"
#include "protocols/mc_java/release_search.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/states.hpp"
#include "protocols/mc_java/versions.hpp"
#include "protocols/minecraft_detect.hpp"

namespace mcjava {

namespace {

// A client's first bytes, on any port: a whole Handshake that checks out,
// or the legacy server list ping of 1.4 and later (0xFE 0x01, then 0xFA
// MC|PingHost from 1.6). A bare 0xFE (pre-1.4) is too weak a sign off the
// port: the port's dispatcher (classify_first_client_bytes) takes it there.
bool looks_like_java(const uint8_t* p, size_t len) {
    const minecraft::Edition e = minecraft::classify_first_client_bytes(p, len);
    if (e == minecraft::Edition::Java) return true;
    return e == minecraft::Edition::JavaLegacyPing && len >= 2 && p[1] == 0x01 && (len == 2 || p[2] == 0xFA);
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
        core::version_schema<versions, schema_of>, false, mcdata::field_decls, nullptr, reads_midstream,
    };
    return info;
}

}  // namespace mcjava
