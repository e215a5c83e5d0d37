#include "raknet/raknet_front_end.hpp"

#include <cstdlib>
#include <deque>
#include <functional>
#include <vector>

#include "capture_stream.hpp"
#include "finding_forward.hpp"
#include "output.hpp"
#include "raknet/mcpe_chunks.hpp"
#include "raknet/raknet_flows.hpp"
#include "raknet/raknet_printers.hpp"
#include "raknet/raknet_settings.hpp"
#include "raknet/raknet_stats.hpp"
#include "raknet/raknet_timeline.hpp"
#include "protocols/bedrock/mcdata/tables.hpp"
#include "protocols/bedrock/protocol_info.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/raknet/protocol_info.hpp"
#include "protocols/raknet/schema.hpp"
#include "section_adapters.hpp"
#include "type_filter.hpp"

namespace blankshark {
namespace {

// A UDP packet with the game packets it completed (Packet), or a finding
// about an earlier frame, known later (Note).
class RaknetUnit final : public Unit {
public:
    RaknetUnit(RaknetConnection& c, const raknet::PacketResult& p, const std::vector<mcpe::GamePacket>& g,
               const std::vector<bedrock::Batch>& b)
        : Unit(raknet_front_end(), Kind::Packet, c.conv, p.time), conn(&c), print{&c, &p, &g, &b, p.time} {}
    RaknetUnit(RaknetConnection& c, const core::Finding& f)
        : Unit(raknet_front_end(), Kind::Note, c.conv, 0), conn(&c), note(&f) {}

    RaknetConnection* conn;
    RaknetPrint print{};
    const core::Finding* note = nullptr;

    std::shared_ptr<ConversationSummary> summary() const override { return conn->summary; }
    void findings(FindingOut& out) const override {
        if (note) return out.add(*note);
        for (const mcpe::GamePacket& g : *print.games) {
            FindingForward to{out, g.frame};
            core::decode(mcpe::schema(*g.version), g.data, g.len, core::DecodeContext{}, to);
            for (const core::Finding& f : g.findings) to.add(f);
        }
        for (const bedrock::Batch& b : *print.batches) {
            FindingForward to{out, b.frame};
            for (const core::Finding& f : b.findings) to.add(f);
            const core::Schema& s = bedrock::schema(*b.version);
            for (const bedrock::PacketSpan& sp : b.packets)
                core::decode(s, b.data + sp.offset, sp.len, core::DecodeContext{}, to);
        }
        const raknet::PacketResult& p = *print.p;
        FindingForward to{out, p.frame};
        if (!p.decodes_clean) {
            const core::Schema& s = raknet::schema(*p.version);
            core::decode(s, p.bytes, p.len, p.context(raknet::kPacketTable), to);
            for (const raknet::MessageResult& m : p.messages)
                if (m.system) core::decode(s, m.data, m.len, p.context(raknet::kMessageTable), to);
        }
        for (const core::Finding& f : p.findings) to.add(f);
    }
    bool matches(const TypeFilter& f) const override { return raknet_packet_matches(print, f.names, f.ids); }
    void print_summary(Output& out) const override { print_raknet_summary(out, print); }
    void print_tree(Output& out) const override { print_raknet_tree(out, print); }
    void print_json(Output& out) const override { print_raknet_json(out, print); }
};

class RaknetPass final : public ProtocolPass, RaknetListener {
public:
    explicit RaknetPass(const PassSetup& s)
        : listener_(s.listener),
          stream_(s.stream),
          flows_(s.options.port_of(raknet::protocol_info()),
                 [&stream = s.stream](const capture::Endpoint& client, const capture::Endpoint& server,
                                      uint64_t frame) { return stream.add_conversation(client, server, frame, &raknet_front_end()); },
                 *this, keys_of(s)) {
        flows_.let_go(s.let_go);
    }

    UdpClaimant* udp() override { return &flows_; }
    void finish(uint64_t frames, double end_time) override { flows_.finish(frames, end_time); }

private:
    // RaknetListener: a UDP packet's game packets come before it.
    void game_packet(RaknetConnection&, const mcpe::GamePacket& g) override { games_.push_back(g); }
    void bedrock_batch(RaknetConnection&, const bedrock::Batch& b) override { batches_.push_back(b); }
    void packet(RaknetConnection& c, const raknet::PacketResult& p) override {
        listener_.unit(RaknetUnit(c, p, games_, batches_));
        games_.clear();
        batches_.clear();
    }
    void late_finding(RaknetConnection& c, const core::Finding& f) override { listener_.unit(RaknetUnit(c, f)); }
    void ended(RaknetConnection& c) override {
        if (!c.conv) return;
        stream_.ended(*c.conv);
        listener_.ended(*c.conv);
    }

    static const bedrock::KeyLog* keys_of(const PassSetup& s) {
        const auto* rs = static_cast<const RaknetSettings*>(s.settings_of(raknet_front_end()));
        return rs ? rs->keys.get() : nullptr;
    }

    UnitListener& listener_;
    CaptureStream& stream_;
    RaknetFlows flows_;
    std::vector<mcpe::GamePacket> games_;     // of the packet being read (its capacity kept)
    std::vector<bedrock::Batch> batches_;    // the same
};

// Its stats count its datagrams and the game packets they carried.
void feed_stats(RaknetStats& t, const Unit& u) {
    if (u.kind != Unit::Kind::Packet) return;
    const auto& r = static_cast<const RaknetUnit&>(u);
    for (const mcpe::GamePacket& g : *r.print.games) t.add(*r.conn, nullptr, &g);
    for (const bedrock::Batch& b : *r.print.batches) t.add_batch(*r.conn, b);
    t.add(*r.conn, r.print.p, nullptr);
}

void feed_timeline(RaknetTimeline& t, const Unit& u) {
    if (u.kind != Unit::Kind::Packet) return;
    const auto& r = static_cast<const RaknetUnit&>(u);
    t.packet(*r.conn, *r.print.p);
}

// Its chunks table takes the game packets its datagrams carried.
void feed_chunks(McpeChunks& c, const Unit& u) {
    if (u.kind != Unit::Kind::Packet) return;
    const auto& r = static_cast<const RaknetUnit&>(u);
    for (const mcpe::GamePacket& g : *r.print.games) c.game_packet(*r.conn, g);
}

class RaknetFrontEnd final : public FrontEnd {
public:
    const core::ProtocolInfo& info() const override { return raknet::protocol_info(); }
    const char* title() const override { return "RakNet"; }
    const char* unit_name() const override { return "packets"; }
    const char* heuristic_text() const override { return "a RakNet offline message"; }
    std::vector<const core::ProtocolInfo*> carried() const override { return {&bedrock::protocol_info()}; }
    void carried_types(const std::function<void(const CarriedType&)>& f) const override;
    std::unique_ptr<ProtocolPass> start(const PassSetup& s) const override {
        return std::make_unique<RaknetPass>(s);
    }
    std::shared_ptr<Settings> settings() const override { return std::make_shared<RaknetSettings>(); }
    const KeyLogForms* key_log_forms() const override {
        static const KeyLogForms forms{"Minecraft Bedrock", "bedrock", "key",
                                       "BEDROCK_KEY <salt> <key>, BEDROCK_SHARED_SECRET <salt> <secret>, or a key "
                                       "alone (docs/bedrock.md)"};
        return &forms;
    }
    std::function<const char*(const core::KeyLogLine&)> key_log_taker(Settings& s) const override;
    KeyLogCounts key_log_counts(const Settings* settings) const override {
        const auto* s = static_cast<const RaknetSettings*>(settings);
        if (!s || !s->keys) return {};
        return {s->keys->size(), s->keys->used()};
    }
    std::unique_ptr<StatsSection> stats() const override { return std::make_unique<StatsOf<RaknetStats, feed_stats>>(); }
    std::unique_ptr<ChunksSection> chunks(const std::string&) const override {
        return std::make_unique<ChunksOf<McpeChunks, feed_chunks>>("MCPE chunk data");
    }
    std::unique_ptr<ReportSection> report(uint32_t max, const Settings*) const override {
        return std::make_unique<ReportOf<RaknetTimeline, feed_timeline>>(max);
    }
};

// Bedrock's packet types, from minecraft-data's tables (every release's
// description), made once with their display filters as the schemas make them.
void RaknetFrontEnd::carried_types(const std::function<void(const CarriedType&)>& f) const {
    struct Types {
        std::deque<std::string> filters;  // stable addresses for CarriedType::filter
        std::vector<CarriedType> types;
    };
    static const Types all = [] {
        Types t;
        for (const auto& d : bedrock::mcdata::descriptions())
            for (const bedrock::mcdata::Packet& p : bedrock::mcdata::packets(d)) {
                t.filters.push_back(std::string(bedrock::protocol_info().field_prefix) + "." + p.key);
                t.types.push_back(CarriedType{&bedrock::protocol_info(), p.id, p.name, p.key, &t.filters.back()});
            }
        return t;
    }();
    for (const CarriedType& c : all.types) f(c);
}

std::function<const char*(const core::KeyLogLine&)> RaknetFrontEnd::key_log_taker(Settings& settings) const {
    auto& s = static_cast<RaknetSettings&>(settings);
    s.keys = std::make_shared<bedrock::KeyLog>();
    return [keys = s.keys.get()](const core::KeyLogLine& l) { return keys->take(l); };
}

}  // namespace

const FrontEnd& raknet_front_end() {
    static const RaknetFrontEnd fe;
    return fe;
}

[[maybe_unused]] const bool added = add_front_end(raknet_front_end());

}  // namespace blankshark
