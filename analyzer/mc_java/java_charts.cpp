#include "mc_java/java_charts.hpp"

#include <algorithm>
#include <string>

#include "report_style.hpp"
#include "svg_chart.hpp"

namespace blankshark {

void java_charts(Output& out, const mcjava::Analysis& a, double first_time, double last_time) {
    const double t0 = first_time, t1 = std::max(last_time, first_time + 1e-3);
    // Keep Alive and status ping answer times.
    {
        double ymax = 1;
        for (const auto* t : {&a.keepalives(), &a.pings()})
            for (const mcjava::Exchange& e : t->exchanges())
                ymax = std::max(ymax, (e.answered() ? e.delay() : t1 - e.request_time) * 1000.0);
        if (a.keepalives().exchanges().empty() && a.pings().exchanges().empty()) {
            out << "<p class=\"empty\">Keep Alive: none.</p>\n";
        } else {
            SvgChart ch("Keep Alive and status ping: answer time", {t0, t1, "time (s)"}, {0, ymax * 1.1, "ms"});
            for (const auto* t : {&a.keepalives(), &a.pings()})
                for (const mcjava::Exchange& e : t->exchanges()) {
                    const char* what = e.kind == mcjava::ExchangeKind::KeepAlive ? "Keep Alive" : "Ping";
                    if (e.answered())
                        ch.marker(e.request_time, e.delay() * 1000.0, 'o', kClient,
                                  std::string(what) + " frame " + std::to_string(e.request_frame) + " answered in frame " +
                                      std::to_string(e.answer_frame) + " after " + fmt("%.1f", e.delay() * 1000.0) + " ms");
                    else
                        ch.marker(e.request_time, ymax, 'x', kBad,
                                  std::string(what) + " frame " + std::to_string(e.request_frame) + " never answered");
                }
            ch.note(std::to_string(a.keepalives().exchanges().size()) + " Keep Alive, " +
                    std::to_string(a.pings().exchanges().size()) + " status pings");
            ch.write(out);
        }
    }
    // Teleports: distance from the client's last position.
    const auto& tp = a.teleports();
    if (tp.teleports().empty()) {
        out << "<p class=\"empty\">Teleports: none.</p>\n";
    } else {
        double ymax = tp.threshold();
        for (const mcjava::Exchange& e : tp.teleports()) ymax = std::max(ymax, e.distance);
        SvgChart ch("Teleports (Player Position And Look): distance from the client's last position",
                    {t0, t1, "time (s)"}, {0, ymax * 1.1, "blocks"});
        for (const mcjava::Exchange& e : tp.teleports())
            ch.marker(e.request_time, e.distance, e.answered() ? 'o' : 'x', e.distance > tp.threshold() ? kBad : kServer,
                      "frame " + std::to_string(e.request_frame) +
                          (e.has_client ? ": " + fmt("%.3f", e.distance) + " blocks from the position in frame " +
                                              std::to_string(e.client_frame)
                                        : std::string(": no client position before it")) +
                          (!e.has_id        ? std::string(", no confirm in this version")
                           : e.answered() ? ", confirmed in frame " + std::to_string(e.answer_frame)
                                          : std::string(", never confirmed")));
        ch.hline(tp.threshold(), kBad,
                 "flagged above " + fmt("%g", tp.threshold()) + (tp.threshold() == 1 ? " block" : " blocks"));
        ch.note(std::to_string(tp.teleports().size()) + " teleports");
        ch.write(out);
    }
    // Chunk columns loaded over time.
    const auto& cols = a.columns();
    if (cols.events().empty()) {
        out << "<p class=\"empty\">Chunk columns: none.</p>\n";
    } else {
        SvgChart::Points pts{{t0, 0}};
        double loaded = 0, ymax = 1;
        for (const auto& e : cols.events()) {
            pts.emplace_back(e.time, loaded);
            loaded += e.kind == mcjava::ColumnTracker::EventKind::Load ? 1 : -1;
            pts.emplace_back(e.time, loaded);
            ymax = std::max(ymax, loaded);
        }
        pts.emplace_back(t1, loaded);
        SvgChart ch("Chunk columns loaded", {t0, t1, "time (s)"}, {0, ymax * 1.1, "columns"});
        ch.line(pts, kServer, "loaded");
        ch.note(std::to_string(cols.loads()) + " Chunk Data, " + std::to_string(cols.unloads()) + " Unload Chunk");
        ch.write(out);
    }
}

}  // namespace blankshark
