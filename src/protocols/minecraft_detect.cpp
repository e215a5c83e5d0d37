#include "minecraft_detect.hpp"

#include <string_view>

#include "core/text.hpp"
#include "core/wire.hpp"

namespace minecraft {
namespace {

constexpr uint8_t kAlphaHandshake = 0x02;
constexpr uint8_t kLegacyPing = 0xFE;
// Alpha usernames are a few characters; anything longer is not a Handshake.
constexpr uint32_t kMaxAlphaName = 64;
// A Java Handshake: id + version + address length + address (255
// characters, 4 bytes each at most) + port + next state.
constexpr uint64_t kMinJavaHandshake = 6;
constexpr uint64_t kMaxJavaHandshake = 1 + 5 + 2 + 255 * 4 + 2 + 1;
constexpr uint32_t kMaxAddressBytes = 255 * 4;

bool printable_utf8(const uint8_t* p, size_t n) {
    const std::string_view s(reinterpret_cast<const char*>(p), n);
    if (core::utf8_invalid_at(s) != std::string_view::npos) return false;
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) return false;
    return true;
}

Edition alpha(const uint8_t* p, size_t avail) {
    if (avail < 3) return Edition::NeedMore;
    const uint32_t len = uint32_t(p[1]) << 8 | p[2];
    if (len == 0 || len > kMaxAlphaName) return Edition::Neither;
    const size_t have = avail - 3 < len ? avail - 3 : len;
    // Check what is there (a cut character at the end is not yet invalid).
    size_t check = have;
    if (have < len)
        while (check > 0 && (p[3 + check - 1] & 0x80)) --check;
    if (!printable_utf8(p + 3, check)) return Edition::Neither;
    return have < len ? Edition::NeedMore : Edition::Alpha;
}

Edition java(const uint8_t* p, size_t avail) {
    using core::wire::VarIntResult;
    uint64_t length;
    uint32_t used;
    VarIntResult r = core::wire::read_varint(p, uint32_t(avail < 5 ? avail : 5), 5, length, used);
    if (r == VarIntResult::Short) return Edition::NeedMore;
    if (r != VarIntResult::Ok || length < kMinJavaHandshake || length > kMaxJavaHandshake) return Edition::Neither;
    if (avail < used + 1) return Edition::NeedMore;
    if (p[used] != 0x00) return Edition::Neither;  // Handshake's packet id
    if (avail < used + length) return Edition::NeedMore;
    const uint8_t* q = p + used + 1;
    uint32_t left = uint32_t(length - 1);
    uint64_t v;
    if (core::wire::read_varint(q, left, 5, v, used) != VarIntResult::Ok) return Edition::Neither;  // version
    q += used;
    left -= used;
    if (core::wire::read_varint(q, left, 5, v, used) != VarIntResult::Ok || v > kMaxAddressBytes ||
        v + used + 3 > left)
        return Edition::Neither;
    q += used;
    left -= used;
    // UTF-8, not necessarily printable (Forge clients append "\0FML\0").
    if (core::utf8_invalid_at(std::string_view(reinterpret_cast<const char*>(q), size_t(v))) != std::string_view::npos)
        return Edition::Neither;
    q += v + 2;  // the address, the port
    left -= uint32_t(v + 2);
    if (core::wire::read_varint(q, left, 5, v, used) != VarIntResult::Ok || (v != 1 && v != 2) || used != left)
        return Edition::Neither;
    return Edition::Java;
}

}  // namespace

Edition classify_first_client_bytes(const uint8_t* p, size_t avail) {
    if (avail == 0) return Edition::NeedMore;
    if (p[0] == kAlphaHandshake) return alpha(p, avail);
    if (p[0] == kLegacyPing) return Edition::JavaLegacyPing;
    return java(p, avail);
}

const char* edition_name(Edition e) {
    switch (e) {
    case Edition::NeedMore: return "need more bytes";
    case Edition::Alpha: return "Minecraft Alpha";
    case Edition::Java: return "Minecraft Java Edition";
    case Edition::JavaLegacyPing: return "Minecraft Java Edition legacy ping";
    case Edition::Neither: return "not Minecraft";
    }
    return "?";
}

}  // namespace minecraft
