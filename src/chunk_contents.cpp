#include "chunk_contents.hpp"

#include <algorithm>
#include <vector>

#include "codec.hpp"

namespace blank {

ChunkSummary summarize_chunk(const uint8_t* data, size_t len) {
    ChunkSummary s;
    if (len < size_t(kChunkBlocks) * 5) return s;
    s.valid = true;
    std::vector<uint16_t> all;  // once per completed chunk, not per packet
    all.reserve(kChunkBlocks);
    uint16_t layer_types[kChunkSide][kChunkSide * kChunkSide];
    for (int y = 0; y < kChunkSide; ++y) {
        int n = 0;
        for (int z = 0; z < kChunkSide; ++z)
            for (int x = 0; x < kChunkSide; ++x) {
                const uint16_t type = codec::u16(data + 4 * (x + kChunkSide * y + kChunkSide * kChunkSide * z));
                layer_types[y][n++] = type;
                if (type != 0) ++s.layers[y].non_empty;
                all.push_back(type);
            }
        std::sort(layer_types[y], layer_types[y] + n);
        s.layers[y].distinct_types = uint16_t(std::unique(layer_types[y], layer_types[y] + n) - layer_types[y]);
        s.non_empty += s.layers[y].non_empty;
    }
    std::sort(all.begin(), all.end());
    s.distinct_types = uint32_t(std::unique(all.begin(), all.end()) - all.begin());
    const uint8_t* light = data + 4 * kChunkBlocks;
    const auto mm = std::minmax_element(light, light + kChunkBlocks);
    s.light_min = *mm.first;
    s.light_max = *mm.second;
    return s;
}

}  // namespace blank
