// Sequence / ack analysis of one conversation, following the game's own
// rules (Connection::Received in src/net/net.cpp at 28585b1):
//
//   receiver, on every packet with seq s: diff = int16(s - ack);
//     diff > 0: hist = diff >= 32 ? 0 : hist << diff | 1 << (diff - 1)
//     -32 <= diff < 0: hist |= 1 << (-diff - 1)
//     ack = s  -- unconditionally: a late packet moves ack backwards and the
//                 history is then read against the older ack (a quirk the
//                 analysis reproduces and points out, not "fixes")
//   sender, when that packet was newer (diff > 0) and its ack moved from A
//     to A' > A: seq A - 32 + i (i < A' - A) is lost if i > 32 or bit 31 - i
//     of the previous history is 0; seqs the new (ack, hist) acknowledges
//     and the old did not are received.
//
// Sequence numbers are unwrapped into 64-bit counters (nearest to the
// highest seen), so wrap-around at 65535 is a non-event.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "finding_sink.hpp"
#include "packet_ref.hpp"
#include "core/distribution.hpp"
#include "liveness.hpp"
#include "roles.hpp"

namespace blank {

struct SeqRecord;

// Told about each record as it leaves the tracker (SeqConfig::retain_all
// off): what later packets said about it is final then, so a front end can
// keep the part it shows (the plugin: acked_in, rtt, lost_in, corrected_in).
class SeqRecordHook {
public:
    virtual ~SeqRecordHook() = default;
    virtual void retired(Role sender, const SeqRecord& r) = 0;
};

struct SeqConfig {
    uint32_t window = 1024;       // seqs remembered per direction for duplicates / reordering
    double silence = 1.0;         // s without a packet from one side worth a note (the game pings every 50 ms)
    double timeout = kGameTimeout; // s without a packet: the game closes the connection
    double correction_warn = 0.5; // blocks: a PlayerCorrection this far off is a warning
    // Keep every packet's record (Wireshark shows acks on any frame later);
    // false keeps only the window, so memory does not grow with the capture.
    bool retain_all = true;
    SeqRecordHook* on_retire = nullptr;  // retain_all off: told about each record that leaves
};

// One packet of a direction, and what later packets said about it.
struct SeqRecord {
    uint64_t frame = 0;
    double time = 0;
    int64_t seq = 0;           // unwrapped
    uint64_t acked_in = 0;     // frame whose ack told the sender it arrived
    double rtt = -1;           // time from this packet to that ack
    uint64_t lost_in = 0;      // frame whose ack made the sender count it lost
    uint64_t corrected_in = 0; // PlayerUpdate: the PlayerCorrection naming it
};

// Per-frame results known when the frame is processed.
struct SeqFrame {
    const SeqRecord* record = nullptr;  // filled further by later frames
    uint32_t lost_before = 0;      // seqs skipped just before this one
    uint64_t reordered_after = 0;  // frame of the higher seq it arrived after
    uint64_t duplicate_of = 0;
    uint32_t ack_back = 0;         // how far the ack field moved back
    uint64_t correction_for = 0;   // PlayerCorrection: the PlayerUpdate it names
    double correction_distance = -1, correction_delay = -1, correction_angle = -1;
    // The header's ack history names seqs ack-1-i; only its low `hist_bits`
    // bits name seqs the peer ever sent (the game starts each connection at
    // seq 0 with a history of all ones: the bits above name seqs before it).
    uint8_t hist_bits = 32;
    // The peer has sent nothing since this frame, for at least `silence`
    // seconds: set once per silence, on this side's first packet past it.
    uint64_t peer_silent_since = 0;
};

struct DirectionStats {
    uint64_t packets = 0, bytes = 0;
    uint64_t gaps = 0;        // seqs skipped when the highest seq advanced
    uint64_t never_seen = 0;  // of those, never seen at all (set by finish)
    uint64_t restart_frame = 0;  // where this side started a new session after a Part (seq 0 again)
    uint64_t reordered = 0, duplicates = 0, ack_back = 0;
    uint64_t lost = 0, received = 0;  // as the sender concluded from the acks
    int64_t first_seq = -1, last_seq = -1;
    core::Distribution rtts;  // seconds, one per acknowledged packet (bounded: distribution.hpp)
};

// What is known about a player's predicted state (PlayerUpdate) or the
// server's (PlayerCorrection): absolute position in blocks, orientation.
struct PlayerState {
    double pos[3];
    double orient[4];  // w x y z
};

class SeqTracker {
public:
    explicit SeqTracker(SeqConfig cfg = {}) : cfg_(cfg) {}

    // A packet from `sender` (header fields, a hash of its bytes), in capture order.
    // `player` is set for PlayerUpdate / PlayerCorrection; `corrects` is the
    // update seq a PlayerCorrection names.
    void on_packet(const PacketRef& p, Role sender, uint16_t ack, uint32_t hist, uint8_t type, uint32_t bytes,
                   uint64_t content_hash, const PlayerState* player, int corrects, SeqFrame& out, FindingSink& sink);
    // End of capture: liveness and session end.
    void finish(double capture_end, FindingSink& sink);
    // Which side went silent while the other kept sending, as known now
    // (`capture_end`: time of the last packet; finish() uses it too).
    Silence silence(double capture_end) const;

    const DirectionStats& stats(Role sender) const { return dir_[index(sender)].stats; }
    uint64_t corrections() const { return corrections_; }
    // Blocks, one per PlayerCorrection linked to its update (bounded: distribution.hpp).
    const core::Distribution& correction_distances() const { return correction_distances_; }
    const char* end_state() const { return end_state_.c_str(); }
    const Silence& final_silence() const { return silence_; }  // after finish()
    // What the last packet's ack newly acknowledged (packets of the other
    // direction) and their times to ack: a time series for reports.
    struct AckSample {
        uint32_t n = 0;
        float max = 0;
        double sum = 0;
        void add(double rtt) {
            ++n;
            sum += rtt;
            if (float(rtt) > max) max = float(rtt);
        }
    };
    const AckSample& acks_now() const { return acks_now_; }
    size_t records_held(Role sender) const { return dir_[index(sender)].records.size(); }
    // The record of `sender`'s packet in `frame` while the tracker holds it
    // (every one with retain_all; else the window), or null.
    const SeqRecord* held(Role sender, uint64_t frame) const;

private:
    struct Slot {
        int64_t seq = -1;
        uint64_t hash = 0;
        size_t record = 0;
    };
    struct Direction {
        bool any = false;
        int64_t max = 0, min = 0;
        uint64_t max_frame = 0;
        uint64_t distinct = 0;
        std::vector<Slot> ring;
        std::deque<SeqRecord> records;  // records[i] is packet number base + i
        size_t base = 0;
        uint64_t first_frame = 0;
        // The peer's receiver state for this direction (its ctrl_out).
        uint16_t recv_ack = 0xFFFF;
        uint32_t recv_hist = 0xFFFFFFFF;
        int64_t recv_quirk_until = -1;  // the receiver's ack moved back: its history is skewed up to here
        // The sender's view of the peer's acks (its ctrl_in).
        uint16_t in_ack = 0xFFFF;
        uint32_t in_hist = 0xFFFFFFFF;
        // The ack field of this direction's packets (acks the other direction).
        bool ack_any = false;
        int64_t ack_max = 0, ack_prev = 0;
        int64_t quirk_until = -1;  // acks up to here may carry the history of an ack that moved back
        double last_time = 0;
        bool have_time = false;
        uint64_t last_frame = 0;
        uint64_t peer_packets_at_last = 0;  // the other side's packets when this one last sent
        bool silence_marked = false;        // SeqFrame::peer_silent_since given for this silence
        uint64_t acks_unseen = 0;  // packets acking the peer's unseen seqs since the peer's last packet
        DirectionStats stats;
        std::vector<int64_t> acked;  // ring: seqs of this direction ever acknowledged
        uint64_t never_seen_earlier = 0;  // never seen in the sessions before a restart
    };
    static int index(Role r) { return r == Role::Server ? 1 : 0; }
    static int64_t unwrap(uint16_t s, int64_t ref) { return ref + int16_t(uint16_t(s - uint16_t(ref))); }
    Slot* slot(Direction& d, int64_t seq);
    static SeqRecord* rec(Direction& d, size_t idx) {
        return idx >= d.base && idx - d.base < d.records.size() ? &d.records[idx - d.base] : nullptr;
    }
    SeqRecord* record_of(Direction& d, int64_t seq);
    void sent_side(Direction& d, const PacketRef& p, uint64_t hash, SeqFrame& out, FindingSink& sink);
    void ack_side(Direction& d, Direction& other, const PacketRef& p, uint16_t ack, uint32_t hist, SeqFrame& out,
                  FindingSink& sink);
    void sender_view(Direction& sent, uint16_t ack, uint32_t hist, const PacketRef& p, FindingSink& sink);
    void liveness(Direction& d, Direction& o, Role sender, const PacketRef& p, SeqFrame& out, FindingSink& sink);
    void correction(const PacketRef& p, const PlayerState& server, int update_seq, SeqFrame& out, FindingSink& sink);
    // After a Part: whether this packet starts a new session of its sender
    // (and if so, that side's sequence analysis starts over).
    bool restarts(Direction& d, Direction& o, Role sender, const PacketRef& p, FindingSink& sink);

    SeqConfig cfg_;
    Direction dir_[2];
    // PlayerUpdates by unwrapped client seq (ring), for corrections.
    struct Update {
        int64_t seq = -1;
        uint64_t frame = 0;
        double time = 0;
        PlayerState state{};
        size_t record = 0;
    };
    std::vector<Update> updates_;
    uint64_t corrections_ = 0;
    core::Distribution correction_distances_;
    uint64_t login_frame_ = 0, join_frame_ = 0, part_frame_ = 0, restart_frame_ = 0;
    Role part_by_ = Role::Unknown;
    double last_any_ = 0;
    std::string end_state_;
    Silence silence_;
    AckSample acks_now_;
};

}  // namespace blank
