// `blankshark chunks` for Minecraft Java: one row per Chunk Data (a column
// loaded, or a partial update) and per Unload Chunk, in capture order, with
// the connection's column analysis findings on it; --extract writes each
// Chunk Data packet's bytes (see README: "chunks on Java connections").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "java_flows.hpp"
#include "output.hpp"

namespace blankshark {

class JavaChunkList {
public:
    // `extract_dir` empty: nothing written.
    explicit JavaChunkList(std::string extract_dir) : dir_(std::move(extract_dir)) {}

    void packet(const JavaPacket& jp);
    void text(Output& out) const;
    void json(Output& out) const;
    size_t rows() const { return rows_.size(); }
    size_t extracted() const { return extracted_; }
    size_t extract_failed() const { return failed_; }

private:
    struct Row {
        uint32_t conv;
        const char* event;  // "load", "partial", "unload"
        int32_t x, z;
        uint64_t frame;
        double time;
        uint32_t wire, data;  // bytes on the wire, uncompressed (Chunk Data)
        uint32_t sections, non_air, distinct;
        std::string finding;  // the first column finding on the packet
    };
    std::string dir_;
    std::vector<Row> rows_;
    size_t extracted_ = 0, failed_ = 0;
};

}  // namespace blankshark
