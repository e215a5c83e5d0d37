// `blankshark chunks` for Minecraft Alpha: one row per Map Chunk (its
// region and column, compressed and inflated sizes, what the inflated data
// holds, the Pre-Chunk that announced it), and --extract of each inflated
// Map Chunk as a file:
//
//   mcalpha_c<conversation>_f<frame>_x<X>_y<Y>_z<Z>_<SX>x<SY>x<SZ>.bin
//
// X, Y, Z the region's first block, SX x SY x SZ its size in blocks; the
// file holds the inflated data as the seed lays it out: SX*SY*SZ block
// types (a byte each, index y + z*SY + x*SY*SZ), then the metadata, block
// light and sky light arrays (a nibble per block, the same index halved,
// low nibble first). Only Map Chunks that inflate to the size their
// fields imply are written.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mc_alpha/alpha_flows.hpp"
#include "output.hpp"

namespace blankshark {

class AlphaChunks {
public:
    explicit AlphaChunks(std::string extract_dir) : dir_(std::move(extract_dir)) {}
    // Every Alpha message (only Map Chunks are kept).
    void message(const AlphaMessage& am);

    void text(Output& out) const;
    void json(Output& out) const;
    size_t count() const { return rows_.size(); }
    size_t extracted() const { return extracted_; }
    size_t extract_failed() const { return failed_; }

private:
    struct Row {
        uint32_t conv = 0;
        uint64_t frame = 0;
        int32_t x = 0, y = 0, z = 0;
        mcalpha::ChunkResult chunk;
        uint32_t compressed = 0;  // the message's length
        const char* problem = nullptr;  // the first chunk finding's name
        uint32_t cut_have = 0;    // a Map Chunk a gap cut: bytes that arrived before it (0: not cut)
    };
    std::string dir_;
    std::vector<Row> rows_;
    size_t extracted_ = 0, failed_ = 0;
};

}  // namespace blankshark
