#include "chunk_rows.hpp"

#include <cstring>

#include "chunk_column.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

constexpr int32_t kFirstSectionsOnly = 573;  // 1.15: light and biomes are not in the data field

// A VarInt count of block state ids.
F palette_entries() {
    return array("palette", "Palette entry", prefix(Kind::VarInt), {varint("state", "Block state")}).max(256);
}

// Indirect palette (bits per block 1-8): its entries.
// 9 and more: the global palette, nothing sent (1.13 and 1.14).
F palette() {
    F s = select("bits_per_block", {});
    for (int b = 1; b <= int(kMaxIndirectBits); ++b) s.cases.push_back({b, nullptr, {palette_entries()}});
    return s;
}

F counted_longs(const char* key, const char* name) {
    core::Count c = prefix(Kind::VarInt);
    c.unit = 8;
    return bytes(key, name, c);
}

F longs() {
    return counted_longs("packed_states", "Packed block states")
        .desc("VarInt count of longs, then the longs: 4096 entries of bits_per_block bits, spanning longs (before 1.16)");
}

// 1.21.5+: the longs are not counted; their number follows from the bits.
F fixed_longs(const char* ref, const char* key, const char* name, uint32_t entries, uint32_t max_bits) {
    F s = select(ref, {});
    for (uint32_t b = 1; b <= max_bits; ++b) s.cases.push_back({int64_t(b), nullptr, {bytes_fixed(key, name, padded_bytes(entries, b))}});
    return s;
}

// 1.18+: a section's block count (26.1: and fluid count), its block states
// and biomes, each a paletted container:
// bits, then one value (0 bits), a palette (indirect) or nothing (global
// ids), then the packed longs.
std::vector<F> paletted_section(bool counted, bool fluids) {
    F block_palette = palette();
    block_palette.cases.insert(block_palette.cases.begin(),
                               {0, nullptr, {varint("state", "Block state").desc("the one state of the whole section")}});
    const std::initializer_list<F> biomes = {
        array("biome_palette", "Biome palette entry", prefix(Kind::VarInt), {varint("biome", "Biome")}).max(64)};
    F biome_palette = select("biome_bits", {on(0, {varint("biome", "Biome").desc("the one biome of the whole section")})});
    for (int b = 1; b <= 3; ++b) biome_palette.cases.push_back({b, nullptr, biomes});
    std::vector<F> rows = {i16("block_count", "Non-air blocks")};
    if (fluids) rows.push_back(i16("fluid_count", "Fluid blocks").desc("water, lava and waterlogged blocks (26.1)"));
    for (F& r : std::vector<F>{
        u8("bits_per_block", "Bits per block"),
        block_palette,
        counted ? counted_longs("packed_states", "Packed block states")
                : fixed_longs("bits_per_block", "packed_states", "Packed block states", 4096, 32),
        u8("biome_bits", "Bits per biome"),
        biome_palette,
        counted ? counted_longs("packed_biomes", "Packed biomes")
                : fixed_longs("biome_bits", "packed_biomes", "Packed biomes", 64, 32),
         })
        rows.push_back(std::move(r));
    return rows;
}

}  // namespace

void describe_chunk_sections(int32_t protocol, std::vector<F>& rows) {
    for (F& r : rows) {
        if (!r.f.key || std::strcmp(r.f.key, "chunk_data") != 0 || r.f.kind != Kind::Bytes) continue;
        r.f.key = "data";
        r.f.name = "Data";
        if (protocol < kFirstPaletted) {
            // 1.8: every section's block states, then every section's block
            // light, then (overworld) sky light, then a whole column's biomes.
            const auto per_section = [](const char* key, const char* name, F entry) {
                return array(key, name, popcount(), {entry}, "bit_map");
            };
            r.sub = {per_section("sections", "Section",
                                 bytes_fixed("blocks", "Block states", 8192)
                                     .desc("4096 shorts, little-endian: block id << 4 | metadata")),
                     per_section("block_light_sections", "Block light of a section",
                                 bytes_fixed("block_light", "Block light", 2048)),
                     select("$dimension", {on(0, {per_section("sky_light_sections", "Sky light of a section",
                                                               bytes_fixed("sky_light", "Sky light", 2048))})}),
                     // A whole column without sections unloads it: the
                     // client reads nothing more, servers send its biomes
                     // or not.
                     select("bit_map", {on(0, {bytes("biomes", "Biomes", core::describe::rest())})},
                            {when("ground_up", 0, {bytes_fixed("biomes", "Biomes", 256)})})};
            return;
        }
        if (protocol < kFirstSectionsOnly) {
            // 1.9-1.13.1: the bit mask's sections, with their light (sky
            // light in the overworld only), then a whole column's biomes:
            // a byte each, an Int each from 1.13. Before 1.13 a palette
            // count is sent for global ids too (0).
            const bool ints = protocol >= 393;
            F sections = array("sections", "Section", popcount(), {
                                   u8("bits_per_block", "Bits per block"),
                                   ints ? palette() : palette_entries(),
                                   counted_longs("packed_states", "Packed block states"),
                                   bytes_fixed("block_light", "Block light", 2048),
                                   select("$dimension", {on(0, {bytes_fixed("sky_light", "Sky light", 2048)})}),
                               }, "bit_map");
            r.sub = {sections, when("ground_up", 0, {bytes_fixed("biomes", "Biomes", ints ? 1024 : 256)})};
            return;
        }
        F sections = array("sections", "Section", core::describe::rest(), {});
        if (protocol < kFirstByHeight) {  // 1.15-1.17: only the bit mask's sections; 1.16 stopped spanning longs
            sections.sub = {i16("block_count", "Non-air blocks"), u8("bits_per_block", "Bits per block"), palette(),
                            counted_longs("packed_states", "Packed block states")};
            r.sub = {sections};
            return;
        }
        // 1.18+: the dimension's height / 16 sections ($sections,
        // world_height.hpp), then vanilla's padding (one zero byte per
        // single-valued container: the server sizes the buffer by a count
        // that takes a byte more for them than it writes). Not known: to
        // the buffer's end.
        sections.sub = paletted_section(protocol < 770, protocol >= 775);
        F counted = sections;
        counted.f.count = field_count();
        counted.f.ref = "$sections";
        r.sub = {select("$sections", {on(0, {sections})},
                        {counted, bytes("padding", "Padding", core::describe::rest())
                                      .desc("bytes after the dimension's sections: zero, one per single-valued "
                                            "container, from a vanilla server")})};
        return;
    }
}

F chunk_data(Generation g) {
    F section = g == Generation::V404
        ? array("sections", "Section", popcount(), {
              u8("bits_per_block", "Bits per block"),
              palette(),
              longs(),
              bytes_fixed("block_light", "Block light", 2048),
              select("$dimension", {on(0, {bytes_fixed("sky_light", "Sky light", 2048)})}),
          }, "bit_mask")
        : array("sections", "Section", popcount(), {
              i16("block_count", "Non-air blocks"),
              u8("bits_per_block", "Bits per block"),
              palette(),
              longs(),
          }, "bit_mask");
    F data = bytes("data", "Data", prefix(Kind::VarInt));
    data.sub = {section, when("full_chunk", 0, {bytes_fixed("biomes", "Biomes", 1024).desc("256 biome ids, Int each")})};
    return data;
}

}  // namespace mcjava
