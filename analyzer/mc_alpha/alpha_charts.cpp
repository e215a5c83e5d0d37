#include "mc_alpha/alpha_charts.hpp"

#include <algorithm>
#include <string>

#include "capture_stream.hpp"
#include "protocols/mc_alpha/connection.hpp"
#include "protocols/mc_alpha/directions.hpp"
#include "report_style.hpp"
#include "svg_chart.hpp"

namespace blankshark {
namespace {

std::string thinned(const EventList& e) {
    return e.thinned() ? ", " + std::to_string(e.events().size()) + " drawn (evenly thinned)" : std::string();
}

}  // namespace

void AlphaCharts::message(const AlphaMessage& am) {
    if (!am.msg || !am.conv || am.conv->id > max_) return;
    if (by_id_.size() <= am.conv->id) by_id_.resize(am.conv->id + 1);
    Series& s = by_id_[am.conv->id];
    s.any = true;
    const mcalpha::Message& m = *am.msg;
    const mcalpha::MessageAnalysis& a = m.analysis;
    const uint64_t frame = m.span.last.frame;
    const uint8_t dir = m.dir == core::Side::Client ? 0 : 1;
    if (a.has_keepalive) s.keepalives.add({am.time, a.keepalive_interval, frame, a.keepalive_previous, 1, dir});
    if (a.correction.present)
        s.corrections.add({am.time, a.correction.distance, frame, a.correction.client_frame, 1, dir});
    if (a.chunk.present) s.map_chunks.add({am.time, 0, frame, 0, 1, dir});
}

bool AlphaCharts::chart(Output& out, uint32_t id, double first_time, double last_time) const {
    if (id >= by_id_.size() || !by_id_[id].any) return false;
    const Series& s = by_id_[id];
    const double t0 = first_time, t1 = std::max(last_time, first_time + 1e-3);
    if (!s.keepalives.total()) {
        out << "<p class=\"empty\">Keep Alive: none.</p>\n";
    } else {
        double ymax = 1;
        for (const ReportEvent& e : s.keepalives.events()) ymax = std::max(ymax, e.value);
        SvgChart c("Keep Alive: seconds since the side's previous one", {t0, t1, "time (s)"}, {0, ymax * 1.1, "s"});
        const char* color[2] = {kClient, kServer};
        const char* who[2] = {"client", "server"};
        for (const ReportEvent& e : s.keepalives.events())
            c.marker(e.time, e.value, 'o', color[e.dir],
                     std::string(who[e.dir]) + "'s Keep Alive in frame " + std::to_string(e.frame) + ", " +
                         fmt("%.3f", e.value) + " s after frame " + std::to_string(e.ref_frame));
        c.legend("client", kClient);
        c.legend("server", kServer);
        c.note(std::to_string(s.keepalives.total()) + " intervals" + thinned(s.keepalives));
        c.write(out);
    }
    const double far = mcalpha::Settings{}.correction_far;
    if (!s.corrections.total()) {
        out << "<p class=\"empty\">Server corrections: none.</p>\n";
    } else {
        double ymax = far;
        for (const ReportEvent& e : s.corrections.events()) ymax = std::max(ymax, e.value);
        SvgChart c("Server corrections (Player Position And Look): distance from the client's position",
                   {t0, t1, "time (s)"}, {0, ymax * 1.1, "blocks"});
        for (const ReportEvent& e : s.corrections.events())
            c.marker(e.time, e.value, 'o', e.value > far ? kBad : kServer,
                     "frame " + std::to_string(e.frame) + ": " + fmt("%.3f", e.value) +
                         " blocks from the client's position in frame " + std::to_string(e.ref_frame));
        c.hline(far, kBad, "warning above " + fmt("%g", far) + " blocks");
        c.note(std::to_string(s.corrections.total()) + " corrections" + thinned(s.corrections));
        c.write(out);
    }
    if (!s.map_chunks.total()) {
        out << "<p class=\"empty\">Map Chunks: none.</p>\n";
    } else {
        // Cumulative: each drawn event stands for the stride it was kept at.
        const auto& ev = s.map_chunks.events();
        const double step = double(s.map_chunks.total()) / double(ev.size());
        SvgChart::Points pts{{t0, 0}};
        double n = 0;
        for (const ReportEvent& e : ev) {
            pts.emplace_back(e.time, n);
            n += step;
            pts.emplace_back(e.time, n);
        }
        pts.emplace_back(t1, n);
        SvgChart c("Map Chunks received", {t0, t1, "time (s)"}, {0, std::max(1.0, n) * 1.1, "Map Chunks"});
        c.line(pts, kServer, "received");
        c.note(std::to_string(s.map_chunks.total()) + " Map Chunks" + thinned(s.map_chunks));
        c.write(out);
    }
    return true;
}

}  // namespace blankshark
