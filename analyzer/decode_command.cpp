#include "decode_command.hpp"

#include <cstdio>

#include "conversation_analyses.hpp"
#include "exit_codes.hpp"
#include "packet_printers.hpp"

namespace blankshark {

int run_decode(const std::string& path, const DecodeOptions& opt) {
    const blank::Schema& s = blank::schema();
    Output out(stdout);
    BlankStream stream(opt.stream);
    ConversationAnalyses analyses(opt.analysis);
    uint32_t announced = 0;  // conversations whose header line was printed
    const StreamResult r = stream.run(path, [&](const BlankPacket& p) {
        // Every packet is analysed (state spans packets); only some are shown.
        const blank::FrameAnalysis* fa = analyses.on_packet(p);
        if (!opt.types.empty() && (p.len < blank::kHeaderSize || !opt.types.count(p.data[12]))) return;
        if (opt.format != DecodeFormat::Json && p.conv && p.conv->id > announced) {
            announced = p.conv->id;
            print_conversation_header(out, *p.conv);
        }
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
