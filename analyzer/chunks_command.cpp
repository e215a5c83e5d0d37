#include "chunks_command.hpp"

#include <cstdio>
#include <memory>
#include <vector>

#include "conversation_analyses.hpp"
#include "exit_codes.hpp"
#include "front_end.hpp"
#include "output.hpp"
#include "protocol_passes.hpp"

namespace blankshark {
namespace {

struct Ignore : blank::FindingSink {
    void add(const blank::Finding&) override {}
};

std::string missing_text(const blank::Transmission& t) {
    std::string s;
    for (const blank::ByteRange& r : t.missing()) {
        if (!s.empty()) s += ',';
        s += std::to_string(r.begin) + "-" + std::to_string(r.end);
    }
    return s;
}

std::string coords_text(const blank::Transmission& t) {
    if (!t.begin_seen) return "?";
    return "(" + std::to_string(t.coords[0]) + "," + std::to_string(t.coords[1]) + "," + std::to_string(t.coords[2]) +
           ")";
}

// "chunk_x-1_y0_z2_c1_t17.bin": coordinates, conversation, transmission id.
bool extract(const std::string& dir, uint32_t conv, const blank::Transmission& t, const std::vector<uint8_t>& data) {
    char name[160];
    std::snprintf(name, sizeof name, "/chunk_x%d_y%d_z%d_c%u_t%u.bin", t.coords[0], t.coords[1], t.coords[2], conv,
                  t.id);
    std::FILE* f = std::fopen((dir + name).c_str(), "wb");
    if (!f) return false;
    const bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
    return std::fclose(f) == 0 && ok;
}

void row_text(Output& out, uint32_t conv, const blank::Transmission& t) {
    const double duration = t.last_time - t.first_time;
    char buf[512];
    std::snprintf(buf, sizeof buf, "%4u %5u %10u %-14s %6u %7u %6u %6u %4u %6u %8llu %8llu %9.3f  %s", conv, t.number,
                  t.id, coords_text(t).c_str(), t.size, t.inflated_size, t.pieces, t.resent + t.begins_resent,
                  t.duplicates, unsigned(t.rerequest_frame), (unsigned long long)t.first_frame,
                  (unsigned long long)(t.complete_frame ? t.complete_frame : t.last_frame), duration,
                  blank::tx_state_name(t.state));
    out << buf;
    if (t.state == blank::TxState::Incomplete && !t.begin_seen) {
        out << " (" << (t.end_reason ? t.end_reason : "") << "; size unknown)";
    } else if (t.state == blank::TxState::Incomplete) {
        out << " (" << (t.end_reason ? t.end_reason : "") << "; missing " << missing_text(t) << ")";
    } else if (t.state == blank::TxState::Failed) {
        out << " (" << (t.end_reason ? t.end_reason : "") << ")";
    }
    if (t.data_before_begin) out << " [data before begin]";
    out << '\n';
}

void row_json(Output& out, uint32_t conv, const char* revision, const blank::Transmission& t) {
    out << "{\"conversation\":" << conv << ",\"revision\":\"" << revision << "\",\"number\":" << t.number << ",\"id\":" << t.id
        << ",\"begin_seen\":" << (t.begin_seen ? "true" : "false");
    if (t.begin_seen)
        out << ",\"coords\":[" << t.coords[0] << ',' << t.coords[1] << ',' << t.coords[2] << "],\"compressed\":"
            << (t.compressed() ? "true" : "false");
    out << ",\"size\":" << t.size << ",\"inflated_size\":" << t.inflated_size << ",\"pieces\":" << t.pieces
        << ",\"resent_pieces\":" << t.resent << ",\"resent_begins\":" << t.begins_resent
        << ",\"duplicates\":" << t.duplicates << ",\"rerequest_frame\":" << t.rerequest_frame
        << ",\"begin_frame\":" << t.begin_frame << ",\"first_frame\":" << t.first_frame
        << ",\"last_frame\":" << t.last_frame << ",\"complete_frame\":" << t.complete_frame << ",\"duration\":";
    out.fixed(t.last_time - t.first_time, 6);
    out << ",\"data_before_begin\":" << (t.data_before_begin ? "true" : "false") << ",\"state\":\""
        << blank::tx_state_name(t.state) << "\",\"reason\":\"" << (t.end_reason ? t.end_reason : "")
        << "\",\"missing\":[";
    bool first = true;
    for (const blank::ByteRange& r : t.missing()) {
        if (!first) out << ',';
        first = false;
        out << '[' << r.begin << ',' << r.end << ']';
    }
    out << ']';
    if (t.contents.valid)
        out << ",\"contents\":{\"non_empty\":" << t.contents.non_empty << ",\"distinct_types\":"
            << t.contents.distinct_types << ",\"light_min\":" << unsigned(t.contents.light_min)
            << ",\"light_max\":" << unsigned(t.contents.light_max) << '}';
    out << "}\n";
}

}  // namespace

int run_chunks(const std::string& path, const ChunksOptions& opt) {
    ConversationAnalyses analyses(opt.analysis);
    CaptureStream stream(opt.stream);
    // The other protocols' chunk data, each under its own header.
    struct Sections : UnitListener {
        std::vector<std::unique_ptr<ChunksSection>> all;  // in front_ends() order
        void unit(const Unit& u) override { all[front_end_index(u.front_end)]->unit(u); }
    } sections;
    for (const FrontEnd* fe : front_ends()) sections.all.push_back(fe->chunks(opt.extract_dir));
    size_t extracted = 0, extract_failed = 0;
    double last_time = 0;
    PassSetup setup{stream, opt.stream, sections};
    setup.summaries = false;
    ProtocolPasses passes(setup);
    const StreamResult r = passes.run(path, [&](const BlankPacket& p) {
        last_time = p.time;
        const blank::FrameAnalysis* fa = analyses.on_packet(p);
        if (opt.extract_dir.empty() || !fa || !fa->chunk.completed || fa->chunk.tx->state != blank::TxState::Complete)
            return;
        const auto* data = fa->chunk.inflated ? fa->chunk.inflated : fa->chunk.reassembled;
        (extract(opt.extract_dir, p.conv->id, *fa->chunk.tx, *data) ? extracted : extract_failed)++;
    });
    size_t others = 0;
    for (const auto& sec : sections.all) {
        extracted += sec->extracted();
        extract_failed += sec->extract_failed();
        others += sec->count();
    }
    Ignore ignore;
    for (auto& a : analyses.all())
        if (a) a->finish(last_time, ignore);

    Output out(stdout);
    // Each protocol's table under its own header, only where it has traffic
    // (blank's header and totals as they always read).
    const bool blank = passes.blank_packets() > 0;
    if (!opt.json && blank)
        out << "conv    tx         id coords           size inflated pieces resent  dup rereq    first     last  "
               "duration  state\n";
    size_t complete = 0, total = 0;
    for (size_t id = 0; id < analyses.all().size(); ++id) {
        if (!analyses.all()[id]) continue;
        for (const blank::Transmission& t : analyses.all()[id]->chunks().transmissions()) {
            ++total;
            complete += t.state == blank::TxState::Complete;
            if (opt.json) row_json(out, uint32_t(id), analyses.all()[id]->revision().name, t);
            else row_text(out, uint32_t(id), t);
        }
    }
    if (!opt.json && blank) {
        out << total << " transmissions, " << complete << " complete\n";
        for (size_t id = 0; id < analyses.all().size(); ++id)
            if (const auto& a = analyses.all()[id])
                out << "conversation " << id << ": revision " << a->revision_text() << '\n';
    }
    for (const auto& sec : sections.all) {
        if (opt.json) sec->json(out);
        else sec->text(out);
    }
    if (!opt.json) {
        if (r != StreamResult::OpenError && !blank && !others) {
            out << "no chunk data (blank chunk transmissions";
            for (const auto& sec : sections.all) out << ", " << sec->what();
            out << ") in " << stream.stats().frames << " frames, " << stream.conversations().size()
                << " conversations\n";
        }
        if (r == StreamResult::OpenError) out << "error: " << stream.error() << '\n';
        if (r == StreamResult::ReadError)
            out << "error: not read completely (transmissions before it are listed): " << stream.error() << '\n';
    }
    out.flush();
    if (!opt.extract_dir.empty())
        std::fprintf(stderr, "blankshark: %zu chunks written to %s%s\n", extracted, opt.extract_dir.c_str(),
                     extract_failed ? " (some could not be written)" : "");
    if (r != StreamResult::Ok) {
        std::fprintf(stderr, "blankshark: %s\n", stream.error().c_str());
        return exit_code(r);
    }
    return extract_failed ? kExitCannotRead : kExitOk;
}

}  // namespace blankshark
