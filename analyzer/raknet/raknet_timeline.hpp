// RakNet's chart in the HTML report: per conversation, datagrams per second
// in each direction over time, with what went wrong on the way (datagrams
// resent, numbers skipped, NAKs sent), so a burst of loss shows where it
// happened. Fed each UDP packet's result as the file is read.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "output.hpp"
#include "protocols/raknet/results.hpp"

namespace blankshark {

struct RaknetConnection;

class RaknetTimeline {
public:
    // Conversations with an id above `max_conversations` get no timeline.
    explicit RaknetTimeline(uint32_t max_conversations) : max_(max_conversations) {}
    void packet(const RaknetConnection& c, const raknet::PacketResult& p);
    // The chart of conversation `id` between t0 and t1 (seconds since the
    // capture's first frame); false when it has no datagram.
    bool chart(Output& out, uint32_t id, double t0, double t1) const;

private:
    static constexpr size_t kMaxBins = 1000;  // past it, bins double in width
    struct Bin {
        uint32_t datagrams[2] = {}, resent[2] = {}, skipped[2] = {}, naks[2] = {};
    };
    struct Series {
        double start = -1;   // the conversation's first datagram: bins count from there
        double width = 1.0;  // seconds per bin
        std::vector<Bin> bins;
    };
    uint32_t max_;
    std::map<uint32_t, Series> by_conv_;
};

}  // namespace blankshark
