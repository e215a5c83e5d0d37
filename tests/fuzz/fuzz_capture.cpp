// libFuzzer target: a whole capture file through the analyzer's reader,
// link layers, conversations, analysis and JSON printer.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "blank/blank_printers.hpp"
#include "blank/conversation_analyses.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::string path = "/tmp/blankshark-fuzz-" + std::to_string(getpid()) + ".pcap";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    std::fwrite(data, 1, size, f);
    std::fclose(f);
    static std::FILE* devnull = std::fopen("/dev/null", "w");
    blankshark::Output out(devnull);
    blank::AnalysisConfig cfg;
    cfg.chunks.max_live = 8;
    blankshark::ConversationAnalyses analyses(cfg);
    blankshark::StreamOptions opt;
    opt.max_conversations = 64;
    blankshark::CaptureStream stream(opt);
    blankshark::run_blank(stream, path, [&](const blankshark::BlankPacket& p) {
        const blank::FrameAnalysis* fa = analyses.on_packet(p);
        blankshark::print_blank_json(out, p, *fa);
    });
    return 0;
}
