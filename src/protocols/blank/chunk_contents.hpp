// What an inflated chunk holds (layout of the game's Chunk::BlockData at
// fa73e36: 4096 blocks of u16 type, u8 orientation, u8 unused; 4096 light
// bytes; then 2 flag bytes and 2 pad bytes, absent in older revisions).
#pragma once

#include <cstddef>
#include <cstdint>

namespace blank {

constexpr int kChunkSide = 16;
constexpr int kChunkBlocks = kChunkSide * kChunkSide * kChunkSide;  // index = x + 16 y + 256 z

struct ChunkLayer {
    uint16_t non_empty;       // blocks of type != 0 in this y layer
    uint16_t distinct_types;  // including type 0
};

struct ChunkSummary {
    bool valid = false;       // data long enough for blocks and light
    uint32_t non_empty = 0;
    uint32_t distinct_types = 0;
    uint8_t light_min = 0, light_max = 0;
    ChunkLayer layers[kChunkSide] = {};
};

ChunkSummary summarize_chunk(const uint8_t* data, size_t len);

}  // namespace blank
