// `blankshark chunks` for Minecraft Pocket Edition: every ChunkData game
// packet of the RakNet conversations, where it came, what request it
// answers, and a summary of its columns; as text or JSON Lines.
#pragma once

#include <cstdint>
#include <vector>

#include "output.hpp"
#include "protocols/mcpe/session.hpp"

namespace blankshark {

struct RaknetConnection;

class McpeChunks {
public:
    // Every game packet of a conversation (only ChunkData is kept).
    void game_packet(const RaknetConnection& c, const mcpe::GamePacket& g);
    // Its header, rows and total (nothing without rows).
    void text(Output& out) const;
    // A JSON line per row.
    void json(Output& out) const;
    size_t count() const { return rows_.size(); }
    // Its rows are summaries: nothing is extracted.
    size_t extracted() const { return 0; }
    size_t extract_failed() const { return 0; }

    struct Row {
        uint32_t conv;
        uint64_t frame, request_frame;
        double time, since_request_ms;
        uint32_t bytes, fragments;
        mcpe::ChunkSummary sum;
    };

private:
    std::vector<Row> rows_;
};

}  // namespace blankshark
