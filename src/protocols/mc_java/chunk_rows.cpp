#include "chunk_rows.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

// Indirect palette (bits per block 1-8): a VarInt count of block state ids.
// 9 and more: the global palette, nothing sent (1.13 and 1.14).
F palette() {
    const std::initializer_list<F> rows = {
        array("palette", "Palette entry", prefix(Kind::VarInt), {varint("state", "Block state")}).max(256)};
    return select("bits_per_block", {on(1, rows), on(2, rows), on(3, rows), on(4, rows), on(5, rows), on(6, rows),
                                     on(7, rows), on(8, rows)});
}

F longs() {
    core::Count c = prefix(Kind::VarInt);
    c.unit = 8;
    return bytes("packed_states", "Packed block states", c).desc("VarInt count of longs, then the longs: 4096 entries of bits_per_block bits, spanning longs (before 1.16)");
}

}  // namespace

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
