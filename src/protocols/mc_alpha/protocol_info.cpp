#include "protocols/mc_alpha/protocol_info.hpp"

#include "protocols/mc_alpha/directions.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace mcalpha {

namespace {

// On the Minecraft port, a client's first byte 0x02 (Alpha's Handshake id)
// rules Java out whatever follows (a Java Handshake's first byte is its
// length, 6 or more): a Handshake cut by the segment, or a damaged one, is
// still Alpha's. Too weak a sign anywhere else (looks_like_on_port_only).
bool looks_like_alpha(const uint8_t* p, size_t len) {
    return len > 0 && p[0] == 0x02;
}

// One version's tables, for ProtocolInfo::schema.
const core::Schema& schema_of(size_t) { return schema(); }

}  // namespace

const core::ProtocolInfo& protocol_info() {
    // One protocol version (kProtocolVersion), so no version list. Port
    // 25565 is Java's too: the plugin's Minecraft dispatcher holds it.
    static const core::ProtocolInfo info{
        "Minecraft Alpha SMP", "MCALPHA", kPrefix, kPrefix, "001_72f6d1fbddde64f8.txt",
        core::Transport::Tcp, core::FramingKind::SelfDelimiting, kDefaultPort, "minecraft.tcp.port", nullptr,
        finding_table, nullptr, nullptr, looks_like_alpha, schema_of, true,
    };
    return info;
}

}  // namespace mcalpha
