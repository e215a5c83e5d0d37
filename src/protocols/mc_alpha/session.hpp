// A Minecraft Alpha connection fed from reassembled TCP streams (the
// analyzer's): each direction cut into messages by parsing
// (core::StreamBuffer with the connection's StreamFraming), and what
// happened to the byte streams as findings on the messages they concern.
//
// How decoding continues when the framing cannot: after an unknown id or an
// impossible value (a negative count, a message over 1 MiB) nothing tells
// where the next message starts. The byte that could not be framed is
// handed on as an Unframed message with the reason; the stream buffer then
// searches, byte by byte, for an offset where three clean, plausible
// messages follow each other (framing.hpp) and resumes there with
// mcalpha.stream.resync (offset, bytes skipped) on the first message. A gap
// (bytes never captured) is handled the same way, with mcalpha.stream.gap,
// unless it cut a message whose first bytes tell its length (a Map Chunk's
// compressed size): that message is handed on as Incomplete with
// mcalpha.stream.cut and decoding resumes where it ends.
// If no such offset comes before the capture ends, mcalpha.stream.lost
// counts the bytes that were never decoded; a message cut by the end of the
// capture is mcalpha.stream.incomplete.
#pragma once

#include <cstdint>

#include "connection.hpp"
#include "core/stream_buffer.hpp"

namespace mcalpha {

enum class StreamEnd : uint8_t { Open, Fin, Reset };

// mcalpha.stream.cut for a message a gap cut: its first `head_len` bytes
// (its id and type), `have` of its bytes arrived, `declared` long.
core::Finding cut_finding(Connection& c, Direction d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared);
// The mcalpha.stream.cut finding of a message (an Incomplete one a gap
// cut), or null.
const core::Finding* cut_of(const Message& m);

class Session {
public:
    explicit Session(core::Inflater& inflater, const Settings& settings = Settings()) : conn_(inflater, settings) {}

    // In-order bytes of direction `d` at `offset` of its stream.
    void data(Direction d, const uint8_t* p, uint32_t n, uint64_t offset, const core::Origin& o, MessageSink& sink);
    // `missing` bytes at `offset` were never captured. A message they cut
    // whose length its first bytes tell (a Map Chunk's compressed size) is
    // handed on as Incomplete with mcalpha.stream.cut, and decoding resumes
    // where it ends.
    void gap(Direction d, uint64_t offset, uint64_t missing, const core::Origin& o, MessageSink& sink);
    // The direction ended (FIN or RST) in `o`: no more bytes will come, so
    // a search for a message start stops waiting and what it finds is
    // handed on before the end is judged (each direction's order is its own).
    void end(Direction d, StreamEnd how, const core::Origin& o, MessageSink& sink);
    // End of the capture, whose last frame is `last`.
    void finish(MessageSink& sink, const core::Origin& last);

    const Connection& connection() const { return conn_; }
    uint64_t gaps(Direction d) const { return gaps_[int(d)]; }
    uint64_t missing_bytes(Direction d) const { return missing_[int(d)]; }
    uint64_t skipped_bytes(Direction d) const { return skipped_[int(d)]; }  // not decoded, gaps excluded
    uint64_t resyncs(Direction d) const { return resyncs_[int(d)]; }

private:
    class Cut : public core::StreamSink {
    public:
        void message(const uint8_t* p, uint32_t len, const core::Span& where) override;
        void invalid(const uint8_t* p, uint32_t len, const core::Span& where) override;
        void resynchronised(uint64_t skipped, const core::Span& where) override;
        void cut(const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where) override;
        Session* s = nullptr;
        Direction d = Direction::Serverbound;
        MessageSink* sink = nullptr;
    };
    // Adds the findings waiting for the next message of its direction.
    class Relay : public MessageSink {
    public:
        void message(Message& m) override;
        void event(const core::Finding& f) override { sink->event(f); }
        Session* s = nullptr;
        MessageSink* sink = nullptr;
    };
    void note(Direction d, const core::Finding& f);

    Connection conn_;
    core::StreamBuffer buf_[2];
    StreamEnd end_[2] = {StreamEnd::Open, StreamEnd::Open};
    uint64_t gaps_[2] = {0, 0}, missing_[2] = {0, 0}, skipped_[2] = {0, 0}, resyncs_[2] = {0, 0};
    uint64_t gap_missing_[2] = {0, 0};  // missing bytes of gaps since the last resynchronisation
    core::Finding pending_[2][2];
    uint8_t npending_[2] = {0, 0};
};

}  // namespace mcalpha
