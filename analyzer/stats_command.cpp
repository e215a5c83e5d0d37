#include "stats_command.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <vector>

#include "exit_codes.hpp"
#include "front_end.hpp"
#include "output.hpp"

namespace blankshark {
namespace {

using core::Severity;

// The order of a findings table: most severe first.
constexpr Severity kSeverityOrder[] = {Severity::Error, Severity::Warn, Severity::Note, Severity::Comment};

struct FileStats {
    FileReport rep;
    std::vector<std::unique_ptr<StatsSection>> sections;  // every protocol's table, in front_ends() order
    std::map<std::pair<Severity, std::string>, uint64_t> findings;  // (severity, code) -> count
};

FileStats collect(const CaptureFiles& files, const StatsOptions& opt) {
    FileStats fs;
    FileAnalysisOptions fo = opt.file;
    fo.command = Command::Stats;
    fo.comments = true;  // counted as Wireshark's expert infos are
    for (const FrontEnd* fe : front_ends()) fs.sections.push_back(fe->stats());
    fs.rep = analyse_file(files, fo, [&](const Unit& u) { fs.sections[front_end_index(u.front_end)]->unit(u); });
    for (const auto& [id, c] : fs.rep.convs)
        for (const core::Finding& f : c.findings) ++fs.findings[{f.severity(), core::finding_info(f.code).name}];
    return fs;
}

void text_report(Output& out, const FileStats& fs) {
    const FileReport& rep = fs.rep;
    if (rep.result == StreamResult::OpenError) return;  // nothing was read: stderr says why, once
    out << rep.path << ": " << found_text(rep);
    if (!recognised(rep)) out << " in " << rep.stats.frames << " frames";
    out << ", " << conversations(rep) << " conversations\n";
    if (rep.files.size() > 1) out << "  " << files_text(rep) << '\n';
    for (const auto& sec : fs.sections) sec->text(out, rep);
    out << "\nFindings by code\n";
    for (Severity sev : kSeverityOrder) {
        uint64_t n = 0;
        for (const auto& [key, count] : fs.findings) n += key.first == sev ? count : 0;
        if (!n) continue;
        out << "  " << core::severity_name(sev) << ' ' << n << '\n';
        for (const auto& [key, count] : fs.findings)
            if (key.first == sev) out << "    " << key.second << ' ' << count << '\n';
    }
    if (rep.result != StreamResult::Ok)
        out << "error: not read completely (everything before it is counted): " << rep.error << '\n';
}

void json_report(Output& out, const FileStats& fs) {
    const FileReport& rep = fs.rep;
    out << "{\"file\":\"";
    json_escape(out, rep.path);
    out << "\",\"frames\":" << rep.stats.frames << ",\"conversations\":" << conversations(rep);
    for (const auto& sec : fs.sections) sec->json(out, rep);
    out << ",\"findings\":[";
    bool first = true;
    for (const auto& [key, count] : fs.findings) {
        out << (first ? "" : ",") << "{\"severity\":\"" << core::severity_name(key.first) << "\",\"code\":\""
            << key.second << "\",\"count\":" << count << '}';
        first = false;
    }
    out << ']';
    if (rep.result != StreamResult::Ok) {
        out << ",\"error\":\"";
        json_escape(out, rep.error);
        out << '"';
    }
    out << "}\n";
}

}  // namespace

int run_stats(const std::vector<CaptureFiles>& files, const StatsOptions& opt) {
    Output out(stdout);
    int worst = kExitOk;
    bool first = true;
    for (const CaptureFiles& capture : files) {
        const FileStats fs = collect(capture, opt);
        if (fs.rep.result != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", fs.rep.error.c_str());
        worst = std::max(worst, exit_code(fs.rep.result));
        if (opt.json) {
            json_report(out, fs);
        } else {
            if (!first) out << '\n';
            text_report(out, fs);
        }
        first = false;
        out.flush();
    }
    return worst;
}

}  // namespace blankshark
