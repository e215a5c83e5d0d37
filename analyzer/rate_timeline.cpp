#include "rate_timeline.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "svg_chart.hpp"

namespace blankshark {

void RateTimeline::add(uint32_t conv, const char* series, double time) {
    if (conv == 0 || conv > max_ || time < 0) return;
    Conv& c = by_conv_[conv];
    if (c.start < 0) c.start = time;
    time = std::max(0.0, time - c.start);  // a packet out of time order goes to the first bin
    size_t i = size_t(time / c.width);
    while (i >= kMaxBins) {  // halve the resolution of every series
        for (Series& s : c.series) {
            for (size_t k = 0; k < s.bins.size(); ++k) s.bins[k / 2] = (k % 2 ? s.bins[k / 2] : 0) + s.bins[k];
            s.bins.resize((s.bins.size() + 1) / 2);
        }
        c.width *= 2;
        i = size_t(time / c.width);
    }
    auto it = std::find_if(c.series.begin(), c.series.end(), [&](const Series& s) { return s.name == series; });
    if (it == c.series.end()) it = c.series.insert(c.series.end(), Series{series, {}});
    if (it->bins.size() <= i) it->bins.resize(i + 1);
    ++it->bins[i];
}

bool RateTimeline::chart(Output& out, uint32_t conv, const std::string& title, double t0, double t1) const {
    const auto it = by_conv_.find(conv);
    if (it == by_conv_.end() || it->second.series.empty()) return false;
    const Conv& c = it->second;
    size_t longest = 0;
    for (const Series& s : c.series) longest = std::max(longest, s.bins.size());
    const size_t merge = chart_merge(longest);
    const double width = c.width * double(merge);
    // Each series' points: `merge` bins summed into one.
    std::vector<std::vector<uint64_t>> sums(c.series.size());
    double ymax = 1;
    for (size_t k = 0; k < c.series.size(); ++k) {
        const Series& s = c.series[k];
        sums[k].assign((s.bins.size() + merge - 1) / merge, 0);
        for (size_t i = 0; i < s.bins.size(); ++i) sums[k][i / merge] += s.bins[i];
        for (uint64_t n : sums[k]) ymax = std::max(ymax, double(n) / width);
    }
    char head[64];
    std::snprintf(head, sizeof head, " (bins of %g s)", width);
    SvgChart ch(title + head, {t0, std::max(t1, t0 + width), "time (s)"}, {0, ymax * 1.1, "packets per second"});
    size_t color = 0;
    std::string totals;
    for (size_t k = 0; k < c.series.size(); ++k) {
        const Series& s = c.series[k];
        SvgChart::Points pts;
        uint64_t total = 0;
        for (size_t i = 0; i < sums[k].size(); ++i) {
            pts.emplace_back(c.start + (double(i) + 0.5) * width, double(sums[k][i]) / width);
            total += sums[k][i];
        }
        const char* col = SvgChart::kPalette[color++ % std::size(SvgChart::kPalette)];
        ch.line(pts, col, s.name);
        if (pts.size() < 3)  // a line of one or two points hardly shows
            for (const auto& [x, y] : pts) ch.marker(x, y, 'o', col, s.name + ": " + std::to_string(int(y * width + 0.5)));
        ch.legend(s.name, col);
        totals += (totals.empty() ? "" : ", ") + s.name + " " + std::to_string(total);
    }
    ch.note(totals);
    ch.write(out);
    return true;
}

}  // namespace blankshark
