#include "report_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <cstring>
#include <queue>

#include <memory>
#include <vector>

#include "exit_codes.hpp"
#include "front_end.hpp"
#include "rate_timeline.hpp"
#include "recognition.hpp"
#include "output.hpp"
#include "report_data.hpp"
#include "report_style.hpp"
#include "svg_chart.hpp"

namespace blankshark {
namespace {

using blank::Finding;
using blank::Severity;


constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1000px;color:#222}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 6px}.meta{color:#555;margin:0 0 12px}
table{border-collapse:collapse;font-size:13px;margin:6px 0}th,td{padding:3px 8px;border-bottom:1px solid #eee;text-align:left}
th{background:#f6f6f6}td.n{text-align:right;font-variant-numeric:tabular-nums}
.sev-error{color:#b00020;font-weight:600}.sev-warn{color:#b35c00;font-weight:600}.sev-note{color:#2a6}.sev-comment{color:#777}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;font-weight:700;color:#fff}
.pass{background:#2e7d32}.fail{background:#c62828}.error{background:#6a1b9a}
svg.chart{display:block;margin:6px 0 14px;background:#fff}
svg .title{font-size:13px;font-weight:600;fill:#222}svg .note{font-size:11px;fill:#777}
svg .legend,svg .tick{font-size:11px;fill:#444}svg .axis{font-size:11px;fill:#555}svg .hl{font-size:11px}
svg .grid{stroke:#eee}svg .frame{stroke:#bbb}.empty{color:#777;font-style:italic}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;background:#fafafa;padding:8px;border:1px solid #eee}
)";

std::string message(const Finding& f) {
    char buf[320];
    return std::string(buf, blank::format_finding(f, buf, sizeof buf));
}

void td(Output& out, uint64_t v) { out << "<td class=\"n\">" << v << "</td>"; }
void td(Output& out, const std::string& s, bool num = false) {
    out << (num ? "<td class=\"n\">" : "<td>");
    html_escape(out, s);
    out << "</td>";
}

struct Page {
    const FileReport& rep;
    const ReportCollector& data;
    const ReportOptions& opt;
    Output& out;
    const std::vector<std::unique_ptr<ReportSection>>& sections;  // the other protocols' charts (or null)
    const RateTimeline& rates;  // every protocol's units by Unit::rate_series
};

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
        c.marker(e.time, e.value, 'o', "#e8a33d",
                 "frame " + std::to_string(e.frame) + ": " + dn[e.dir] + " seq " + std::to_string(int64_t(e.value)) +
                     " arrived late (after frame " + std::to_string(e.ref_frame) + ")");
    for (const ReportEvent& e : s.duplicates.events())
        c.marker(e.time, e.value, 'o', "#8e44ad",
                 "frame " + std::to_string(e.frame) + ": duplicate of frame " + std::to_string(e.ref_frame));
    for (const ReportEvent& e : s.resends.events())
        c.marker(e.time, e.value, 'v', "#2e7d32",
                 "frame " + std::to_string(e.frame) + ": chunk piece resent (first sent in frame " +
                     std::to_string(e.ref_frame) + ")");
    if (s.skipped.total()) c.legend("skipped", kBad);
    if (s.late.total()) c.legend("late", "#e8a33d");
    if (s.duplicates.total()) c.legend("duplicate", "#8e44ad");
    if (s.resends.total()) c.legend("chunk resend", "#2e7d32");
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
    const size_t shown = std::min(all.size(), pg.opt.max_chunk_bars);
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

size_t count_findings(const ConvReport& c, Severity sev) {
    return size_t(std::count_if(c.findings.begin(), c.findings.end(), [&](const Finding& f) { return f.severity() == sev; }));
}

// One table for the conversations of every protocol: who, how long, how
// many packets, how it ended, its findings; blank's add their sequence,
// correction and chunk figures.
void summary_table(const Page& pg) {
    Output& out = pg.out;
    if (pg.rep.convs.size() == pg.rep.convs.count(0)) return;
    out << "<h2 id=\"conversations\">Conversations</h2>\n<table><tr><th>#</th><th>protocol</th><th>client</th>"
           "<th>server</th><th>duration</th><th>packets</th><th>ended</th><th>details</th><th>errors</th>"
           "<th>warnings</th><th>notes</th></tr>\n";
    for (const auto& [id, c] : pg.rep.convs) {
        const auto* a = pg.rep.analysis(id);
        if (!c.has_conv || (!a && !c.summary)) continue;
        out << "<tr><td class=\"n\">";
        if (id <= pg.opt.max_charted || c.summary) out << "<a href=\"#conv-" << id << "\">" << id << "</a>";
        else out << id;
        out << "</td>";
        td(out, a ? std::string("blank") : std::string(c.summary->protocol()));
        td(out, capture::to_string(c.conv.client));
        td(out, capture::to_string(c.conv.server));
        td(out, fmt("%.3f s", c.last_time - c.first_time), true);
        if (a) {
            const auto& cs = a->seq().stats(blank::Role::Client);
            const auto& sc = a->seq().stats(blank::Role::Server);
            size_t complete = 0;
            for (const auto& t : a->chunks().transmissions()) complete += t.state == blank::TxState::Complete;
            td(out, cs.packets + sc.packets);
            td(out, a->seq().end_state());
            td(out, "revision " + std::string(a->revision().name) + "; " + std::to_string(cs.packets) + " c→s, " +
                        std::to_string(sc.packets) + " s→c, never seen " + std::to_string(cs.never_seen) +
                        " / " + std::to_string(sc.never_seen) + "; " + std::to_string(a->seq().corrections()) +
                        " corrections; chunks complete " + std::to_string(complete) + " / " +
                        std::to_string(a->chunks().transmissions().size()));
        } else {
            td(out, c.conv.packets);
            td(out, c.summary->ended());
            out << "<td></td>";
        }
        td(out, count_findings(c, Severity::Error));
        td(out, count_findings(c, Severity::Warn));
        td(out, count_findings(c, Severity::Note));
        out << "</tr>\n";
    }
    out << "</table>\n";
}

// Conversations of the other protocols (Minecraft Java, Alpha, RakNet): what
// check says of each (its summary's text), its protocol's charts and its
// rate chart, before the findings table.
void other_protocols(const Page& pg) {
    for (const auto& [id, c] : pg.rep.convs) {
        if (!c.has_conv || !c.summary) continue;
        Output& out = pg.out;
        out << "<section class=\"conversation\" id=\"conv-" << id << "\">\n<h2>Conversation " << id << " (";
        html_escape(out, c.summary->protocol());
        out << "): client ";
        html_escape(out, capture::to_string(c.conv.client));
        out << " &harr; server ";
        html_escape(out, capture::to_string(c.conv.server));
        out << "</h2>\n<p class=\"meta\">ended: ";
        html_escape(out, c.summary->ended());
        out << "</p>\n<pre>";
        char* buf = nullptr;
        size_t size = 0;
        if (std::FILE* mem = open_memstream(&buf, &size)) {
            {
                Output text(mem);
                c.summary->text(text);
            }
            std::fclose(mem);
            html_escape(out, std::string_view(buf, size));
            std::free(buf);
        }
        out << "</pre>\n";
        for (const auto& sec : pg.sections)
            if (sec) sec->chart(out, id, *c.summary, c.first_time, c.last_time);
        if (c.conv.protocol && c.conv.protocol->rate_title())
            pg.rates.chart(out, id, c.conv.protocol->rate_title(), c.first_time, c.last_time);
        out << "</section>\n";
    }
}

void types_table(const Page& pg) {
    Output& out = pg.out;
    const TrafficTable& t = pg.data.traffic().file();
    if (!t.total.packets) return;  // blank's types; the other protocols' are in their sections
    const auto* a1 = pg.rep.analysis(1);
    const blank::Schema& s = blank::schema(a1 ? a1->revision() : blank::current_revision());
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

void findings_table(const Page& pg) {
    Output& out = pg.out;
    size_t total = 0;
    std::map<Severity, size_t> by_sev;
    for (const auto& [id, c] : pg.rep.convs) {
        total += c.findings.size();
        for (const Finding& f : c.findings) ++by_sev[f.severity()];
    }
    // Listed by severity (errors, then warnings, ...), then code, then
    // frame: what fails the capture comes first. Each severity's first rows
    // are kept in a bounded heap, so long (spilled) lists are not loaded.
    std::vector<std::pair<uint32_t, Finding>> all;
    for (Severity sev : {Severity::Error, Severity::Warn, Severity::Note, Severity::Comment}) {
        const size_t room = pg.opt.max_findings - std::min(pg.opt.max_findings, all.size());
        if (!room) break;
        using Row = std::pair<uint32_t, Finding>;
        const auto before = [](const Row& a, const Row& b) {
            const int code = std::strcmp(blank::finding_info(a.second.code).name, blank::finding_info(b.second.code).name);
            if (code) return code < 0;
            if (a.second.frame != b.second.frame) return a.second.frame < b.second.frame;
            return a.first < b.first;
        };
        std::priority_queue<Row, std::vector<Row>, decltype(before)> keep(before);  // the last kept on top
        for (const auto& [id, c] : pg.rep.convs)
            for (const Finding& f : c.findings) {
                if (f.severity() != sev) continue;
                keep.emplace(id, f);
                if (keep.size() > room) keep.pop();
            }
        std::vector<Row> level;
        for (; !keep.empty(); keep.pop()) level.push_back(keep.top());
        all.insert(all.end(), level.rbegin(), level.rend());
    }
    out << "<h2 id=\"findings\">Findings</h2>\n<p>" << by_sev[Severity::Error] << " errors, "
        << by_sev[Severity::Warn] << " warnings, " << by_sev[Severity::Note] << " notes";
    if (by_sev[Severity::Comment]) out << ", " << by_sev[Severity::Comment] << " comments";
    out << ".";
    if (total > pg.opt.max_findings)
        out << " The first " << pg.opt.max_findings << " are listed; <code>blankshark check</code> lists all.";
    out << "</p>\n<table id=\"findings-table\"><tr><th>frame</th><th>conversation</th><th>severity</th><th>code</th>"
           "<th>message</th><th>related frame</th></tr>\n";
    for (const auto& [id, finding] : all) {
        const Finding* f = &finding;
        const blank::FindingInfo& fi = blank::finding_info(f->code);
        out << "<tr class=\"finding\"><td class=\"n\">" << f->frame << "</td><td class=\"n\">" << id
            << "</td><td class=\"sev-" << blank::severity_name(fi.severity) << "\">"
            << blank::severity_name(fi.severity) << "</td><td><code>" << fi.name << "</code></td>";
        td(out, message(*f));
        if (f->ref_frame) td(out, f->ref_frame);
        else out << "<td></td>";
        out << "</tr>\n";
    }
    out << "</table>\n";
}

void write_page(const Page& pg) {
    Output& out = pg.out;
    const FileReport& rep = pg.rep;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>blankshark report: ";
    html_escape(out, rep.path);
    out << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>blankshark report</h1>\n<p class=\"meta\">";
    html_escape(out, rep.path);
    const TrafficTable& t = pg.data.traffic().file();
    // Counted as check counts them (--fail-on warn): what a side's silence
    // caused is that silence's consequence, not a finding of its own.
    size_t warn_or_worse = 0;
    for (const auto& [id, c] : rep.convs)
        for (const Finding& f : c.findings)
            warn_or_worse += f.severity() >= Severity::Warn && !blank::caused_by_silence(f, c.silence);
    // A capture cut short is an error whatever its findings: the rest was not checked.
    const bool unread = rep.result != StreamResult::Ok;
    const bool blank = t.total.packets > 0;
    const bool nothing = !recognised(rep);
    out << ": " << rep.stats.frames << " frames";
    if (!nothing)
        out << ", "
            << found_text(rep, blank ? std::to_string(t.total.packets) + " blank packets, " +
                                           std::to_string(t.total.bytes) + " bytes, " + fmt("%.3f", t.duration()) + " s"
                                     : std::string());
    out << ", " << (rep.convs.size() - rep.convs.count(0)) << " conversations. <span class=\"verdict "
        << (unread      ? "error\">ERROR"
            : nothing   ? "error\">NOTHING RECOGNISED"
            : warn_or_worse ? "fail\">FAIL"
                            : "pass\">PASS")
        << "</span> ";
    if (nothing) {
        out << "no conversation of any supported protocol (tried ";
        html_escape(out, recognition_text(pg.opt.file.stream));
        out << ").</p>\n";
    } else {
        out << warn_or_worse << " findings at warn or above" << (unread ? " before the capture breaks" : "")
            << ".</p>\n";
    }
    if (unread) {
        out << "<p class=\"sev-error\" id=\"capture-error\">Not read completely: ";
        html_escape(out, rep.error);
        out << " (everything before it is reported)</p>\n";
    }
    summary_table(pg);
    types_table(pg);
    other_protocols(pg);
    for (const auto& [id, c] : rep.convs) {
        const auto* a = rep.analysis(id);
        if (!c.has_conv || !a || id >= pg.data.series().size() || pg.data.series()[id].bins.empty()) continue;
        const ConversationSeries& s = pg.data.series()[id];
        out << "<section class=\"conversation\" id=\"conv-" << id << "\">\n<h2>Conversation " << id << ": client ";
        html_escape(out, capture::to_string(c.conv.client));
        out << " &harr; server ";
        html_escape(out, capture::to_string(c.conv.server));
        out << "</h2>\n<p class=\"meta\">revision ";
        html_escape(out, a->revision_text());
        out << ", ended: " << a->seq().end_state() << "</p>\n";
        chart_types(pg, s, blank::schema(a->revision()));
        chart_seq(pg, s);
        chart_rtt(pg, s);
        chart_chunks(pg, s, *a);
        chart_corrections(pg, s, pg.opt.file.analysis.seq.correction_warn);
        out << "</section>\n";
    }
    if (rep.convs.size() - rep.convs.count(0) > pg.opt.max_charted)
        out << "<p class=\"empty\">Timelines are drawn for the first " << pg.opt.max_charted
            << " conversations (--max-charted).</p>\n";
    findings_table(pg);
    out << "<p class=\"meta\">Generated by blankshark " << BLANKSHARK_VERSION_STRING << ".</p>\n</body></html>\n";
}

}  // namespace

int run_report(const std::string& path, const ReportOptions& opt) {
    ReportCollector data(opt.max_charted);
    const uint32_t charted = uint32_t(std::min<size_t>(opt.max_charted, UINT32_MAX));
    std::vector<std::unique_ptr<ReportSection>> sections;
    for (const FrontEnd* fe : front_ends()) sections.push_back(fe->report(charted));
    RateTimeline rates(charted);
    FileReport rep = analyse_file(
        path, opt.file,
        [&](const BlankPacket& p, int type, const blank::FrameAnalysis& fa, const blank::ConversationAnalysis* a) {
            data.add(p, type, fa, a);
        },
        [&](const Unit& u) {
            if (!u.conv) return;
            if (const char* series = u.rate_series()) rates.add(u.conv->id, series, u.time);
            if (const auto& sec = sections[front_end_index(u.front_end)]) sec->unit(u);
        });
    if (rep.result == StreamResult::OpenError) {
        std::fprintf(stderr, "blankshark: %s\n", rep.error.c_str());
        return kExitCannotRead;
    }
    std::FILE* f = std::fopen(opt.output.c_str(), "wb");
    if (!f) {
        std::fprintf(stderr, "blankshark: cannot write %s\n", opt.output.c_str());
        return kExitCannotWrite;
    }
    {
        Output out(f);
        write_page(Page{rep, data, opt, out, sections, rates});
    }
    const bool write_error = std::ferror(f);
    if (std::fclose(f) != 0 || write_error) {
        std::fprintf(stderr, "blankshark: cannot write %s\n", opt.output.c_str());
        return kExitCannotWrite;
    }
    if (rep.result != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", rep.error.c_str());
    return exit_code(rep.result);
}

}  // namespace blankshark
