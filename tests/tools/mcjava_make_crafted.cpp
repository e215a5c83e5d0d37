// Writes captures/…-style crafted Minecraft Java (protocol 404) sessions
// with one problem of each kind the connection analysis finds, one packet
// per TCP segment, so each problem is on a known frame:
//
//   mcjava_make_crafted OUT.pcap
//
// Frames 1-3 are the TCP handshake; packet k of the list below is frame
// 3 + k; then the FINs. The expected findings (frame, code) are printed on
// stdout, one per line, for the tests (tests/analyzer/java_check_test.cpp,
// tests/plugin/tshark_mcjava_test.cpp), which also hold them literally.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tcp_capture.hpp"
#include "../support/java_bytes.hpp"

namespace {

using Bytes = blankshark::test_support::JavaBytes;

struct Step {
    bool client;
    double dt;  // seconds after the previous packet
    Bytes bytes;
    const char* finding;  // on this frame (nullptr: none)
};

Bytes teleport(double x, double y, double z, uint8_t flags, int32_t id) {
    return Bytes().u8(0x32).f64(x).f64(y).f64(z).f32(0).f32(0).u8(flags).var(id);
}
Bytes chunk(int32_t x, int32_t z) { return Bytes().u8(0x22).i32(x).i32(z).u8(1).var(0).var(1024).zeros(1024).var(0); }
Bytes spawn_mob(int32_t eid) {
    return Bytes().u8(0x03).var(eid).zeros(16).var(54).f64(0).f64(64).f64(0).zeros(3).zeros(6).u8(0xFF);
}
Bytes block_change(int64_t x, int64_t y, int64_t z) {
    const uint64_t v = ((uint64_t(x) & 0x3FFFFFF) << 38) | ((uint64_t(y) & 0xFFF) << 26) | (uint64_t(z) & 0x3FFFFFF);
    return Bytes().u8(0x0B).be(v, 8).var(1);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: mcjava_make_crafted OUT.pcap\n");
        return 2;
    }
    const std::vector<Step> steps = {
        {true, 0.01, Bytes().u8(0x00).var(404).str("localhost").be(25565, 2).var(2), nullptr},  // Handshake
        {true, 0.01, Bytes().u8(0x00).str("eve"), nullptr},                                       // Login Start
        {false, 0.01, Bytes().u8(0x02).str("00000000-0000-3000-8000-000000000001").str("eve"), nullptr},
        {false, 0.01, Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(1).u8(20).str("default").u8(0), nullptr},  // Join Game
        {false, 0.01, Bytes().u8(0x21).i64(1), nullptr},                         // Keep Alive 1
        {true, 0.002, Bytes().u8(0x0E).i64(1), nullptr},                         // its answer
        {true, 0.01, Bytes().u8(0x0E).i64(5), "mcjava.keepalive.unknown_id"},    // never asked
        {false, 0.01, Bytes().u8(0x21).i64(2), "mcjava.keepalive.unanswered"},   // never answered
        {true, 0.01, Bytes().u8(0x10).f64(0).f64(64).f64(0).u8(1), nullptr},     // Player Position
        {false, 0.01, teleport(0.5, 64, 0, 0, 10), nullptr},                     // 0.5 blocks
        {true, 0.003, Bytes().u8(0x00).var(10), nullptr},                        // confirmed
        {true, 0.01, Bytes().u8(0x00).var(11), "mcjava.teleport.unknown_id"},    // never sent
        {false, 0.01, teleport(100, 64, 0, 0, 12), "mcjava.teleport.far mcjava.teleport.unconfirmed"},
        {false, 0.01, chunk(0, 0), nullptr},
        {false, 0.01, chunk(0, 0), "mcjava.chunk.sent_twice"},
        {false, 0.01, Bytes().u8(0x1F).i32(3).i32(3), "mcjava.chunk.unload_unknown"},
        {false, 0.01, block_change(40, 70, 40), "mcjava.chunk.change_unloaded"},  // column (2, 2)
        {false, 0.01, Bytes().u8(0x0F).i32(4).i32(4).var(0), "mcjava.chunk.change_unloaded"},
        {false, 0.01, spawn_mob(40), nullptr},
        {false, 0.01, Bytes().u8(0x28).var(41).zeros(6).u8(1), "mcjava.entity.unknown"},
        {false, 0.01, Bytes().u8(0x35).var(2).var(40).var(40), "mcjava.entity.destroy_unknown"},
        {false, 0.01, spawn_mob(50), nullptr},
        {false, 0.01, spawn_mob(50), "mcjava.entity.spawn_twice"},
        {false, 0.01, Bytes().u8(0x21).i64(3), nullptr},                         // Keep Alive 3 ...
        {true, 31.0, Bytes().u8(0x0E).i64(3), "mcjava.keepalive.late"},          // ... answered 31 s later
    };
    blankshark::PcapWriter w(argv[1], 1);
    if (!w.ok()) {
        std::fprintf(stderr, "cannot write %s\n", argv[1]);
        return 1;
    }
    tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, 50123, 0x10000000};
    tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, 25565, 0x20000000};
    tcpcap::TcpCapture tcp(w, client, server);
    double t = 1000.0;
    tcp.handshake(t, 0.001);
    t += 0.01;
    uint64_t frame = 3;
    for (const Step& s : steps) {
        t += s.dt;
        const std::vector<uint8_t> b = s.bytes.framed();
        tcp.data(t, s.client, b.data(), uint32_t(b.size()), tcp.sent(s.client));
        ++frame;
        if (s.finding) {
            std::string codes = s.finding;
            size_t at = 0;
            while (at < codes.size()) {
                size_t sp = codes.find(' ', at);
                if (sp == std::string::npos) sp = codes.size();
                std::printf("%llu %s\n", (unsigned long long)frame, codes.substr(at, sp - at).c_str());
                at = sp + 1;
            }
        }
    }
    tcp.fin(t + 0.01, true);
    tcp.fin(t + 0.02, false);
    return 0;
}
