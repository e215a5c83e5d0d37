// blank's little-endian primitives (the game's Packet::Payload Read/Write),
// for code that builds or checks blank bytes by hand: the simulator, tests,
// benchmarks. Decoding goes through the core's decoder.
#pragma once

#include <cstdint>

#include "core/wire.hpp"

namespace blank::le {

inline uint16_t u16(const uint8_t* p) { return uint16_t(core::wire::uint_le(p, 2)); }
inline uint32_t u32(const uint8_t* p) { return uint32_t(core::wire::uint_le(p, 4)); }
inline uint64_t u64(const uint8_t* p) { return core::wire::uint_le(p, 8); }
inline int16_t i16(const uint8_t* p) { return int16_t(u16(p)); }
inline int32_t i32(const uint8_t* p) { return int32_t(u32(p)); }
inline float f32(const uint8_t* p) { return core::wire::f32(u32(p)); }

inline void put16(uint8_t* p, uint16_t v) { core::wire::put_le(p, v, 2); }
inline void put32(uint8_t* p, uint32_t v) { core::wire::put_le(p, v, 4); }
inline void put64(uint8_t* p, uint64_t v) { core::wire::put_le(p, v, 8); }
inline void putf32(uint8_t* p, float f) { put32(p, core::wire::f32_bits(f)); }

}  // namespace blank::le
