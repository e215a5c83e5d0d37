// The Java connection analysis (src/protocols/mc_java/analysis.hpp) on
// packets crafted byte by byte from the protocol 404 / 498 layouts: each
// finding on the packet (and frame) it belongs to, the links between
// requests and answers, the teleport distance with relative flags, and the
// findings known only at the end.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/schema.hpp"
#include "../support/java_bytes.hpp"

namespace {

using namespace mcjava;
using C = FindingCode;

using Bytes = blankshark::test_support::JavaBytes;

// Feeds crafted packets to one Analysis with frame numbers and times.
struct Feed {
    int32_t protocol = 404;
    Analysis a;
    std::vector<core::Finding> end;
    explicit Feed(int32_t proto = 404, AnalysisConfig cfg = {}) : protocol(proto), a(cfg) {}

    struct Result {
        PacketLink link;
        std::vector<core::Finding> findings;
        bool has(C c) const {
            for (const auto& f : findings)
                if (f.code == core::Code(c)) return true;
            return false;
        }
    };
    Result send(uint64_t frame, double time, Side d, State st, const Bytes& bytes) {
        Packet p;
        p.dir = d;
        p.state = st;
        p.version = find_version(protocol);
        p.table = table_index(st, d);
        p.data = bytes.b.data();
        p.data_len = uint32_t(bytes.b.size());
        p.wire_len = p.data_len + 1;
        p.span.first = p.span.last = core::Origin{frame, time};
        p.summary = core::decode_header(schema(*p.version), p.data, p.data_len, p.context());
        EXPECT_NE(p.summary.type, nullptr) << "frame " << frame;
        Result r;
        r.link = a.packet(p);
        r.findings.assign(p.findings, p.findings + p.nfindings);
        return r;
    }
    Result cb(uint64_t frame, double time, const Bytes& b) { return send(frame, time, Side::Server, State::Play, b); }
    Result sb(uint64_t frame, double time, const Bytes& b) { return send(frame, time, Side::Client, State::Play, b); }
    void finish() {
        struct Out : EndFindings {
            std::vector<core::Finding>* v;
            void add(const core::Finding& f) override { v->push_back(f); }
        } o;
        o.v = &end;
        a.finish(o);
    }
    size_t end_count(C c, uint64_t frame) const {
        size_t n = 0;
        for (const auto& f : end)
            if (f.code == core::Code(c) && f.frame == frame) ++n;
        return n;
    }
};

// 404 ids (seed 003): keep alive cb 0x21 / sb 0x0E, Player Position And Look
// cb 0x32, Teleport Confirm sb 0x00, Player Position sb 0x10, Chunk Data
// 0x22, Unload Chunk 0x1F, Block Change 0x0B, Multi Block Change 0x0F,
// Spawn Mob 0x03, Entity Relative Move 0x28, Destroy Entities 0x35, Join
// Game 0x25.
Bytes keep_alive_cb(int64_t id) { return Bytes().u8(0x21).i64(id); }
Bytes keep_alive_sb(int64_t id) { return Bytes().u8(0x0E).i64(id); }
Bytes teleport(double x, double y, double z, uint8_t flags, int32_t id) {
    return Bytes().u8(0x32).f64(x).f64(y).f64(z).f32(0).f32(0).u8(flags).var(id);
}
Bytes confirm(int32_t id) { return Bytes().u8(0x00).var(id); }
Bytes position(double x, double y, double z) { return Bytes().u8(0x10).f64(x).f64(y).f64(z).u8(1); }
Bytes chunk(int32_t x, int32_t z, bool full = true) {
    Bytes b;
    b.u8(0x22).i32(x).i32(z).u8(full ? 1 : 0).var(0);
    if (full) b.var(1024).zeros(1024);
    else b.var(0);
    return b.var(0);
}
Bytes unload(int32_t x, int32_t z) { return Bytes().u8(0x1F).i32(x).i32(z); }
// 404 position: x 26 bits, y 12, z 26.
Bytes block_change(int64_t x, int64_t y, int64_t z) {
    const uint64_t v = ((uint64_t(x) & 0x3FFFFFF) << 38) | ((uint64_t(y) & 0xFFF) << 26) | (uint64_t(z) & 0x3FFFFFF);
    return Bytes().u8(0x0B).be(v, 8).var(1);
}
Bytes multi_block_change(int32_t x, int32_t z) { return Bytes().u8(0x0F).i32(x).i32(z).var(0); }
Bytes spawn_mob(int32_t eid, int32_t type) {
    return Bytes().u8(0x03).var(eid).zeros(16).var(type).f64(0).f64(64).f64(0).zeros(3).zeros(6).u8(0xFF);
}
Bytes relative_move(int32_t eid) { return Bytes().u8(0x28).var(eid).zeros(6).u8(1); }
Bytes destroy(std::initializer_list<int32_t> ids) {
    Bytes b;
    b.u8(0x35).var(int64_t(ids.size()));
    for (int32_t id : ids) b.var(id);
    return b;
}

TEST(McJavaAnalysis, KeepAliveLinksAnswersById) {
    Feed r;
    const auto req = r.cb(10, 1.0, keep_alive_cb(7));
    ASSERT_NE(req.link.exchange, nullptr);
    EXPECT_FALSE(req.link.is_answer);
    const auto ans = r.sb(12, 1.25, keep_alive_sb(7));
    ASSERT_EQ(ans.link.exchange, req.link.exchange);
    EXPECT_TRUE(ans.link.is_answer);
    EXPECT_EQ(req.link.exchange->answer_frame, 12u);
    EXPECT_EQ(req.link.exchange->request_frame, 10u);
    EXPECT_DOUBLE_EQ(req.link.exchange->delay(), 0.25);
    EXPECT_TRUE(ans.findings.empty());
    r.finish();
    EXPECT_TRUE(r.end.empty());
    EXPECT_EQ(r.a.keepalives().delays().count(), 1u);
}

TEST(McJavaAnalysis, KeepAliveUnknownUnansweredAndLate) {
    Feed r;
    r.cb(10, 1.0, keep_alive_cb(1));
    r.cb(20, 2.0, keep_alive_cb(2));
    const auto stray = r.sb(21, 2.1, keep_alive_sb(99));  // never sent
    EXPECT_TRUE(stray.has(C::KeepAliveUnknownId));
    EXPECT_EQ(stray.link.exchange, nullptr);
    const auto late = r.sb(30, 40.0, keep_alive_sb(1));  // 39 s after its request
    EXPECT_TRUE(late.has(C::KeepAliveLate));
    const auto again = r.sb(31, 40.1, keep_alive_sb(1));  // answered already
    EXPECT_TRUE(again.has(C::KeepAliveUnknownId));
    r.finish();
    EXPECT_EQ(r.end_count(C::KeepAliveUnanswered, 20), 1u);  // id 2, at its request's frame
    ASSERT_EQ(r.end.size(), 1u);
    EXPECT_EQ(r.end[0].b, 38100);  // waited 38.1 s until the last packet (40.1 s): beyond the kick window
    EXPECT_EQ(r.end[0].c, 30);
    EXPECT_EQ(r.a.keepalives().late(), 1u);
    EXPECT_EQ(r.a.keepalives().unknown_answers(), 2u);
}

TEST(McJavaAnalysis, KeepAliveWindowIsASetting) {
    AnalysisConfig cfg;
    cfg.keepalive_window = 5;
    Feed r(404, cfg);
    r.cb(1, 0.0, keep_alive_cb(1));
    EXPECT_TRUE(r.sb(2, 6.0, keep_alive_sb(1)).has(C::KeepAliveLate));
    Feed d;  // default 30 s
    d.cb(1, 0.0, keep_alive_cb(1));
    EXPECT_FALSE(d.sb(2, 29.0, keep_alive_sb(1)).has(C::KeepAliveLate));
}

TEST(McJavaAnalysis, StatusPingAndPong) {
    Feed r;
    const auto ping = r.send(3, 0.5, Side::Client, State::Status, Bytes().u8(0x01).i64(1234));
    const auto pong = r.send(4, 0.502, Side::Server, State::Status, Bytes().u8(0x01).i64(1234));
    ASSERT_NE(ping.link.exchange, nullptr);
    EXPECT_EQ(ping.link.exchange->kind, ExchangeKind::StatusPing);
    EXPECT_EQ(pong.link.exchange, ping.link.exchange);
    EXPECT_TRUE(r.send(5, 0.6, Side::Server, State::Status, Bytes().u8(0x01).i64(5)).has(C::PongUnknown));
    r.send(6, 0.7, Side::Client, State::Status, Bytes().u8(0x01).i64(6));
    r.finish();
    EXPECT_EQ(r.end_count(C::PingUnanswered, 6), 1u);
}

TEST(McJavaAnalysis, TeleportConfirmAndDistance) {
    Feed r;
    r.sb(5, 0.1, position(21, 69, 18));
    const auto tp = r.cb(8, 0.2, teleport(10, 80, 10, 0, 3));
    ASSERT_NE(tp.link.exchange, nullptr);
    const Exchange& e = *tp.link.exchange;
    EXPECT_TRUE(e.has_client);
    EXPECT_EQ(e.client_frame, 5u);
    EXPECT_NEAR(e.distance, std::sqrt(121.0 + 121.0 + 64.0), 1e-9);  // 17.493
    EXPECT_TRUE(tp.has(C::TeleportFar));                             // default threshold 1 block
    const auto c = r.sb(9, 0.26, confirm(3));
    EXPECT_EQ(c.link.exchange, &e);
    EXPECT_TRUE(c.link.is_answer);
    EXPECT_NEAR(e.delay(), 0.06, 1e-9);
    EXPECT_TRUE(r.sb(10, 0.3, confirm(3)).has(C::TeleportConfirmUnknown));  // already confirmed
    EXPECT_TRUE(r.sb(11, 0.3, confirm(42)).has(C::TeleportConfirmUnknown)); // never sent
    r.cb(12, 0.4, teleport(0, 0, 0, 0, 4));
    r.finish();
    EXPECT_EQ(r.end_count(C::TeleportUnconfirmed, 12), 1u);
    EXPECT_EQ(r.end.size(), 1u);
}

TEST(McJavaAnalysis, TeleportRelativeFlagsAndThreshold) {
    AnalysisConfig cfg;
    cfg.teleport_threshold = 0.5;
    Feed r(404, cfg);
    r.sb(1, 0, position(100, 64, -50));
    // x and z relative (0x01 | 0x04), y absolute: the server puts the client
    // at (100.3, 64, -50.4): 0.5 blocks away, not above the threshold.
    const auto near = r.cb(2, 0, teleport(0.3, 64, -0.4, 0x05, 1));
    EXPECT_NEAR(near.link.exchange->x, 100.3, 1e-9);
    EXPECT_NEAR(near.link.exchange->z, -50.4, 1e-9);
    EXPECT_NEAR(near.link.exchange->distance, 0.5, 1e-9);
    EXPECT_FALSE(near.has(C::TeleportFar));
    const auto far = r.cb(3, 0, teleport(0, 1, 0, 0x07, 2));  // all relative: one block up
    EXPECT_NEAR(far.link.exchange->distance, 1.0, 1e-9);
    EXPECT_TRUE(far.has(C::TeleportFar));
    // Without a client position yet, no distance.
    Feed fresh;
    const auto first = fresh.cb(1, 0, teleport(5, 5, 5, 0, 1));
    EXPECT_FALSE(first.link.exchange->has_client);
    EXPECT_FALSE(first.has(C::TeleportFar));
}

// Chat Message (serverbound, 0x02 in 404): a String, VarInt length first.
Bytes chat_sb(const std::string& text) {
    Bytes b;
    b.u8(0x02).var(int64_t(text.size()));
    for (char c : text) b.u8(uint8_t(c));
    return b;
}

// A far teleport is a warning by default, unless the client's own command
// (a chat message starting with '/') came since the previous teleport: the
// teleport capture's two /tp (README-1.13.2.md) are asked for.
TEST(McJavaAnalysis, FarTeleportWarnsUnlessTheClientCommandedIt) {
    EXPECT_EQ(core::finding_info(core::Code(C::TeleportFar)).severity, core::Severity::Warn);
    EXPECT_EQ(core::finding_info(core::Code(C::TeleportCommanded)).severity, core::Severity::Comment);
    Feed r;
    r.sb(1, 0.0, position(0, 64, 0));
    EXPECT_FALSE(r.sb(2, 1.0, chat_sb("hello")).has(C::TeleportCommanded));
    EXPECT_TRUE(r.cb(3, 1.1, teleport(0, 64, 5, 0, 1)).has(C::TeleportFar));  // chat, but no command
    r.sb(4, 1.2, position(0, 64, 5));
    r.sb(5, 2.0, chat_sb("/tp alice 10 80 10"));
    const auto asked = r.cb(6, 2.05, teleport(10, 80, 10, 0, 2));
    EXPECT_FALSE(asked.has(C::TeleportFar));
    ASSERT_TRUE(asked.has(C::TeleportCommanded));
    EXPECT_EQ(asked.findings[0].ref_frame, 5u);
    EXPECT_EQ(asked.findings[0].b, 19519);  // (10, 80, 10) - (0, 64, 5): sqrt(100 + 256 + 25) = 19.519 blocks, in mm
    r.sb(7, 2.1, position(10, 80, 10));
    // The command was answered: the next far teleport is a correction again.
    EXPECT_TRUE(r.cb(8, 3.0, teleport(10, 80, 30, 0, 3)).has(C::TeleportFar));
    EXPECT_EQ(r.a.teleports().far(), 2u);
    EXPECT_EQ(r.a.teleports().commanded(), 1u);
}

// A Keep Alive answered after more than a second is lag, a warning by
// default (below the 30 s kick window, which stays its own finding).
TEST(McJavaAnalysis, SlowKeepAliveIsLagByDefault) {
    Feed r;
    r.cb(1, 0.0, keep_alive_cb(1));
    EXPECT_TRUE(r.sb(2, 0.9, keep_alive_sb(1)).findings.empty());
    r.cb(3, 5.0, keep_alive_cb(2));
    const auto slow = r.sb(4, 9.962, keep_alive_sb(2));  // 4962 ms, the chat flood's answer
    ASSERT_TRUE(slow.has(C::KeepAliveSlow));
    EXPECT_EQ(slow.findings[0].b, 4962);
    EXPECT_EQ(slow.findings[0].c, 1000);
    EXPECT_EQ(core::finding_info(core::Code(C::KeepAliveSlow)).severity, core::Severity::Warn);
    r.cb(5, 10.0, keep_alive_cb(3));
    const auto late = r.sb(6, 41.0, keep_alive_sb(3));
    EXPECT_TRUE(late.has(C::KeepAliveLate));
    EXPECT_FALSE(late.has(C::KeepAliveSlow));
    EXPECT_EQ(r.a.keepalives().slow(), 1u);
    AnalysisConfig off;
    off.keepalive_slow = 0;
    Feed q(404, off);
    q.cb(1, 0.0, keep_alive_cb(1));
    EXPECT_TRUE(q.sb(2, 5.0, keep_alive_sb(1)).findings.empty());
}

TEST(McJavaAnalysis, ChunkColumns) {
    Feed r;
    EXPECT_TRUE(r.cb(1, 0, chunk(0, 0)).findings.empty());
    EXPECT_TRUE(r.cb(2, 0, chunk(-1, 3)).findings.empty());
    EXPECT_TRUE(r.cb(3, 0, chunk(0, 0)).has(C::ChunkSentTwice));
    EXPECT_TRUE(r.cb(4, 0, unload(0, 0)).findings.empty());
    EXPECT_TRUE(r.cb(5, 0, unload(0, 0)).has(C::ChunkUnloadUnknown));   // already unloaded
    EXPECT_TRUE(r.cb(6, 0, unload(7, 7)).has(C::ChunkUnloadUnknown));   // never sent
    EXPECT_TRUE(r.cb(7, 0, chunk(0, 0)).findings.empty());              // again after the unload
    // Block (-5, 70, 60) is in column (-1, 3): loaded. (40, 70, 0) in (2, 0): not.
    EXPECT_TRUE(r.cb(8, 0, block_change(-5, 70, 60)).findings.empty());
    EXPECT_TRUE(r.cb(9, 0, block_change(40, 70, 0)).has(C::ChunkChangeUnloaded));
    EXPECT_TRUE(r.cb(10, 0, multi_block_change(-1, 3)).findings.empty());
    EXPECT_TRUE(r.cb(11, 0, multi_block_change(5, 5)).has(C::ChunkChangeUnloaded));
    EXPECT_TRUE(r.cb(12, 0, chunk(9, 9, false)).has(C::ChunkChangeUnloaded));  // partial, not loaded
    EXPECT_EQ(r.a.columns().loads(), 4u);
    EXPECT_EQ(r.a.columns().unloads(), 1u);
    EXPECT_EQ(r.a.columns().loaded_now(), 2u);
    ASSERT_EQ(r.a.columns().events().size(), 5u);
    EXPECT_EQ(r.a.columns().events()[3].frame, 4u);
    EXPECT_EQ(r.a.columns().events()[3].kind, ColumnTracker::EventKind::Unload);
}

TEST(McJavaAnalysis, UpdateLightBeforeItsColumnIsFineNeverIsNot) {
    Feed r(498);
    // 1.14.4 (498): Update Light 0x24 (masks 0: no arrays), Chunk Data 0x21
    // with an empty heightmaps compound.
    auto light = [](int32_t x, int32_t z) { return Bytes().u8(0x24).var(x).var(z).var(0).var(0).var(0).var(0); };
    auto chunk498 = [](int32_t x, int32_t z) {
        return Bytes().u8(0x21).i32(x).i32(z).u8(1).var(0).u8(0x0A).be(0, 2).u8(0x00).var(1024).zeros(1024).var(0);
    };
    EXPECT_TRUE(r.cb(1, 0, light(2, 2)).findings.empty());
    EXPECT_TRUE(r.cb(2, 0, chunk498(2, 2)).findings.empty());
    EXPECT_TRUE(r.cb(3, 0, light(8, 8)).findings.empty());
    r.finish();
    EXPECT_EQ(r.end_count(C::ChunkLightUnknown, 3), 1u);
    EXPECT_EQ(r.end.size(), 1u);
    EXPECT_EQ(r.a.columns().light_packets(), 2u);
    EXPECT_EQ(r.a.columns().loads(), 1u);
    EXPECT_EQ(r.a.columns().distinct(), 1u);  // (8, 8) only ever got light: not a column sent
}

TEST(McJavaAnalysis, Entities) {
    Feed r;
    // Join Game: the player's own entity 7 (Int entity id, gamemode,
    // dimension Int, difficulty, max players, level type, reduced debug).
    r.cb(1, 0, Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(1).u8(20).var(7).be(0x64656661756c74ULL, 7).u8(0));
    EXPECT_TRUE(r.cb(2, 0, relative_move(7)).findings.empty());  // the player itself
    EXPECT_TRUE(r.cb(3, 0, spawn_mob(40, 54)).findings.empty());
    EXPECT_TRUE(r.cb(4, 0, relative_move(40)).findings.empty());
    EXPECT_TRUE(r.cb(5, 0, relative_move(41)).has(C::EntityUnknown));  // never spawned
    EXPECT_TRUE(r.cb(6, 0, spawn_mob(40, 54)).has(C::EntitySpawnTwice));
    const auto d = r.cb(7, 0, destroy({40, 40, 41}));
    size_t unknown = 0;
    for (const auto& f : d.findings) unknown += f.code == core::Code(C::EntityDestroyUnknown);
    EXPECT_EQ(unknown, 2u);  // the second 40 (destroyed twice) and 41 (never spawned)
    const auto late = r.cb(8, 0, relative_move(40));
    ASSERT_TRUE(late.has(C::EntityUnknown));
    EXPECT_EQ(late.findings[0].b, 1);  // already destroyed
    EXPECT_EQ(r.a.entities().spawned(), 2u);
    EXPECT_EQ(r.a.entities().destroyed(), 1u);
    EXPECT_EQ((r.a.entities().spawns().at({SpawnKind::Mob, 54})), 2u);
}

TEST(McJavaAnalysis, SilencePerSide) {
    Feed r;
    r.cb(1, 1.0, keep_alive_cb(1));
    r.sb(2, 1.5, keep_alive_sb(1));
    r.cb(3, 5.0, keep_alive_cb(2));   // server quiet 4 s, ended by frame 3
    r.sb(4, 5.2, keep_alive_sb(2));
    r.cb(5, 20.0, keep_alive_cb(3));  // server quiet 15 s; the client's last packet is at 5.2
    const SilenceTracker& s = r.a.silence();
    EXPECT_DOUBLE_EQ(s.side(Side::Server).longest, 15.0);
    EXPECT_EQ(s.side(Side::Server).longest_frame, 5u);
    EXPECT_NEAR(s.side(Side::Client).longest, 3.7, 1e-9);
    EXPECT_EQ(s.side(Side::Client).longest_frame, 4u);
    EXPECT_NEAR(s.final_silence(Side::Client), 14.8, 1e-9);
    EXPECT_DOUBLE_EQ(s.final_silence(Side::Server), 0.0);
}

TEST(McJavaAnalysis, FindingsHaveStableNames) {
    EXPECT_STREQ(core::finding_info(core::Code(C::KeepAliveUnanswered)).name, "mcjava.keepalive.unanswered");
    EXPECT_STREQ(core::finding_info(core::Code(C::TeleportFar)).name, "mcjava.teleport.far");
    EXPECT_STREQ(core::finding_info(core::Code(C::ChunkChangeUnloaded)).name, "mcjava.chunk.change_unloaded");
    EXPECT_STREQ(core::finding_info(core::Code(C::EntityDestroyUnknown)).name, "mcjava.entity.destroy_unknown");
}

}  // namespace
