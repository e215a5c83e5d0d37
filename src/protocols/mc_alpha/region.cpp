#include "region.hpp"

namespace mcalpha {
namespace {

// Nibble i of a nibble array: the low nibble first (the seed does not say
// which; the light range does not depend on it).
uint8_t nibble(const uint8_t* a, uint32_t i) { return i & 1 ? a[i >> 1] >> 4 : a[i >> 1] & 0x0F; }

void range(const uint8_t* a, uint32_t n, uint8_t& lo, uint8_t& hi) {
    lo = 15;
    hi = 0;
    for (uint32_t i = 0; i < n; ++i) {
        const uint8_t v = nibble(a, i);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    if (n == 0) lo = 0;
}

}  // namespace

RegionSummary summarize_region(const Region& r, const uint8_t* data, size_t len) {
    RegionSummary s;
    const uint32_t n = r.blocks();
    if (len != r.bytes_min() && len != r.bytes_max()) return s;
    const uint32_t half = uint32_t(len - n) / 3;  // bytes of each nibble array
    bool seen[256] = {};
    for (uint32_t i = 0; i < n; ++i) {
        const uint8_t t = data[i];
        if (t != 0) ++s.non_air;
        if (!seen[t]) {
            seen[t] = true;
            ++s.distinct;
        }
    }
    const uint8_t* block_light = data + n + half;
    const uint8_t* sky_light = data + n + 2 * half;
    const uint32_t nibbles = n < 2 * half ? n : 2 * half;  // an odd region's last nibble may be missing
    range(block_light, nibbles, s.block_light_min, s.block_light_max);
    range(sky_light, nibbles, s.sky_light_min, s.sky_light_max);
    s.valid = true;
    return s;
}

}  // namespace mcalpha
