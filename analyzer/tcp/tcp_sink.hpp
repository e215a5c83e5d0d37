// What the TCP reassembler tells its consumer: the Sink interface and the
// values its events carry. Every event of a connection comes in stream order
// for its direction; the two directions interleave in capture order.
//
// Per connection, in order:
//   on_open                                   once, when it starts being tracked
//   on_data / on_gap ... per direction        contiguous: each starts where the last ended
//   on_fin per direction                      after the last byte before that FIN
//   on_rst                                    (instead of the FINs still missing)
//   on_close                                  once; nothing follows it
// Findings may come at any point before on_close (and, for
// Finding::ConnectionLimit, with no connection).
#pragma once

#include <cstdint>

#include "core/side.hpp"
#include "core/stream_buffer.hpp"
#include "link_layer.hpp"
#include "tcp/tcp_finding.hpp"

namespace blankshark::tcp {

class Connection;

// A connection's two directions. The client is the SYN sender, or for a
// connection picked up mid-stream whatever Sink::on_new_tuple says, else
// the first sender.
using core::Side;

// Where delivered bytes (or a FIN) came from. In-order bytes are delivered by
// the segment that carried them (delivered_* == frame/time). Held bytes are
// delivered by the segment that filled the hole before them, or at the gap
// that gave up on it: that frame is where a desegmenting dissector shows a
// PDU whose last byte they are.
struct SegmentOrigin {
    uint64_t frame = 0;  // the frame that carried the bytes (their first copy)
    double time = 0;
    uint64_t delivered_frame = 0;  // the frame at which they became in order
    double delivered_time = 0;
};

// Where a protocol session's framing (core/stream_buffer.hpp) says bytes
// came from: the frame that made them in order, and the frame that carried
// them when that is another (bytes held behind a hole).
inline core::Origin core_origin(const SegmentOrigin& o) {
    return core::Origin{o.delivered_frame, o.delivered_time, o.frame != o.delivered_frame ? o.frame : 0};
}

// Why a hole was given up on.
enum class GapReason : uint8_t {
    HeldLimit,     // the held out-of-order data went over Options::max_held_per_direction / max_held_total
    Acked,         // the peer acknowledged past the hole (Options::gap_on_ack)
    Reset,         // an RST ended the connection
    Superseded,    // a new SYN on the tuple replaced the connection
    EndOfCapture,  // Reassembler::finish()
};
const char* gap_reason_name(GapReason r) noexcept;  // "held_limit", "acked", "reset", "superseded", "end_of_capture"

// Why a connection ended (Sink::on_close).
enum class CloseReason : uint8_t {
    Fin,           // both directions' FINs were delivered
    Reset,         // an RST (on_rst came first)
    Superseded,    // a new SYN with another initial sequence number on the same tuple
    EndOfCapture,  // still open at Reassembler::finish()
};
const char* close_reason_name(CloseReason r) noexcept;  // "fin", "reset", "superseded", "end_of_capture"

// For a tuple's first segment that can open a connection.
enum class Hint : uint8_t {
    Unknown,         // the SYN decides; without one the first sender is the client
    SenderIsClient,  // (without a SYN) the segment's source is the client
    SenderIsServer,  // (without a SYN) the segment's source is the server
    Ignore,          // do not track this tuple (asked again at its next segment that can open one)
};

struct FindingInfo {
    Finding kind = Finding::RetransmissionConflict;
    uint64_t frame = 0;  // the segment that showed it
    double time = 0;
    // The bytes concerned in the direction's stream, when the finding is about
    // bytes (conflict: first differing byte, and how many differ; dropped
    // bytes: where and how many; held limit: the gap), else 0, 0.
    uint64_t stream_offset = 0;
    uint64_t length = 0;
};

// Implemented by the consumer. Only on_data is required. Calls come from
// inside Reassembler::feed() and finish(); a sink may call
// Reassembler::release() from any of them, and must not feed or finish.
class Sink {
public:
    virtual ~Sink() = default;

    // A tuple's first segment that can open a connection (SYN, or payload):
    // say who is the client when there is no SYN, or not to track it.
    virtual Hint on_new_tuple(const capture::TcpSegment& first, uint64_t frame) {
        (void)first;
        (void)frame;
        return Hint::Unknown;
    }
    // A connection starts being tracked (Connection::user is free for the consumer).
    virtual void on_open(Connection& conn, uint64_t frame, double time) {
        (void)conn;
        (void)frame;
        (void)time;
    }
    // n bytes of the direction's stream at stream_offset (0 = the byte after
    // the SYN, or the first byte seen when picked up mid-stream). `p` is
    // valid during the call only: into the captured frame for in-order bytes,
    // into the reassembler's copy for held ones.
    virtual void on_data(Connection& conn, Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                         const SegmentOrigin& origin) = 0;
    // `missing` bytes at stream_offset will never be delivered; the next
    // on_data of the direction starts at stream_offset + missing.
    virtual void on_gap(Connection& conn, Side dir, uint64_t stream_offset, uint64_t missing, GapReason why,
                        uint64_t frame, double time) {
        (void)conn, (void)dir, (void)stream_offset, (void)missing, (void)why, (void)frame, (void)time;
    }
    // The direction's FIN, once every byte before it was delivered (or
    // gapped); stream_offset is the stream's length. origin.frame is the FIN
    // segment, origin.delivered_frame where it took effect.
    virtual void on_fin(Connection& conn, Side dir, uint64_t stream_offset, const SegmentOrigin& origin) {
        (void)conn, (void)dir, (void)stream_offset, (void)origin;
    }
    // An RST sent in direction `dir`; holes of both directions were gapped first.
    virtual void on_rst(Connection& conn, Side dir, uint64_t frame, double time) {
        (void)conn, (void)dir, (void)frame, (void)time;
    }
    // Last event of the connection.
    virtual void on_close(Connection& conn, CloseReason why, uint64_t frame, double time) {
        (void)conn, (void)why, (void)frame, (void)time;
    }
    // conn is null for Finding::ConnectionLimit (dir is then ClientToServer).
    virtual void on_finding(Connection* conn, Side dir, const FindingInfo& f) {
        (void)conn, (void)dir, (void)f;
    }
};

}  // namespace blankshark::tcp
