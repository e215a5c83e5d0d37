// libFuzzer target: the sequence/ack tracker fed arbitrary header values,
// roles, times and PlayerUpdate / PlayerCorrection states.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "protocols/blank/seq_tracker.hpp"

namespace {

struct Sink : blank::FindingSink {
    size_t n = 0;
    void add(const blank::Finding&) override { ++n; }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    blank::SeqConfig cfg;
    cfg.window = 32 + (size ? data[0] : 0);
    blank::SeqTracker t(cfg);
    Sink sink;
    std::vector<blank::SeqFrame> out(1);
    double time = 0;
    uint64_t frame = 0;
    // 12 bytes a packet: role/type, seq, ack, hist, time step, corrected seq
    for (size_t at = 1; at + 12 <= size; at += 12) {
        const uint8_t* p = data + at;
        uint16_t seq, ack, corr;
        uint32_t hist;
        std::memcpy(&seq, p + 1, 2);
        std::memcpy(&ack, p + 3, 2);
        std::memcpy(&hist, p + 5, 4);
        std::memcpy(&corr, p + 10, 2);
        time += p[9] * 0.01;
        const uint8_t type = uint8_t((p[0] >> 1) % 13);
        blank::PlayerState st{{double(p[9]), double(seq & 15), -1.0}, {1, 0, 0, 0}};
        t.on_packet(blank::PacketRef{++frame, time, seq}, p[0] & 1 ? blank::Role::Server : blank::Role::Client, ack,
                    hist, type, 16 + p[9], uint64_t(p[10]), type == 4 || type == 8 ? &st : nullptr,
                    type == 8 ? corr : -1, out[0], sink);
    }
    t.finish(time + 20, sink);
    return 0;
}
