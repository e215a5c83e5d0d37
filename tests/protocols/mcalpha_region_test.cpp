// A Map Chunk's data summarised (seed 001, "Map Chunk": block types, then
// metadata, block light and sky light, a nibble per block). Every figure
// below is counted by hand from the bytes written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "protocols/mc_alpha/region.hpp"

namespace {

using mcalpha::Region;

// A 3 x 1 x 1 region: 3 blocks, an odd count, so each nibble array is 1.5
// bytes and the data may be 3 + 3 x 1 (bytes_min) or 3 + 3 x 2 (bytes_max).
Region three_blocks() {
    Region r;
    r.sx = 3;
    return r;
}

TEST(McAlphaRegion, OddRegionCountsOnlyItsOwnNibbles) {
    const Region r = three_blocks();
    ASSERT_EQ(r.bytes_min(), 6u);
    ASSERT_EQ(r.bytes_max(), 9u);
    // Types 0, 5, 5; metadata 2 bytes; block light nibbles 1, 2, 3 (low
    // nibble first) and a high nibble 14 that is past the third block; sky
    // light 0, 15, 10 and a 9 past it.
    const std::vector<uint8_t> data = {0, 5, 5, 0x00, 0x00, 0x21, 0xE3, 0xF0, 0x9A};
    const auto s = mcalpha::summarize_region(r, data.data(), data.size());
    ASSERT_TRUE(s.valid);
    EXPECT_EQ(s.non_air, 2u);
    EXPECT_EQ(s.distinct, 2u);
    EXPECT_EQ(s.block_light_min, 1);
    EXPECT_EQ(s.block_light_max, 3);
    EXPECT_EQ(s.sky_light_min, 0);
    EXPECT_EQ(s.sky_light_max, 15);
}

TEST(McAlphaRegion, ShortOddArraysLoseTheLastNibble) {
    const Region r = three_blocks();
    // bytes_min: one byte per nibble array, two nibbles of three.
    const std::vector<uint8_t> data = {7, 0, 0, 0x00, 0x54, 0x8C};
    const auto s = mcalpha::summarize_region(r, data.data(), data.size());
    ASSERT_TRUE(s.valid);
    EXPECT_EQ(s.non_air, 1u);
    EXPECT_EQ(s.distinct, 2u);
    EXPECT_EQ(s.block_light_min, 4);
    EXPECT_EQ(s.block_light_max, 5);
    EXPECT_EQ(s.sky_light_min, 8);
    EXPECT_EQ(s.sky_light_max, 12);
}

TEST(McAlphaRegion, AWholeColumnAndAWrongLength) {
    Region r;
    r.sx = 16, r.sy = 128, r.sz = 16;
    std::vector<uint8_t> data(r.bytes_min(), 0);
    const uint32_t n = r.blocks(), half = n / 2;
    data[100] = 1, data[n - 1] = 2, data[200] = 1;  // stone, grass, stone
    data[n + half + 4000] = 0x70;                   // one block light of 7 (a high nibble)
    for (uint32_t i = 0; i < half; ++i) data[n + 2 * half + i] = 0xFF;
    data[n + 2 * half + half - 1] = 0xF3;           // one sky light of 3 (the last low nibble)
    auto s = mcalpha::summarize_region(r, data.data(), data.size());
    ASSERT_TRUE(s.valid);
    EXPECT_EQ(s.non_air, 3u);
    EXPECT_EQ(s.distinct, 3u);
    EXPECT_EQ(s.block_light_min, 0);
    EXPECT_EQ(s.block_light_max, 7);
    EXPECT_EQ(s.sky_light_min, 3);
    EXPECT_EQ(s.sky_light_max, 15);
    s = mcalpha::summarize_region(r, data.data(), data.size() - 1);
    EXPECT_FALSE(s.valid);
    EXPECT_EQ(s.non_air, 0u);
}

// Runs of one type or light (most of a real column) are read a word of 8
// bytes at a time: a word equal to the run before it, a word that starts
// a new run, and bytes past the last whole word all count.
TEST(McAlphaRegion, RunsCountWholeWordsAndTheTail) {
    Region r;
    r.sx = 5, r.sy = 8;  // 40 blocks: five words of types; 20 bytes per nibble array
    std::vector<uint8_t> data(r.bytes_min(), 0);
    ASSERT_EQ(data.size(), 100u);
    for (int i = 0; i < 16; ++i) data[i] = 1;   // two words of stone (the second equals the run)
    for (int i = 19; i < 24; ++i) data[i] = 3;  // 3 air, then 5 dirt
    // then two words of air: the first starts the run, the second equals it
    const uint32_t sky = 40 + 2 * 20;
    for (uint32_t i = 0; i < 20; ++i) data[sky + i] = 0xFF;
    data[sky + 19] = 0xF4;  // a sky light of 4 in the tail past the second word
    const auto s = mcalpha::summarize_region(r, data.data(), data.size());
    ASSERT_TRUE(s.valid);
    EXPECT_EQ(s.non_air, 21u);  // 16 stone + 5 dirt
    EXPECT_EQ(s.distinct, 3u);  // stone, air, dirt
    EXPECT_EQ(s.block_light_min, 0);
    EXPECT_EQ(s.block_light_max, 0);
    EXPECT_EQ(s.sky_light_min, 4);
    EXPECT_EQ(s.sky_light_max, 15);
}

}  // namespace
