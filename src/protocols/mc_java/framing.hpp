// Minecraft Java framing (seed 003, "Format des paquets"): every packet is
// a VarInt length then that many bytes; once Set Compression has been seen,
// those bytes are a VarInt Data Length (0: not compressed) then the packet
// id and data, zlib-compressed when Data Length is not 0.
//
// These functions only look at bytes; the connection (connection.hpp) knows
// which framing applies. Both the analyzer's stream buffer and Wireshark's
// desegmentation (plugin) ask them where a packet ends.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/stream_buffer.hpp"

namespace mcjava {

// The frame at p[0, avail): Complete with its total length (length VarInt
// included), NeedMore with the total once the length is known, Invalid when
// the length VarInt is longer than 3 bytes (above 2097151) or malformed.
core::MeasureResult measure_frame(const uint8_t* p, size_t avail);

// The legacy (pre-1.7) server list ping starts with 0xFE where a modern
// Handshake starts with its length (at most 0x7F for any real Handshake... a
// 254-byte one would start FE 01: the vanilla server treats FE as legacy).
constexpr uint8_t kLegacyPing = 0xFE;
constexpr uint8_t kLegacyKick = 0xFF;
// The legacy server's answer: FF, u16 count of UTF-16BE code units, the text.
core::MeasureResult measure_legacy_kick(const uint8_t* p, size_t avail);

// The parts of a frame: Length VarInt, then (compressed framing) Data
// Length VarInt, then the packet bytes.
struct FrameParts {
    uint32_t length_len = 0;  // bytes of the Length VarInt
    uint32_t length = 0;      // its value: bytes after it
    uint32_t data_length_len = 0;  // bytes of Data Length (compressed framing)
    uint32_t data_length = 0;      // its value: 0 = not compressed
    bool data_length_bad = false;  // Data Length VarInt unreadable
    uint32_t body_offset = 0;      // where the packet id (or the zlib stream) starts
};
// `p` holds one whole frame of `len` bytes (as measured).
FrameParts split_frame(const uint8_t* p, uint32_t len, bool compressed_framing);

}  // namespace mcjava
