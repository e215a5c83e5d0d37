// TCP stream reassembly for the analyzer: captured segments in, each
// direction of each connection out as a contiguous byte stream with explicit
// gaps, FIN, RST and findings. It knows no application protocol. Modelled on
// Wireshark's packet-tcp.c, Zeek and Suricata.
//
// Use:
//     struct MySink : tcp::Sink { void on_data(...) override; ... };
//     tcp::Reassembler r(sink, options);
//     for each frame: if (parse_tcp(dlt, data, caplen, seg) == LinkResult::Ok) r.feed(seg, frame, time);
//     r.finish(end_time);
//
// Guarantees
// - Per direction, on_data and on_gap cover the stream without overlap or
//   hole, in order: each starts where the previous one ended (offset 0 is
//   the byte after the SYN, or where the stream was picked up). Every byte
//   is delivered at most once. on_fin comes after the last byte before the
//   FIN, and on_close is the connection's last event. (Sink documents the
//   order.)
// - In-order bytes are delivered from the captured frame, without copying;
//   held (out-of-order) bytes from the reassembler's copy, at the frame that
//   filled the hole (SegmentOrigin gives both frames).
// - No allocation for an in-order segment once a direction's compare ring
//   reached its size (it grows by doubling from 1 KiB up to
//   Options::compare_window); out-of-order segments are copied.
// - Bounded memory, nothing grows with the capture's length:
//     held out-of-order bytes  <= max_held_per_direction per direction and
//                                 max_held_total in all (each held segment
//                                 charged 64 bytes extra for bookkeeping)
//     connections              <= max_connections, each about 0.8 KiB
//                                 (the object and its two table entries) plus
//                                 two compare rings of <= compare_window
//   so at most max_held_total + max_connections x (2 x compare_window +
//   0.8 KiB): 64 MiB + 4096 x 64.8 KiB, about 323 MiB, with the defaults
//   (the rings only reach full size on directions that carried that much).
//
// Policies
// - Connections are keyed by the address/port 4-tuple, either way round.
//   The client is the sender of the SYN (the receiver of a SYN/ACK). A tuple
//   first seen without a SYN is picked up mid-stream: Sink::on_new_tuple may
//   say which side is the client (e.g. the side on the protocol's server
//   port) or to ignore the tuple; else the first sender is the client. Only
//   a SYN or a segment with payload opens a connection (a pure ACK, a lone
//   FIN or RST on an unknown tuple is ignored). Ids are 1-based, in order of
//   first segment.
// - Port reuse: a SYN without ACK whose sequence number differs from the
//   sender's recorded ISN (or from the stream start known from data or the
//   peer's acknowledgements) starts a new connection with a new id, as
//   Wireshark does. If the old one had not ended (no FIN both ways, no RST)
//   it is reported as Finding::PortReuseUnclosed, its holes are gapped
//   (GapReason::Superseded) and it is closed with CloseReason::Superseded.
//   A retransmitted SYN (same ISN) is counted, not a new connection.
// - Stream start per direction, first that applies: the SYN's seq + 1; the
//   first acknowledgement number the peer sends (what the peer expects
//   next: Suricata's mid-stream rule; bytes before it were acknowledged
//   already); the sequence number of the direction's first segment with
//   payload or FIN. Bytes sequenced before it are dropped
//   (Finding::BeforeStreamStart). SYN and FIN each consume one sequence
//   number.
// - Sequence numbers are compared modulo 2^32 and unwrapped to 64-bit
//   offsets around the delivery point (tcp_seq.hpp): streams longer than
//   4 GiB and ISNs near 2^32 are fine. A segment starting more than 1 GiB
//   past the delivery point is dropped (Finding::OutOfWindow).
// - Retransmissions: bytes already delivered or held are counted once
//   (StreamStats::retransmitted_bytes) and compared with the first copy: the
//   delivered bytes through a ring of the last compare_window bytes (older
//   ones are counted as unchecked), held ones directly. The FIRST COPY WINS,
//   as in Wireshark's desegmentation: the later bytes are never delivered
//   (a consumer has acted on the first ones already, and a held copy is
//   what the hole's filler joins); when they differ,
//   Finding::RetransmissionConflict (Suricata's "overlap with different
//   data" event) gives the first differing offset and how many bytes
//   differ. A segment that
//   partly overlaps is split: its new bytes are used, its repeated ones
//   compared.
// - Keep-alives (0 or 1 byte at next seq - 1) and zero-window probes (the
//   same while the receiver advertises a zero window; Linux sends these)
//   are counted and not compared: their byte is not stream data. A 1-byte
//   probe of new data at the next seq is counted and delivered normally.
// - Out-of-order segments are held (copied) until the hole before them
//   fills. A hole is given up on (Sink::on_gap, then delivery resumes after
//   it, so the consumer can resynchronise) when: the peer acknowledged past
//   its end, i.e. up to the held segment (or FIN) after it, and its bytes
//   did not come within Options::ack_reorder_segments more segments of the
//   connection (the receiver has bytes the capture missed, or the capture
//   reordered them after their ACK; Options::gap_on_ack; an acknowledgement
//   alone, with nothing captured beyond the hole, waits for that data, which
//   keeps a FIN's sequence number out of a gap when the FIN was not
//   captured);
//   the held bytes go over a bound (Finding::HeldLimit, the oldest hole
//   first); an RST; a superseding SYN; finish(). A FIN waits for the bytes
//   before it like data does.
// - FIN: on_fin per direction once the stream reached it; bytes after it
//   are dropped (Finding::DataAfterFin). Half-close: the other direction
//   goes on until its own FIN. Both FINs delivered: on_close(Fin).
// - RST: holes of both directions are gapped, then on_rst and
//   on_close(Reset). An RST's payload is not stream data. RSTs are not
//   checked against the window (a forged RST ends the connection).
// - After on_close a connection still counts the segments it gets
//   (retransmissions after the end, its final ACKs) but tells nothing more
//   and takes no new bytes (counted as dropped; nothing is held).
//   release() says the consumer is done with it: it stops processing (only
//   counts) and becomes evictable, oldest release first, when a new
//   connection needs room. Its tuple keeps mapping to it until then, so
//   stray segments after the end do not open a mid-stream connection.
// - Checksums are not verified (see link_layer.hpp), RSTs not validated, no
//   window tracking beyond the zero-window test, no urgent data, no TCP
//   Fast Open cookie handling (SYN payload is stream data at offset 0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <limits>
#include <unordered_map>
#include <vector>

#include "endpoint_pair.hpp"
#include "link_layer.hpp"
#include "tcp/tcp_connection.hpp"
#include "tcp/tcp_finding.hpp"
#include "tcp/tcp_options.hpp"
#include "tcp/tcp_sink.hpp"
#include "tcp/tcp_stats.hpp"
#include "tcp/tcp_stream.hpp"

namespace blankshark::tcp {

class Reassembler {
public:
    explicit Reassembler(Sink& sink, Options opt = {});
    ~Reassembler();
    Reassembler(const Reassembler&) = delete;
    Reassembler& operator=(const Reassembler&) = delete;

    // One captured segment (from capture::parse_tcp), its frame number and
    // time (any unit the consumer likes; only passed through). Events for
    // it reach the sink before this returns.
    void feed(const capture::TcpSegment& seg, uint64_t frame, double time);
    // End of capture: every connection still open has its holes gapped
    // (GapReason::EndOfCapture), its pending FINs delivered, and is closed
    // (CloseReason::Fin if both FINs were delivered, else EndOfCapture), in
    // id order, at the last frame fed and end_time. Call once, last.
    void finish(double end_time);
    // The consumer is done with the connection (typically in or after
    // on_close): no more events; it only counts segments and is evicted
    // Options::released_linger_seconds later, or sooner to make room. Any
    // time, from a sink callback too; idempotent.
    void release(Connection& conn);

    // A tracked connection by id (null once evicted, or never opened).
    Connection* find(uint32_t id) noexcept;
    const Connection* find(uint32_t id) const noexcept;
    // Every tracked connection, in id order (allocates: for reports and tests).
    std::vector<const Connection*> connections() const;
    size_t tracked() const noexcept { return conns_.size(); }
    // held bytes of all connections plus 64 per held segment: what
    // Options::max_held_total bounds.
    uint64_t held_cost() const noexcept { return held_cost_; }
    const ReassemblerStats& stats() const noexcept { return stats_; }
    const Options& options() const noexcept { return opt_; }

private:
    using Key = capture::EndpointPair;

    static Side dir_of(const Connection& c, const capture::TcpSegment& seg) noexcept;
    StreamContext context(Connection& c, Side d, uint64_t frame, double time) noexcept;
    Connection* lookup(const Key& k) noexcept;
    Connection* open(const Key& k, const capture::TcpSegment& seg, uint64_t frame, double time);
    // Forgets the connection released first (only one released before
    // `released_before`); false: none.
    bool evict_one(double released_before = std::numeric_limits<double>::infinity());
    bool starts_new(const Connection& c, const capture::TcpSegment& seg) const noexcept;
    void supersede(Connection& c, const Key& k, uint64_t frame, double time);
    void end(Connection& c, CloseReason why, uint64_t frame, double time);
    void maybe_close(Connection& c, uint64_t frame, double time);
    void process_releases();

    Sink& sink_;
    Options opt_;
    ReassemblerStats stats_;
    uint64_t held_cost_ = 0;
    uint64_t last_frame_ = 0;
    double last_time_ = 0;
    bool limit_reported_ = false;  // in the current connection-limit episode
    std::unordered_map<uint32_t, std::unique_ptr<Connection>> conns_;  // by id
    std::unordered_map<Key, Connection*, capture::EndpointPairHash> by_tuple_;  // the tuple's current connection
    struct Released {
        uint32_t id;
        double time;  // of the last segment fed before its release
    };
    std::deque<Released> released_;  // evictable, oldest release first
    std::vector<uint32_t> to_free_;  // released since the last feed: their memory is freed then
    Key last_key_{};
    Connection* last_ = nullptr;  // lookup cache
};

}  // namespace blankshark::tcp
