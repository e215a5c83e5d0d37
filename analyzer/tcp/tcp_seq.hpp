// TCP sequence-number arithmetic (RFC 9293 section 3.4): 32-bit numbers that
// wrap, compared modulo 2^32 (a is before b when b - a, as a signed 32-bit
// difference, is positive), and unwrapped to 64-bit stream offsets relative
// to a known point. Valid while the two numbers are within 2^31 of each
// other, which a window (at most 2^30 with scaling) guarantees.
#pragma once

#include <cstdint>

namespace blankshark::tcp {

// b - a as a signed distance: positive when b is after a.
inline constexpr int32_t seq_diff(uint32_t a, uint32_t b) noexcept { return int32_t(b - a); }
inline constexpr bool seq_lt(uint32_t a, uint32_t b) noexcept { return seq_diff(a, b) > 0; }
inline constexpr bool seq_le(uint32_t a, uint32_t b) noexcept { return seq_diff(a, b) >= 0; }

// The sequence number of stream offset `offset` when offset 0 is `base`.
inline constexpr uint32_t seq_at(uint32_t base, uint64_t offset) noexcept { return uint32_t(base + uint32_t(offset)); }

// The stream offset of `seq`, unwrapped next to the known offset `near`
// (the stream's delivery point): near + (seq - seq_at(base, near)) as a
// signed 32-bit step. Negative when seq lies before the stream's start.
inline constexpr int64_t seq_unwrap(uint32_t base, uint64_t near, uint32_t seq) noexcept {
    return int64_t(near) + seq_diff(seq_at(base, near), seq);
}

}  // namespace blankshark::tcp
