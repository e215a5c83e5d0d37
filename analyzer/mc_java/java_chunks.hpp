// `blankshark chunks` for Minecraft Java: every Chunk Data packet (a chunk
// column) with its coordinates, frames, sizes and contents summary, as text
// or JSON Lines; with --extract, each column's packet as the protocol
// documents it (packet id VarInt then the fields, uncompressed) in a file
// of its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mc_java/java_flows.hpp"
#include "output.hpp"
#include "protocols/mc_java/chunk_column.hpp"

namespace blankshark {

class JavaChunks {
public:
    explicit JavaChunks(std::string extract_dir) : dir_(std::move(extract_dir)) {}
    // Every Java packet; keeps what a Chunk Data says.
    void packet(const JavaPacket& jp);
    void text(Output& out) const;
    void json(Output& out) const;
    size_t count() const { return columns_.size(); }
    size_t extracted() const { return extracted_; }
    size_t extract_failed() const { return failed_; }

private:
    // What a line shows of a ChunkSummary (not its sections: a list of
    // every Chunk Data keeps 40 bytes each).
    struct Totals {
        int32_t x, z;
        uint32_t bit_mask, non_air, distinct;
        uint8_t sections;
        bool full, valid;
        bool has_full_flag, has_bit_mask;  // the release has the field
    };
    struct Column {
        uint32_t conv;
        uint64_t first_frame, frame;
        double time;
        uint32_t wire_bytes, packet_bytes;  // on the wire (compressed), and as decoded
        Totals sum;
    };
    bool extract(const Column& c, const mcjava::Packet& p) const;

    std::string dir_;
    std::vector<Column> columns_;
    size_t extracted_ = 0, failed_ = 0;
};

}  // namespace blankshark
