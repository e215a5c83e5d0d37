// The Minecraft Alpha connection on the simulator's sessions: a healthy
// session decodes completely with only the findings that describe it (its
// version, the server's placements, the two corrections, the Kick), every
// Map Chunk inflates and summarises to what the terrain holds, and the
// anomalies session reports each anomaly exactly once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "mcalpha_support.hpp"
#include "protocols/mc_alpha/region.hpp"
#include "protocols/mc_alpha/terrain.hpp"

namespace {

using namespace alphatest;

TEST(McAlphaSession, HealthySessionDecodesCompletelyWithOnlyItsOwnFindings) {
    const auto recs = sim::session();
    core::Inflater inflater;
    Session s(inflater);
    Sink sink;
    run(s, recs, sink);
    ASSERT_EQ(sink.messages.size(), recs.size());
    for (size_t i = 0; i < recs.size(); ++i) {
        ASSERT_EQ(sink.messages[i].kind, MessageKind::Message) << i;
        ASSERT_EQ(sink.messages[i].len, recs[i].bytes.size()) << i;
        EXPECT_TRUE(sink.messages[i].decoder_findings.empty()) << i;
    }
    const std::map<std::string, int> want = {
        {"mcalpha.login.version", 1},        {"mcalpha.move.placement", 2}, {"mcalpha.move.correction", 1},
        {"mcalpha.move.correction_far", 1}, {"mcalpha.end.kick", 1},
    };
    EXPECT_EQ(sink.names(), want);
    const ConnectionSummary& sum = s.connection().summary();
    EXPECT_EQ(sum.ending, Ending::Kick);
    EXPECT_STREQ(sum.reason, sim::kKickReason);
    EXPECT_EQ(sum.protocol_version, 6);
    EXPECT_STREQ(sum.username, "alice");
    EXPECT_EQ(sum.player_eid, sim::kPlayerEid);
    EXPECT_EQ(sum.map_chunks, 30u);
    EXPECT_EQ(sum.chunks_summarised, 30u);
    EXPECT_EQ(sum.corrections, 2u);
    EXPECT_NEAR(sum.max_correction, sim::kFarCorrection, 1e-9);
    EXPECT_EQ(sum.columns_loaded, 25u);
}

TEST(McAlphaSession, CorrectionsAreMeasuredFromTheClientsLastPosition) {
    const auto recs = sim::session();
    core::Inflater inflater;
    Session s(inflater);
    Sink sink;
    run(s, recs, sink);
    std::vector<double> distances;
    for (const Kept& k : sink.messages)
        for (const core::Finding& f : k.findings) {
            const std::string n = core::finding_info(f.code).name;
            if (n != "mcalpha.move.correction" && n != "mcalpha.move.correction_far") continue;
            distances.push_back(k.fields.num.at("mcalpha.correction.distance"));
            EXPECT_NEAR(k.fields.num.at("mcalpha.correction.elapsed"), 0.01, 1e-6);  // the server answers within the tick
            // The client's position it is measured from is the client's last message.
            const uint64_t from = uint64_t(k.fields.num.at("mcalpha.correction.client_frame"));
            ASSERT_GT(from, 0u);
            EXPECT_EQ(recs[from - 1].dir, Side::Client);
            EXPECT_EQ(f.ref_frame, from);
        }
    ASSERT_EQ(distances.size(), 2u);
    EXPECT_NEAR(distances[0], sim::kFarCorrection, 1e-9);
    EXPECT_NEAR(distances[1], sim::kSmallCorrection, 1e-9);
}

TEST(McAlphaSession, EveryMapChunkSummarisesToWhatTheTerrainHolds) {
    const auto recs = sim::session();
    core::Inflater inflater;
    Session s(inflater);
    Sink sink;
    run(s, recs, sink);
    const auto chunks = sink.of("map_chunk");
    ASSERT_EQ(chunks.size(), 30u);
    for (const Kept* k : chunks) {
        const auto& f = k->fields.num;
        const int32_t cx = int32_t(f.at("mcalpha.chunk.column_x")), cz = int32_t(f.at("mcalpha.chunk.column_z"));
        uint32_t non_air = 0;
        bool seen[256] = {};
        uint32_t distinct = 0;
        for (int x = 0; x < 16; ++x)
            for (int y = 0; y < 128; ++y)
                for (int z = 0; z < 16; ++z) {
                    const uint8_t b = sim::block_at(cx, cz, x, y, z);
                    non_air += b != 0;
                    if (!seen[b]) {
                        seen[b] = true;
                        ++distinct;
                    }
                }
        EXPECT_EQ(f.at("mcalpha.chunk.blocks"), 32768);
        EXPECT_EQ(f.at("mcalpha.chunk.inflated"), 81920);
        EXPECT_EQ(f.at("mcalpha.chunk.expected"), 81920);
        EXPECT_EQ(f.at("mcalpha.chunk.non_air"), non_air);
        EXPECT_EQ(f.at("mcalpha.chunk.distinct"), distinct);
        const bool spawn = cx == (sim::kSpawnX >> 4) && cz == (sim::kSpawnZ >> 4);
        EXPECT_EQ(f.at("mcalpha.chunk.block_light_max"), spawn ? sim::kTorchLight : 0);
        EXPECT_EQ(f.at("mcalpha.chunk.sky_light_min"), 0);
        EXPECT_EQ(f.at("mcalpha.chunk.sky_light_max"), 15);
        // Announced by the Pre-Chunk just before it.
        EXPECT_EQ(uint64_t(f.at("mcalpha.chunk.pre_chunk")), k->frame - 1);
    }
}

TEST(McAlphaSession, AnomaliesAreEachReported) {
    const auto recs = sim::anomalies();
    core::Inflater inflater;
    Session s(inflater);
    Sink sink;
    run(s, recs, sink);
    const std::map<std::string, int> want = {
        {"mcalpha.state.unexpected", 2},      // Player before the login, Handshake during play
        {"mcalpha.login.version", 1},
        {"mcalpha.login.version_not_6", 1},
        {"mcalpha.inventory.count", 1},
        {"mcalpha.move.placement", 1},
        {"mcalpha.chunk.load_twice", 1},
        {"mcalpha.chunk.not_announced", 2},  // column (20, 20); the too-large region's column (3, 0)
        {"mcalpha.chunk.region_outside", 2},  // x 8..23; the 256 x 128 x 256 region
        {"mcalpha.chunk.size_mismatch", 1},
        {"mcalpha.chunk.inflate_failed", 1},
        {"mcalpha.chunk.region_too_large", 1},
        {"mcalpha.chunk.unload_unknown", 1},
        {"mcalpha.chunk.unload_twice", 1},
        {"mcalpha.entity.unknown", 1},
        {"mcalpha.entity.destroyed_twice", 1},
        {"mcalpha.entity.spawned_twice", 1},
        {"mcalpha.complex.not_gzip", 1},
        {"mcalpha.malformed.unknown_id", 1},
        {"mcalpha.malformed.count", 1},
        {"mcalpha.stream.resync", 2},
        {"mcalpha.move.correction_far", 1},
        {"mcalpha.string.too_long", 1},
        {"mcalpha.keepalive.client_silent", 1},
        {"mcalpha.move.illegal_stance", 1},
        {"mcalpha.end.kick", 1},
        {"mcalpha.end.after_end", 1},
        {"mcalpha.end.disconnect", 1},
    };
    EXPECT_EQ(sink.names(), want);
}

}  // namespace
namespace {

// The anomalies' server stream: an unknown id (0x99 and 3 bytes), then an
// Explosion with a negative record count; both times decoding resumes at
// the next real message, and every message after is the one sent.
TEST(McAlphaSession, AfterAnUnknownIdOrANegativeCountDecodingResumesAtTheNextRealMessage) {
    const auto recs = sim::anomalies();
    const Stream server = stream(recs, Side::Server);
    core::Inflater inflater;
    Session s(inflater);
    Sink sink;
    run(s, recs, sink);
    std::vector<std::pair<int64_t, int64_t>> resyncs;
    for (const Kept& k : sink.messages) {
        if (k.dir != Side::Server) continue;
        for (const core::Finding& f : k.findings)
            if (std::string(core::finding_info(f.code).name) == "mcalpha.stream.resync") resyncs.emplace_back(f.a, f.b);
        if (k.kind == MessageKind::Message) {  // a real message start
            EXPECT_TRUE(std::find(server.starts.begin(), server.starts.end(), k.offset) != server.starts.end()) << k.offset;
        }
    }
    ASSERT_EQ(resyncs.size(), 2u);
    // 0x99 00 00 01: the id is unframed, 3 bytes skipped, the next Time Update found.
    size_t unknown = 0;
    for (size_t i = 0; i < server.starts.size(); ++i)
        if (recs[server.record[i]].bytes[0] == 0x99) unknown = server.starts[i];
    EXPECT_EQ(resyncs[0], std::make_pair(int64_t(unknown + 4), int64_t(3)));
    // The Explosion (33 bytes): its id unframed, 32 skipped, the next Entity Look found.
    EXPECT_EQ(resyncs[1].second, 32);
    EXPECT_EQ(s.skipped_bytes(Side::Server), 35u);
    EXPECT_EQ(s.resyncs(Side::Server), 2u);
}

}  // namespace
