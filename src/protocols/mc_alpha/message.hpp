// One Minecraft Alpha message as the connection hands it to a front end:
// its bytes, where they came from, the connection's state, what the
// analyses computed (shown as generated fields, analysis_rows.hpp) and the
// findings of the framing, the state machine and the analyses (the
// decoder's own come from the front end decoding it).
#pragma once

#include <cstdint>

#include "core/decoder.hpp"
#include "core/stream_buffer.hpp"
#include "directions.hpp"

namespace mcalpha {

enum class MessageKind : uint8_t {
    Message,     // a whole message: `data` holds its id and fields
    Unframed,    // bytes the framing gave up on (an unknown id, an impossible value)
    Incomplete,  // the capture ends inside a message (its first bytes)
};

// Map Chunk contents (region.hpp), with the Pre-Chunk that announced it.
struct ChunkResult {
    bool present = false;     // a Map Chunk whose fields decoded
    bool summarised = false;  // inflated to its size and counted
    int32_t column_x = 0, column_z = 0;
    uint16_t size_x = 0, size_y = 0, size_z = 0;
    uint32_t blocks = 0, inflated = 0, expected = 0;
    uint32_t non_air = 0, distinct = 0;
    uint8_t block_light_min = 0, block_light_max = 0, sky_light_min = 0, sky_light_max = 0;
    uint64_t pre_chunk_frame = 0;  // 0: none in force
};

struct CorrectionResult {
    bool present = false;
    double distance = 0;  // blocks
    double elapsed = 0;   // seconds
    uint64_t client_frame = 0;
};

struct MessageAnalysis {
    ChunkResult chunk;
    CorrectionResult correction;
    bool has_stance = false;
    double stance_height = 0;      // stance - y
    bool has_keepalive = false;
    double keepalive_interval = 0;  // seconds since the previous Keep Alive of the direction
    uint64_t keepalive_previous = 0;
    uint64_t spawn_frame = 0;      // the frame that spawned this message's entity
};

struct Message {
    static constexpr size_t kMaxFindings = 12;
    MessageKind kind = MessageKind::Message;
    Side dir = Side::Client;
    State state = State::Login;
    const uint8_t* data = nullptr;  // the message's bytes (id first), valid during the callback
    uint32_t len = 0;
    core::Span span;
    uint64_t number = 0;            // messages of this direction so far, 1-based
    core::MessageSummary summary;   // the id and type (a quiet decode's)
    MessageAnalysis analysis;
    // A Map Chunk's data inflated (valid during the callback), for a front
    // end to show as a data source or extract.
    const uint8_t* inflated = nullptr;
    uint32_t inflated_len = 0;
    core::Finding findings[kMaxFindings];
    uint8_t nfindings = 0;
    uint32_t findings_total = 0;

    core::DecodeContext context() const {
        core::DecodeContext c;
        c.table = table_index(dir);
        return c;
    }
    void add(const core::Finding& f) {
        ++findings_total;
        if (nfindings < kMaxFindings) findings[nfindings++] = f;
    }
};

class MessageSink {
public:
    virtual ~MessageSink() = default;
    // Non-const: a relay may add findings before passing it on.
    virtual void message(Message& m) = 0;
    // A finding of the connection that belongs to no message (how it ended,
    // bytes never decoded), with the frame it concerns.
    virtual void event(const core::Finding&) {}
};

}  // namespace mcalpha
