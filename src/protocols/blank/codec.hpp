// Readers and writers for the protocol's primitive types. Callers check
// bounds (the decoder does, once per field) and pass valid pointers.
// The quaternion form follows Packet::Payload::Read/Write(glm::quat) in the
// game's src/net/net.cpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace blank::codec {

inline uint16_t u16(const uint8_t* p) { return uint16_t(p[0] | p[1] << 8); }
inline uint32_t u32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
inline uint64_t u64(const uint8_t* p) { return uint64_t(u32(p)) | uint64_t(u32(p + 4)) << 32; }
inline int16_t i16(const uint8_t* p) { return int16_t(u16(p)); }
inline int32_t i32(const uint8_t* p) { return int32_t(u32(p)); }
inline float f32(const uint8_t* p) {
    const uint32_t bits = u32(p);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

inline void put16(uint8_t* p, uint16_t v) { p[0] = uint8_t(v); p[1] = uint8_t(v >> 8); }
inline void put32(uint8_t* p, uint32_t v) { put16(p, uint16_t(v)); put16(p + 2, uint16_t(v >> 16)); }
inline void put64(uint8_t* p, uint64_t v) { put32(p, uint32_t(v)); put32(p + 4, uint32_t(v >> 32)); }
inline void putf32(uint8_t* p, float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    put32(p, bits);
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

constexpr uint64_t kQuatIdentityBits = 0x7FFFF7FFFF7FFFFull;  // three zero components
constexpr double kQuatRange = 0.7072;
constexpr int kQuatMid = 524287;

struct Quat {
    double c[4];          // x y z w, glm's index order
    uint8_t largest;      // index of the omitted component
    bool pad_bits_set;    // bits 61-60, always 0 from the game
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

// x y z w in, as the game writes it: the largest made positive, omitted.
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

}  // namespace blank::codec
