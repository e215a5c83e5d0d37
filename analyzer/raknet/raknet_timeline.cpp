#include "raknet_timeline.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "capture_stream.hpp"
#include "raknet/raknet_flows.hpp"
#include "svg_chart.hpp"

namespace blankshark {

void RaknetTimeline::packet(const RaknetConnection& c, const raknet::PacketResult& p) {
    if (!c.conv || c.conv->id > max_ || p.kind == raknet::PacketKind::Offline) return;
    Series& s = by_conv_[c.conv->id];
    if (s.start < 0) s.start = p.time;
    const double t = std::max(0.0, p.time - s.start);
    size_t i = size_t(t / s.width);
    while (i >= kMaxBins) {  // halve the resolution: merge bins pairwise
        for (size_t k = 0; k < s.bins.size(); ++k) {
            Bin& to = s.bins[k / 2];
            const Bin from = s.bins[k];
            if (k % 2 == 0) {
                to = from;
                continue;
            }
            for (int d = 0; d < 2; ++d) {
                to.datagrams[d] += from.datagrams[d];
                to.resends[d] += from.resends[d];
                to.skipped[d] += from.skipped[d];
                to.naks[d] += from.naks[d];
            }
        }
        s.bins.resize((s.bins.size() + 1) / 2);
        s.width *= 2;
        i = size_t(t / s.width);
    }
    if (s.bins.size() <= i) s.bins.resize(i + 1);
    Bin& b = s.bins[i];
    const int d = p.from == core::Side::Client ? 0 : 1;
    if (p.kind == raknet::PacketKind::Nak) ++b.naks[1 - d];  // about the other side's datagrams
    if (p.kind != raknet::PacketKind::Datagram) return;
    ++b.datagrams[d];
    b.skipped[d] += uint32_t(std::min<uint64_t>(p.gap_count, UINT32_MAX));
    // Resends as raknet::Figures counts them: each message sent again, or the datagram again whole.
    uint32_t resends = p.status == raknet::SeqStatus::Resent;
    for (const raknet::FrameResult& f : p.frames) resends += f.role == raknet::FrameRole::Resend;
    b.resends[d] += resends;
}

bool RaknetTimeline::chart(Output& out, uint32_t id, double t0, double t1) const {
    const auto it = by_conv_.find(id);
    if (it == by_conv_.end() || it->second.bins.empty()) return false;
    const Series& s = it->second;
    const size_t merge = chart_merge(s.bins.size());
    const double width = s.width * double(merge);
    std::vector<Bin> bins((s.bins.size() + merge - 1) / merge);
    for (size_t i = 0; i < s.bins.size(); ++i)
        for (int d = 0; d < 2; ++d) {
            Bin& to = bins[i / merge];
            to.datagrams[d] += s.bins[i].datagrams[d];
            to.resends[d] += s.bins[i].resends[d];
            to.skipped[d] += s.bins[i].skipped[d];
            to.naks[d] += s.bins[i].naks[d];
        }
    double ymax = 1;
    for (const Bin& b : bins)
        for (int d = 0; d < 2; ++d)
            ymax = std::max({ymax, double(b.datagrams[d]) / width, double(b.skipped[d]) / width,
                             double(b.resends[d]) / width, double(b.naks[d]) / width});
    char title[160];
    std::snprintf(title, sizeof title, "RakNet datagrams per second (bins of %g s), with numbers skipped, NAKs and resends",
                  width);
    SvgChart ch(title, {t0, std::max(t1, t0 + width), "time (s)"}, {0, ymax * 1.1, "per second"});
    static const char* const kName[2] = {"client's datagrams", "server's datagrams"};
    static const char* const kColor[2] = {SvgChart::kPalette[0], SvgChart::kPalette[1]};
    // One colour per kind of trouble, far from the lines' blue and orange and from each other.
    static const char* const kSkipped = "#d62728", *const kNaks = "#17becf", *const kResends = "#7b3fa0";
    uint64_t resends[2] = {}, skipped[2] = {}, naks[2] = {};
    for (int d = 0; d < 2; ++d) {
        SvgChart::Points pts;
        for (size_t i = 0; i < bins.size(); ++i) {
            const Bin& b = bins[i];
            const double x = s.start + (double(i) + 0.5) * width;
            pts.emplace_back(x, double(b.datagrams[d]) / width);
            resends[d] += b.resends[d];
            skipped[d] += b.skipped[d];
            naks[d] += b.naks[d];
            char at[48];
            std::snprintf(at, sizeof at, " at %.2f-%.2f s", s.start + double(i) * width, s.start + double(i + 1) * width);
            if (b.skipped[d])
                ch.marker(x, double(b.skipped[d]) / width, 'x', kSkipped,
                          std::string(kName[d]) + ": " + std::to_string(b.skipped[d]) + " numbers skipped" + at);
            if (b.naks[d])
                ch.marker(x, double(b.naks[d]) / width, 'v', kNaks,
                          std::string(kName[d]) + ": " + std::to_string(b.naks[d]) + " NAKs about them" + at);
            if (b.resends[d])
                ch.marker(x, double(b.resends[d]) / width, 'o', kResends,
                          std::string(kName[d]) + ": " + std::to_string(b.resends[d]) + " resends" + at);
        }
        ch.line(pts, kColor[d], kName[d]);
    }
    ch.legend(kName[0], kColor[0]);
    ch.legend(kName[1], kColor[1]);
    ch.legend("numbers skipped", kSkipped, 'x');
    ch.legend("NAKs about them", kNaks, 'v');
    ch.legend("resends", kResends, 'o');
    ch.note("client's datagrams: " + std::to_string(skipped[0]) + " numbers skipped, " + std::to_string(naks[0]) +
            " NAKs about them, " + std::to_string(resends[0]) + " resends; server's: " + std::to_string(skipped[1]) +
            ", " + std::to_string(naks[1]) + ", " + std::to_string(resends[1]) + " (per second on the axis)");
    ch.write(out);
    return true;
}

}  // namespace blankshark
