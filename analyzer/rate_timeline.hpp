// Packets per second over time, per conversation and per named series (a
// protocol's state and direction, say), for the HTML report's charts of
// protocols whose own analysis has no timeline. Bins as time_bins.hpp says:
// 10 ms at first, doubled in width past kMaxBins (memory stays bounded on
// long captures), merged to at most kChartBins points when drawn.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "output.hpp"
#include "time_bins.hpp"

namespace blankshark {

class RateTimeline {
public:
    // Conversations with an id above `max_conversations` are not counted.
    explicit RateTimeline(uint32_t max_conversations) : max_(max_conversations) {}
    // One packet of conversation `conv` in `series` (a static string: the
    // series are told apart by name) at `time` seconds.
    void add(uint32_t conv, const char* series, double time);
    // The chart of conversation `conv` (nothing when it has no packet).
    bool chart(Output& out, uint32_t conv, const std::string& title, double t0, double t1) const;

private:
    static constexpr size_t kMaxBins = 1000;
    struct Series {
        std::string name;
        std::vector<uint32_t> bins;
    };
    struct Conv {
        double start = -1;  // the conversation's first packet: bins count from there
        double width = kFirstBinWidth;
        std::vector<Series> series;  // in order of first packet
    };
    uint32_t max_;
    std::map<uint32_t, Conv> by_conv_;
};

}  // namespace blankshark
