// The Chunk Data packet's data field (wiki.vg "Chunk Format"): one section
// per bit of the primary bit mask, then, for a full chunk, 256 biome ints.
// Sections are rows like any other; the packed block states are shown as
// bytes and unpacked by the chunk column analysis (chunk_column.hpp).
#pragma once

#include "core/describe.hpp"
#include "types.hpp"

namespace mcjava {

// Chunk Data's data field: VarInt size, then the sections and biomes as a
// substream. Refers to the packet's "bit_mask" and "full_chunk"; in 404 sky
// light depends on the $dimension the connection is in.
core::describe::F chunk_data(Generation g);

}  // namespace mcjava
