#include "decode_command.hpp"

#include <cstdio>
#include <memory>
#include <vector>

#include "exit_codes.hpp"
#include "front_end.hpp"
#include "packet_lines.hpp"
#include "protocol_passes.hpp"

namespace blankshark {

namespace {

struct Ignore : UnitListener {
    void unit(const Unit&) override {}
};

// The first of two passes, of the front ends that want one: what each
// learnt that only the end tells (a capture that cannot be read gets
// nothing: the second pass reports it).
std::vector<std::shared_ptr<const void>> first_pass(const CaptureFiles& files, StreamOptions so) {
    so.progress = false;
    CaptureStream stream(so);
    Ignore ignore;
    PassSetup setup{stream, so, ignore, Command::Decode};
    setup.summaries = false;
    setup.let_go = true;  // nothing is kept of a conversation that ended
    setup.first_pass = true;
    ProtocolPasses passes(setup);
    passes.run(files);
    passes.finish(stream.stats().frames, 0);
    return passes.earlier();
}

// Prints each unit shown, after its conversation's header line. A
// conversation that ended is printed in full: its place is taken by later
// ones (memory follows the conversations open, PassSetup::let_go).
struct Printer : UnitListener {
    const DecodeOptions& opt;
    Output& out;
    CaptureStream& stream;
    std::vector<bool> announced;  // by conversation id
    double end_time = 0;          // the last packet's

    Printer(const DecodeOptions& o, Output& w, CaptureStream& s) : opt(o), out(w), stream(s) {}
    void ended(Conversation& c) override { stream.release(&c); }
    void unit(const Unit& u) override {
        if (u.kind == Unit::Kind::Note) return;
        if (u.kind == Unit::Kind::Trailer) {
            if (opt.format != DecodeFormat::Json) u.print_summary(out);
            return;
        }
        if (u.kind == Unit::Kind::Packet) {
            if (u.conv) ++u.conv->packets;
            if (u.time > end_time) end_time = u.time;
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
    void announce(const Conversation* c, const char* title) {
        if (opt.format == DecodeFormat::Json || !c) return;  // JSON names it on every packet
        if (announced.size() <= c->id) announced.resize(c->id + 1);
        if (announced[c->id]) return;
        announced[c->id] = true;
        print_conversation_header(out, *c, title);
    }
};

}  // namespace

int run_decode(const CaptureFiles& files, const DecodeOptions& opt) {
    Output out(stdout);
    std::vector<std::shared_ptr<const void>> earlier;
    if (opt.two_pass) earlier = first_pass(files, opt.stream);
    CaptureStream stream(opt.stream);
    Printer printer(opt, out, stream);
    PassSetup setup{stream, opt.stream, printer, Command::Decode};
    setup.summaries = false;
    setup.let_go = true;
    if (opt.two_pass) setup.earlier = &earlier;
    ProtocolPasses passes(setup);
    if (files.is_set() && opt.format != DecodeFormat::Json) out << "# " << files.order_text() << '\n';
    const StreamResult r = passes.run(files);
    passes.finish(stream.stats().frames, printer.end_time);
    out.flush();
    if (r != StreamResult::Ok) std::fprintf(stderr, "blankshark: %s\n", stream.error().c_str());
    return exit_code(r);
}

}  // namespace blankshark
