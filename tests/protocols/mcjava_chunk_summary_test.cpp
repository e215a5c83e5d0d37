// summarize_chunk over a Chunk Data packet written here, section by section,
// with block states chosen so that every figure is counted by hand: a
// palette of 5 bits (values spanning longs), global ids of 14 bits, and a
// palette index out of the palette. The packing is the one the protocol
// documentation gives for 1.13/1.14: 4096 entries of bits_per_block bits,
// entry i at bit i * bits of the long array, each long big-endian, entries
// spanning longs; and for 1.16+ (no entry spanning longs) the paletted
// containers of the generated releases.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "core/encoder.hpp"
#include "protocols/mc_java/chunk_column.hpp"
#include "protocols/mc_java/connection.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/play_values.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/world_height.hpp"

namespace {

using core::Value;
using namespace mcjava;

// The 4096 entries of `bits` bits each, packed as the documentation says.
Value packed(unsigned bits, const std::function<uint64_t(uint32_t)>& entry) {
    std::vector<uint64_t> longs(4096 * bits / 64, 0);
    for (uint32_t i = 0; i < 4096; ++i) {
        for (unsigned b = 0; b < bits; ++b) {
            const uint64_t bit = uint64_t(i) * bits + b;
            if (entry(i) >> b & 1) longs[bit / 64] |= uint64_t(1) << (bit % 64);
        }
    }
    std::vector<uint8_t> wire;
    for (uint64_t l : longs)
        for (int k = 7; k >= 0; --k) wire.push_back(uint8_t(l >> (8 * k)));
    return Value::bytes(std::string(wire.begin(), wire.end()));
}

Value palette(std::initializer_list<int> states) {
    std::vector<Value> v;
    for (int s : states) v.push_back(Value(s));
    return Value::list(v);
}

// 1.16+ packing: a long holds floor(64 / bits) entries from its low bits,
// the rest of it is padding; no entry spans two longs.
Value padded(unsigned bits, uint32_t n, const std::function<uint64_t(uint32_t)>& entry) {
    const uint32_t per_long = 64 / bits;
    std::vector<uint64_t> longs((n + per_long - 1) / per_long, 0);
    for (uint32_t i = 0; i < n; ++i) longs[i / per_long] |= entry(i) << (i % per_long * bits);
    std::vector<uint8_t> wire;
    for (uint64_t l : longs)
        for (int k = 7; k >= 0; --k) wire.push_back(uint8_t(l >> (8 * k)));
    return Value::bytes(std::string(wire.begin(), wire.end()));
}

ChunkSummary summarize(const VersionInfo& ver, const Value& packet) {
    const uint32_t table = table_index(State::Play, Side::Server);
    const core::MessageType* type = core::find_type(ver.version().tables[table], "chunk_data");
    EXPECT_NE(type, nullptr);
    const std::vector<uint8_t> b = core::encode(schema(ver), table, type ? type->id : 0, packet);
    EXPECT_FALSE(b.empty());
    Packet p;
    p.dir = Side::Server;
    p.state = State::Play;
    p.version = &ver;
    p.table = table;
    p.data = b.data();
    p.data_len = uint32_t(b.size());
    p.summary = core::decode_header(schema(ver), p.data, p.data_len, p.context());
    ChunkSummary c;
    EXPECT_TRUE(summarize_chunk(p, c));
    EXPECT_TRUE(c.valid);
    return c;
}

TEST(McJavaChunkSummary, PaletteGlobalIdsAndABadIndexCountedByHand) {
    const VersionInfo& ver = *find_version(498);  // 1.14.4: air 0, void air 9129, cave air 9130
    // y 0: palette [air, stone 1, dirt 10, cave air 9130, stone 1 again],
    // entry i = palette index i % 7, indexes 5 and 6 meaning 1 (stone):
    // 586 air (i % 7 == 0: 4096 = 7 * 585 + 1), 585 cave air, the other
    // 2925 non-air; distinct states 0, 1, 10, 9130 = 4. Declared 2925.
    const Value s0{{"block_count", 2925}, {"bits_per_block", 5}, {"palette", palette({0, 1, 10, 9130, 1, 1, 1})},
                   {"packed_states", packed(5, [](uint32_t i) { return i % 7; })}};
    // y 3: global ids of 14 bits: 33 for the first 100 entries, then void
    // air 9129 at odd i and 5000 at even i (1998 each in 100..4095):
    // non-air 100 + 1998 = 2098, distinct 3. Declared 2000: a mismatch.
    const Value s3{{"block_count", 2000}, {"bits_per_block", 14},
                   {"packed_states", packed(14, [](uint32_t i) { return i < 100 ? 33 : i % 2 ? 9129 : 5000; })}};
    // y 7: palette [air, 7] and index 5 at entry 10 (outside the palette):
    // entries 0-9 are 7, 11-4095 air; the bad entry is not counted.
    const Value s7{{"block_count", 10}, {"bits_per_block", 4}, {"palette", palette({0, 7})},
                   {"packed_states", packed(4, [](uint32_t i) { return i < 10 ? 1 : i == 10 ? 5 : 0; })}};
    const ChunkSummary c = summarize(ver, Value{{"x", 5}, {"z", -6}, {"full_chunk", 0}, {"bit_mask", 0x89},
                                                {"heightmaps", Value{{"type", 10}, {"name", ""}, {"compound", Value{{"tags", Value::list({})}}}}},
                                                {"data", Value{{"sections", Value::list({s0, s3, s7})}}},
                                                {"block_entities", Value::list({})}});
    EXPECT_EQ(c.x, 5);
    EXPECT_EQ(c.z, -6);
    ASSERT_EQ(c.sections, 3);

    EXPECT_EQ(c.section[0].y, 0);
    EXPECT_EQ(c.section[0].palette, 7);
    EXPECT_EQ(c.section[0].non_air, 2925u);
    EXPECT_EQ(c.section[0].distinct, 4u);
    EXPECT_TRUE(c.section[0].valid);

    EXPECT_EQ(c.section[1].y, 3);
    EXPECT_EQ(c.section[1].palette, 0);
    EXPECT_EQ(c.section[1].non_air, 2098u);
    EXPECT_EQ(c.section[1].distinct, 3u);
    EXPECT_TRUE(c.section[1].valid);

    EXPECT_EQ(c.section[2].y, 7);
    EXPECT_EQ(c.section[2].non_air, 10u);
    EXPECT_EQ(c.section[2].distinct, 2u);
    EXPECT_FALSE(c.section[2].valid);

    // The column: 2925 + 2098 + 10; states 0 1 10 9130 33 9129 5000 7.
    EXPECT_EQ(c.non_air, 5033u);
    EXPECT_EQ(c.distinct, 8u);

    // y 3's count differs from its declaration; y 7 names its bad index
    // (5 in a palette of 2) and, not unpacked, is not compared.
    ASSERT_EQ(c.nfindings, 2);
    EXPECT_EQ(core::local_code<FindingCode>(c.findings[0].code), FindingCode::ChunkBlockCount);
    EXPECT_EQ(c.findings[0].a, 2000);
    EXPECT_EQ(c.findings[0].b, 2098);
    EXPECT_EQ(core::local_code<FindingCode>(c.findings[1].code), FindingCode::ChunkPaletteIndex);
    EXPECT_EQ(c.findings[1].a, 5);
    EXPECT_EQ(c.findings[1].b, 2);
}

// Paletted containers (1.18+), the sections minecraft-data leaves as bytes,
// counted by hand. y 0: one state for the whole section (0 bits), stone
// (1), one biome (1). y 1: 5 bits (12 entries per long, 4 bits of padding:
// 342 longs), palette [air, stone, cave air], entry i = i % 3: 1366 air,
// 1365 stone, 1365 cave air: 1365 non-air, 3 states; biomes of 1 bit,
// palette [1, 2], alternating. Column: 5461 non-air, states 1 0 cave air,
// biomes 1 2. With `counted` the longs have their VarInt count (1.18 to
// 1.21.4), without it not (1.21.5+); 26.1 has a fluid count as well.
std::vector<Value> two_sections(uint32_t cave_air, bool counted, bool fluids) {
    Value s0{{"block_count", 4096}, {"bits_per_block", 0}, {"state", 1}, {"biome_bits", 0}, {"biome", 1}};
    if (counted) s0.set("packed_states", Value::bytes("")).set("packed_biomes", Value::bytes(""));
    Value s1{{"block_count", 1365}, {"bits_per_block", 5}, {"palette", palette({0, 1, int(cave_air)})},
             {"packed_states", padded(5, 4096, [](uint32_t i) { return i % 3; })},
             {"biome_bits", 1}, {"biome_palette", Value::list({Value{{"biome", 1}}, Value{{"biome", 2}}})},
             {"packed_biomes", padded(1, 64, [](uint32_t i) { return i % 2; })}};
    if (fluids) {
        s0.set("fluid_count", 0);
        s1.set("fluid_count", 0);
    }
    return {s0, s1};
}

void expect_two_sections(const ChunkSummary& c) {
    ASSERT_EQ(c.sections, 2);
    EXPECT_TRUE(c.full);  // no flag since 1.17: always a whole column
    EXPECT_EQ(c.section[0].y, 0);
    EXPECT_EQ(c.section[0].non_air, 4096u);
    EXPECT_EQ(c.section[0].distinct, 1u);
    EXPECT_TRUE(c.section[0].valid);
    EXPECT_EQ(c.section[1].y, 1);
    EXPECT_EQ(c.section[1].bits, 5);
    EXPECT_EQ(c.section[1].palette, 3);
    EXPECT_EQ(c.section[1].non_air, 1365u);
    EXPECT_EQ(c.section[1].distinct, 3u);
    EXPECT_TRUE(c.section[1].valid);
    EXPECT_EQ(c.non_air, 5461u);
    EXPECT_EQ(c.distinct, 3u);
    EXPECT_EQ(c.distinct_biomes, 2u);
    EXPECT_EQ(c.nfindings, 0) << (c.nfindings ? int(c.findings[0].code.v) : 0);
}

Value light_masks(Value v) {
    for (const char* k : {"sky_light_mask", "block_light_mask", "empty_sky_light_mask", "empty_block_light_mask",
                          "sky_light", "block_light", "block_entities"})
        v.set(k, Value::list({}));
    return v;
}

TEST(McJavaChunkSummary, PalettedContainersOf1182CountedByHand) {
    const VersionInfo& ver = *find_version(758);  // 1.18.2: cave air 9916 (blocks.json)
    const Value nbt{{"type", 10}, {"name", ""}, {"compound", Value{{"tags", Value::list({})}}}};
    const ChunkSummary c = summarize(ver, light_masks(Value{{"x", 3}, {"z", -4}, {"heightmaps", nbt},
                                                              {"data", Value{{"sections", Value::list(two_sections(9916, true, false))}}},
                                                              {"trust_edges", 1}}));
    EXPECT_EQ(c.x, 3);
    EXPECT_EQ(c.z, -4);
    expect_two_sections(c);
}

// From 1.18 the sections are the dimension's ($sections: its height / 16,
// world_height.hpp), then a vanilla server's padding: one zero byte per
// single-valued container (here y 0's block states and biomes: 2 bytes).
// The two sections above, encoded, then the padding spliced in after them:
// id 0x22 (1 byte), x, z (8), the empty heightmaps compound 0a 0000 00 (4),
// so the data's VarInt size is at byte 13.
std::vector<uint8_t> with_padding(const VersionInfo& ver, const std::vector<uint8_t>& pad) {
    const uint32_t table = table_index(State::Play, Side::Server);
    const Value nbt{{"type", 10}, {"name", ""}, {"compound", Value{{"tags", Value::list({})}}}};
    std::vector<uint8_t> b = core::encode(
        schema(ver), table, core::find_type(ver.version().tables[table], "chunk_data")->id,
        light_masks(Value{{"x", 3}, {"z", -4}, {"heightmaps", nbt},
                          {"data", Value{{"sections", Value::list(two_sections(9916, true, false))}}},
                          {"trust_edges", 1}}));
    uint32_t size = 0, at = 13, shift = 0;
    for (; b[at] & 0x80; ++at, shift += 7) size |= uint32_t(b[at] & 0x7f) << shift;
    size |= uint32_t(b[at]) << shift;
    const size_t data = at + 1;
    std::vector<uint8_t> out(b.begin(), b.begin() + 13);
    for (uint32_t v = size + uint32_t(pad.size());; v >>= 7) {
        out.push_back(uint8_t((v & 0x7f) | (v > 0x7f ? 0x80 : 0)));
        if (v <= 0x7f) break;
    }
    out.insert(out.end(), b.begin() + long(data), b.begin() + long(data + size));
    out.insert(out.end(), pad.begin(), pad.end());
    out.insert(out.end(), b.begin() + long(data + size), b.end());
    return out;
}

Packet chunk_packet(const VersionInfo& ver, const std::vector<uint8_t>& b, int64_t sections) {
    Packet p;
    p.dir = Side::Server;
    p.state = State::Play;
    p.version = &ver;
    p.table = table_index(State::Play, Side::Server);
    p.data = b.data();
    p.data_len = uint32_t(b.size());
    p.vars[kVarSections] = sections;
    p.summary = core::decode_header(schema(ver), p.data, p.data_len, p.context());
    return p;
}

TEST(McJavaChunkSummary, SectionsOfTheDimensionThenVanillasPadding) {
    const VersionInfo& ver = *find_version(758);
    const std::vector<uint8_t> padded = with_padding(ver, {0, 0}), bare = with_padding(ver, {}),
                               not_padding = with_padding(ver, {0, 7});
    ChunkSummary c;
    ASSERT_TRUE(summarize_chunk(chunk_packet(ver, padded, 2), c));
    EXPECT_TRUE(c.valid);
    expect_two_sections(c);
    EXPECT_EQ(c.padding, 2u);
    // Read to the buffer's end instead, the padding is a third section cut short.
    ASSERT_TRUE(summarize_chunk(chunk_packet(ver, padded, 0), c));
    EXPECT_FALSE(c.valid);
    // Not zeros: not a vanilla server's padding.
    ASSERT_TRUE(summarize_chunk(chunk_packet(ver, not_padding, 2), c));
    ASSERT_EQ(c.nfindings, 1);
    EXPECT_EQ(core::local_code<FindingCode>(c.findings[0].code), FindingCode::ChunkPadding);
    EXPECT_EQ(c.findings[0].a, 2);  // bytes
    EXPECT_EQ(c.findings[0].b, 2);  // after 2 sections
    // Not known: the count after which only the padding is left, or nothing.
    EXPECT_EQ(infer_sections(schema(ver), chunk_packet(ver, padded, 0)), 2u);
    EXPECT_EQ(infer_sections(schema(ver), chunk_packet(ver, bare, 0)), 2u);
    EXPECT_EQ(infer_sections(schema(ver), chunk_packet(ver, not_padding, 0)), 0u);
}

TEST(McJavaChunkSummary, UncountedLongsAndFluidCountOf261CountedByHand) {
    const VersionInfo& ver = *find_version(775);  // 26.1: cave air 15293
    const ChunkSummary c = summarize(ver, light_masks(Value{{"x", -1}, {"z", 7}, {"heightmaps", Value::list({})},
                                                              {"data", Value{{"sections", Value::list(two_sections(15293, false, true))}}}}));
    EXPECT_EQ(c.x, -1);
    EXPECT_EQ(c.z, 7);
    expect_two_sections(c);
}

}  // namespace
