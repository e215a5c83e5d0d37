// ChunkDataPacket summarised (seed 002 0x9E as packets_seed002.cpp reads it:
// x, z, a section count, 4096 block ids and 2048 meta bytes per section):
// how many sections it carries, which (the page does not say: the lowest
// `count`, from y 0 up, are assumed), and its block ids: non-air, distinct,
// the most common. Read through the core decoder (no byte is parsed here);
// no allocation.
#pragma once

#include <cstdint>

#include "core/schema.hpp"

namespace mcpe {

struct ChunkSummary {
    int32_t x = 0, z = 0;
    uint32_t columns = 0;       // 16 x 16 columns the sections cover: 256 once one whole section is there
    uint32_t sections = 0;      // sections the count byte announces (16 x 16 x 16 blocks each)
    uint8_t section_mask = 0;   // sections 0 .. count-1 (assumed: the page does not place them)
    uint32_t blocks = 0;        // block ids carried (4096 per section)
    uint32_t non_air = 0;       // of them not 0 (air)
    uint32_t distinct = 0;      // different block ids
    uint8_t common_block = 0;   // the most common non-air id (0: none)
    bool complete = false;      // every section's ids and metas there, nothing left over
};

// Summarises a ChunkData packet (id byte included) of schema `s`; false
// when it is not one.
bool summarize_chunk(const core::Schema& s, const uint8_t* p, uint32_t len, ChunkSummary& out);

}  // namespace mcpe
