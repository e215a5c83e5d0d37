// What a Chunk Data packet holds, block by block (wiki.vg "Chunk Format",
// 1.13-1.15): per section of the primary bit mask, 4096 block states of
// bits_per_block bits each, packed into big-endian longs from the low bit up
// with entries spanning two longs (the layout before 1.16), looked up in the
// section's palette (bits per block 1-8) or global ids (more); then, for a
// full chunk, 256 biome ints. Summarised like blank's chunks: non-air
// blocks, distinct block states, per section the same and (1.14) the block
// count the server declared.
#pragma once

#include <cstdint>

#include "connection.hpp"
#include "core/finding.hpp"
#include "types.hpp"

namespace mcjava {

constexpr int kSectionsPerColumn = 16;
constexpr int kBlocksPerSection = 4096;
constexpr int kBiomesPerColumn = 256;
constexpr uint32_t kMaxIndirectBits = 8;  // more: global palette ids

// Bytes of a paletted container's longs for `entries` values of `bits`
// bits (1-64), none spanning two longs (1.16+).
constexpr uint32_t padded_bytes(uint32_t entries, uint32_t bits) {
    const uint32_t per_long = 64 / bits;
    return (entries + per_long - 1) / per_long * 8;
}

// The block states that are air in a version's global palette (air,
// void_air, cave_air; minecraft-data blocks.json: written by hand for 1.13.2
// and 1.14.4, generated for the others).
struct AirStates {
    uint32_t air, void_air, cave_air;
};
AirStates air_states(const VersionInfo& v);

struct SectionSummary {
    uint8_t y = 0;              // section index 0-15 (blocks y*16 .. y*16+15)
    uint8_t bits = 0;           // bits per block
    uint16_t palette = 0;       // palette entries (0: global ids)
    int32_t declared = -1;      // 1.14: the server's non-air count (-1 before 1.14)
    uint32_t non_air = 0;       // counted from the states
    uint32_t distinct = 0;      // distinct block states
    bool valid = false;         // the data unpacked (right number of longs, indexes in the palette)
};

struct ChunkSummary {
    bool valid = false;         // the packet decoded to its end
    int32_t x = 0, z = 0;
    bool full = false;
    uint32_t bit_mask = 0;
    bool has_full_flag = false;  // the release has the field (1.17+ sends whole columns, without it)
    bool has_bit_mask = false;   // the release has one (1.18+ sends every section, without one)
    uint8_t sections = 0;       // up to 255 (1.18+: the world's height / 16)
    uint32_t non_air = 0;
    uint32_t distinct = 0;      // distinct block states over the column
    uint32_t distinct_biomes = 0;  // full chunks
    uint32_t padding = 0;       // 1.18+: bytes after the dimension's sections (a vanilla server's zeros)
    // The first sections in detail (1.18's overworld has 24).
    static constexpr uint8_t kMaxSections = 32;
    SectionSummary section[kMaxSections];
    // Problems of the contents (the decoder reports the framing's).
    static constexpr size_t kMaxFindings = 4;
    core::Finding findings[kMaxFindings];
    uint8_t nfindings = 0;
};

// Summarises a Chunk Data packet (p.summary.type must be chunk_data).
// Decodes it once more with a collecting visitor; no allocation. False
// when the packet has no data to summarise.
bool summarize_chunk(const Packet& p, ChunkSummary& out);

}  // namespace mcjava
