#include "order_tracker.hpp"

#include <algorithm>

namespace raknet {

bool OrderTracker::test(Channel& c, uint64_t i) const {
    if (c.highest - i >= window_) return true;  // beyond memory: taken as seen
    const uint64_t b = i & (window_ - 1);
    return (c.seen[b / 64] >> (b % 64)) & 1;
}

void OrderTracker::set(Channel& c, uint64_t i) {
    const uint64_t b = i & (window_ - 1);
    c.seen[b / 64] |= uint64_t(1) << (b % 64);
}

OrderTracker::Verdict OrderTracker::ordered(uint8_t channel, uint32_t index24) {
    Verdict v;
    Channel& c = ch_[channel % kOrderingChannels];
    if (!c.any) {
        c.any = true;
        c.seen.assign((window_ + 63) / 64, 0);
        c.highest = index24;
        set(c, index24);
        v.first = true;
        return v;
    }
    const uint64_t i = unwrap24(index24, c.highest);
    v.newest = c.highest;
    if (i > c.highest) {
        // Clear the bits the new indexes take over from indexes a window older.
        const uint64_t from = c.highest + 1;
        if (i - c.highest >= window_) {
            std::fill(c.seen.begin(), c.seen.end(), 0);
        } else {
            for (uint64_t k = from; k <= i; ++k) {
                const uint64_t b = k & (window_ - 1);
                c.seen[b / 64] &= ~(uint64_t(1) << (b % 64));
            }
        }
        v.gap = i - c.highest - 1;
        c.highest = i;
        set(c, i);
        v.first = true;
        return v;
    }
    if (test(c, i)) return v;  // seen: a fragment or a resend
    set(c, i);
    v.first = true;
    v.late = true;
    return v;
}

bool OrderTracker::stale(uint8_t channel, uint32_t sequencing24, uint64_t& newest) {
    Channel& c = ch_[channel % kOrderingChannels];
    if (!c.any_seq) {
        c.any_seq = true;
        c.highest_seq = sequencing24;
        return false;
    }
    const uint64_t i = unwrap24(sequencing24, c.highest_seq);
    newest = c.highest_seq;
    if (i < c.highest_seq) return true;
    c.highest_seq = i;
    return false;
}

}  // namespace raknet
