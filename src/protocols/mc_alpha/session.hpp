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
#include "core/tcp_session.hpp"

namespace mcalpha {

// How a direction ended (the end of the capture is finish()'s, not an end()).
using StreamEnd = core::StreamEnd;

// mcalpha.stream.cut for a message a gap cut: its first `head_len` bytes
// (its id and type), `have` of its bytes arrived, `declared` long.
core::Finding cut_finding(Connection& c, Side d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared);
// The mcalpha.stream.cut finding of a message (an Incomplete one a gap
// cut), or null.
const core::Finding* cut_of(const Message& m);

// The stream plumbing (data(), connection(), gaps(), missing_bytes()) is
// core::TcpSession's; this adds messages, and what was skipped to find them.
class Session : public core::TcpSession<Session, Connection, MessageSink> {
    using Base = core::TcpSession<Session, Connection, MessageSink>;

public:
    explicit Session(core::Inflater& inflater, const Settings& settings = Settings()) : Base(inflater, settings) {}

    // The capture starts inside the connection (no SYN seen): both
    // directions are held (at most kMidStreamHold bytes each) until each
    // one's first whole message is found (first_message()), then decoded
    // from there, in play.
    void start_mid_stream() {
        conn_.start_mid_stream();
        hold_from_start(kMidStreamHold);
    }
    static constexpr size_t kMidStreamHold = 64 * 1024;

    // `missing` bytes at `offset` were never captured. A message they cut
    // whose length its first bytes tell (a Map Chunk's compressed size) is
    // handed on as Incomplete with mcalpha.stream.cut, and decoding resumes
    // where it ends.
    void gap(Side d, uint64_t offset, uint64_t missing, const core::Origin& o, MessageSink& sink);
    // The direction ended (FIN or RST) in `o`: no more bytes will come, so
    // a search for a message start stops waiting and what it finds is
    // handed on before the end is judged (each direction's order is its own).
    void end(Side d, StreamEnd how, const core::Origin& o, MessageSink& sink);
    // End of the capture, whose last frame is `last`.
    void finish(MessageSink& sink, const core::Origin& last);

    uint64_t skipped_bytes(Side d) const { return skipped_[int(d)]; }  // not decoded, gaps excluded
    uint64_t resyncs(Side d) const { return resyncs_[int(d)]; }

private:
    friend Base;
    // Each message with the findings held for its direction.
    class Relay : public RelayTo {
    public:
        using RelayTo::RelayTo;
        void message(Message& m) override { sink_.message(attached(m)); }
        void event(const core::Finding& f) override { sink_.event(f); }
    };

    void on_message(Side d, const uint8_t* p, uint32_t len, const core::Span& where, Relay& r) {
        conn_.message(d, p, len, where, r);
    }
    void on_resynchronised(Side d, uint64_t skipped, const core::Span& where);
    core::HeldStart on_held(const core::HeldStreams& held, bool last);
    void on_cut(Side d, const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where, Relay& r);
    // An Incomplete message of direction `d` in the connection's state.
    void incomplete_message(Message& m, Side d) const;

    uint64_t skipped_[2] = {0, 0}, resyncs_[2] = {0, 0};
    uint64_t gap_missing_[2] = {0, 0};  // missing bytes of gaps since the last resynchronisation
};

}  // namespace mcalpha
