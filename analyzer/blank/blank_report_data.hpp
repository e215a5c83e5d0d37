// What `blankshark report` draws, collected during the one analysis pass in
// bounded memory: per conversation, time bins that double their width when
// the capture outgrows them, and event lists thinned to every 2nd, 4th, ...
// event once they fill up (so a long capture still shows all of its span).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "blank/blank_flows.hpp"
#include "blank/blank_traffic.hpp"
#include "event_list.hpp"
#include "protocols/blank/analysis.hpp"

namespace blankshark {

struct TimeBin {
    std::array<uint32_t, kTypeSlots> types{};  // packets per type, both directions
    struct Dir {
        int64_t seq_max = -1, ack_max = -1;  // unwrapped; -1: none in this bin
        uint32_t skipped = 0, late = 0, duplicates = 0, resends = 0;
        uint32_t rtt_n = 0;
        float rtt_max = 0;
        double rtt_sum = 0;
    } dir[2];
    uint32_t corrections = 0;
    float correction_max = 0;
    void merge(const TimeBin& o);
};

struct ConversationSeries {
    static constexpr size_t kMaxBins = 480;
    double start = 0, width = 0.05;  // bin i covers [start + i*width, start + (i+1)*width)
    std::vector<TimeBin> bins;
    EventList skipped, late, duplicates, resends, corrections;
    int64_t seq_max[2] = {-1, -1};
    TimeBin& bin_at(double t);
};

class ReportCollector {
public:
    explicit ReportCollector(size_t max_conversations = 16) : max_(max_conversations) {}
    void add(const BlankPacket& p, int type, const blank::FrameAnalysis& fa, const blank::ConversationAnalysis* a);
    // By conversation id; only the first `max_conversations` get series.
    const std::vector<ConversationSeries>& series() const { return series_; }
    const TrafficStats& traffic() const { return traffic_; }

private:
    size_t max_;
    std::vector<ConversationSeries> series_;
    TrafficStats traffic_;
};

}  // namespace blankshark
