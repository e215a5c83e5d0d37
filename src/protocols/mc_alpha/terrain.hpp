// The world the simulator's server sends (simulator.hpp): chunk columns of
// flat terrain (bedrock, stone with coal, dirt, grass at y 69 so the seed's
// example spawn (117, 70, -46) stands on it), a tree in some columns and a
// torch in the spawn column, as Map Chunk data (seed 001: block types, then
// metadata, block light and sky light nibbles, index y + z*128 + x*128*16);
// zlib and gzip as a real server would write them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mcalpha::sim {

// Block types of the Alpha world used here.
enum Block : uint8_t { kAir = 0, kStone = 1, kGrass = 2, kDirt = 3, kCobblestone = 4, kBedrock = 7,
                       kCoal = 16, kLog = 17, kLeaves = 18, kTorch = 50 };

constexpr int kGroundY = 69;  // grass; the player stands at y 70
constexpr int kTorchLight = 14;

// A region of column (cx, cz): x0..x0+sx-1 etc. inside the column, as the
// Map Chunk data lays it out (uncompressed: blocks x 2.5 bytes).
std::vector<uint8_t> region_data(int32_t cx, int32_t cz, int x0, int y0, int z0, int sx, int sy, int sz);
// The whole column (16 x 128 x 16: 81920 bytes).
std::vector<uint8_t> column_data(int32_t cx, int32_t cz);
// Block type at column-local (x, y, z).
uint8_t block_at(int32_t cx, int32_t cz, int x, int y, int z);

std::string zlib_compress(const std::vector<uint8_t>& raw);
std::string gzip_compress(const std::string& raw);
// A chest's tile entity as Alpha's NBT (a named compound: id, x, y, z, Items).
std::string chest_nbt(int32_t x, int32_t y, int32_t z, int16_t item, int8_t count);

}  // namespace mcalpha::sim
