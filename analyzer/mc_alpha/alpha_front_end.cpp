#include "mc_alpha/alpha_front_end.hpp"

#include <deque>
#include <vector>

#include "capture_stream.hpp"
#include "finding_forward.hpp"
#include "mc_alpha/alpha_charts.hpp"
#include "mc_alpha/alpha_chunks.hpp"
#include "mc_alpha/alpha_printers.hpp"
#include "mc_alpha/alpha_stats.hpp"
#include "mc_alpha/alpha_summary.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "section_adapters.hpp"
#include "summary_table.hpp"
#include "type_filter.hpp"

namespace blankshark {
namespace {

// A message (Packet), a connection event (Event), or findings of a
// connection outside its messages (Note: the TCP reassembler's; none for a
// connection that ended without a message).
class AlphaUnit final : public Unit {
public:
    // `s`: the connection's summary, kept by the pass (null: none kept).
    AlphaUnit(const AlphaMessage& m, const std::shared_ptr<AlphaSummary>* s)
        : Unit(alpha_front_end(), m.msg ? Kind::Packet : Kind::Event, m.conv, m.time), message(&m), summary_(s) {}
    AlphaUnit(Conversation* c, double t, const core::Finding* f, const std::shared_ptr<AlphaSummary>* s)
        : Unit(alpha_front_end(), Kind::Note, c, t), note(f), summary_(s) {}

    const AlphaMessage* message = nullptr;
    const core::Finding* note = nullptr;

    std::shared_ptr<ConversationSummary> summary() const override { return summary_ ? *summary_ : nullptr; }
    void findings(FindingOut& out) const override {
        if (note) return out.add(*note);
        if (!message) return;
        if (!message->msg) return FindingForward{out, message->event->frame}.add(*message->event);
        const mcalpha::Message& m = *message->msg;
        FindingForward to{out, m.span.last.frame};
        if (m.kind == mcalpha::MessageKind::Message) core::decode(mcalpha::schema(), m.data, m.len, m.context(), to);
        for (uint8_t i = 0; i < m.nfindings; ++i) to.add(m.findings[i]);
    }
    bool matches(const TypeFilter& f) const override {
        const mcalpha::Message& m = *message->msg;
        AlphaName name;
        return f.matches(alpha_message_name(m, name), nullptr,
                         m.kind == mcalpha::MessageKind::Message ? m.summary.id : -1);
    }
    void print_summary(Output& out) const override {
        if (message->msg) print_alpha_summary(out, *message);
        else print_alpha_event(out, *message, false);
    }
    void print_tree(Output& out) const override {
        if (message->msg) print_alpha_tree(out, *message);
        else print_alpha_event(out, *message, false);
    }
    void print_json(Output& out) const override {
        if (message->msg) print_alpha_json(out, *message);
        else print_alpha_event(out, *message, true);
    }
    const char* rate_series() const override {
        if (!message->msg) return nullptr;
        return message->msg->dir == core::Side::Client ? "C>S" : "S>C";
    }

private:
    const std::shared_ptr<AlphaSummary>* summary_;
};

class AlphaPass final : public ProtocolPass {
public:
    explicit AlphaPass(const PassSetup& s)
        : listener_(s.listener),
          stream_(s.stream),
          summaries_(s.summaries),
          flows_([&stream = s.stream](const tcp::Connection& c,
                                      uint64_t frame) { return stream.add_conversation(c.client(), c.server(), frame, &alpha_front_end()); },
                 [this](const AlphaMessage& m) { message(m); },
                 [this](const AlphaConnection& c, const tcp::FindingInfo& f) { tcp_finding(c, f); },
                 [this](AlphaConnection& c) { closed(c); }) {
        flows_.let_go(s.let_go);
        flows_.on_no_room([&stream = s.stream] { stream.conversation_dropped(); });
    }

    tcp::Sink* tcp() override { return &flows_; }

    // Every connection was closed by the end of the transport (the capture's
    // end closes those still open).
    void finish(uint64_t, double) override {}
    // A Kick's reason, which its finding points into, lives in the connection.
    std::shared_ptr<void> keep() override {
        return std::make_shared<std::vector<std::unique_ptr<AlphaConnection>>>(flows_.release_connections());
    }

private:
    // A connection ended: its summary learns how, and goes to whoever took
    // it (check writes it now).
    void closed(const AlphaConnection& ac) {
        if (!ac.conv) return;
        const std::shared_ptr<AlphaSummary>* sum = summaries_.of(ac.conv);
        if (sum) (*sum)->close(ac);
        // A connection without a message still has its summary.
        listener_.unit(AlphaUnit(ac.conv, ac.last_time, nullptr, sum));
        summaries_.drop(ac.conv);
        stream_.ended(*ac.conv);
        listener_.ended(*ac.conv);
    }
    void message(const AlphaMessage& m) {
        const std::shared_ptr<AlphaSummary>* sum = m.conv ? summaries_.of(m.conv) : nullptr;
        if (sum && m.msg) (*sum)->message(*m.msg);
        listener_.unit(AlphaUnit(m, sum));
    }
    void tcp_finding(const AlphaConnection& c, const tcp::FindingInfo& f) {
        if (!c.conv) return;
        const core::Finding g = tcp::core_finding(f);
        listener_.unit(AlphaUnit(c.conv, f.time, &g, summaries_.of(c.conv)));
    }

    UnitListener& listener_;
    CaptureStream& stream_;
    SummaryTable<AlphaSummary> summaries_;
    AlphaFlows flows_;
};

// Its stats table takes its messages; its chunks table messages and events.
void feed_stats(AlphaTraffic& t, const Unit& u) {
    if (u.kind == Unit::Kind::Packet) t.add(*static_cast<const AlphaUnit&>(u).message);
}
void feed_chunks(AlphaChunks& c, const Unit& u) {
    if (const AlphaMessage* m = static_cast<const AlphaUnit&>(u).message) c.message(*m);
}
void feed_charts(AlphaCharts& c, const Unit& u) {
    if (const AlphaMessage* m = static_cast<const AlphaUnit&>(u).message) c.message(*m);
}

class AlphaFrontEnd final : public FrontEnd {
public:
    const core::ProtocolInfo& info() const override { return mcalpha::protocol_info(); }
    const char* title() const override { return "Minecraft Alpha"; }
    const char* unit_name() const override { return "messages"; }
    const char* heuristic_text() const override { return "a Minecraft Alpha Handshake"; }
    const char* rate_title() const override { return "Minecraft Alpha messages per second by direction"; }
    std::unique_ptr<ProtocolPass> start(const PassSetup& s) const override { return std::make_unique<AlphaPass>(s); }
    std::unique_ptr<StatsSection> stats() const override { return std::make_unique<StatsOf<AlphaTraffic, feed_stats>>(); }
    std::unique_ptr<ChunksSection> chunks(const std::string& dir) const override {
        return std::make_unique<ChunksOf<AlphaChunks, feed_chunks>>("Alpha Map Chunks", dir);
    }
    std::unique_ptr<ReportSection> report(uint32_t max, const Settings*) const override {
        return std::make_unique<ReportOf<AlphaCharts, feed_charts>>(max);
    }
};

}  // namespace

const FrontEnd& alpha_front_end() {
    static const AlphaFrontEnd fe;
    return fe;
}

[[maybe_unused]] const bool added = add_front_end(alpha_front_end());

}  // namespace blankshark
