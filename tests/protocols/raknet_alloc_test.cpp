// A RakNet connection allocates nothing per packet once its windows have
// grown to their size and its largest packet was seen: datagrams with
// several frames, ACKs, NAKs, resends, split packets reassembled, pings
// (this binary counts calls to operator new: tests/bench/alloc_counter.cpp).
#include <gtest/gtest.h>

#include <vector>

#include "alloc_counter.hpp"
#include "protocols/mcpe/session.hpp"
#include "protocols/raknet/builder.hpp"

namespace {

using namespace raknet;

// Counts what it is handed; allocates nothing.
struct Count : mcpe::Sink {
    uint64_t packets = 0, frames = 0, messages = 0, bytes = 0, links = 0, findings = 0, games = 0;
    void packet(const PacketResult& p) override {
        ++packets;
        frames += p.frames.size;
        messages += p.messages.size;
        for (const MessageResult& m : p.messages) bytes += m.len;
        findings += p.findings.size;
    }
    void link(const Link&) override { ++links; }
    void finding(const core::Finding&) override { ++findings; }
    void game_packet(const mcpe::GamePacket&) override { ++games; }
};

// One round of traffic in order (pre-built: building allocates).
struct Round {
    std::vector<std::pair<Side, std::vector<uint8_t>>> packets;
};

Round round(uint32_t seq, uint32_t index, uint16_t split) {
    const Generation g = Generation::Current;
    Round r;
    auto client = [&](std::vector<uint8_t> b) { r.packets.push_back({Side::Client, std::move(b)}); };
    auto server = [&](std::vector<uint8_t> b) { r.packets.push_back({Side::Server, std::move(b)}); };
    std::vector<uint8_t> small(40, 0xfe);
    // Client: a datagram of three frames (ordered, unreliable, a ping), then a
    // 3-fragment split packet; the server ACKs them, NAKs one, the client resends it.
    FrameSpec a{Reliability::ReliableOrdered, index, 0, index, 0, false, 0, 0, 0, small};
    FrameSpec b{Reliability::Unreliable, 0, 0, 0, 0, false, 0, 0, 0, small};
    FrameSpec ping{Reliability::Unreliable, 0, 0, 0, 0, false, 0, 0, 0, {0x00, 0, 0, 0, 0, 0, 0, 0, uint8_t(seq)}};
    client(encode_datagram(g, seq, {a, b, ping}));
    for (uint32_t i = 0; i < 3; ++i) {
        FrameSpec f{Reliability::ReliableOrdered, index + 1 + i, 0, index + 1, 0, true, 3, i, split,
                    std::vector<uint8_t>(1000, 0xfe)};
        client(encode_datagram(g, seq + 1 + i, {f}));
    }
    server(encode_ack(g, false, {{seq, seq + 1}, {seq + 3, seq + 3}}));
    server(encode_ack(g, true, {{seq + 2, seq + 2}}));
    FrameSpec again{Reliability::ReliableOrdered, index + 2, 0, index + 1, 0, true, 3, 1, split,
                    std::vector<uint8_t>(1000, 0xfe)};
    client(encode_datagram(g, seq + 4, {again}));
    server(encode_ack(g, false, {{seq + 4, seq + 4}}));
    FrameSpec pong{Reliability::Unreliable, 0, 0, 0, 0, false, 0, 0, 0,
                   {0x03, 0, 0, 0, 0, 0, 0, 0, uint8_t(seq), 0, 0, 0, 0, 0, 0, 0, 1}};
    server(encode_datagram(g, seq / 5, {pong}));
    client(encode_ack(g, false, {{seq / 5, seq / 5}}));
    return r;
}

TEST(RakNetAllocations, NoneOnceWarm) {
    std::vector<Round> rounds;
    for (uint32_t i = 0; i < 1300; ++i) rounds.push_back(round(i * 5, i * 4, uint16_t(i)));
    mcpe::Session s;
    Count sink;
    uint64_t frame = 0;
    double t = 0;
    auto play = [&](const Round& r) {
        for (const auto& [side, b] : r.packets) {
            t += 0.001;
            s.packet(side, b.data(), uint32_t(b.size()), core::Origin{++frame, t}, sink);
        }
    };
    // Warm up: the windows (1024 entries) filled in both directions, buffers at their size.
    for (size_t i = 0; i < 1100; ++i) play(rounds[i]);
    const uint64_t before = bench::allocations();
    for (size_t i = 1100; i < rounds.size(); ++i) play(rounds[i]);
    const uint64_t during = bench::allocations() - before;
    EXPECT_EQ(during, 0u);
    // The traffic was analysed: every split packet completed, resends seen.
    const DirectionStats& c = s.transport().stats(Side::Client);
    EXPECT_EQ(c.split_completed, 1300u);
    EXPECT_EQ(c.resent_frames, 1300u);
    EXPECT_EQ(c.resends_after_nak, 1300u);
    EXPECT_EQ(c.rtt.count, 1300u);
    EXPECT_GT(sink.links, 0u);
    EXPECT_EQ(s.stats(Side::Client).wrappers, 3 * 1300u);
}

}  // namespace
