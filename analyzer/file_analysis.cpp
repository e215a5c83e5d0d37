#include "file_analysis.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "mc_alpha/alpha_summary.hpp"
#include "mc_java/java_summary.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/raknet/schema.hpp"
#include "raknet/raknet_flows.hpp"
#include "protocols/mc_java/chunk_column.hpp"
#include "protocols/mc_java/schema.hpp"

#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace blankshark {

bool recognised(const FileReport& rep) {
    if (rep.result == StreamResult::OpenError) return true;
    for (const auto& [id, c] : rep.convs)
        if (c.has_conv) return true;
    return rep.stats.blank + rep.java_packets + rep.alpha_messages + rep.raknet_packets > 0;
}

std::string found_text(const FileReport& rep, const std::string& blank) {
    std::string s = blank;
    const auto add = [&s](uint64_t n, const char* what) {
        if (n) s += (s.empty() ? "" : ", ") + std::to_string(n) + what;
    };
    add(rep.java_packets, " Minecraft Java packets");
    add(rep.alpha_messages, " Minecraft Alpha messages");
    add(rep.raknet_packets, " RakNet packets");
    return s.empty() ? "nothing recognised" : s;
}
namespace {

using blank::Finding;
using blank::Severity;

// Collects what decoding and analysis found, with frame numbers.
struct Collector : blank::FindingSink {
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

// RakNet conversations: every packet's findings (the decoder's on the
// packet, its system messages and game packets; the analysis'), and those
// known later about earlier frames.
struct RaknetCollector : RaknetListener {
    FileReport& rep;
    Collector& col;
    const RaknetObserver& observe;
    RaknetCollector(FileReport& r, Collector& c, const RaknetObserver& o) : rep(r), col(c), observe(o) {}

    ConvReport& report(RaknetConnection& rc, double time) {
        ConvReport& c = rep.convs[rc.conv->id];
        if (!c.has_conv) {
            c.has_conv = true;
            c.conv = *rc.conv;
            c.first_time = time;
            c.findings.attach(rep.spill);
            c.summary = rc.summary;
        }
        col.out = &c.findings;
        return c;
    }
    void game_packet(RaknetConnection& rc, const mcpe::GamePacket& g) override {
        report(rc, g.time);
        col.frame = g.frame;
        core::decode(mcpe::schema(*g.version), g.data, g.len, core::DecodeContext{}, col);
        for (const core::Finding& f : g.findings) col.add(f);
        if (observe) observe(rc, nullptr, &g);
    }
    void packet(RaknetConnection& rc, const raknet::PacketResult& p) override {
        ConvReport& c = report(rc, p.time);
        c.conv.packets = ++rc.conv->packets;
        c.last_time = p.time;
        if (p.time > rep.end_time) rep.end_time = p.time;
        ++rep.raknet_packets;
        col.frame = p.frame;
        const core::Schema& s = raknet::schema(*p.version);
        core::decode(s, p.bytes, p.len, p.context(raknet::kPacketTable), col);
        for (const raknet::MessageResult& m : p.messages)
            if (m.system) core::decode(s, m.data, m.len, p.context(raknet::kMessageTable), col);
        for (const core::Finding& f : p.findings) col.add(f);
        if (observe) observe(rc, &p, nullptr);
    }
    void late_finding(RaknetConnection& rc, const core::Finding& f) override {
        report(rc, 0);
        col.add(f);
    }
};

}  // namespace

FileReport analyse_file(const std::string& path, const FileAnalysisOptions& opt, const PacketObserver& observe,
                        const JavaObserver& observe_java, const AlphaObserver& observe_alpha,
                        const RaknetObserver& observe_raknet) {
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
    // Minecraft Java: each connection's summary, its packets' findings (the
    // decoder's, the framing's and state machine's, the chunk contents'),
    // and the TCP reassembler's.
    std::map<const Conversation*, std::shared_ptr<JavaSummary>> java_summaries;
    const auto java_report = [&](const Conversation* conv, double time) -> ConvReport& {
        ConvReport& c = rep.convs[conv->id];
        if (!c.has_conv) {
            c.has_conv = true;
            c.conv = *conv;
            c.first_time = time;
            c.findings.attach(rep.spill);
            auto sum = std::make_shared<JavaSummary>();
            java_summaries[conv] = sum;
            c.summary = sum;
        }
        return c;
    };
    JavaFlows java([&](const tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame, ConvProtocol::MinecraftJava);
        },
        [&](const JavaPacket& jp) {
            const mcjava::Packet& p = *jp.packet;
            ConvReport& c = java_report(jp.conv, jp.time);
            c.conv.packets = ++jp.conv->packets;
            c.last_time = jp.time;
            if (jp.time > rep.end_time) rep.end_time = jp.time;
            java_summaries[jp.conv]->packet(jp);
            ++rep.java_packets;
            col.out = &c.findings;
            col.frame = p.span.last.frame;
            for (uint8_t i = 0; i < p.nfindings; ++i) col.add(p.findings[i]);
            if (p.kind == mcjava::PacketKind::Packet && p.data) {
                core::decode(mcjava::schema(*p.version), p.data, p.data_len, p.context(), col);
                mcjava::ChunkSummary chunk;
                if (p.summary.type && p.summary.type->key && std::strcmp(p.summary.type->key, "chunk_data") == 0 &&
                    mcjava::summarize_chunk(p, chunk))
                    for (uint8_t i = 0; i < chunk.nfindings; ++i) col.add(chunk.findings[i]);
            }
            if (observe_java) observe_java(jp);
        },
        [&](const JavaConnection& jc, const tcp::FindingInfo& f) {
            if (!jc.conv) return;
            ConvReport& c = java_report(jc.conv, f.time);
            core::Finding g{tcp::core_code(f.kind), 0, 0, int64_t(f.stream_offset), int64_t(f.length)};
            g.frame = f.frame;
            col.out = &c.findings;
            col.add(g);
        });
    // Minecraft Alpha (on the Java port, told apart by the client's first
    // bytes): each connection's summary, its messages' findings (the
    // decoder's, the framing's, the analyses'), its events (how it ended,
    // bytes never decoded) and the TCP reassembler's findings.
    std::map<const Conversation*, std::shared_ptr<AlphaSummary>> alpha_summaries;
    const auto alpha_report = [&](const Conversation* conv, double time) -> ConvReport& {
        ConvReport& c = rep.convs[conv->id];
        if (!c.has_conv) {
            c.has_conv = true;
            c.conv = *conv;
            c.first_time = time;
            c.findings.attach(rep.spill);
            auto sum = std::make_shared<AlphaSummary>();
            alpha_summaries[conv] = sum;
            c.summary = sum;
        }
        return c;
    };
    AlphaFlows alpha(
        [&](const tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame, ConvProtocol::MinecraftAlpha);
        },
        [&](const AlphaMessage& am) {
            if (!am.conv) return;
            ConvReport& c = alpha_report(am.conv, am.time);
            col.out = &c.findings;
            if (!am.msg) {
                col.frame = am.event->frame;
                col.add(*am.event);
                return;
            }
            const mcalpha::Message& m = *am.msg;
            c.conv.packets = ++am.conv->packets;
            c.last_time = am.time;
            if (am.time > rep.end_time) rep.end_time = am.time;
            alpha_summaries[am.conv]->message(m);
            ++rep.alpha_messages;
            col.frame = m.span.last.frame;
            if (m.kind == mcalpha::MessageKind::Message)
                core::decode(mcalpha::schema(), m.data, m.len, m.context(), col);
            for (uint8_t i = 0; i < m.nfindings; ++i) col.add(m.findings[i]);
            if (observe_alpha) observe_alpha(am);
        },
        [&](const AlphaConnection& ac, const tcp::FindingInfo& f) {
            if (!ac.conv) return;
            ConvReport& c = alpha_report(ac.conv, f.time);
            core::Finding g{tcp::core_code(f.kind), 0, 0, int64_t(f.stream_offset), int64_t(f.length)};
            g.frame = f.frame;
            col.out = &c.findings;
            col.add(g);
        });
    tcp::Dispatcher tcp({{&mcjava::protocol_info(), opt.stream.port_of(mcjava::protocol_info()), &java},
                         {&mcalpha::protocol_info(), opt.stream.port_of(mcalpha::protocol_info()), &alpha}});
    RaknetCollector raknet_col(rep, col, observe_raknet);
    RaknetFlows raknet(
        opt.stream.port_of(raknet::protocol_info()),
        [&](const capture::Endpoint& client, const capture::Endpoint& server, uint64_t frame) {
            return stream.add_tcp_conversation(client, server, frame, ConvProtocol::RakNet);
        },
        raknet_col);
    java.set_analysis(opt.java);
    rep.result = stream.run(path, [&](const BlankPacket& p) {
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
    }, opt.stream.tcp ? &tcp : nullptr, opt.stream.raknet ? &raknet : nullptr);
    raknet.finish(stream.stats().frames, rep.end_time);
    // The Java analyses' findings known only at the end (requests never
    // answered, light for columns that never arrived), at their frames.
    struct JavaEnd : mcjava::EndFindings {
        Collector* col;
        void add(const core::Finding& f) override { col->add(f); }
    } java_end;
    java_end.col = &col;
    for (const JavaConnection& jc : java.connections()) {
        if (!jc.conv) continue;
        java_summaries[jc.conv]->close(jc);
        col.out = &rep.convs[jc.conv->id].findings;
        col.frame = 0;
        jc.analysis->finish(java_end);
    }
    for (const AlphaConnection& ac : alpha.connections())
        if (ac.conv) {
            alpha_report(ac.conv, rep.end_time);  // a connection without a message still has its summary
            alpha_summaries[ac.conv]->close(ac);
        }
    rep.kept.push_back(std::make_shared<std::deque<AlphaConnection>>(alpha.release_connections()));
    rep.error = stream.error();
    rep.error_frame = stream.error_frame();
    rep.error_offset = stream.error_offset();
    rep.stats = stream.stats();
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
