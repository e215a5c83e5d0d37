#include "blank/blank_report.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "blank/blank_report_data.hpp"
#include "blank/blank_settings.hpp"
#include "blank/blank_unit.hpp"
#include "report_style.hpp"
#include "svg_chart.hpp"

namespace blankshark {
namespace {

constexpr size_t kMaxChunkBars = 1500;  // chunk transmissions drawn per conversation

struct Page {
    Output& out;
    const ReportCollector& data;
    const blank::Schema& schema;  // the first conversation's revision
};

void td(Output& out, uint64_t v) { out << "<td class=\"n\">" << v << "</td>"; }
void td(Output& out, const std::string& s, bool num = false) {
    out << (num ? "<td class=\"n\">" : "<td>");
    html_escape(out, s);
    out << "</td>";
}

double x_end(const ConversationSeries& s) { return s.start + s.width * double(std::max<size_t>(s.bins.size(), 1)); }

void chart_types(const Page& pg, const ConversationSeries& s, const blank::Schema& schema) {
    std::array<uint64_t, kTypeSlots> total{};
    double ymax = 0;
    for (const TimeBin& b : s.bins) {
        uint64_t n = 0;
        for (int k = 0; k < kTypeSlots; ++k) {
            total[size_t(k)] += b.types[size_t(k)];
            n += b.types[size_t(k)];
        }
        ymax = std::max(ymax, double(n) / s.width);
    }
    SvgChart c("Packets per second by type", {s.start, x_end(s), "time (s)"}, {0, ymax * 1.05, "packets/s"});
    c.note("bins of " + fmt("%g", s.width) + " s, stacked; both directions");
    std::array<const char*, kTypeSlots> color{};
    int used = 0;
    for (int k = 0; k < kTypeSlots; ++k)
        if (total[size_t(k)]) {
            color[size_t(k)] = SvgChart::kPalette[used++ % 16];
            c.legend(type_name(schema, k), color[size_t(k)]);
        }
    for (size_t i = 0; i < s.bins.size(); ++i) {
        const double x0 = s.start + double(i) * s.width;
        double y = 0;
        for (int k = 0; k < kTypeSlots; ++k) {
            const uint32_t n = s.bins[i].types[size_t(k)];
            if (!n) continue;
            const double h = double(n) / s.width;
            c.box(x0, x0 + s.width, y, y + h, color[size_t(k)],
                  type_name(schema, k) + ": " + std::to_string(n) + " packets at " + fmt("%.3f s", x0));
            y += h;
        }
    }
    c.write(pg.out);
}

std::string thinned_note(const EventList& e, const char* what) {
    if (!e.thinned()) return {};
    return std::string(what) + ": " + std::to_string(e.events().size()) + " of " + std::to_string(e.total()) +
           " marked; ";
}

void chart_seq(const Page& pg, const ConversationSeries& s) {
    double ymax = 0;
    for (const TimeBin& b : s.bins)
        for (const auto& d : b.dir) ymax = std::max({ymax, double(d.seq_max), double(d.ack_max)});
    SvgChart c("Sequence and ack progress", {s.start, x_end(s), "time (s)"}, {0, ymax * 1.03 + 1, "seq (unwrapped)"});
    const char* color[2] = {kClient, kServer};
    const char* name[2] = {"client seq", "server seq"};
    const char* ack_name[2] = {"server's ack of it", "client's ack of it"};
    for (int d = 0; d < 2; ++d) {
        SvgChart::Points seq, ack;
        for (size_t i = 0; i < s.bins.size(); ++i) {
            const double x = s.start + (double(i) + 0.5) * s.width;
            if (s.bins[i].dir[d].seq_max >= 0) seq.emplace_back(x, double(s.bins[i].dir[d].seq_max));
            // The other side's ack field follows this direction's seqs.
            if (s.bins[i].dir[1 - d].ack_max >= 0) ack.emplace_back(x, double(s.bins[i].dir[1 - d].ack_max));
        }
        c.line(seq, color[d], name[d], 1.8);
        c.line(ack, color[d], std::string(name[d]) + ": " + ack_name[d], 1, true);
        c.legend(name[d], color[d]);
    }
    const char* dn[2] = {"client", "server"};
    for (const ReportEvent& e : s.skipped.events())
        c.marker(e.time, e.value, 'x', kBad,
                 "frame " + std::to_string(e.frame) + ": " + dn[e.dir] + " seq " + std::to_string(int64_t(e.value)) +
                     ", " + std::to_string(e.count) + " skipped before it");
    for (const ReportEvent& e : s.late.events())
        c.marker(e.time, e.value, 'o', "#17becf",
                 "frame " + std::to_string(e.frame) + ": " + dn[e.dir] + " seq " + std::to_string(int64_t(e.value)) +
                     " arrived late (after frame " + std::to_string(e.ref_frame) + ")");
    for (const ReportEvent& e : s.duplicates.events())
        c.marker(e.time, e.value, 'o', "#8e44ad",
                 "frame " + std::to_string(e.frame) + ": duplicate of frame " + std::to_string(e.ref_frame));
    for (const ReportEvent& e : s.resends.events())
        c.marker(e.time, e.value, 'v', "#2e7d32",
                 "frame " + std::to_string(e.frame) + ": chunk piece resent (first sent in frame " +
                     std::to_string(e.ref_frame) + ")");
    // Shapes and colours apart from each other and from the two sides' lines (blue, orange).
    if (s.skipped.total()) c.legend("skipped", kBad, 'x');
    if (s.late.total()) c.legend("late", "#17becf", 'o');
    if (s.duplicates.total()) c.legend("duplicate", "#8e44ad", 'o');
    if (s.resends.total()) c.legend("chunk resend", "#2e7d32", 'v');
    std::string note = thinned_note(s.skipped, "skips") + thinned_note(s.late, "late") +
                       thinned_note(s.duplicates, "duplicates") + thinned_note(s.resends, "resends");
    c.note(note.empty() ? "solid: highest seq sent per bin; dashed: the peer's ack field; markers: per packet"
                        : note + "evenly thinned");
    c.write(pg.out);
}

void chart_rtt(const Page& pg, const ConversationSeries& s) {
    double ymax = 0;
    bool any = false;
    for (const TimeBin& b : s.bins)
        for (const auto& d : b.dir)
            if (d.rtt_n) {
                any = true;
                ymax = std::max(ymax, double(d.rtt_max) * 1000);
            }
    if (!any) {
        pg.out << "<p class=\"empty\">Time to ack: no packet was acknowledged.</p>\n";
        return;
    }
    SvgChart c("Time to ack", {s.start, x_end(s), "time (s)"}, {0, ymax * 1.05, "ms"});
    c.note("from a packet to the first packet whose ack covers it, at the capture point; solid: mean per bin, "
           "dashed: max");
    const char* color[2] = {kClient, kServer};
    const char* name[2] = {"client's packets", "server's packets"};
    for (int d = 0; d < 2; ++d) {
        SvgChart::Points mean, max;
        for (size_t i = 0; i < s.bins.size(); ++i) {
            const auto& bd = s.bins[i].dir[d];
            if (!bd.rtt_n) continue;
            const double x = s.start + (double(i) + 0.5) * s.width;
            mean.emplace_back(x, bd.rtt_sum / bd.rtt_n * 1000);
            max.emplace_back(x, double(bd.rtt_max) * 1000);
        }
        c.line(mean, color[d], std::string(name[d]) + ": mean time to ack", 1.8);
        c.line(max, color[d], std::string(name[d]) + ": max time to ack", 1, true);
        c.legend(name[d], color[d]);
    }
    c.write(pg.out);
}

const char* tx_color(blank::TxState st) {
    switch (st) {
    case blank::TxState::Complete: return "#59a14f";
    case blank::TxState::Failed: return "#7b1fa2";
    case blank::TxState::Incomplete: return kBad;
    case blank::TxState::Open: break;
    }
    return "#999";
}

void chart_chunks(const Page& pg, const ConversationSeries& s, const blank::ConversationAnalysis& a) {
    const auto& all = a.chunks().transmissions();
    if (all.empty()) {
        pg.out << "<p class=\"empty\">Chunk transmissions: none.</p>\n";
        return;
    }
    const size_t shown = std::min(all.size(), kMaxChunkBars);
    const double lo = all.front().number, hi = all[shown - 1].number;
    SvgChart c("Chunk transmissions, from first to last packet", {s.start, x_end(s), "time (s)"},
               {lo - 1, hi + 1, "transmission"}, 960, 300);
    size_t by_state[4] = {};
    for (size_t i = 0; i < shown; ++i) ++by_state[size_t(all[i].state)];
    // Complete ones first: the others are drawn on top of them.
    for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < shown; ++i) {
        const blank::Transmission& t = all[i];
        if ((t.state == blank::TxState::Complete) != (pass == 0)) continue;
        std::string tip = "transmission " + std::to_string(t.number) + ", id " + std::to_string(t.id) + " (" +
                          std::to_string(t.coords[0]) + "," + std::to_string(t.coords[1]) + "," +
                          std::to_string(t.coords[2]) + "): " + blank::tx_state_name(t.state) + ", frames " +
                          std::to_string(t.first_frame) + "-" + std::to_string(t.last_frame) + ", " +
                          std::to_string(t.pieces) + " pieces, " + std::to_string(t.resent) + " resent";
        if (t.end_reason) tip += std::string(" (") + t.end_reason + ")";
        const double h = std::max(0.3, std::min(0.45, 120.0 / double(shown)));
        c.box(t.first_time, std::max(t.last_time, t.first_time), t.number - h, t.number + h, tx_color(t.state), tip,
              pass == 0 ? 2.5 : 4);
    }
    const char* names[4] = {"open", "complete", "failed", "incomplete"};
    for (size_t k : {size_t(blank::TxState::Complete), size_t(blank::TxState::Incomplete),
                     size_t(blank::TxState::Failed), size_t(blank::TxState::Open)})
        if (by_state[k]) c.legend(std::string(names[k]) + " " + std::to_string(by_state[k]), tx_color(blank::TxState(k)));
    if (shown < all.size())
        c.note("first " + std::to_string(shown) + " of " + std::to_string(all.size()) + " transmissions drawn");
    c.write(pg.out);
}

void chart_corrections(const Page& pg, const ConversationSeries& s, double warn) {
    if (!s.corrections.total()) {
        pg.out << "<p class=\"empty\">PlayerCorrection: none.</p>\n";
        return;
    }
    double ymax = warn;
    for (const ReportEvent& e : s.corrections.events()) ymax = std::max(ymax, e.value);
    SvgChart c("PlayerCorrection: distance from the update it corrects", {s.start, x_end(s), "time (s)"},
               {0, ymax * 1.1, "blocks"});
    for (const ReportEvent& e : s.corrections.events())
        c.marker(e.time, e.value, 'o', e.value > warn ? kBad : kClient,
                 "frame " + std::to_string(e.frame) + ": " + fmt("%.3f", e.value) + " blocks off the update in frame " +
                     std::to_string(e.ref_frame));
    c.hline(warn, kBad, "warning above " + fmt("%g", warn) + " blocks");
    c.note(std::to_string(s.corrections.total()) + " corrections" +
           (s.corrections.thinned() ? ", " + std::to_string(s.corrections.events().size()) + " drawn (evenly thinned)"
                                    : std::string()));
    c.write(pg.out);
}

void types_table(const Page& pg) {
    Output& out = pg.out;
    const TrafficTable& t = pg.data.traffic().file();
    if (!t.total.packets) return;
    const blank::Schema& s = pg.schema;
    const double secs = t.duration();
    out << "<h2 id=\"types\">blank packets by type and direction</h2>\n<table><tr><th>direction</th><th>type</th>"
           "<th>packets</th><th>bytes</th><th>packets/s</th><th>bytes/s</th></tr>\n";
    for (int d = 0; d < kDirections; ++d)
        for (int k = 0; k < kTypeSlots; ++k) {
            const Count& c = t.by_type[size_t(d)][size_t(k)];
            if (!c.packets) continue;
            out << "<tr>";
            td(out, kDirectionNames[d]);
            td(out, type_name(s, k));
            td(out, c.packets);
            td(out, c.bytes);
            td(out, secs > 0 ? fmt("%.1f", double(c.packets) / secs) : "-", true);
            td(out, secs > 0 ? fmt("%.1f", double(c.bytes) / secs) : "-", true);
            out << "</tr>\n";
        }
    out << "</table>\n";
}

// Per conversation, for the first `max`: packets per type, seq and ack
// progress with losses, late packets, duplicates and resends, time to ack,
// chunk transmissions and corrections; for the file, packets by type.
class BlankReportSection final : public ReportSection {
public:
    BlankReportSection(uint32_t max, double correction_warn) : data_(max), warn_(correction_warn) {}
    void unit(const Unit& u) override {
        if (u.kind != Unit::Kind::Packet) return;
        const auto& b = static_cast<const BlankUnit&>(u);
        data_.add(*b.packet, b.frame->type, *b.frame, b.analysis ? b.analysis->get() : nullptr);
        if (b.analysis && !first_) first_ = *b.analysis;
    }
    void overview(Output& out) override {
        Page pg{out, data_, first_ ? blank::schema(first_->revision()) : blank::schema()};
        types_table(pg);
    }
    bool chart(Output& out, uint32_t id, const ConversationSummary& summary, double, double) override {
        const auto* bs = dynamic_cast<const BlankSummary*>(&summary);
        if (!bs || !bs->analysis() || id >= data_.series().size() || data_.series()[id].bins.empty()) return false;
        const blank::ConversationAnalysis& a = *bs->analysis();
        const ConversationSeries& s = data_.series()[id];
        Page pg{out, data_, blank::schema(a.revision())};
        chart_types(pg, s, blank::schema(a.revision()));
        chart_seq(pg, s);
        chart_rtt(pg, s);
        chart_chunks(pg, s, a);
        chart_corrections(pg, s, warn_);
        return true;
    }

private:
    ReportCollector data_;
    double warn_;
    std::shared_ptr<const blank::ConversationAnalysis> first_;
};

}  // namespace

std::unique_ptr<ReportSection> make_blank_report(uint32_t max, const Settings* settings) {
    const double warn = settings ? static_cast<const BlankSettings*>(settings)->analysis.seq.correction_warn
                                 : blank::SeqConfig{}.correction_warn;
    return std::make_unique<BlankReportSection>(max, warn);
}

}  // namespace blankshark
