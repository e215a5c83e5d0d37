#include "decode_command.hpp"

#include <cstdio>
#include <map>
#include <vector>

#include "conversation_analyses.hpp"
#include "exit_codes.hpp"
#include "front_end.hpp"
#include "packet_printers.hpp"
#include "protocol_passes.hpp"

namespace blankshark {

namespace {

// The first of two passes: blank's conversations analysed to the end, for
// the sides that went silent (a capture that cannot be read gets none: the
// second pass reports it).
std::map<ConversationAnalyses::Endpoints, blank::Silence> silences(const std::string& path, StreamOptions so,
                                                                   const blank::AnalysisConfig& cfg) {
    so.tcp = so.udp = so.progress = false;
    CaptureStream stream(so);
    blank::AnalysisConfig quick = cfg;
    quick.chunks.inflate = false;  // a silence is told by seqs and acks, not chunk contents
    ConversationAnalyses analyses(quick);
    std::map<uint32_t, const Conversation*> convs;
    double last = 0;
    run_blank(stream, path, [&](const BlankPacket& p) {
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
    // Each conversation's header line, before the first of its units shown.
    std::vector<bool> announced;
    const auto announce = [&](const Conversation* c, const char* title) {
        if (opt.format == DecodeFormat::Json || !c) return;  // JSON names it on every packet
        if (announced.size() <= c->id) announced.resize(c->id + 1);
        if (announced[c->id]) return;
        announced[c->id] = true;
        print_conversation_header(out, *c, title);
    };
    struct Printer : UnitListener {
        const DecodeOptions& opt;
        Output& out;
        std::function<void(const Conversation*, const char*)> announce;
        Printer(const DecodeOptions& o, Output& w) : opt(o), out(w) {}
        void unit(const Unit& u) override {
            if (u.kind == Unit::Kind::Note) return;
            if (u.kind == Unit::Kind::Packet) {
                if (u.conv) ++u.conv->packets;
                if (opt.filtered() && !u.matches(opt.filter)) return;
            } else if (opt.filtered()) {
                return;  // events belong to no type
            }
            announce(u.conv, u.front_end.title());
            switch (opt.format) {
            case DecodeFormat::Summary: u.print_summary(out); break;
            case DecodeFormat::Tree: u.print_tree(out); break;
            case DecodeFormat::Json: u.print_json(out); break;
            }
        }
    } printer(opt, out);
    printer.announce = announce;
    PassSetup setup{stream, opt.stream, printer};
    setup.summaries = false;
    ProtocolPasses passes(setup);
    const StreamResult r = passes.run(path, [&](const BlankPacket& p) {
        // Every packet is analysed (state spans packets); only some are shown.
        const blank::FrameAnalysis* fa = analyses.on_packet(p);
        if (opt.filtered()) {
            const blank::PacketSummary sum = blank::decode_header(fa ? *fa->schema : blank::schema(), p.data, p.len);
            if (!sum.ptype || !opt.filter.blank_types.count(sum.type)) return;
        }
        announce(p.conv, nullptr);
        switch (opt.format) {
        case DecodeFormat::Summary: print_summary(out, s, p, fa); break;
        case DecodeFormat::Tree: print_tree(out, s, p, fa); break;
        case DecodeFormat::Json: print_json(out, s, p, fa); break;
        }
    });
    if (opt.format != DecodeFormat::Json)  // JSON names it on every packet
        for (size_t id = 0; id < analyses.all().size(); ++id)
            if (const auto& a = analyses.all()[id])
                out << "# conversation " << id << ": revision " << a->revision_text() << '\n';
    out.flush();
    if (r != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", stream.error().c_str());
    return exit_code(r);
}

}  // namespace blankshark
