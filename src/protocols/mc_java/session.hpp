// A Minecraft Java connection fed from reassembled TCP streams (the
// analyzer's): both directions cut into packets by the protocol's framing
// (core::StreamBuffer), the connection's state machine, and what happened
// to the byte streams (gaps, resynchronisation, FIN/RST, the end of the
// capture inside a packet) as findings on the packets they concern.
#pragma once

#include <cstdint>

#include "connection.hpp"
#include "core/stream_buffer.hpp"

namespace mcjava {

// mcjava.stream.cut for a packet a gap cut: its first `head_len` bytes
// (its id and type when its body is not compressed), `have` of its bytes
// arrived, its Length says `declared`.
core::Finding cut_finding(const Connection& c, Direction d, const uint8_t* p, uint32_t head_len, uint32_t have,
                          uint32_t declared);

// How a direction of the connection ended.
enum class StreamEnd : uint8_t { Open, Fin, Reset, CaptureEnd };

class Session {
public:
    explicit Session(core::Inflater& inflater) : conn_(inflater) {}

    // The capture starts inside the connection (no SYN seen).
    void start_mid_stream() { conn_.start_mid_stream(); }

    // In-order bytes of direction `d` at `offset` of its stream.
    void data(Direction d, const uint8_t* p, uint32_t n, uint64_t offset, const core::Origin& o, PacketSink& sink);
    // `missing` bytes at `offset` were never captured. A packet they cut
    // whose Length arrived is handed on (Unframed, its first bytes) with
    // mcjava.stream.cut, and decoding resumes where it ends.
    void gap(Direction d, uint64_t offset, uint64_t missing, const core::Origin& o, PacketSink& sink);
    // The direction ended (FIN or RST) at `o`.
    void end(Direction d, StreamEnd how, const core::Origin& o);
    // End of the capture: a packet still incomplete is reported (its bytes
    // were never all captured).
    void finish(PacketSink& sink, const core::Origin& last);

    const Connection& connection() const { return conn_; }
    StreamEnd ended(Direction d) const { return end_[int(d)]; }
    const core::Origin& end_origin(Direction d) const { return end_at_[int(d)]; }
    uint64_t gaps(Direction d) const { return gaps_[int(d)]; }
    uint64_t missing_bytes(Direction d) const { return missing_[int(d)]; }
    uint64_t unframed_bytes(Direction d) const { return unframed_[int(d)]; }

private:
    // Adapts the stream buffer's callbacks to the connection, per direction.
    class Cut : public core::StreamSink {
    public:
        void message(const uint8_t* p, uint32_t len, const core::Span& where) override;
        void invalid(const uint8_t* p, uint32_t len, const core::Span& where) override;
        void resynchronised(uint64_t skipped, const core::Span& where) override;
        void cut(const uint8_t* p, uint32_t have, uint32_t declared, const core::Span& where) override;
        Session* s = nullptr;
        Direction d = Direction::Serverbound;
        PacketSink* sink = nullptr;
    };
    // Adds the findings waiting for the next packet of its direction (a
    // gap, a resynchronisation), then passes it on.
    class Relay : public PacketSink {
    public:
        void packet(Packet& p) override;
        Session* s = nullptr;
        PacketSink* sink = nullptr;
    };
    void note(Direction d, const core::Finding& f);

    Connection conn_;
    core::StreamBuffer buf_[2];
    StreamEnd end_[2] = {StreamEnd::Open, StreamEnd::Open};
    core::Origin end_at_[2];
    uint64_t gaps_[2] = {0, 0}, missing_[2] = {0, 0}, unframed_[2] = {0, 0};
    core::Finding pending_[2][2];
    uint8_t npending_[2] = {0, 0};
};

}  // namespace mcjava
