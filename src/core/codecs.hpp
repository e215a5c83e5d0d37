// Encodings with a codec of their own, named by the description language's
// kinds: blank's packed floats and quaternions (the game's src/net/net.cpp,
// Packet::Payload Read/Write), Minecraft's packed block positions.
#pragma once

#include <cmath>
#include <cstdint>

#include "field.hpp"

namespace core::codecs {

// Bytes of a fixed-width kind on the wire (0: variable or none).
constexpr unsigned width(Kind k) {
    switch (k) {
    case Kind::U8: case Kind::I8: case Kind::Bool: return 1;
    case Kind::U16: case Kind::I16: case Kind::PackN: case Kind::PackU: return 2;
    case Kind::U24: return 3;
    case Kind::U32: case Kind::I32: case Kind::F32: case Kind::AckHist: case Kind::Ipv4: return 4;
    case Kind::U64: case Kind::I64: case Kind::F64: case Kind::Quat: case Kind::Position: return 8;
    case Kind::QuatF: case Kind::Uuid: return 16;
    default: return 0;
    }
}

// packn: i16 / 32767 in [-1, 1]; packu: u16 / 65535 in [0, 1].
inline double packn(int16_t raw) { return raw / 32767.0; }
inline double packu(uint16_t raw) { return raw / 65535.0; }
// The game rounds and clamps to +-32767 (so -32768 never appears).
inline int16_t to_packn(double v) {
    double r = std::round(v * 32767.0);
    return int16_t(r < -32767 ? -32767 : r > 32767 ? 32767 : r);
}
inline uint16_t to_packu(double v) {
    double r = std::round(v * 65535.0);
    return uint16_t(r < 0 ? 0 : r > 65535 ? 65535 : r);
}

// Smallest-three quaternion: bits 63-62 the index of the omitted largest
// component, bits 61-60 zero, three 20-bit components mapped from
// [-0.7072, 0.7072] at shifts 40, 20, 0; the low 60 bits 0x7FFFF7FFFF7FFFF
// mean exactly 1 for the largest.
constexpr uint64_t kQuatIdentityBits = 0x7FFFF7FFFF7FFFFull;
constexpr double kQuatRange = 0.7072;
constexpr int kQuatMid = 524287;
// The decimals that tell one step of a 20-bit component from the next
// (0.7072 / 524287 = 1.35e-6): a person reads 6, a filter gets every digit.
constexpr int kQuatDecimals = 6;

struct Quat {
    double c[4];            // x y z w, glm's index order
    uint8_t largest;        // index of the omitted component
    bool pad_bits_set;      // bits 61-60
    bool not_normalisable;  // the three small ones exceed length 1
};

inline Quat unpack_quat(uint64_t packed) {
    Quat q{};
    q.largest = uint8_t(packed >> 62);
    q.pad_bits_set = (packed >> 60 & 3) != 0;
    if ((packed & 0x0FFFFFFFFFFFFFFFull) == kQuatIdentityBits) {
        q.c[q.largest] = 1.0;
        return q;
    }
    int shift = 40;
    double sum = 0;
    for (int i = 0; i < 4; ++i) {
        if (i == q.largest) continue;
        const int v = int(packed >> shift & 0xFFFFF) - kQuatMid;
        q.c[i] = v * (kQuatRange / kQuatMid);
        sum += q.c[i] * q.c[i];
        shift -= 20;
    }
    q.not_normalisable = sum > 1.0;
    q.c[q.largest] = q.not_normalisable ? 0.0 : std::sqrt(1.0 - sum);
    return q;
}

// x y z w in: the largest made positive, omitted.
inline uint64_t pack_quat(const double (&in)[4]) {
    int largest = 0;
    double big = -1;
    for (int i = 0; i < 4; ++i)
        if (std::fabs(in[i]) > big) { big = std::fabs(in[i]); largest = i; }
    const double sign = in[largest] < 0 ? -1 : 1;
    uint64_t packed = uint64_t(largest) << 62;
    const double conv = kQuatMid / kQuatRange;
    if (std::fabs(1.0 - big) < 1.0 / conv) return packed | kQuatIdentityBits;
    int shift = 40;
    for (int i = 0; i < 4; ++i) {
        if (i == largest) continue;
        packed |= uint64_t(int(sign * in[i] * conv) + kQuatMid) << shift;
        shift -= 20;
    }
    return packed;
}

inline int64_t sign_extend(uint64_t v, unsigned bits) {
    const unsigned shift = 64 - bits;
    return int64_t(v << shift) >> shift;
}

// Minecraft Java's block position: x and z 26 bits, y 12 bits, signed.
inline void unpack_position(uint64_t v, PositionLayout layout, int64_t (&xyz)[3]) {
    xyz[0] = sign_extend(v >> 38, 26);
    if (layout == PositionLayout::XYZ_26_12_26) {
        xyz[1] = sign_extend(v >> 26 & 0xFFF, 12);
        xyz[2] = sign_extend(v & 0x3FFFFFF, 26);
    } else {
        xyz[2] = sign_extend(v >> 12 & 0x3FFFFFF, 26);
        xyz[1] = sign_extend(v & 0xFFF, 12);
    }
}
inline uint64_t pack_position(int64_t x, int64_t y, int64_t z, PositionLayout layout) {
    const uint64_t ux = uint64_t(x) & 0x3FFFFFF, uy = uint64_t(y) & 0xFFF, uz = uint64_t(z) & 0x3FFFFFF;
    return layout == PositionLayout::XYZ_26_12_26 ? ux << 38 | uy << 26 | uz : ux << 38 | uz << 12 | uy;
}

}  // namespace core::codecs
