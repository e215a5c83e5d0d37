#include "region.hpp"

namespace mcalpha {
namespace {

// The lowest and highest of the first n nibbles of a (both nibbles of a
// byte count alike, so the seed's silence on their order does not matter).
// Marks each byte value seen (a store per byte, no chain of compares from
// one byte to the next), then reads the range off the marks.
void range(const uint8_t* a, uint32_t n, uint8_t& lo, uint8_t& hi) {
    lo = 15;
    hi = 0;
    if (n == 0) {
        lo = 0;
        return;
    }
    const uint32_t bytes = n / 2;
    uint8_t seen[256] = {};
    for (uint32_t i = 0; i < bytes; ++i) seen[a[i]] = 1;
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
    // Without a branch per block: mark each type, count the marks after.
    uint8_t seen[256] = {};
    uint32_t air = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const uint8_t t = data[i];
        air += t == 0;
        seen[t] = 1;
    }
    s.non_air = n - air;
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
