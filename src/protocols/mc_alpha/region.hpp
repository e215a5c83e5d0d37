// What a Map Chunk's data holds (seed 001, "Map Chunk"): for a region of
// (Size_X+1) x (Size_Y+1) x (Size_Z+1) blocks, inflated, the block type
// array (a byte per block, index y + z*(Size_Y+1) + x*(Size_Y+1)*(Size_Z+1)),
// then the metadata, block light and sky light arrays (a nibble per block,
// the same index halved). Summarised like blank's chunks: non-air blocks,
// distinct block types, light ranges.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mcalpha {

constexpr uint32_t kColumnBlocks = 16 * 128 * 16;  // a whole chunk column (Pre-Chunk allocates it)

// The region of a Map Chunk, from its fields.
struct Region {
    int32_t x = 0, y = 0, z = 0;  // start, in world blocks
    uint16_t sx = 1, sy = 1, sz = 1;  // size in blocks (the fields plus one)

    uint32_t blocks() const { return uint32_t(sx) * sy * sz; }
    // "exactly (Size_X+1) * (Size_Y+1) * (Size_Z+1) * 2.5 bytes": for an odd
    // number of blocks that is not a whole number; a nibble array then takes
    // half a byte more or less, both are accepted.
    uint32_t bytes_min() const { return blocks() + 3 * (blocks() / 2); }
    uint32_t bytes_max() const { return blocks() + 3 * ((blocks() + 1) / 2); }
    // The chunk column: X >> 4, Z >> 4 (and Y >> 7, which must be 0).
    int32_t column_x() const { return x >> 4; }
    int32_t column_z() const { return z >> 4; }
    // Inside one chunk column and the world's 128 blocks of height.
    bool inside_column() const {
        return (x & 15) + sx <= 16 && (z & 15) + sz <= 16 && y >= 0 && y + sy <= 128;
    }
};

struct RegionSummary {
    bool valid = false;  // the data has the region's size
    uint32_t non_air = 0;
    uint32_t distinct = 0;
    uint8_t block_light_min = 0, block_light_max = 0;
    uint8_t sky_light_min = 0, sky_light_max = 0;
};

// `data[0, len)`: the inflated data of `r`. Invalid (nothing counted) when
// len is neither bytes_min() nor bytes_max().
RegionSummary summarize_region(const Region& r, const uint8_t* data, size_t len);

}  // namespace mcalpha
