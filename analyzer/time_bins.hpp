// How the report's timelines bin time: fine at first (10 ms, so a 0.2 s
// connection is drawn over 0.2 s in 20 bins, not as one dot on a 1 s axis),
// twice as wide whenever a conversation needs more bins than its timeline
// keeps (memory stays bounded), and merged again when drawn so that a chart
// has at most kChartBins points whatever the conversation's length.
#pragma once

#include <cstddef>

namespace blankshark {

constexpr double kFirstBinWidth = 0.01;  // seconds
constexpr size_t kChartBins = 120;

// Bins merged into one point of the chart: the smallest power of two that
// brings `bins` to kChartBins or fewer.
inline size_t chart_merge(size_t bins) {
    size_t k = 1;
    while ((bins + k - 1) / k > kChartBins) k *= 2;
    return k;
}

}  // namespace blankshark
