#include "report_command.hpp"

#include <algorithm>
#include <cerrno>
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
#include "report_style.hpp"
#include "svg_chart.hpp"

namespace blankshark {
namespace {

using core::Finding;
using core::Severity;


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
p.what{font-size:15px;margin:8px 0}table.figures td:first-child{white-space:pre}details summary{color:#555;cursor:pointer}
)";

std::string message(const Finding& f) {
    char buf[320];
    return std::string(buf, core::format_finding(f, buf, sizeof buf));
}

void td(Output& out, uint64_t v) { out << "<td class=\"n\">" << v << "</td>"; }
void td(Output& out, std::string_view s, bool num = false) {
    out << (num ? "<td class=\"n\">" : "<td>");
    html_escape(out, s);
    out << "</td>";
}

struct Page {
    const FileReport& rep;
    const ReportOptions& opt;
    Output& out;
    const std::vector<std::unique_ptr<ReportSection>>& sections;  // every protocol's charts (or null), front_ends() order
    const RateTimeline& rates;  // every protocol's units by Unit::rate_series
};

size_t count_findings(const ConvReport& c, Severity sev) {
    return size_t(std::count_if(c.findings.begin(), c.findings.end(), [&](const Finding& f) { return f.severity() == sev; }));
}

// Whether a conversation gets a section of its own: the first --max-charted.
std::vector<uint32_t> charted(const Page& pg) {
    std::vector<uint32_t> ids;
    for (const auto& [id, c] : pg.rep.convs)
        if (c.has_conv && c.summary && ids.size() < pg.opt.max_charted) ids.push_back(id);
    return ids;
}

// One table for the conversations of every protocol: who, how long, how
// many packets, how it ended, what its protocol tells in a line, its findings.
void summary_table(const Page& pg, const std::vector<uint32_t>& sections) {
    Output& out = pg.out;
    if (pg.rep.convs.size() == pg.rep.convs.count(0)) return;
    out << "<h2 id=\"conversations\">Conversations</h2>\n<table><tr><th>#</th><th>protocol</th><th>client</th>"
           "<th>server</th><th>duration</th><th>packets</th><th>ended</th><th>details</th><th>errors</th>"
           "<th>warnings</th><th>notes</th></tr>\n";
    for (const auto& [id, c] : pg.rep.convs) {
        if (!c.has_conv || !c.summary) continue;
        out << "<tr><td class=\"n\">";
        if (std::binary_search(sections.begin(), sections.end(), id))
            out << "<a href=\"#conv-" << id << "\">" << id << "</a>";
        else
            out << id;
        out << "</td>";
        td(out, c.summary->protocol());
        td(out, capture::endpoint_text(c.conv.client));
        td(out, capture::endpoint_text(c.conv.server));
        td(out, fmt("%.3f s", c.last_time - c.first_time), true);
        td(out, c.conv.packets);
        td(out, c.summary->ended());
        td(out, c.summary->details());
        td(out, count_findings(c, Severity::Error));
        td(out, count_findings(c, Severity::Warn));
        td(out, count_findings(c, Severity::Note));
        out << "</tr>\n";
    }
    out << "</table>\n";
}

// A conversation's figures: what went wrong in a sentence (and its
// findings by severity), then a row per figure and sending side, with units.
void figures_table(const Page& pg, const ConvReport& c, const Figures& fig) {
    Output& out = pg.out;
    out << "<p class=\"what\">";
    html_escape(out, fig.sentence);
    const size_t e = count_findings(c, Severity::Error), w = count_findings(c, Severity::Warn);
    out << " <span class=\"" << (e ? "sev-error" : w ? "sev-warn" : "sev-note") << "\">" << e << " errors, " << w
        << " warnings, " << count_findings(c, Severity::Note) << " notes.</span></p>\n";
    bool sides = false;
    for (const FigureRow& r : fig.rows) sides |= !r.server.empty();
    out << "<table class=\"figures\"><tr><th>figure</th>"
        << (sides ? "<th>client &rarr; server</th><th>server &rarr; client</th>" : "<th>value</th>")
        << "<th>unit</th></tr>\n";
    for (const FigureRow& r : fig.rows) {
        out << "<tr>";
        td(out, r.name);
        td(out, r.client, true);
        if (sides) td(out, r.server, true);
        td(out, r.unit);
        out << "</tr>\n";
    }
    out << "</table>\n";
}

// A conversation's section: what check says of it (its summary's text),
// its protocol's charts and its rate chart.
void conversation(const Page& pg, uint32_t id, const ConvReport& c) {
    Output& out = pg.out;
    out << "<section class=\"conversation\" id=\"conv-" << id << "\">\n<h2>Conversation " << id << " (";
    html_escape(out, c.summary->protocol());
    out << "): client ";
    html_escape(out, capture::endpoint_text(c.conv.client));
    out << " &harr; server ";
    html_escape(out, capture::endpoint_text(c.conv.server));
    out << "</h2>\n<p class=\"meta\">";
    out.fixed(c.last_time - c.first_time, 3) << " s, " << c.conv.packets << " packets; ended: ";
    html_escape(out, c.summary->ended());
    out << "</p>\n";
    const Figures fig = c.summary->figures();
    if (!fig.rows.empty()) figures_table(pg, c, fig);
    // What check says of it, word for word (shown at once when there is no table).
    out << (fig.rows.empty() ? "<pre>" : "<details><summary>check's text</summary><pre>");
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
    out << (fig.rows.empty() ? "</pre>\n" : "</pre></details>\n");
    const size_t fe = front_end_index(*c.conv.protocol);
    if (fe < pg.sections.size() && pg.sections[fe]) pg.sections[fe]->chart(out, id, *c.summary, c.first_time, c.last_time);
    if (c.conv.protocol->rate_title())
        pg.rates.chart(out, id, c.conv.protocol->rate_title(), c.first_time, c.last_time);
    out << "</section>\n";
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
            const int code = std::strcmp(core::finding_info(a.second.code).name, core::finding_info(b.second.code).name);
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
        const core::FindingInfo& fi = core::finding_info(f->code);
        out << "<tr class=\"finding\"><td class=\"n\">" << f->frame << "</td><td class=\"n\">" << id
            << "</td><td class=\"sev-" << core::severity_name(fi.severity) << "\">"
            << core::severity_name(fi.severity) << "</td><td><code>" << fi.name << "</code></td>";
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
    // Counted as check counts them (--fail-on warn): what an event such as
    // a side's silence caused is its consequence, not a finding of its own.
    size_t warn_or_worse = 0;
    for (const auto& [id, c] : rep.convs)
        for (const Finding& f : c.findings) warn_or_worse += f.severity() >= Severity::Warn && c.counted(f);
    // A capture cut short is an error whatever its findings: the rest was not checked.
    const bool unread = rep.result != StreamResult::Ok;
    const bool nothing = !recognised(rep);
    out << ": " << rep.stats.frames << " frames";
    if (!nothing) out << ", " << found_text(rep);
    out << ", " << conversations(rep) << " conversations. <span class=\"verdict "
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
    if (rep.files.size() > 1) {
        out << "<p class=\"meta\">";
        html_escape(out, files_text(rep));
        out << ".</p>\n";
    }
    if (unread) {
        out << "<p class=\"sev-error\" id=\"capture-error\">Not read completely: ";
        html_escape(out, rep.error);
        out << " (everything before it is reported)</p>\n";
    }
    const std::vector<uint32_t> sections = charted(pg);
    summary_table(pg, sections);
    for (const auto& sec : pg.sections)
        if (sec) sec->overview(out);
    for (uint32_t id : sections) conversation(pg, id, rep.convs.at(id));
    if (rep.convs.size() - rep.convs.count(0) > pg.opt.max_charted)
        out << "<p class=\"empty\">Sections and timelines are drawn for the first " << pg.opt.max_charted
            << " conversations (--max-charted).</p>\n";
    findings_table(pg);
    out << "<p class=\"meta\">Generated by blankshark " << BLANKSHARK_VERSION_STRING << ".</p>\n</body></html>\n";
}

}  // namespace

int run_report(const CaptureFiles& files, const ReportOptions& opt) {
    const uint32_t charted = uint32_t(std::min<size_t>(opt.max_charted, UINT32_MAX));
    std::vector<std::unique_ptr<ReportSection>> sections;
    for (const FrontEnd* fe : front_ends()) sections.push_back(fe->report(charted, opt.file.stream.settings.of(*fe)));
    RateTimeline rates(charted);
    FileAnalysisOptions fo = opt.file;
    fo.command = Command::Report;
    FileReport rep = analyse_file(files, fo, [&](const Unit& u) {
        if (u.conv)
            if (const char* series = u.rate_series()) rates.add(u.conv->id, series, u.time);
        if (const auto& sec = sections[front_end_index(u.front_end)]) sec->unit(u);
    });
    if (rep.result == StreamResult::OpenError) {
        std::fprintf(stderr, "blankshark: %s\n", rep.error.c_str());
        return kExitCannotRead;
    }
    std::FILE* f = std::fopen(opt.output.c_str(), "wb");
    if (!f) {
        std::fprintf(stderr, "blankshark: cannot write %s: %s\n", opt.output.c_str(), std::strerror(errno));
        return kExitCannotWrite;
    }
    {
        Output out(f);
        write_page(Page{rep, opt, out, sections, rates});
    }
    const bool write_error = std::ferror(f);
    errno = 0;
    if (std::fclose(f) != 0 || write_error) {
        std::fprintf(stderr, "blankshark: cannot write %s: %s\n", opt.output.c_str(),
                     errno ? std::strerror(errno) : "write error");
        return kExitCannotWrite;
    }
    if (rep.result != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", rep.error.c_str());
    return exit_code(rep.result);
}

}  // namespace blankshark
