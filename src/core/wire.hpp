// Reading integers off the wire in either byte order, and LEB128 VarInts.
// Callers check bounds (the decoder does, once per field) and pass valid
// pointers; read_varint() checks its own.
#pragma once

#include <cstdint>
#include <cstring>

#include "field.hpp"

namespace core::wire {

namespace detail {
constexpr bool kLittleHost = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
template <class T>
inline T load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
}  // namespace detail

// The common widths are one load (and a byte swap) on a little-endian
// host; the decoder reads every field through these with a runtime width.
inline uint64_t uint_le(const uint8_t* p, unsigned n) {
    if constexpr (detail::kLittleHost) {
        switch (n) {
        case 1: return p[0];
        case 2: return detail::load<uint16_t>(p);
        case 4: return detail::load<uint32_t>(p);
        case 8: return detail::load<uint64_t>(p);
        default: break;
        }
    }
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;) v = v << 8 | p[i];
    return v;
}
inline uint64_t uint_be(const uint8_t* p, unsigned n) {
    if constexpr (detail::kLittleHost) {
        switch (n) {
        case 1: return p[0];
        case 2: return __builtin_bswap16(detail::load<uint16_t>(p));
        case 4: return __builtin_bswap32(detail::load<uint32_t>(p));
        case 8: return __builtin_bswap64(detail::load<uint64_t>(p));
        default: break;
        }
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < n; ++i) v = v << 8 | p[i];
    return v;
}
// n bytes (1..8) as an unsigned value in `order` (Little or Big).
inline uint64_t uint(const uint8_t* p, unsigned n, ByteOrder order) {
    return order == ByteOrder::Big ? uint_be(p, n) : uint_le(p, n);
}
// The same, sign-extended from n bytes.
inline int64_t sint(const uint8_t* p, unsigned n, ByteOrder order) {
    const uint64_t v = uint(p, n, order);
    const unsigned shift = 64 - 8 * n;
    return int64_t(v << shift) >> shift;
}
inline float f32(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}
inline double f64(uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

// Writers: n bytes (1..8) of v in `order`; a float's bits.
inline void put_uint(uint8_t* p, uint64_t v, unsigned n, ByteOrder order) {
    for (unsigned i = 0; i < n; ++i) p[i] = uint8_t(v >> (order == ByteOrder::Big ? 8 * (n - 1 - i) : 8 * i));
}
inline void put_le(uint8_t* p, uint64_t v, unsigned n) { put_uint(p, v, n, ByteOrder::Little); }
inline uint32_t f32_bits(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
}

enum class VarIntResult : uint8_t { Ok, Short, TooLong };

// LEB128 as Minecraft writes it: 7 bits per byte, low group first, high bit
// = more to come; at most `max_bytes` (5 for VarInt, 10 for VarLong). The
// value is the two's complement of the bits read (a VarInt of five bytes
// can be negative).
inline VarIntResult read_varint(const uint8_t* p, uint32_t avail, unsigned max_bytes, uint64_t& value,
                                uint32_t& used) {
    value = 0;
    for (unsigned i = 0; i < max_bytes; ++i) {
        if (i >= avail) {
            used = i;
            return VarIntResult::Short;
        }
        value |= uint64_t(p[i] & 0x7F) << (7 * i);
        if (!(p[i] & 0x80)) {
            used = i + 1;
            return VarIntResult::Ok;
        }
    }
    used = max_bytes;
    return VarIntResult::TooLong;
}

// Zigzag (protobuf's sint): 0, -1, 1, -2, ... as 0, 1, 2, 3, ...
inline int64_t unzigzag(uint64_t v) { return int64_t(v >> 1) ^ -int64_t(v & 1); }
inline uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }

// Bytes a VarInt of `v` takes (for encoders and length arithmetic).
inline unsigned varint_size(uint64_t v) {
    unsigned n = 1;
    while (v >= 0x80) {
        v >>= 7;
        ++n;
    }
    return n;
}
// Writes `v` as a VarInt (VarLong for 64-bit values); returns bytes written (at most 10).
inline unsigned put_varint(uint8_t* p, uint64_t v) {
    unsigned n = 0;
    do {
        uint8_t b = v & 0x7F;
        v >>= 7;
        if (v) b |= 0x80;
        p[n++] = b;
    } while (v);
    return n;
}

}  // namespace core::wire
