#include "stats_command.hpp"

#include <cstdio>
#include <iterator>
#include <algorithm>
#include <map>

#include <memory>
#include <vector>

#include "exit_codes.hpp"
#include "front_end.hpp"
#include "output.hpp"
#include "protocols/blank/stats_layout.hpp"
#include "traffic_stats.hpp"

namespace blankshark {
namespace {

using blank::Severity;


// The children of "Chunk transmissions", in stats_layout.hpp's order.
struct ChunkCounts {
    uint64_t n[std::size(blank::stats::kChunkNodes)] = {};
    void add(const blank::ChunkTotals& t) {
        const uint64_t v[] = {t.transmissions, t.with_begin,   t.complete,      t.not_complete(), t.without_begin(),
                              t.pieces_before_begin, t.begins_resent, t.resent, t.duplicates, t.rerequests};
        static_assert(std::size(v) == std::size(blank::stats::kChunkNodes));
        for (size_t i = 0; i < std::size(v); ++i) n[i] += v[i];
    }
};

struct FileStats {
    FileReport rep;
    TrafficStats traffic;
    // The other protocols' tables, in front_ends() order.
    std::vector<std::unique_ptr<StatsSection>> sections;
    ChunkCounts chunks;
    std::map<std::pair<Severity, std::string>, uint64_t> findings;  // (severity, code) -> count
};

FileStats collect(const std::string& path, const StatsOptions& opt) {
    FileStats fs;
    FileAnalysisOptions fo = opt.file;
    fo.comments = true;  // counted as Wireshark's expert infos are
    fo.analysis.chunks.keep_ended = std::min<size_t>(fo.analysis.chunks.keep_ended, 256);  // counts suffice
    for (const FrontEnd* fe : front_ends()) fs.sections.push_back(fe->stats());
    fs.rep = analyse_file(
        path, fo,
        [&](const BlankPacket& p, int type, const blank::FrameAnalysis&, const blank::ConversationAnalysis*) {
            fs.traffic.add(p, type);
        },
        [&](const Unit& u) { fs.sections[front_end_index(u.front_end)]->unit(u); });
    for (const auto& [id, c] : fs.rep.convs) {
        if (const auto* a = fs.rep.analysis(id)) fs.chunks.add(a->chunks().summary());
        for (const blank::Finding& f : c.findings)
            ++fs.findings[{f.severity(), blank::finding_info(f.code).name}];
    }
    return fs;
}

void row(Output& out, const std::string& name, int indent, const Count& c, double secs) {
    count_row(out, name, indent, c, secs);
}

void text_table(Output& out, const TrafficTable& t, const blank::Schema& s, int indent) {
    const double secs = t.duration();
    for (int d = 0; d < kDirections; ++d) {
        if (!t.by_dir[d].packets) continue;
        row(out, kDirectionNames[d], indent, t.by_dir[d], secs);
        for (int k = 0; k < kTypeSlots; ++k)
            if (t.by_type[d][k].packets) row(out, type_name(s, k), indent + 2, t.by_type[d][k], secs);
    }
}

const blank::Schema& schema_of(const FileReport& rep, uint32_t id) {
    const auto* a = rep.analysis(id);
    return blank::schema(a ? a->revision() : blank::current_revision());
}


void text_report(Output& out, const FileStats& fs) {
    const FileReport& rep = fs.rep;
    if (rep.result == StreamResult::OpenError) {  // nothing was read: no tables of zeros
        out << "error: " << rep.error << '\n';
        return;
    }
    const TrafficTable& all = fs.traffic.file();
    // The header names the protocols found (blank's part as it always read).
    const bool blank = all.total.packets > 0;
    std::string blank_part;
    if (blank) {
        char b[96];
        std::snprintf(b, sizeof b, "%llu blank packets, %llu bytes (UDP payload), %.3f s",
                      (unsigned long long)all.total.packets, (unsigned long long)all.total.bytes, all.duration());
        blank_part = b;
    }
    out << rep.path << ": " << found_text(rep, blank_part);
    if (!recognised(rep)) out << " in " << rep.stats.frames << " frames";
    out << ", " << (rep.convs.size() - rep.convs.count(0)) << " conversations\n";
    if (blank) {
        out << '\n';
        char head[128];
        std::snprintf(head, sizeof head, "%-34s%10s %12s %10s %12s %8s\n", blank::stats::kPackets, "packets",
                      "bytes", "packets/s", "bytes/s", "avg size");
        out << head;
        row(out, "all", 0, all.total, all.duration());
        text_table(out, all, schema_of(rep, 1), 2);
        out << "\nConversations\n";
        for (const auto& [id, c] : rep.convs) {
            if (!c.has_conv || id >= fs.traffic.conversations().size()) continue;
            const TrafficTable& t = fs.traffic.conversations()[id];
            if (!t.total.packets) continue;  // another protocol's
            out << "  " << id << ": client " << capture::to_string(c.conv.client) << " <-> server "
                << capture::to_string(c.conv.server) << ", ";
            out.fixed(c.first_time, 3) << "-";
            out.fixed(c.last_time, 3) << " s\n";
            row(out, "all", 4, t.total, t.duration());
            text_table(out, t, schema_of(rep, id), 4);
        }
    }
    for (const auto& sec : fs.sections) sec->text(out, rep);
    if (blank) {
        out << '\n' << blank::stats::kChunks << '\n';
        for (size_t i = 0; i < std::size(blank::stats::kChunkNodes); ++i)
            out << "  " << blank::stats::kChunkNodes[i] << ' ' << fs.chunks.n[i] << '\n';
    }
    out << '\n' << blank::stats::kFindings << '\n';
    for (Severity sev : blank::stats::kSeverityOrder) {
        uint64_t n = 0;
        for (const auto& [key, count] : fs.findings) n += key.first == sev ? count : 0;
        if (!n) continue;
        out << "  " << blank::stats::severity_node_name(sev) << ' ' << n << '\n';
        for (const auto& [key, count] : fs.findings)
            if (key.first == sev) out << "    " << key.second << ' ' << count << '\n';
    }
    if (rep.result != StreamResult::Ok)
        out << "error: not read completely (everything before it is counted): " << rep.error << '\n';
}

void json_table(Output& out, const TrafficTable& t, const blank::Schema& s) {
    const double secs = t.duration();
    out << "\"duration\":";
    out.number(secs);
    out << ',';
    json_count(out, t.total, secs);
    out << ",\"directions\":[";
    bool first_dir = true;
    for (int d = 0; d < kDirections; ++d) {
        if (!t.by_dir[d].packets) continue;
        out << (first_dir ? "" : ",") << "{\"direction\":\"" << kDirectionNames[d] << "\",";
        first_dir = false;
        json_count(out, t.by_dir[d], secs);
        out << ",\"types\":[";
        bool first = true;
        for (int k = 0; k < kTypeSlots; ++k) {
            if (!t.by_type[d][k].packets) continue;
            out << (first ? "" : ",") << "{\"type\":\"" << type_name(s, k) << "\",";
            if (k < kTypeSlots - 1) out << "\"code\":" << k << ',';
            json_count(out, t.by_type[d][k], secs);
            out << '}';
            first = false;
        }
        out << "]}";
    }
    out << ']';
}

void json_report(Output& out, const FileStats& fs) {
    const FileReport& rep = fs.rep;
    out << "{\"file\":\"";
    json_escape(out, rep.path);
    out << "\",";
    json_table(out, fs.traffic.file(), schema_of(rep, 1));
    out << ",\"conversations\":[";
    bool first = true;
    for (const auto& [id, c] : rep.convs) {
        if (!c.has_conv || id >= fs.traffic.conversations().size()) continue;
        out << (first ? "" : ",") << "{\"conversation\":" << id << ",\"client\":\""
            << capture::to_string(c.conv.client) << "\",\"server\":\"" << capture::to_string(c.conv.server)
            << "\",\"first_time\":";
        out.number(c.first_time);
        out << ',';
        json_table(out, fs.traffic.conversations()[id], schema_of(rep, id));
        out << '}';
        first = false;
    }
    out << ']';
    for (const auto& sec : fs.sections) sec->json(out, rep);
    out << ",\"chunks\":{";
    for (size_t i = 0; i < std::size(blank::stats::kChunkNodes); ++i)
        out << (i ? ",\"" : "\"") << blank::stats::kChunkNodes[i] << "\":" << fs.chunks.n[i];
    out << "},\"findings\":[";
    first = true;
    for (const auto& [key, count] : fs.findings) {
        out << (first ? "" : ",") << "{\"severity\":\"" << blank::severity_name(key.first) << "\",\"code\":\""
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

int run_stats(const std::vector<std::string>& files, const StatsOptions& opt) {
    Output out(stdout);
    int worst = kExitOk;
    bool first = true;
    for (const std::string& path : files) {
        const FileStats fs = collect(path, opt);
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
