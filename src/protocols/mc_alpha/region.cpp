#include "region.hpp"

#include <cstring>

namespace mcalpha {
namespace {

constexpr uint64_t kOnes = 0x0101010101010101ull;

// Zero bytes of a word (exact: no carry crosses a byte).
unsigned zero_bytes(uint64_t w) {
    const uint64_t t = ((w & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | w;
    return 8 - unsigned(((t & 0x8080808080808080ull) >> 7) * kOnes >> 56);  // the high bits summed
}

// Marks in `seen` every byte value of a[0, n) and returns how many are 0.
// A word of 8 bytes all equal to the last one marked (a run of air or
// stone, of full or no light: most of a column) costs one compare, not 8
// stores.
uint32_t mark_bytes(const uint8_t* a, uint32_t n, uint8_t (&seen)[256]) {
    if (n == 0) return 0;
    seen[a[0]] = 1;
    uint64_t run = kOnes * a[0];
    uint32_t zeros = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, a + i, 8);
        if (w == run) {
            zeros += run == 0 ? 8 : 0;
            continue;
        }
        zeros += zero_bytes(w);
        for (unsigned j = 0; j < 8; ++j) seen[a[i + j]] = 1;
        run = kOnes * a[i + 7];
    }
    for (; i < n; ++i) {
        zeros += a[i] == 0;
        seen[a[i]] = 1;
    }
    return zeros;
}

// The lowest and highest of the first n nibbles of a (both nibbles of a
// byte count alike, so the seed's silence on their order does not matter),
// read off the byte values seen.
void range(const uint8_t* a, uint32_t n, uint8_t& lo, uint8_t& hi) {
    lo = 15;
    hi = 0;
    if (n == 0) {
        lo = 0;
        return;
    }
    const uint32_t bytes = n / 2;
    uint8_t seen[256] = {};
    mark_bytes(a, bytes, seen);
    uint16_t nibbles = 0;  // bit v: nibble value v occurs
    for (unsigned v = 0; v < 256; ++v)
        if (seen[v]) nibbles |= uint16_t(1u << (v & 0x0F) | 1u << (v >> 4));
    if (n & 1) nibbles |= uint16_t(1u << (a[bytes] & 0x0F));  // an odd count's last nibble: the low one of its byte
    lo = uint8_t(__builtin_ctz(nibbles));
    hi = uint8_t(31 - __builtin_clz(nibbles));
}

}  // namespace

RegionSummary summarize_region(const Region& r, const uint8_t* data, size_t len) {
    RegionSummary s;
    const uint32_t n = r.blocks();
    if (len != r.bytes_min() && len != r.bytes_max()) return s;
    const uint32_t half = uint32_t(len - n) / 3;  // bytes of each nibble array
    // Mark each type, count the marks after.
    uint8_t seen[256] = {};
    s.non_air = n - mark_bytes(data, n, seen);
    for (uint8_t m : seen) s.distinct += m;
    const uint8_t* block_light = data + n + half;
    const uint8_t* sky_light = data + n + 2 * half;
    const uint32_t nibbles = n < 2 * half ? n : 2 * half;  // an odd region's last nibble may be missing
    range(block_light, nibbles, s.block_light_min, s.block_light_max);
    range(sky_light, nibbles, s.sky_light_min, s.sky_light_max);
    s.valid = true;
    return s;
}

}  // namespace mcalpha
