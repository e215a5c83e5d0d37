#include "protocols/mc_alpha/protocol_info.hpp"

#include "protocols/mc_alpha/directions.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/framing.hpp"
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

// Anywhere: the client's first bytes are exactly a whole Handshake, a
// player name the game allows (1 to 16 letters, digits or '_'; seed 001:
// "the player's username"); what a Java client, whose first byte is its
// Handshake's length (6 or more), never sends. A client's TCP may send it
// in pieces (the bundled session sends 1, 2, 3 and 2 bytes): the start of
// one is MoreBytes, at most 19 bytes held.
constexpr uint32_t kMaxName = 16;
core::Looks whole_handshake(const uint8_t* p, size_t len) {
    using core::Looks;
    if (len == 0 || p[0] != kHandshake) return Looks::No;
    if (len < 3) return Looks::MoreBytes;
    const uint32_t n = uint32_t(p[1]) << 8 | p[2];
    if (n == 0 || n > kMaxName || len > 3 + n) return Looks::No;
    for (size_t i = 3; i < len; ++i) {
        const uint8_t c = p[i];
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (!ok) return Looks::No;
    }
    return len == 3 + n ? Looks::Yes : Looks::MoreBytes;
}

// A stream picked up mid-way: the bytes of the messages that read back to
// back from the first place where they start (first_message()) to the end,
// Keep Alives left out: a run of zero bytes (a Java chunk's empty
// sections, picked up inside) reads as nothing but one-byte Keep Alives.
uint32_t reads_midstream(const uint8_t* p, size_t len, bool from_client) {
    const Side d = from_client ? Side::Client : Side::Server;
    size_t at = 0;
    if (first_message(d, p, len, true, at) != core::Measure::Complete) return 0;
    StreamFraming f(d);
    size_t end = at, keep_alives = 0;
    for (;;) {
        const core::MeasureResult m = f.measure(p + end, len - end);
        if (m.status != core::Measure::Complete) break;
        if (p[end] == kKeepAlive) keep_alives += m.length;
        end += m.length;
    }
    // Not to the end (the last one may be cut by it): not this protocol's.
    if (f.measure(p + end, len - end).status == core::Measure::Invalid && end < len) return 0;
    return uint32_t(end - at - keep_alives);
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
        finding_table, nullptr, nullptr, looks_like_alpha, schema_of, true, nullptr, whole_handshake, reads_midstream,
    };
    return info;
}

}  // namespace mcalpha
