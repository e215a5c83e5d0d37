// RakNet's 24-bit counters (datagram numbers, message, sequencing and order
// indexes) unwrapped into 64-bit ones before any comparison, so that the
// wrap at 2^24 is a non-event (RTP analysis had wrap bugs for years).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "constants.hpp"

namespace raknet {

// The 64-bit counter nearest to `ref` whose low 24 bits are `v` (never
// below 0: a counter near the start does not wrap backwards).
inline uint64_t unwrap24(uint32_t v, uint64_t ref) {
    const int32_t d = int32_t(((v - uint32_t(ref)) & (kSeqModulus - 1)) << 8) >> 8;  // signed 24-bit distance
    if (d < 0 && uint64_t(-int64_t(d)) > ref) return v & (kSeqModulus - 1);
    return uint64_t(int64_t(ref) + d);
}

// A slot in a ring of `capacity` (a power of two) entries for counter `n`.
inline uint32_t ring_slot(uint64_t n, uint32_t capacity) { return uint32_t(n & (capacity - 1)); }

// Marks an empty ring entry.
constexpr uint64_t kNoNumber = ~uint64_t(0);

// The entry of counter `n` in a ring whose entries hold their counter in
// member `Key` (kNoNumber: empty). The ring grows (powers of two from 64,
// up to `window`) while the counters from `lowest` to `n` fit.
template <auto Key, class Entry>
Entry& ring_entry(std::vector<Entry>& ring, uint32_t window, uint64_t lowest, uint64_t n) {
    const uint64_t span = (n > lowest ? n : lowest) - lowest + 1;
    if (ring.size() < window && span > ring.size()) {
        size_t size = ring.empty() ? 64 : ring.size();
        while (size < span && size < window) size *= 2;
        if (size > window) size = window;
        std::vector<Entry> bigger(size);
        for (const Entry& e : ring)
            if (e.*Key != kNoNumber) bigger[ring_slot(e.*Key, uint32_t(size))] = e;
        ring.swap(bigger);
    }
    return ring[ring_slot(n, uint32_t(ring.size()))];
}

}  // namespace raknet
