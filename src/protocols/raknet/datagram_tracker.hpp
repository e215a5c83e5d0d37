// One direction's datagram numbers at the capture point: gaps, duplicates
// (identical or not), out-of-order arrivals, resends of whole datagrams
// after a NAK (jsp-raknet), and the other side's ACKs and NAKs matched to
// the datagrams they cover, with the time from a datagram's first copy to
// its first ACK. A NAK may overtake the datagram it names (reordering
// before the capture point): it is kept for that number, and the datagram,
// when it comes, carries it as if the NAK had followed it. A NAK is
// answered once: a later copy of the same datagram is a duplicate.
// Numbers are unwrapped (seq24.hpp); the last
// Options::datagram_window datagrams are remembered (a ring, allocated as
// it fills); a datagram leaving the ring, or still there at the end, that
// was neither acknowledged nor reported missing is a finding.
#pragma once

#include <cstdint>
#include <vector>

#include "events.hpp"
#include "packet_reader.hpp"
#include "seq24.hpp"
#include "stats.hpp"

namespace raknet {

class DatagramTracker {
public:
    DatagramTracker(Side side, uint32_t window) : side_(side), window_(window) {}

    struct Verdict {
        SeqStatus status = SeqStatus::InOrder;
        uint64_t seq = 0;                 // unwrapped
        uint64_t gap_first = 0, gap_count = 0;
        uint64_t newest = 0;              // the newest number seen before this one
        uint64_t original_frame = 0;      // Duplicate / Resent / Reused
        uint64_t nak_frame = 0;           // Resent
        double since_nak_ms = 0;
    };
    // A datagram of this direction.
    Verdict datagram(uint32_t seq, uint32_t hash, uint32_t len, uint64_t frame, double time, DirectionStats& st,
                     Events& ev);

    struct Coverage {
        uint64_t covered = 0;
        uint32_t matched = 0, repeated = 0, unseen = 0, future = 0;
        uint64_t first_unseen = 0, first_future = 0;
    };
    // One ACK or NAK record of the other side about this direction's
    // datagrams; `links` collects the frames of the datagrams it matched
    // (up to `max_links`). At most `budget` numbers are looked up (it is
    // decremented): a packet of many huge ranges costs bounded work.
    void record(const Record& r, bool nak, uint64_t frame, double time, Coverage& c, std::vector<uint64_t>& links,
                uint32_t max_links, uint32_t& budget, DirectionStats& st, Events& ev);

    // The datagram `seq` (unwrapped) if it is still remembered.
    struct Entry {
        uint64_t seq = kNoNumber;
        uint64_t frame = 0;
        double time = 0;
        uint32_t hash = 0, len = 0;
        uint64_t ack_frame = 0;  // first ACK
        uint64_t nak_frame = 0;  // latest NAK
        double nak_time = 0;
        uint64_t nak_answered = 0;  // the NAK a copy of the whole datagram answered
    };
    const Entry* find(uint64_t seq) const;
    bool any() const { return any_; }
    uint64_t highest() const { return highest_; }

    // End of the capture: the datagrams still remembered are judged.
    void finish(DirectionStats& st, Events& ev);

private:
    Entry& slot(uint64_t seq);
    // The slot of `seq`, whether seen or only named by a NAK (frame 0).
    Entry* entry(uint64_t seq);
    void settle(Entry& e, DirectionStats& st, Events& ev);  // an entry leaves the window
    bool seen(uint64_t seq) const;

    Side side_;
    uint32_t window_;
    std::vector<Entry> ring_;  // grows to window_
    bool any_ = false;
    uint64_t highest_ = 0, lowest_ = 0;
};

// The low 32 bits of core::content_hash: tells identical copies from reused numbers.
uint32_t datagram_hash(const uint8_t* p, uint32_t len);

}  // namespace raknet
