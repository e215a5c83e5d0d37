#include "file_analysis.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "capture_findings.hpp"
#include "front_end.hpp"
#include "protocol_passes.hpp"
#include "tcp/tcp_finding.hpp"

namespace blankshark {

uint64_t conversations(const FileReport& rep) { return rep.convs.size() - rep.convs.count(0) + rep.ended; }

bool recognised(const FileReport& rep) {
    if (rep.result == StreamResult::OpenError) return true;
    if (rep.ended) return true;
    for (const auto& [id, c] : rep.convs)
        if (c.has_conv) return true;
    uint64_t units = 0;
    for (uint64_t n : rep.units) units += n;
    return units > 0;
}

FilePosition position(const FileReport& rep, uint64_t frame) {
    for (const FileSpan& f : rep.files)
        if (frame >= f.first_frame && frame < f.first_frame + f.frames) return {&f.path, frame - f.first_frame + 1};
    return {&rep.path, frame};
}

std::string files_text(const FileReport& rep) {
    if (rep.files.size() < 2) return "";
    std::string s = std::to_string(rep.files.size()) + " files read as one capture: frames ";
    for (size_t i = 0; i < rep.files.size(); ++i) {
        const FileSpan& f = rep.files[i];
        s += (i ? ", " : "") + std::to_string(f.first_frame) + "-" + std::to_string(f.first_frame + f.frames - 1) +
             " " + f.path;
    }
    return s;
}

std::string found_text(const FileReport& rep) {
    std::string s;
    for (size_t i = 0; i < front_ends().size() && i < rep.units.size(); ++i)
        if (rep.units[i])
            s += (s.empty() ? "" : ", ") + std::to_string(rep.units[i]) + " " + front_ends()[i]->title() + " " +
                 front_ends()[i]->unit_name();
    return s.empty() ? "nothing recognised" : s;
}

namespace {

// Collects what decoding and analysis found, each finding with its frame.
struct Collector : core::FindingSink {
    FindingList* out = nullptr;
    bool comments = false;
    void add(const core::Finding& f) override {
        if (!out) return;
        if (!comments && f.severity() == core::Severity::Comment) return;
        out->push_back(f);
    }
};

// Every unit: its conversation's report (made at its first unit, with its
// summary; units without a conversation, past the limit, go to id 0), its
// packets counted, every finding.
struct UnitCollector : UnitListener {
    FileReport& rep;
    Collector& col;
    const UnitObserver& observe;
    CaptureStream& stream;
    const FileAnalysisOptions& opt;
    const FrontEnd* last_fe = nullptr;
    uint64_t* last_count = nullptr;
    uint32_t last_id = ~0u;
    ConvReport* last = nullptr;
    UnitCollector(FileReport& r, Collector& c, const UnitObserver& o, CaptureStream& s,
                  const FileAnalysisOptions& fo)
        : rep(r), col(c), observe(o), stream(s), opt(fo) {}

    void unit(const Unit& u) override {
        ConvReport& c = report_of(u);
        if (!c.has_conv && u.conv) {
            c.has_conv = true;
            c.conv = *u.conv;
            c.first_time = u.time;
            c.summary = u.summary();
        }
        if (u.kind == Unit::Kind::Packet) {
            if (u.conv) c.conv.packets = ++u.conv->packets;
            c.last_time = u.time;
            if (u.time > rep.end_time) rep.end_time = u.time;
            ++count(u.front_end);
        }
        col.out = &c.findings;
        u.findings(col);
        if (observe && u.kind != Unit::Kind::Note) observe(u);
    }
    // Handed on, then let go: what stays of it is the count.
    void ended(Conversation& conv) override {
        if (!opt.ended) return;
        const auto it = rep.convs.find(conv.id);
        if (it == rep.convs.end()) return stream.release(&conv);
        ConvReport& c = it->second;
        finish(c);
        // Where its findings' frames are (a ring buffer's files read so far).
        const std::vector<FileSpan>& files = stream.files();
        if (rep.files.size() == files.size() && !files.empty()) rep.files.back().frames = files.back().frames;
        else rep.files = files;
        opt.ended(conv.id, c, rep);
        rep.convs.erase(it);
        ++rep.ended;
        last_id = ~0u;
        stream.release(&conv);  // nothing holds it now (PassSetup::let_go)
    }
    // Its findings in frame order, its span its transport's.
    void finish(ConvReport& c) {
        c.findings.finish();
        if (c.summary && c.summary->span(c.first_time, c.last_time) && c.last_time > rep.end_time)
            rep.end_time = c.last_time;
    }
    ConvReport& report_of(const Unit& u) {
        const uint32_t id = u.conv ? u.conv->id : 0;
        if (id != last_id) {  // consecutive units mostly share a conversation
            last = &rep.convs[id];
            last->findings.attach(rep.spill);
            last_id = id;
        }
        return *last;
    }
    uint64_t& count(const FrontEnd& fe) {
        if (&fe != last_fe) {  // consecutive units mostly share a protocol
            last_fe = &fe;
            last_count = &rep.units[front_end_index(fe)];
        }
        return *last_count;
    }
};

}  // namespace

FileReport analyse_file(const CaptureFiles& files, const FileAnalysisOptions& opt, const UnitObserver& observe) {
    FileReport rep;
    rep.path = files.name();
    rep.is_set = files.is_set();
    size_t in_memory = SpillFile::kDefaultMemory;
    if (const char* e = std::getenv("BLANKSHARK_FINDINGS_IN_MEMORY")) in_memory = std::strtoull(e, nullptr, 10);  // tests
    rep.spill = std::make_shared<SpillFile>(in_memory);
    CaptureStream stream(opt.stream);
    Collector col;
    col.comments = opt.comments;
    rep.units.assign(front_ends().size() + 1, 0);  // (one past: a front end not listed)
    UnitCollector units(rep, col, observe, stream, opt);
    PassSetup setup{stream, opt.stream, units, opt.command};
    setup.files_at_once = opt.files_at_once;
    setup.let_go = bool(opt.ended);
    ProtocolPasses passes(setup);
    rep.result = passes.run(files);
    passes.finish(stream.stats().frames, rep.end_time);
    passes.keep(rep.kept);
    rep.error = stream.error();
    rep.error_path = stream.error_path();
    rep.files = stream.files();
    rep.error_frame = stream.error_frame();
    rep.error_offset = stream.error_offset();
    rep.stats = stream.stats();
    // Findings of the capture, not of a conversation: what a limit left out.
    auto capture_finding = [&](core::Code code, uint64_t frame, int64_t a, int64_t b) {
        core::Finding f{code, 0, 0, a, b};
        f.frame = frame;
        rep.convs[0].findings.attach(rep.spill);
        rep.convs[0].findings.push_back(f);
    };
    if (rep.stats.conversations_dropped)
        capture_finding(conversation_limit(), rep.stats.first_dropped_frame, int64_t(opt.stream.max_conversations),
                        int64_t(rep.stats.conversations_dropped));
    // The TCP connection limit, once for the capture: a connection not
    // followed belongs to no conversation.
    if (const tcp::ReassemblerStats* t = passes.tcp_stats(); t && t->connection_limit_hits)
        capture_finding(tcp::core_code(tcp::Finding::ConnectionLimit), t->first_untracked_frame,
                        int64_t(t->open_at_limit), int64_t(t->untracked_segments));
    for (auto& [id, c] : rep.convs) units.finish(c);
    return rep;
}

}  // namespace blankshark
