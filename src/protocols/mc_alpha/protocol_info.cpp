#include "protocols/mc_alpha/protocol_info.hpp"

#include "protocols/mc_alpha/directions.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/minecraft_detect.hpp"

namespace mcalpha {

namespace {

bool looks_like_alpha(const uint8_t* p, size_t len) {
    return minecraft::classify_first_client_bytes(p, len) == minecraft::Edition::Alpha;
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
        finding_table, nullptr, nullptr, looks_like_alpha, schema_of,
    };
    return info;
}

}  // namespace mcalpha
