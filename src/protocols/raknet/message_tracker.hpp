// One direction's reliable message indexes: RakNet's resends (a frame with
// an index seen before, in a new datagram), linked to the first copy and to
// the NAK that reported its datagram missing (each NAK answered once per
// message: a later copy is a resend on a timeout); indexes never seen (holes:
// implementations consume indexes they never send, so a hole is reported
// as what it is, not as a loss); and reliable messages none of whose
// datagrams the receiver acknowledged. The last Options::message_window
// indexes are remembered; an index is judged when it leaves them or at
// the end.
#pragma once

#include <cstdint>
#include <vector>

#include "datagram_tracker.hpp"

namespace raknet {

class MessageTracker {
public:
    MessageTracker(Side side, uint32_t window) : side_(side), window_(window) {}

    struct Verdict {
        bool resend = false;
        uint64_t original_frame = 0;
        double since_original_ms = 0;
        uint64_t nak_frame = 0;  // the NAK of the datagram that carried it last
        double since_nak_ms = 0;
    };
    // A reliable frame with message index `index24`, in datagram `dgram_seq`
    // (unwrapped) of `frame`.
    Verdict frame(uint32_t index24, uint64_t dgram_seq, uint64_t frame, double time, const DatagramTracker& dgrams,
                  DirectionStats& st, Events& ev);
    void finish(const DatagramTracker& dgrams, DirectionStats& st, Events& ev);

private:
    static constexpr uint32_t kCarriers = 4;
    struct Entry {
        uint64_t index = kNoNumber;
        uint64_t frame = 0;
        double time = 0;
        uint64_t carriers[kCarriers] = {};  // datagram numbers that carried it, latest last
        uint8_t ncarriers = 0;
        uint64_t nak_answered = 0;  // the last NAK a resend answered (frame)
    };
    Entry& slot(uint64_t index);
    // Indexes up to `until` leave memory: holes and unacknowledged messages.
    void settle_until(uint64_t until, const DatagramTracker& dgrams, DirectionStats& st, Events& ev);
    void settle(Entry& e, const DatagramTracker& dgrams, DirectionStats& st, Events& ev);

    Side side_;
    uint32_t window_;
    std::vector<Entry> ring_;  // grows to window_
    bool any_ = false;
    uint64_t highest_ = 0, lowest_ = 0;
    uint64_t next_settle_ = 0;        // the first index not judged yet
    uint64_t written_ = 0;            // indexes in (written_, written_next_) were never written
    uint64_t written_next_ = 0;
    uint64_t hole_start_ = kNoNumber;  // a run of unseen indexes being judged
};

}  // namespace raknet
