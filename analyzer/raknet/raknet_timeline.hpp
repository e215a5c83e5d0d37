// RakNet's chart in the HTML report: per conversation, datagrams per second
// in each direction over time, with what went wrong to each side's
// datagrams on the way (numbers skipped, the other side's NAKs, resends:
// raknet/figures.hpp's names), so a burst of loss shows where it happened.
// Fed each UDP packet's result as the file is read; bins as time_bins.hpp says.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "output.hpp"
#include "time_bins.hpp"
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
        // By the side whose datagrams they are: NAKs about them (sent by the other side).
        uint32_t datagrams[2] = {}, resends[2] = {}, skipped[2] = {}, naks[2] = {};
    };
    struct Series {
        double start = -1;   // the conversation's first datagram: bins count from there
        double width = kFirstBinWidth;  // seconds per bin
        std::vector<Bin> bins;
    };
    uint32_t max_;
    std::map<uint32_t, Series> by_conv_;
};

}  // namespace blankshark
