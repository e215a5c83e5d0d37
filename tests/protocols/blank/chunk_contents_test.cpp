// An inflated blank chunk summarised (chunk_contents.hpp: 4096 blocks of a
// u16 type, an orientation and an unused byte, index x + 16 y + 256 z;
// then 4096 light bytes). Every figure is counted by hand from the blocks
// written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "protocols/blank/chunk_contents.hpp"

namespace {

constexpr size_t kBytes = size_t(blank::kChunkBlocks) * 5;

void put(std::vector<uint8_t>& d, int x, int y, int z, uint16_t type) {
    const size_t at = 4 * size_t(x + 16 * y + 256 * z);
    d[at] = uint8_t(type);
    d[at + 1] = uint8_t(type >> 8);
}

// Layers of one type (runs of the same type read one after another), a
// layer of two, and types that come back after a run of another.
TEST(BlankChunkContents, RunsAndReturningTypesCountedOncePerLayerAndChunk) {
    std::vector<uint8_t> d(kBytes, 0);
    for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) {
            put(d, x, 0, z, 1);                    // layer 0: all stone
            put(d, x, 1, z, x < 8 ? 1 : 0x0203);   // layer 1: stone then type 515, every row
            put(d, x, 2, z, x % 2 ? 7 : 0);        // layer 2: 7 and air alternating
        }
    put(d, 15, 3, 15, 1);  // layer 3: air but its last block
    for (size_t i = 0; i < size_t(blank::kChunkBlocks); ++i) d[4 * blank::kChunkBlocks + i] = 9;
    d[4 * blank::kChunkBlocks + 4095] = 3;
    d[4 * blank::kChunkBlocks + 17] = 12;
    const blank::ChunkSummary s = blank::summarize_chunk(d.data(), d.size());
    ASSERT_TRUE(s.valid);
    EXPECT_EQ(s.layers[0].non_empty, 256);
    EXPECT_EQ(s.layers[0].distinct_types, 1);
    EXPECT_EQ(s.layers[1].non_empty, 256);
    EXPECT_EQ(s.layers[1].distinct_types, 2);
    EXPECT_EQ(s.layers[2].non_empty, 128);
    EXPECT_EQ(s.layers[2].distinct_types, 2);  // 0 and 7
    EXPECT_EQ(s.layers[3].non_empty, 1);
    EXPECT_EQ(s.layers[3].distinct_types, 2);
    EXPECT_EQ(s.layers[4].non_empty, 0);
    EXPECT_EQ(s.layers[4].distinct_types, 1);  // air
    EXPECT_EQ(s.non_empty, 256u + 256 + 128 + 1);
    EXPECT_EQ(s.distinct_types, 4u);  // air, 1, 515, 7
    EXPECT_EQ(s.light_min, 3);
    EXPECT_EQ(s.light_max, 12);
    // The next chunk starts afresh: one type, all air.
    const std::vector<uint8_t> empty(kBytes, 0);
    const blank::ChunkSummary e = blank::summarize_chunk(empty.data(), empty.size());
    EXPECT_EQ(e.distinct_types, 1u);
    EXPECT_EQ(e.non_empty, 0u);
    EXPECT_FALSE(blank::summarize_chunk(empty.data(), kBytes - 1).valid);
}

}  // namespace
