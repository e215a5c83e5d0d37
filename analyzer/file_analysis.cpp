#include "file_analysis.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "front_end.hpp"
#include "protocol_passes.hpp"

namespace blankshark {

bool recognised(const FileReport& rep) {
    if (rep.result == StreamResult::OpenError) return true;
    for (const auto& [id, c] : rep.convs)
        if (c.has_conv) return true;
    uint64_t units = 0;
    for (uint64_t n : rep.units) units += n;
    return rep.blank + units > 0;
}

std::string found_text(const FileReport& rep, const std::string& blank) {
    std::string s = blank;
    const auto add = [&s](uint64_t n, const std::string& what) {
        if (n) s += (s.empty() ? "" : ", ") + std::to_string(n) + what;
    };
    for (size_t i = 0; i < front_ends().size() && i < rep.units.size(); ++i)
        add(rep.units[i], std::string(" ") + front_ends()[i]->title() + " " + front_ends()[i]->unit_name());
    return s.empty() ? "nothing recognised" : s;
}
namespace {

using blank::Finding;
using blank::Severity;

// Collects what decoding and analysis found, with frame numbers.
struct Collector : core::FindingSink {
    FindingList* out = nullptr;
    uint64_t frame = 0;
    bool comments = false;
    void add(const Finding& f) override {
        if (!out) return;
        if (!comments && f.severity() == Severity::Comment) return;
        Finding g = f;
        if (!g.frame) g.frame = frame;
        out->push_back(g);
    }
    // As a decoder visitor: only the findings.
    static constexpr bool kFindingsOnly = true;
    void open(const blank::Item&) {}
    void leaf(const blank::Item&) {}
    void close() {}
    void finding(const Finding& f) { add(f); }
};

// The other protocols' units: each conversation's report (made at its
// first unit, with its summary), its packets counted, every finding.
struct UnitCollector : UnitListener {
    FileReport& rep;
    Collector& col;
    const UnitObserver& observe;
    const FrontEnd* last_fe = nullptr;
    uint64_t* last_count = nullptr;
    UnitCollector(FileReport& r, Collector& c, const UnitObserver& o) : rep(r), col(c), observe(o) {}

    void unit(const Unit& u) override {
        if (!u.conv) return;
        ConvReport& c = rep.convs[u.conv->id];
        if (!c.has_conv) {
            c.has_conv = true;
            c.conv = *u.conv;
            c.first_time = u.time;
            c.findings.attach(rep.spill);
            c.summary = u.summary();
        }
        if (u.kind == Unit::Kind::Packet) {
            c.conv.packets = ++u.conv->packets;
            c.last_time = u.time;
            if (u.time > rep.end_time) rep.end_time = u.time;
            ++count(u.front_end);
        }
        col.out = &c.findings;
        u.findings(col);
        if (observe && u.kind != Unit::Kind::Note) observe(u);
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

FileReport analyse_file(const std::string& path, const FileAnalysisOptions& opt, const PacketObserver& observe,
                        const UnitObserver& observe_units) {
    FileReport rep;
    rep.path = path;
    size_t in_memory = SpillFile::kDefaultMemory;
    if (const char* e = std::getenv("BLANKSHARK_FINDINGS_IN_MEMORY")) in_memory = std::strtoull(e, nullptr, 10);  // tests
    rep.spill = std::make_shared<SpillFile>(in_memory);
    blank::AnalysisConfig cfg = opt.analysis;
    if (opt.inflate_threads >= 0 && cfg.chunks.inflate) {
        rep.inflate_queue = std::make_unique<blank::InflateQueue>(unsigned(opt.inflate_threads));
        cfg.inflate_queue = rep.inflate_queue.get();
    }
    rep.analyses = std::make_unique<ConversationAnalyses>(cfg);
    CaptureStream stream(opt.stream);
    Collector col;
    col.comments = opt.comments;
    ConvReport* last = nullptr;
    uint32_t last_id = ~0u;
    rep.units.assign(front_ends().size() + 1, 0);  // (one past: a front end not listed)
    UnitCollector units(rep, col, observe_units);
    PassSetup setup{stream, opt.stream, units};
    setup.java = opt.java;
    ProtocolPasses passes(setup);
    rep.result = passes.run(path, [&](const BlankPacket& p) {
        const uint32_t id = p.conv ? p.conv->id : 0;
        if (id != last_id) {  // consecutive packets mostly share a conversation
            last = &rep.convs[id];
            last->findings.attach(rep.spill);
            last_id = id;
        }
        ConvReport& c = *last;
        if (!c.has_conv && p.conv) {
            c.has_conv = true;
            c.conv = *p.conv;
            c.first_time = p.time;
        }
        c.last_time = p.time;
        rep.end_time = p.time;
        col.out = &c.findings;
        col.frame = p.frame->number;
        const blank::FrameAnalysis* fa = rep.analyses->on_packet(p);
        blank::decode(*fa->schema, p.data, p.len, col);
        for (uint8_t i = 0; i < fa->nfindings; ++i) col.add(fa->findings[i]);
        for (uint32_t i = 0; i < fa->nearlier; ++i) col.add(fa->earlier[i]);  // deferred inflation
        if (observe) observe(p, fa->type, *fa, rep.analyses->of(p));
    });
    col.frame = 0;
    passes.finish(stream.stats().frames, rep.end_time);
    passes.keep(rep.kept);
    rep.error = stream.error();
    rep.error_frame = stream.error_frame();
    rep.error_offset = stream.error_offset();
    rep.stats = stream.stats();
    rep.blank = passes.blank_packets();
    if (rep.stats.conversations_dropped) {
        Finding f{blank::FindingCode::ConversationLimit, 0, 0, int64_t(opt.stream.max_conversations),
                  int64_t(rep.stats.conversations_dropped)};
        f.frame = rep.stats.first_dropped_frame;
        rep.convs[0].findings.attach(rep.spill);
        rep.convs[0].findings.push_back(f);
    }
    for (size_t id = 0; id < rep.analyses->all().size(); ++id) {
        auto& a = rep.analyses->all()[id];
        if (!a) continue;
        col.out = &rep.convs[uint32_t(id)].findings;
        col.out->attach(rep.spill);
        col.frame = 0;
        a->finish(rep.end_time, col);
        rep.convs[uint32_t(id)].silence = a->seq().final_silence();
    }
    for (auto& [id, c] : rep.convs) c.findings.finish();
    return rep;
}

}  // namespace blankshark
