// The Java connection analysis on a hot path allocates nothing per packet:
// once a connection has warmed up (its column and entity tables hold the
// columns and entities it has seen), more Chunk Data, Unload Chunk, Block
// Change, entity spawns, moves and destroys and client positions, framed by
// mcjava::Connection and analysed by mcjava::Analysis, cost no call to
// operator new (this binary counts them: tests/bench/alloc_counter.cpp).
// Keep Alive, status ping and teleport exchanges and column loads/unloads
// are kept, one record each, for the reports (`check` lists every round
// trip and column): those lists grow by blocks or by doubling, which is
// measured separately below.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "alloc_counter.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "../support/java_bytes.hpp"

namespace {

using namespace mcjava;

using Bytes = blankshark::test_support::JavaBytes;

struct Wire {
    Side d;
    std::vector<uint8_t> bytes;
};

struct Analyse : PacketSink {
    Analysis* a;
    uint64_t packets = 0, linked = 0;
    void packet(Packet& p) override {
        ++packets;
        if (a->packet(p).exchange) ++linked;
    }
};

TEST(McJavaAllocations, NoneForWorldAndEntityPacketsOnceWarm) {
    const Side C = Side::Client, S = Side::Server;
    std::vector<Wire> login = {
        {C, Bytes().u8(0x00).var(404).str("localhost").be(25565, 2).var(2).framed()},
        {C, Bytes().u8(0x00).str("eve").framed()},
        {S, Bytes().u8(0x02).str("00000000-0000-3000-8000-000000000001").str("eve").framed()},
        {S, Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(1).u8(20).str("default").u8(0).framed()},
    };
    // A round of world traffic: 25 columns loaded, changed and unloaded;
    // a round of entities: 20 mobs spawned, moved and destroyed, client
    // positions.
    std::vector<Wire> world, round;
    for (int32_t x = 0; x < 5; ++x)
        for (int32_t z = 0; z < 5; ++z) {
            world.push_back({S, Bytes().u8(0x22).i32(x).i32(z).u8(1).var(0).var(1024).zeros(1024).var(0).framed()});
            const uint64_t pos = ((uint64_t(x * 16 + 3) & 0x3FFFFFF) << 38) | (uint64_t(70) << 26) | uint64_t(z * 16 + 5);
            world.push_back({S, Bytes().u8(0x0B).be(pos, 8).var(1).framed()});
        }
    for (int32_t e = 100; e < 120; ++e) {
        round.push_back({S, Bytes().u8(0x03).var(e).zeros(16).var(54).f64(0).f64(64).f64(0).zeros(9).u8(0xFF).framed()});
        round.push_back({S, Bytes().u8(0x28).var(e).zeros(6).u8(1).framed()});
        round.push_back({C, Bytes().u8(0x10).f64(e).f64(64).f64(0).u8(1).framed()});
    }
    Bytes destroy;
    destroy.u8(0x35).var(20);
    for (int32_t e = 100; e < 120; ++e) destroy.var(e);
    round.push_back({S, destroy.framed()});
    for (int32_t x = 0; x < 5; ++x)
        for (int32_t z = 0; z < 5; ++z) world.push_back({S, Bytes().u8(0x1F).i32(x).i32(z).framed()});

    core::Inflater inflater;
    Connection conn(inflater);
    Analysis analysis;
    Analyse sink;
    sink.a = &analysis;
    uint64_t frame = 0;
    auto feed = [&](const std::vector<Wire>& ws) {
        for (const Wire& w : ws) {
            core::Span span;
            span.first = span.last = core::Origin{++frame, double(frame) / 100.0};
            conn.frame(w.d, w.bytes.data(), uint32_t(w.bytes.size()), span, sink);
        }
    };
    feed(login);
    feed(world);  // warm up: every column and entity seen once
    feed(round);
    const uint64_t before = bench::allocations();
    const uint64_t packets = sink.packets;
    for (int i = 0; i < 10; ++i) feed(round);
    EXPECT_EQ(bench::allocations() - before, 0u);
    EXPECT_EQ(sink.packets - packets, 10 * round.size());
    EXPECT_EQ(analysis.entities().destroyed(), 11u * 20u);
    EXPECT_EQ(analysis.entities().unknown_updates(), 0u);

    // Columns: no allocation per packet but the list of loads and unloads
    // (`check` names each), a vector that grows by doubling.
    const uint64_t world_before = bench::allocations();
    for (int i = 0; i < 10; ++i) feed(world);
    EXPECT_LE(bench::allocations() - world_before, 4u);  // 500 more events: a few reallocations
    EXPECT_EQ(analysis.columns().loads(), 11u * 25u);
    EXPECT_EQ(analysis.columns().unloads(), 11u * 25u);

    // Keep-alive pairs: their records are kept; the list grows by blocks.
    std::vector<Wire> ka;
    for (int i = 0; i < 400; ++i) {
        ka.push_back({S, Bytes().u8(0x21).i64(i).framed()});
        ka.push_back({C, Bytes().u8(0x0E).i64(i).framed()});
    }
    const uint64_t ka_before = bench::allocations();
    feed(ka);
    EXPECT_EQ(sink.linked, 800u);
    EXPECT_LE(bench::allocations() - ka_before, 400u / 2);  // far fewer than one per exchange
}

}  // namespace
