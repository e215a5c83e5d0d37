// One direction's ordering channels: for reliable ordered messages, order
// indexes skipped at the capture point and messages that arrive below the
// newest index of their channel (the receiver must hold what came after
// them); for sequenced messages, the ones older than the newest of their
// channel (RakNet drops them). Only a message's first sighting counts:
// the fragments of a split message and resends share its index. Each
// channel remembers the last Options::order_window indexes (a bitmap,
// allocated on the channel's first use).
#pragma once

#include <cstdint>
#include <vector>

#include "constants.hpp"
#include "seq24.hpp"

namespace raknet {

class OrderTracker {
public:
    explicit OrderTracker(uint32_t window) : window_(window) {}

    struct Verdict {
        bool first = false;    // first sighting of this index on its channel
        uint64_t gap = 0;      // indexes skipped before it
        bool late = false;     // below the newest index of the channel
        uint64_t newest = 0;   // the newest index before it
    };
    // A reliable ordered message (channel below kOrderingChannels).
    Verdict ordered(uint8_t channel, uint32_t index24);
    // A sequenced message: true when older than the newest of its channel.
    bool stale(uint8_t channel, uint32_t sequencing24, uint64_t& newest);

private:
    struct Channel {
        bool any = false;
        uint64_t highest = 0;
        std::vector<uint64_t> seen;  // bitmap of window_ bits, by index mod window_
        bool any_seq = false;
        uint64_t highest_seq = 0;
    };
    bool test(Channel& c, uint64_t i) const;
    void set(Channel& c, uint64_t i);
    uint32_t window_;
    Channel ch_[kOrderingChannels];
};

}  // namespace raknet
