#include "decode_command.hpp"

#include <map>

#include <cctype>
#include <cstdio>
#include <functional>
#include <vector>

#include "mc_alpha/alpha_flows.hpp"
#include "mc_alpha/alpha_printers.hpp"
#include "conversation_analyses.hpp"
#include "exit_codes.hpp"
#include "mc_java/java_flows.hpp"
#include "mc_java/java_printers.hpp"
#include "packet_printers.hpp"
#include "raknet/raknet_printers.hpp"

#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/raknet/protocol_info.hpp"

namespace blankshark {

std::string packet_name_key(std::string_view name) {
    std::string k(name);
    for (char& c : k) c = c == ' ' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return k;
}

namespace {

// The first of two passes: blank's conversations analysed to the end, for
// the sides that went silent (a capture that cannot be read gets none: the
// second pass reports it).
std::map<ConversationAnalyses::Endpoints, blank::Silence> silences(const std::string& path, StreamOptions so,
                                                                   const blank::AnalysisConfig& cfg) {
    so.tcp = so.raknet = so.progress = false;
    CaptureStream stream(so);
    blank::AnalysisConfig quick = cfg;
    quick.chunks.inflate = false;  // a silence is told by seqs and acks, not chunk contents
    ConversationAnalyses analyses(quick);
    std::map<uint32_t, const Conversation*> convs;
    double last = 0;
    stream.run(path, [&](const BlankPacket& p) {
        analyses.on_packet(p);
        last = p.time;
        if (p.conv) convs.emplace(p.conv->id, p.conv);
    });
    std::map<ConversationAnalyses::Endpoints, blank::Silence> out;
    for (const auto& [id, c] : convs)
        if (id < analyses.all().size() && analyses.all()[id])
            if (const blank::Silence s = analyses.all()[id]->seq().silence(last); s)
                out.emplace(ConversationAnalyses::Endpoints{c->client, c->server}, s);
    return out;
}

}  // namespace

int run_decode(const std::string& path, const DecodeOptions& opt) {
    const blank::Schema& s = blank::schema();
    Output out(stdout);
    CaptureStream stream(opt.stream);
    ConversationAnalyses analyses(opt.analysis);
    if (opt.two_pass) analyses.mark_silences(silences(path, opt.stream, opt.analysis));
    uint32_t announced = 0;  // conversations whose header line was printed
    const auto announce = [&](const Conversation* c, bool java) {
        if (opt.format == DecodeFormat::Json || !c || c->id <= announced) return;
        announced = c->id;
        if (c->protocol == ConvProtocol::MinecraftAlpha)
            print_alpha_conversation_header(out, *c);
        else if (java)
            print_java_conversation_header(out, *c);
        else
            print_conversation_header(out, *c);
    };
    JavaFlows java([&](const tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame, ConvProtocol::MinecraftJava);
        },
        [&](const JavaPacket& p) {
            if (p.conv) ++p.conv->packets;
            if (opt.filtered() && !opt.names.count(packet_name_key(java_packet_name(*p.packet))) &&
                !(p.packet->kind == mcjava::PacketKind::Packet && opt.ids.count(p.packet->summary.id)))
                return;
            announce(p.conv, true);
            switch (opt.format) {
            case DecodeFormat::Summary: print_java_summary(out, p); break;
            case DecodeFormat::Tree: print_java_tree(out, p); break;
            case DecodeFormat::Json: print_java_json(out, p); break;
            }
        });
    AlphaFlows alpha(
        [&](const tcp::Connection& c, uint64_t frame) {
            return stream.add_tcp_conversation(c.client(), c.server(), frame, ConvProtocol::MinecraftAlpha);
        },
        [&](const AlphaMessage& m) {
            if (!m.msg) {  // how the connection ended, bytes never decoded
                if (!opt.filtered()) {
                    announce(m.conv, true);
                    print_alpha_event(out, m, opt.format == DecodeFormat::Json);
                }
                return;
            }
            if (m.conv) ++m.conv->packets;
            AlphaName name;
            if (opt.filtered() && !opt.names.count(packet_name_key(alpha_message_name(*m.msg, name))) &&
                !(m.msg->kind == mcalpha::MessageKind::Message && opt.ids.count(m.msg->summary.id)))
                return;
            announce(m.conv, true);
            switch (opt.format) {
            case DecodeFormat::Summary: print_alpha_summary(out, m); break;
            case DecodeFormat::Tree: print_alpha_tree(out, m); break;
            case DecodeFormat::Json: print_alpha_json(out, m); break;
            }
        });
    tcp::Dispatcher tcp({{&mcjava::protocol_info(), opt.stream.port_of(mcjava::protocol_info()), &java},
                         {&mcalpha::protocol_info(), opt.stream.port_of(mcalpha::protocol_info()), &alpha}});
    // RakNet: each UDP packet with the game packets it completed.
    struct RaknetDecode : RaknetListener {
        std::function<void(RaknetConnection&, const raknet::PacketResult&)> print;
        std::vector<mcpe::GamePacket> games;
        void game_packet(RaknetConnection&, const mcpe::GamePacket& g) override { games.push_back(g); }
        void packet(RaknetConnection& c, const raknet::PacketResult& p) override {
            print(c, p);
            games.clear();
        }
    } rk;
    uint32_t raknet_announced = 0;
    rk.print = [&](RaknetConnection& c, const raknet::PacketResult& p) {
        if (c.conv) ++c.conv->packets;
        RaknetPrint rp{&c, &p, &rk.games, p.time};
        if (opt.filtered() && !raknet_packet_matches(rp, opt.names, opt.ids)) return;
        if (opt.format != DecodeFormat::Json && c.conv && c.conv->id > raknet_announced) {
            raknet_announced = c.conv->id;
            print_raknet_conversation_header(out, c);
        }
        switch (opt.format) {
        case DecodeFormat::Summary: print_raknet_summary(out, rp); break;
        case DecodeFormat::Tree: print_raknet_tree(out, rp); break;
        case DecodeFormat::Json: print_raknet_json(out, rp); break;
        }
    };
    RaknetFlows raknet(
        opt.stream.port_of(raknet::protocol_info()),
        [&](const capture::Endpoint& client, const capture::Endpoint& server, uint64_t frame) {
            return stream.add_tcp_conversation(client, server, frame, ConvProtocol::RakNet);
        },
        rk);
    const StreamResult r = stream.run(path, [&](const BlankPacket& p) {
        // Every packet is analysed (state spans packets); only some are shown.
        const blank::FrameAnalysis* fa = analyses.on_packet(p);
        if (opt.filtered()) {
            const blank::PacketSummary sum = blank::decode_header(fa ? *fa->schema : blank::schema(), p.data, p.len);
            if (!sum.ptype || !opt.types.count(sum.type)) return;
        }
        announce(p.conv, false);
        switch (opt.format) {
        case DecodeFormat::Summary: print_summary(out, s, p, fa); break;
        case DecodeFormat::Tree: print_tree(out, s, p, fa); break;
        case DecodeFormat::Json: print_json(out, s, p, fa); break;
        }
    }, opt.stream.tcp ? &tcp : nullptr, opt.stream.raknet ? &raknet : nullptr);
    if (opt.format != DecodeFormat::Json)  // JSON names it on every packet
        for (size_t id = 0; id < analyses.all().size(); ++id)
            if (const auto& a = analyses.all()[id])
                out << "# conversation " << id << ": revision " << a->revision_text() << '\n';
    out.flush();
    if (r != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", stream.error().c_str());
    return exit_code(r);
}

}  // namespace blankshark
