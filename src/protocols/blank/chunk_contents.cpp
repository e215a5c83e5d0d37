#include "chunk_contents.hpp"

#include <algorithm>
#include <vector>

#include "core/codecs.hpp"
#include "le.hpp"

namespace blank {

ChunkSummary summarize_chunk(const uint8_t* data, size_t len) {
    ChunkSummary s;
    if (len < size_t(kChunkBlocks) * 5) return s;
    s.valid = true;
    // Distinct block types by generation stamps (no sorting: this runs for
    // every completed chunk). stamp[type] holds the last generation that saw
    // the type in the whole chunk (low half) and in the current layer (high).
    static thread_local std::vector<uint32_t> stamp(65536, 0);
    static thread_local uint16_t gen = 0;
    if (++gen == 0) {  // wrapped: start afresh
        std::fill(stamp.begin(), stamp.end(), 0);
        gen = 1;
    }
    static thread_local uint16_t layer_gen = 0;
    for (int y = 0; y < kChunkSide; ++y) {
        if (++layer_gen == 0) {
            for (uint32_t& v : stamp) v &= 0xFFFF;
            layer_gen = 1;
        }
        uint16_t distinct = 0;
        int32_t last = -1;  // the type before, stamped already: a run of air or stone waits on no stamp
        for (int z = 0; z < kChunkSide; ++z)
            for (int x = 0; x < kChunkSide; ++x) {
                const uint16_t type = blank::le::u16(data + 4 * (x + kChunkSide * y + kChunkSide * kChunkSide * z));
                if (type != 0) ++s.layers[y].non_empty;
                if (type == last) continue;
                last = type;
                uint32_t& st = stamp[type];
                if ((st & 0xFFFF) != gen) ++s.distinct_types;
                if ((st >> 16) != layer_gen) ++distinct;
                st = uint32_t(layer_gen) << 16 | gen;
            }
        s.layers[y].distinct_types = distinct;
        s.non_empty += s.layers[y].non_empty;
    }
    const uint8_t* light = data + 4 * kChunkBlocks;
    uint8_t lo = 255, hi = 0;  // a plain loop: the compiler makes it a vector one
    for (int i = 0; i < kChunkBlocks; ++i) {
        lo = std::min(lo, light[i]);
        hi = std::max(hi, light[i]);
    }
    s.light_min = lo;
    s.light_max = hi;
    return s;
}

}  // namespace blank
