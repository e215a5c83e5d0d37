// The Chunk Data packet's data field (wiki.vg "Chunk Format"): one section
// per bit of the primary bit mask, then, for a full chunk, 256 biome ints.
// Sections are rows like any other; the packed block states are shown as
// bytes and unpacked by the chunk column analysis (chunk_column.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "core/describe.hpp"
#include "types.hpp"

namespace mcjava {

// Chunk Data's data field: VarInt size, then the sections and biomes as a
// substream. Refers to the packet's "bit_mask" and "full_chunk"; in 404 sky
// light depends on the $dimension the connection is in.
core::describe::F chunk_data(Generation g);

// The first protocol with a palette and packed longs in each chunk section
// (1.9; 1.8 sends 16-bit block states, all sections' in one run).
constexpr int32_t kFirstPaletted = 107;
// The first protocol whose Chunk Data holds every section of the
// dimension's height (1.18): as many as $sections says.
constexpr int32_t kFirstByHeight = 757;

// A generated release's Chunk Data (minecraft-data gives its data as a
// byte buffer, "chunk_data"): the field takes the hand tables' name "data"
// and its sections as rows, the names the hand tables use (block_count, bits_per_block, palette.state,
// packed_states; 1.18+ adds each section's biome container). The formats
// (wiki.vg "Chunk Format"): 1.8 block states as shorts, every section's
// light after them; 1.9 with light in each section and biomes
// after the sections, 1.15 without either; entries spanning longs before
// 1.16, not since; 1.18
// paletted containers, one section per 16 blocks of the world's height,
// with a single-value form (0 bits); 1.21.5 without the longs' count; 26.1
// with a fluid count.
void describe_chunk_sections(int32_t protocol, std::vector<core::describe::F>& rows);

}  // namespace mcjava
