#include "blank/blank_front_end.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "blank/blank_chunks.hpp"
#include "blank/blank_flows.hpp"
#include "blank/blank_report.hpp"
#include "blank/blank_settings.hpp"
#include "blank/blank_stats.hpp"
#include "blank/blank_synth.hpp"
#include "blank/blank_unit.hpp"
#include "blank/conversation_analyses.hpp"
#include "capture_stream.hpp"
#include "protocols/blank/inflate_queue.hpp"
#include "protocols/blank/protocol_info.hpp"
#include "protocols/blank/revision_detect.hpp"
#include "section_adapters.hpp"
#include "summary_table.hpp"

namespace blankshark {
namespace {

// decode -2's first pass: each conversation's silence, by its endpoints
// (the second pass numbers conversations anew).
using Silences = std::map<ConversationAnalyses::Endpoints, blank::Silence>;

class BlankPass final : public ProtocolPass {
public:
    explicit BlankPass(const PassSetup& s)
        : listener_(s.listener), first_pass_(s.first_pass), summaries_(s.summaries) {
        const auto& settings = *static_cast<const BlankSettings*>(s.settings_of(blank_front_end()));
        blank::AnalysisConfig cfg = settings.analysis;
        // check and stats report counts, not transmissions: the oldest ended ones can go.
        if (s.command == Command::Check || s.command == Command::Stats)
            cfg.chunks.keep_ended = std::min<size_t>(cfg.chunks.keep_ended, 256);
        if (s.first_pass) cfg.chunks.inflate = false;  // a silence is told by seqs and acks, not chunk contents
        // Where only counts and findings are read, chunks are inflated on
        // worker threads; decode and chunks show each as it completes.
        const bool counts = s.command == Command::Check || s.command == Command::Stats || s.command == Command::Report;
        if (counts && cfg.chunks.inflate) {
            const int threads = settings.inflate_threads >= 0 ? settings.inflate_threads : s.files_at_once > 1 ? 0 : 1;
            queue_ = std::make_unique<blank::InflateQueue>(unsigned(threads));
            cfg.inflate_queue = queue_.get();
        }
        analyses_.emplace(cfg);
        if (const void* e = s.earlier_of(blank_front_end())) analyses_->mark_silences(*static_cast<const Silences*>(e));
        flows_.emplace(s.stream, s.options.port_of(blank::protocol_info()), [this](const BlankPacket& p) { packet(p); });
    }

    UdpClaimant* udp() override { return &*flows_; }

    // What each conversation's analysis knows only at the end (chunks never
    // completed, a side that went silent, how it ended), at their frames;
    // then decode's closing line per conversation.
    void finish(uint64_t, double end_time) override {
        if (first_pass_) {
            silences_ = std::make_shared<Silences>();
            for (const Conversation* c : convs_)
                if (const auto& a = c ? analyses_->all()[c->id] : nullptr)
                    if (const blank::Silence q = a->seq().silence(last_time_); q)
                        silences_->emplace(ConversationAnalyses::Endpoints{c->client, c->server}, q);
            return;
        }
        struct End : core::FindingSink {
            std::vector<core::Finding> found;
            void add(const core::Finding& f) override { found.push_back(f); }
        };
        for (Conversation* c : convs_) {
            if (!c || !analyses_->all()[c->id]) continue;
            const auto& a = analyses_->all()[c->id];
            End end;
            a->finish(end_time, end);
            const std::shared_ptr<BlankSummary>* sum = summaries_.of(c);
            if (sum) (*sum)->finished();
            listener_.unit(BlankUnit(Unit::Kind::Note, c, end_time, &a, end.found.data(), end.found.size(), sum));
        }
        for (Conversation* c : convs_)
            if (c && analyses_->all()[c->id])
                listener_.unit(BlankUnit(Unit::Kind::Trailer, c, end_time, &analyses_->all()[c->id], nullptr, 0,
                                         summaries_.of(c)));
    }

    std::shared_ptr<const void> earlier() const override { return silences_; }

private:
    void packet(const BlankPacket& p) {
        last_time_ = p.time;
        const blank::FrameAnalysis* fa = analyses_->on_packet(p);
        const std::shared_ptr<blank::ConversationAnalysis>* a = nullptr;
        const std::shared_ptr<BlankSummary>* sum = nullptr;
        if (p.conv) {
            a = &analyses_->all()[p.conv->id];
            sum = summaries_.of(p.conv);
            if (convs_.size() <= p.conv->id) convs_.resize(p.conv->id + 1, nullptr);
            if (!convs_[p.conv->id]) {
                convs_[p.conv->id] = p.conv;
                if (sum) (*sum)->analysed_by(*a);
            }
        }
        listener_.unit(BlankUnit(p, *fa, a, sum));
    }

    UnitListener& listener_;
    bool first_pass_;
    SummaryTable<BlankSummary> summaries_;
    std::unique_ptr<blank::InflateQueue> queue_;  // outlives the analyses: they end first
    std::optional<ConversationAnalyses> analyses_;
    std::optional<BlankFlows> flows_;
    std::vector<Conversation*> convs_;  // by id (null: none): the end's findings in conversation order
    double last_time_ = 0;
    std::shared_ptr<Silences> silences_;
};

// Its stats table, chunk rows and report charts take its packets.
void feed_stats(BlankStats& t, const Unit& u) {
    if (u.kind == Unit::Kind::Packet) t.packet(static_cast<const BlankUnit&>(u));
}
void feed_chunks(BlankChunks& c, const Unit& u) {
    if (u.kind == Unit::Kind::Packet) c.packet(static_cast<const BlankUnit&>(u));
}

class BlankFrontEnd final : public FrontEnd {
public:
    const core::ProtocolInfo& info() const override { return blank::protocol_info(); }
    const char* title() const override { return "blank"; }
    const char* unit_name() const override { return "packets"; }
    const char* heuristic_text() const override { return "blank's tag"; }
    std::shared_ptr<Settings> settings() const override { return std::make_shared<BlankSettings>(); }
    void add_options(CLI::App& sub, Command command, Settings& s) const override;
    bool apply(Settings& s, std::string& error) const override;
    std::vector<OwnCommand> add_commands(CLI::App& app) const override {
        auto opt = std::make_shared<SynthOptions>();
        return {{add_synth_command(app, *opt), [opt] { return run_synth(*opt); }}};
    }
    bool two_pass() const override { return true; }
    std::unique_ptr<ProtocolPass> start(const PassSetup& s) const override { return std::make_unique<BlankPass>(s); }
    std::unique_ptr<StatsSection> stats() const override { return std::make_unique<StatsOf<BlankStats, feed_stats>>(); }
    std::unique_ptr<ChunksSection> chunks(const std::string& dir) const override {
        return std::make_unique<ChunksOf<BlankChunks, feed_chunks>>("blank chunk transmissions", dir);
    }
    std::unique_ptr<ReportSection> report(uint32_t max, const Settings* s) const override {
        return make_blank_report(max, s);
    }
};

std::string revision_names() {
    std::string names = "auto";
    for (const blank::Revision* r : blank::revisions()) names += std::string(", ") + r->name;
    return names;
}

void BlankFrontEnd::add_options(CLI::App& sub, Command command, Settings& settings) const {
    auto& s = static_cast<BlankSettings&>(settings);
    blank::AnalysisConfig& a = s.analysis;
    if (command == Command::Check) {
        sub.add_option("--silence", a.seq.silence, "blank: seconds without a packet from one side worth a note")
            ->capture_default_str();
        sub.add_option("--threads", s.inflate_threads,
                       "blank: threads inflating completed chunks while the file is read (0: the reading thread; "
                       "default: 1, and 0 with -j above 1, whose files already use the cores; the output is the "
                       "same whatever the number)")
            ->check(CLI::Range(0, 64));
        sub.add_flag("--no-inflate", s.no_inflate,
                     "blank: do not inflate chunks: a transmission with every byte counts as complete (faster; no "
                     "inflation findings, no chunk-size evidence for the revision)");
    }
    if (command == Command::Check || command == Command::Report)
        sub.add_option("--correction-warn", a.seq.correction_warn,
                       "blank: PlayerCorrection distance (blocks) above which a correction is a warning")
            ->capture_default_str();
    sub.add_option("--revision", s.revision,
                   "blank: protocol revision: auto (detected per conversation from packet lengths) or a game "
                   "commit: " + revision_names())
        ->capture_default_str();
    sub.add_option("--max-transmissions", a.chunks.max_live,
                   "blank: chunk transmissions reassembled at once per conversation (more: the oldest is dropped, "
                   "with a blank.chunk.limit finding)")
        ->capture_default_str();
    sub.add_option("--max-chunk-size", a.chunks.max_size, "blank: largest chunk data size accepted, in bytes")
        ->capture_default_str();
    sub.add_option("--seq-window", a.seq.window,
                   "blank: seqs remembered per direction for duplicate and reordering checks (further back: "
                   "blank.seq.far_back)")
        ->capture_default_str()
        ->check(CLI::Range(32u, 1u << 20));
}

bool BlankFrontEnd::apply(Settings& settings, std::string& error) const {
    auto& s = static_cast<BlankSettings&>(settings);
    if (s.no_inflate) s.analysis.chunks.inflate = false;
    if (s.revision == "auto") return true;
    s.analysis.revision = blank::find_revision(s.revision);
    if (!s.analysis.revision)
        error = "unknown revision '" + s.revision + "' (known: " + revision_names() + ")";
    return s.analysis.revision != nullptr;
}

}  // namespace

const FrontEnd& blank_front_end() {
    static const BlankFrontEnd fe;
    return fe;
}

[[maybe_unused]] const bool added = add_front_end(blank_front_end());

}  // namespace blankshark
