#include "terrain.hpp"

#include <zlib.h>

#include <stdexcept>

namespace mcalpha::sim {
namespace {

constexpr int kHeight = 128;
constexpr int kSide = 16;

// A deterministic hash of a block position (coal, trees).
uint32_t mix(int32_t a, int32_t b, int32_t c) {
    uint32_t h = uint32_t(a) * 73856093u ^ uint32_t(b) * 19349663u ^ uint32_t(c) * 83492791u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

bool has_tree(int32_t cx, int32_t cz) { return mix(cx, 7, cz) % 3 == 0; }
bool spawn_column(int32_t cx, int32_t cz) { return cx == 7 && cz == -3; }

uint8_t light_at(int32_t cx, int32_t cz, int x, int y, int z, bool sky) {
    if (sky) return y > kGroundY && block_at(cx, cz, x, y, z) == kAir ? 15 : 0;
    if (!spawn_column(cx, cz)) return 0;
    // Torch at (8, 70, 8): light falls off by one per block (Manhattan).
    const int d = (x > 8 ? x - 8 : 8 - x) + (y > 70 ? y - 70 : 70 - y) + (z > 8 ? z - 8 : 8 - z);
    return uint8_t(d < kTorchLight ? kTorchLight - d : 0);
}

void put_nibble(std::vector<uint8_t>& a, size_t base, uint32_t i, uint8_t v) {
    uint8_t& b = a[base + (i >> 1)];
    b = i & 1 ? uint8_t((b & 0x0F) | v << 4) : uint8_t((b & 0xF0) | (v & 0x0F));
}

void put16(std::string& s, int v) {
    s.push_back(char(v >> 8));
    s.push_back(char(v));
}
void put32(std::string& s, int32_t v) {
    for (int i = 3; i >= 0; --i) s.push_back(char(uint32_t(v) >> (8 * i)));
}
void name(std::string& s, uint8_t tag, const char* n) {
    s.push_back(char(tag));
    const std::string str(n);
    put16(s, int(str.size()));
    s += str;
}

}  // namespace

uint8_t block_at(int32_t cx, int32_t cz, int x, int y, int z) {
    if (y == 0) return kBedrock;
    if (y < 64) return mix(cx * kSide + x, y, cz * kSide + z) % 50 == 0 ? kCoal : kStone;
    if (y < kGroundY) return kDirt;
    if (y == kGroundY) return kGrass;
    if (spawn_column(cx, cz) && x == 8 && z == 8 && y == 70) return kTorch;
    if (has_tree(cx, cz)) {
        if (x == 4 && z == 4 && y <= 73) return kLog;
        if (y >= 72 && y <= 75 && x >= 2 && x <= 6 && z >= 2 && z <= 6) return kLeaves;
    }
    return kAir;
}

std::vector<uint8_t> region_data(int32_t cx, int32_t cz, int x0, int y0, int z0, int sx, int sy, int sz) {
    const uint32_t n = uint32_t(sx * sy * sz);
    const size_t half = (n + 1) / 2;
    std::vector<uint8_t> out(n + 3 * half, 0);
    for (int x = 0; x < sx; ++x)
        for (int z = 0; z < sz; ++z)
            for (int y = 0; y < sy; ++y) {
                const uint32_t i = uint32_t(y + z * sy + x * sy * sz);  // the seed's index
                const int bx = x0 + x, by = y0 + y, bz = z0 + z;
                out[i] = block_at(cx, cz, bx, by, bz);
                // metadata stays 0
                put_nibble(out, n + half, i, light_at(cx, cz, bx, by, bz, false));
                put_nibble(out, n + 2 * half, i, light_at(cx, cz, bx, by, bz, true));
            }
    return out;
}

std::vector<uint8_t> column_data(int32_t cx, int32_t cz) { return region_data(cx, cz, 0, 0, 0, kSide, kHeight, kSide); }

std::string zlib_compress(const std::vector<uint8_t>& raw) {
    uLongf len = compressBound(uLong(raw.size()));
    std::string out(len, '\0');
    if (compress2(reinterpret_cast<Bytef*>(&out[0]), &len, raw.data(), uLong(raw.size()), Z_DEFAULT_COMPRESSION) != Z_OK)
        throw std::runtime_error("zlib compress failed");
    out.resize(len);
    return out;
}

std::string gzip_compress(const std::string& raw) {
    z_stream z{};
    // windowBits 15 + 16: a gzip header (mtime 0: the output is deterministic).
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("gzip init failed");
    std::string out(deflateBound(&z, uLong(raw.size())) + 32, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(raw.data()));
    z.avail_in = uInt(raw.size());
    z.next_out = reinterpret_cast<Bytef*>(&out[0]);
    z.avail_out = uInt(out.size());
    const int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) throw std::runtime_error("gzip failed");
    return out;
}

std::string chest_nbt(int32_t x, int32_t y, int32_t z, int16_t item, int8_t count) {
    std::string s;
    name(s, 10, "");  // TAG_Compound, unnamed root
    name(s, 8, "id");
    put16(s, 5);
    s += "Chest";
    name(s, 3, "x");
    put32(s, x);
    name(s, 3, "y");
    put32(s, y);
    name(s, 3, "z");
    put32(s, z);
    name(s, 9, "Items");  // TAG_List of one TAG_Compound
    s.push_back(10);
    put32(s, 1);
    name(s, 1, "Slot");
    s.push_back(0);
    name(s, 2, "id");
    put16(s, item);
    name(s, 1, "Count");
    s.push_back(char(count));
    name(s, 2, "Damage");
    put16(s, 0);
    s.push_back(0);  // end of the item
    s.push_back(0);  // end of the root
    return s;
}

}  // namespace mcalpha::sim
