// ChunkDataPacket's columns summarised (seed 002 0x9E, the column layout of
// packets_seed002.cpp): how many columns and sections it carries, which
// sections, and its block ids: non-air, distinct, the most common. Read
// through the core decoder (no byte is parsed here); no allocation.
#pragma once

#include <cstdint>

#include "core/schema.hpp"

namespace mcpe {

struct ChunkSummary {
    int32_t x = 0, z = 0;
    uint32_t columns = 0;       // column entries (256 for a whole 16 x 16 chunk)
    uint32_t sections = 0;      // (column, section) pairs present
    uint8_t section_mask = 0;   // the sections any column carries
    uint32_t blocks = 0;        // block ids carried (16 per section)
    uint32_t non_air = 0;       // of them not 0 (air)
    uint32_t distinct = 0;      // different block ids
    uint8_t common_block = 0;   // the most common non-air id (0: none)
    bool complete = false;      // every column present and every field there
};

// Summarises a ChunkData packet (id byte included) of schema `s`; false
// when it is not one.
bool summarize_chunk(const core::Schema& s, const uint8_t* p, uint32_t len, ChunkSummary& out);

}  // namespace mcpe
