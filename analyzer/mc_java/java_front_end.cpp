#include "mc_java/java_front_end.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstring>
#include <vector>

#include "capture_stream.hpp"
#include "finding_forward.hpp"
#include "file_analysis.hpp"
#include "mc_java/java_charts.hpp"
#include "mc_java/java_chunks.hpp"
#include "mc_java/java_printers.hpp"
#include "mc_java/java_settings.hpp"
#include "mc_java/java_stats.hpp"
#include "mc_java/java_summary.hpp"
#include "protocols/mc_java/chunk_column.hpp"
#include "protocols/mc_java/inferred.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/mc_java/schema.hpp"
#include "section_adapters.hpp"
#include "summary_table.hpp"
#include "type_filter.hpp"

namespace blankshark {
namespace {

bool is_event(const mcjava::Packet& p) {
    return p.kind == mcjava::PacketKind::Encrypted || p.kind == mcjava::PacketKind::Undecoded;
}

// A packet (Packet), or findings of a connection outside its packets (Note):
// the TCP reassembler's, and the analyses' known only at its end.
class JavaUnit final : public Unit {
public:
    // `s`: the connection's summary, kept by the pass (null: none kept).
    // Bytes not decrypted (or that no release reads) are an event, not a
    // packet: decode shows them, nothing counts them as packets.
    JavaUnit(const JavaPacket& p, const std::shared_ptr<JavaSummary>* s)
        : Unit(java_front_end(), is_event(*p.packet) ? Kind::Event : Kind::Packet, p.conv, p.time),
          packet(&p),
          summary_(s) {}
    JavaUnit(Conversation* c, double t, const core::Finding* f, size_t n, const std::shared_ptr<JavaSummary>* s)
        : Unit(java_front_end(), Kind::Note, c, t), notes(f), nnotes(n), summary_(s) {}

    const JavaPacket* packet = nullptr;
    const core::Finding* notes = nullptr;
    size_t nnotes = 0;

    std::shared_ptr<ConversationSummary> summary() const override { return summary_ ? *summary_ : nullptr; }
    void findings(FindingOut& out) const override {
        if (!packet) {
            for (size_t i = 0; i < nnotes; ++i) out.add(notes[i]);
            return;
        }
        const mcjava::Packet& p = *packet->packet;
        FindingForward to{out, p.span.last.frame};
        for (uint8_t i = 0; i < p.nfindings; ++i) to.add(p.findings[i]);
        if (p.kind != mcjava::PacketKind::Packet || !p.data) return;
        core::decode(mcjava::schema(*p.version), p.data, p.data_len, p.context(), to);
        mcjava::ChunkSummary chunk;
        if (p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, "chunk_data") == 0 &&
            mcjava::summarize_chunk(p, chunk))
            for (uint8_t i = 0; i < chunk.nfindings; ++i) to.add(chunk.findings[i]);
    }
    bool matches(const TypeFilter& f) const override {
        const mcjava::Packet& p = *packet->packet;
        return f.matches(java_packet_name(p), nullptr, p.kind == mcjava::PacketKind::Packet ? p.summary.id : -1);
    }
    void print_summary(Output& out) const override { print_java_summary(out, *packet); }
    void print_tree(Output& out) const override { print_java_tree(out, *packet); }
    void print_json(Output& out) const override { print_java_json(out, *packet); }
    const char* rate_series() const override {
        const mcjava::Packet& p = *packet->packet;
        if (p.kind != mcjava::PacketKind::Packet) return nullptr;
        static const char* const kSeries[mcjava::kStateCount][2] = {
            {"handshaking C>S", "handshaking S>C"}, {"status C>S", "status S>C"},
            {"login C>S", "login S>C"}, {"play C>S", "play S>C"}, {"configuration C>S", "configuration S>C"}};
        return kSeries[size_t(p.state)][p.dir == core::Side::Client ? 0 : 1];
    }

private:
    const std::shared_ptr<JavaSummary>* summary_;
};

class JavaPass final : public ProtocolPass {
public:
    explicit JavaPass(const PassSetup& s)
        : listener_(s.listener),
          stream_(s.stream),
          summaries_(s.summaries),
          flows_([&stream = s.stream](const tcp::Connection& c,
                                      uint64_t frame) { return stream.add_conversation(c.client(), c.server(), frame, &java_front_end()); },
                 [this](const JavaPacket& p) { packet(p); },
                 [this](const JavaConnection& c, const tcp::FindingInfo& f) { tcp_finding(c, f); },
                 [this](JavaConnection& c) { closed(c); }) {
        const auto& settings = *static_cast<const JavaSettings*>(s.settings_of(java_front_end()));
        flows_.set_analysis(settings.analysis);
        flows_.set_key_log(settings.keys.get());
        flows_.set_release(settings.release);
        flows_.let_go(s.let_go);
        flows_.on_no_room([&stream = s.stream] { stream.conversation_dropped(); });
    }

    tcp::Sink* tcp() override { return &flows_; }

    // Every connection was closed by the end of the transport (the capture's
    // end closes those still open); those whose release waited for the
    // others end now.
    void finish(uint64_t, double) override { flows_.finish(); }

private:
    // A connection ended: what its analysis knows only now (requests never
    // answered, light for columns that never arrived), at their frames;
    // then what only the live analysis needed is let go, so a capture of
    // many connections keeps counters, not maps, for those that ended; and
    // its summary goes to whoever took it (check writes it now).
    void closed(JavaConnection& jc) {
        if (!jc.conv) return;
        struct End : mcjava::EndFindings {
            std::vector<core::Finding> found;
            void add(const core::Finding& f) override { found.push_back(f); }
        };
        const std::shared_ptr<JavaSummary>* sum = summaries_.of(jc.conv);
        if (sum) (*sum)->close(jc);
        End end;
        jc.analysis->finish(end);
        listener_.unit(JavaUnit(jc.conv, 0, end.found.data(), end.found.size(), sum));
        jc.analysis->release();
        summaries_.drop(jc.conv);
        stream_.ended(*jc.conv);
        listener_.ended(*jc.conv);
    }

    void packet(const JavaPacket& p) {
        const std::shared_ptr<JavaSummary>* sum = p.conv ? summaries_.of(p.conv) : nullptr;
        if (sum) (*sum)->packet(p);
        listener_.unit(JavaUnit(p, sum));
    }
    void tcp_finding(const JavaConnection& c, const tcp::FindingInfo& f) {
        if (!c.conv) return;
        const core::Finding g = tcp::core_finding(f);
        listener_.unit(JavaUnit(c.conv, f.time, &g, 1, summaries_.of(c.conv)));
    }

    UnitListener& listener_;
    CaptureStream& stream_;
    SummaryTable<JavaSummary> summaries_;
    JavaFlows flows_;
};

// Its stats table and chunk columns take its packets (not undecrypted bytes, not notes).
void feed_stats(JavaTraffic& t, const Unit& u) {
    if (u.kind == Unit::Kind::Packet) t.add(*static_cast<const JavaUnit&>(u).packet);
}
void feed_chunks(JavaChunks& c, const Unit& u) {
    if (u.kind == Unit::Kind::Packet) c.packet(*static_cast<const JavaUnit&>(u).packet);
}

// The timelines of each connection's analysis, for the first `max` connections.
class JavaReportSection final : public ReportSection {
public:
    explicit JavaReportSection(uint32_t max) : max_(max) {}
    void unit(const Unit&) override {}
    bool chart(Output& out, uint32_t, const ConversationSummary& summary, double t0, double t1) override {
        const auto* js = dynamic_cast<const JavaSummary*>(&summary);
        if (!js || !js->analysis() || charted_ >= max_) return false;
        ++charted_;
        java_charts(out, *js->analysis(), t0, t1);
        return true;
    }

private:
    uint32_t max_;
    uint32_t charted_ = 0;
};

class JavaFrontEnd final : public FrontEnd {
public:
    const core::ProtocolInfo& info() const override { return mcjava::protocol_info(); }
    const char* title() const override { return "Minecraft Java"; }
    const char* unit_name() const override { return "packets"; }
    const char* heuristic_text() const override { return "a Minecraft Java Handshake"; }
    const char* rate_title() const override { return "Minecraft Java packets per second by state and direction"; }
    std::unique_ptr<ReportSection> report(uint32_t max, const Settings*) const override {
        return std::make_unique<JavaReportSection>(max);
    }
    std::shared_ptr<Settings> settings() const override { return std::make_shared<JavaSettings>(); }
    void add_options(CLI::App& sub, Command command, Settings& s) const override;
    bool apply(Settings& s, std::string& error) const override;
    std::unique_ptr<ProtocolPass> start(const PassSetup& s) const override { return std::make_unique<JavaPass>(s); }
    std::unique_ptr<StatsSection> stats() const override { return std::make_unique<StatsOf<JavaTraffic, feed_stats>>(); }
    std::unique_ptr<ChunksSection> chunks(const std::string& dir) const override {
        return std::make_unique<ChunksOf<JavaChunks, feed_chunks>>("Minecraft Java chunk columns", dir);
    }
    const KeyLogForms* key_log_forms() const override {
        static const KeyLogForms forms{"Minecraft Java", "mcjava", "secret",
                                       "SHARED_SECRET <encrypted shared secret> <shared secret>, or MC_Dissector's "
                                       "<verify token> <shared secret> (docs/minecraft-java.md)"};
        return &forms;
    }
    std::function<const char*(const core::KeyLogLine&)> key_log_taker(Settings& s) const override;
    KeyLogCounts key_log_counts(const Settings* settings) const override {
        const auto* s = static_cast<const JavaSettings*>(settings);
        if (!s || !s->keys) return {};
        return {s->keys->entries().size(), s->keys->used()};
    }
};

std::function<const char*(const core::KeyLogLine&)> JavaFrontEnd::key_log_taker(Settings& settings) const {
    auto& s = static_cast<JavaSettings&>(settings);
    s.keys = std::make_shared<mcjava::KeyLog>();
    return [keys = s.keys.get()](const core::KeyLogLine& l) { return keys->take(l); };
}

void JavaFrontEnd::add_options(CLI::App& sub, Command command, Settings& settings) const {
    auto& s = static_cast<JavaSettings&>(settings);
    if (command == Command::Check) {
        sub.add_option("--teleport-threshold", s.analysis.teleport_threshold,
                       "Minecraft Java: distance (blocks) between the client's last position and a teleport's "
                       "target above which the teleport is a warning (mcjava.teleport.far; after the client's own "
                       "command, a comment)")
            ->capture_default_str();
        sub.add_option("--keepalive-slow", s.analysis.keepalive_slow,
                       "Minecraft Java: seconds above which a Keep Alive answer is lag, a warning "
                       "(mcjava.keepalive.slow; 0: off)")
            ->capture_default_str();
        sub.add_option("--keepalive-window", s.analysis.keepalive_window,
                       "Minecraft Java: seconds after which a Keep Alive answer is late (the vanilla kick window)")
            ->capture_default_str();
    }
    sub.add_option("--mcjava-release", s.release_text,
                   "Minecraft Java: the release of connections whose Handshake was not captured (a capture started "
                   "late), a release (1.20.4) or a protocol number (765); their states and compression are still "
                   "inferred. Default: inferred from the packets");
}

// The release --mcjava-release names.
bool JavaFrontEnd::apply(Settings& settings, std::string& error) const {
    auto& s = static_cast<JavaSettings&>(settings);
    if (!s.release_text.empty()) {
        s.release = mcjava::find_release(s.release_text);
        if (!s.release) {
            const auto& all = mcjava::versions();
            error = "--mcjava-release " + s.release_text + ": no release of Minecraft Java has that name or protocol "
                    "number (known: " + mcjava::range_name(~mcjava::VersionSet(0)) + ", protocols " +
                    std::to_string(all.front()->protocol) + " to " + std::to_string(all.back()->protocol) + ")";
            return false;
        }
    }
    return true;
}

}  // namespace

const FrontEnd& java_front_end() {
    static const JavaFrontEnd fe;
    return fe;
}

[[maybe_unused]] const bool added = add_front_end(java_front_end());

}  // namespace blankshark
