// libFuzzer target: a conversation of packets through the analysis (chunk
// reassembler + inflater, sequence/ack tracker, corrections), then the
// end-of-capture findings and the generated fields of every frame.
// Input: records of [role byte][length byte][packet bytes...]; packets
// shorter than a header get a valid blank header in front, so the fuzzer
// reaches the payload rules quickly.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "protocols/blank/analysis.hpp"

namespace {

struct Sink : blank::FindingSink {
    char buf[320];
    void add(const blank::Finding& f) override { blank::format_finding(f, buf, sizeof buf); }
};

struct Visit {
    Sink* sink;
    void open(const blank::Item&) {}
    void leaf(const blank::Item&) {}
    void close() {}
    void finding(const blank::Finding& f) { sink->add(f); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    blank::AnalysisConfig cfg;
    cfg.chunks.max_live = 8;
    cfg.chunks.max_size = 4096;
    cfg.seq.window = 64;
    blank::ConversationAnalysis a(cfg);  // revision detected as in a real capture
    Sink sink;
    Visit visit{&sink};
    std::vector<blank::FrameAnalysis> frames;
    uint64_t frame = 0;
    size_t at = 0;
    uint8_t pkt[600];
    while (at + 2 <= size && frames.size() < 512) {
        const uint8_t role = data[at];
        size_t len = data[at + 1];
        at += 2;
        if (len > size - at) len = size - at;
        size_t n = 0;
        if (role & 0x80) {  // give it a header: tag, seq/ack/hist from the input, type from the role byte
            const uint8_t hdr[16] = {0xAF, 0xB1, 0x1A, 0xFB, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, uint8_t(role % 13), 0x7F, 0, 0};
            std::memcpy(pkt, hdr, 16);
            n = 16;
        }
        std::memcpy(pkt + n, data + at, len);
        if (role & 0x80 && len >= 4) std::memcpy(pkt + 4, data + at, 4);  // seq and ack
        n += len;
        at += len;
        frames.emplace_back();
        ++frame;
        a.on_packet(frame, double(frame) * 0.02, role & 1 ? blank::Role::Server : blank::Role::Client, pkt,
                    uint32_t(n), frames.back());
        frames.back().chunk.reassembled = nullptr;
        frames.back().chunk.inflated = nullptr;
    }
    a.finish(double(frame) * 0.02, sink);
    for (const auto& fa : frames) blank::emit_analysis(blank::schema(), fa, true, visit);
    return 0;
}
