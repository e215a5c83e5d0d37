// One direction of a TCP connection as a byte stream: where it starts, what
// was delivered, the out-of-order segments held until their hole fills, the
// FIN, and the direction's counters. Consumers read it through
// Connection::stream(); the Reassembler drives it (see tcp_reassembly.hpp for
// the policies).
#pragma once

#include <cstdint>
#include <map>
#include <memory>

#include "tcp/tcp_options.hpp"
#include "tcp/tcp_recent_bytes.hpp"
#include "tcp/tcp_sink.hpp"
#include "tcp/tcp_stats.hpp"

namespace blankshark::tcp {

class Connection;

// What a Stream needs while the reassembler works on one segment (internal).
struct StreamContext {
    Sink* sink = nullptr;
    Connection* conn = nullptr;
    Side dir = Side::Client;
    uint64_t frame = 0;
    double time = 0;
    const Options* opt = nullptr;
    ReassemblerStats* totals = nullptr;  // held_bytes across connections
    uint64_t* held_cost_total = nullptr;  // what max_held_total bounds
    bool live() const noexcept;           // events go out (the connection neither ended nor was released)
    void finding(Finding kind, uint64_t offset, uint64_t length) const;
};

// Per-segment tallies the reassembler turns into counters and findings.
struct SegmentTally {
    bool retransmitted = false;  // repeated bytes, SYN or FIN
    bool out_of_order = false;   // held new bytes
    uint64_t conflicts = 0;      // differing repeated bytes
    uint64_t first_conflict = 0; // stream offset of the first
};

class Stream {
public:
    // Each held segment is charged its length plus this much bookkeeping
    // against the held-bytes bounds (a map node and a buffer header).
    static constexpr uint64_t kHeldEntryCost = 64;
    // Segments starting further than this past the delivery point are
    // dropped (Finding::OutOfWindow): beyond any window, and keeps 32-bit
    // unwrapping unambiguous.
    static constexpr int64_t kMaxAhead = int64_t(1) << 30;

    explicit Stream(uint32_t compare_window = 0) : recent_(compare_window) {}

    // Whether the stream's start is known, and the sequence number of its
    // offset 0: the SYN's seq + 1, else the peer's first acknowledgement,
    // else the first segment's seq (mid-stream pickup).
    bool has_base() const noexcept { return has_base_; }
    uint32_t base_seq() const noexcept { return base_; }
    bool syn_seen() const noexcept { return syn_seen_; }
    uint32_t isn() const noexcept { return isn_; }  // the SYN's seq, if syn_seen()
    // Stream offset up to which every byte was delivered or declared missing.
    uint64_t next_offset() const noexcept { return next_; }
    uint64_t held_bytes() const noexcept { return held_bytes_; }
    size_t held_segments() const noexcept { return held_.size(); }
    // held_bytes() plus kHeldEntryCost per held segment: what the bounds see.
    uint64_t held_cost() const noexcept { return held_bytes_ + kHeldEntryCost * held_.size(); }
    bool fin_seen() const noexcept { return fin_seen_; }
    uint64_t fin_offset() const noexcept { return fin_offset_; }  // the stream's length, if fin_seen()
    bool fin_delivered() const noexcept { return fin_delivered_; }
    bool rst_seen() const noexcept { return rst_seen_; }
    const StreamStats& stats() const noexcept { return stats_; }

private:
    friend class Reassembler;

    struct Held {
        std::unique_ptr<uint8_t[]> bytes;
        uint32_t len = 0;
        uint64_t frame = 0;
        double time = 0;
    };

    void set_base(uint32_t seq) noexcept {
        has_base_ = true;
        base_ = seq;
    }
    int64_t offset_of(uint32_t seq) const noexcept;
    // Payload bytes p[0..n) at stream offset s (may be negative).
    void data(StreamContext& c, int64_t s, const uint8_t* p, uint32_t n, SegmentTally& t);
    // A FIN after the byte at offset at - 1.
    void fin(StreamContext& c, int64_t at, SegmentTally& t);
    // The peer acknowledged everything before offset x. A hole that ends
    // at or before x is given up on Options::ack_reorder_segments segments
    // of the connection later, unless its bytes come meanwhile.
    void acked(StreamContext& c, int64_t x);
    // One more segment of the connection went by: counts down the wait of
    // an acknowledged hole, and gives up on it when the wait is over.
    void segment_passed(StreamContext& c);
    // Gives up on every hole (held data and a pending FIN get delivered).
    void flush(StreamContext& c, GapReason why);
    // Gaps until the held data is within the bounds again.
    void enforce_limits(StreamContext& c);
    // Delivers the FIN if the stream reached it; true if it did now.
    bool check_fin(StreamContext& c);
    // Frees held data and the compare ring (a released connection).
    void release_memory(StreamContext& c);

    void deliver_in_place(StreamContext& c, const uint8_t* p, uint64_t n);
    void drain(StreamContext& c);
    void hold(StreamContext& c, uint64_t at, const uint8_t* p, uint64_t n);
    void unhold(StreamContext& c, uint64_t n, size_t entries);
    void gap(StreamContext& c, uint64_t missing, GapReason why);
    void compare_delivered(uint64_t at, const uint8_t* q, uint64_t n, SegmentTally& t);
    void trim_after(StreamContext& c, uint64_t at);
    // Where the first hole ends: the first held segment, else a FIN not yet
    // reached; next_ when there is no hole.
    uint64_t hole_end() const noexcept;
    // Whether a hole ends at or before acked_ (the receiver has its bytes).
    bool acked_hole() const noexcept;
    // Gaps every such hole.
    void give_up_acked(StreamContext& c);

    bool has_base_ = false, syn_seen_ = false;
    bool fin_seen_ = false, fin_delivered_ = false, rst_seen_ = false;
    bool window_known_ = false;  // window_: the last window this direction's sender advertised
    uint16_t window_ = 0;
    uint32_t base_ = 0, isn_ = 0;
    uint64_t next_ = 0;
    uint64_t fin_offset_ = 0, fin_frame_ = 0;
    double fin_time_ = 0;
    std::map<uint64_t, Held> held_;  // by stream offset; disjoint, all past next_
    uint64_t held_bytes_ = 0;
    int64_t acked_ = 0;         // the peer has every byte before this offset
    uint32_t ack_wait_ = 0;     // segments left before an acknowledged hole is a gap; 0: none waits
    RecentBytes recent_;
    StreamStats stats_;
};

}  // namespace blankshark::tcp
