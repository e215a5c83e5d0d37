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
                to.resent[d] += from.resent[d];
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
    if (p.kind == raknet::PacketKind::Nak) ++b.naks[d];
    if (p.kind != raknet::PacketKind::Datagram) return;
    ++b.datagrams[d];
    b.skipped[d] += uint32_t(std::min<uint64_t>(p.gap_count, UINT32_MAX));
    bool resend = p.status == raknet::SeqStatus::Resent;
    for (const raknet::FrameResult& f : p.frames) resend |= f.role == raknet::FrameRole::Resend;
    b.resent[d] += resend;
}

bool RaknetTimeline::chart(Output& out, uint32_t id, double t0, double t1) const {
    const auto it = by_conv_.find(id);
    if (it == by_conv_.end() || it->second.bins.empty()) return false;
    const Series& s = it->second;
    double ymax = 1;
    for (const Bin& b : s.bins)
        for (int d = 0; d < 2; ++d) ymax = std::max(ymax, double(b.datagrams[d]) / s.width);
    char title[160];
    std::snprintf(title, sizeof title, "RakNet datagrams per second (bins of %g s), with resends, skipped numbers and NAKs",
                  s.width);
    SvgChart ch(title, {t0, std::max(t1, t0 + s.width), "time (s)"}, {0, ymax * 1.1, "per second"});
    static const char* const kName[2] = {"client->server", "server->client"};
    static const char* const kColor[2] = {SvgChart::kPalette[0], SvgChart::kPalette[1]};
    uint64_t resent[2] = {}, skipped[2] = {}, naks[2] = {};
    for (int d = 0; d < 2; ++d) {
        SvgChart::Points pts;
        for (size_t i = 0; i < s.bins.size(); ++i) {
            const Bin& b = s.bins[i];
            const double x = s.start + (double(i) + 0.5) * s.width;
            pts.emplace_back(x, double(b.datagrams[d]) / s.width);
            resent[d] += b.resent[d];
            skipped[d] += b.skipped[d];
            naks[d] += b.naks[d];
            char at[32];
            std::snprintf(at, sizeof at, " at %.1f s", s.start + double(i) * s.width);
            if (b.resent[d])
                ch.marker(x, double(b.resent[d]) / s.width, 'o', SvgChart::kPalette[3],
                          std::string(kName[d]) + ": " + std::to_string(b.resent[d]) + " datagrams carrying a resend" + at);
            if (b.skipped[d])
                ch.marker(x, double(b.skipped[d]) / s.width, 'x', SvgChart::kPalette[15],
                          std::string(kName[d]) + ": " + std::to_string(b.skipped[d]) + " datagram numbers skipped" + at);
            if (b.naks[d])
                ch.marker(x, double(b.naks[d]) / s.width, 'v', SvgChart::kPalette[6],
                          std::string(kName[d]) + ": " + std::to_string(b.naks[d]) + " NAKs sent" + at);
        }
        ch.line(pts, kColor[d], kName[d]);
    }
    ch.legend(kName[0], kColor[0]);
    ch.legend(kName[1], kColor[1]);
    ch.legend("datagrams carrying a resend (o)", SvgChart::kPalette[3]);
    ch.legend("numbers skipped (x)", SvgChart::kPalette[15]);
    ch.legend("NAKs sent (v)", SvgChart::kPalette[6]);
    // Per sender: a NAK is sent by the side whose incoming datagrams were missing.
    ch.note("client: " + std::to_string(resent[0]) + " datagrams carrying a resend, " + std::to_string(skipped[0]) +
            " datagram numbers skipped when seen (some arrive later), " + std::to_string(naks[0]) +
            " NAKs sent; server: " + std::to_string(resent[1]) + ", " + std::to_string(skipped[1]) + ", " +
            std::to_string(naks[1]));
    ch.write(out);
    return true;
}

}  // namespace blankshark
