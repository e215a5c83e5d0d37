// blankshark on the crafted Minecraft Alpha captures (issue 20): decode,
// check (text, JSON Lines, JUnit, exit codes), chunks --extract and stats,
// against the figures of captures/mc_alpha/README.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../support/run.hpp"

namespace blank::test {
namespace {

using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/mc_alpha/";

std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

TEST(McAlphaDecode, EveryMessageOnceInOrder) {
    const RunResult r = run(kBin + " decode " + kDir + "mc_alpha-session.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto l = lines(r.out);
    ASSERT_GT(l.size(), 3u);
    EXPECT_EQ(l[0], "# conversation 1: client 192.0.2.2:51234 <-> server 192.0.2.1:25565 (Minecraft Alpha)");
    // The client's Handshake arrives over frames 4, 5, 7 and 8 (README).
    EXPECT_EQ(l[1], "      8    0.002030   1 C>S  Handshake username=\"alice\"");
    EXPECT_EQ(count(r.out, " C>S  "), 248u);
    EXPECT_EQ(count(r.out, " S>C  "), 247u);
    EXPECT_EQ(count(r.out, "S>C  Map Chunk "), 30u);
    EXPECT_EQ(count(r.out, "S>C  Pre-Chunk "), 35u);
    EXPECT_NE(r.out.find("   1304   11.173002   1 S>C  Kick reason=\"The server is full!\"  [note: mcalpha.end.kick]"),
              std::string::npos);
    // The seed's example Spawn Position in frame 20.
    EXPECT_NE(r.out.find("     20    0.032020   1 S>C  Spawn Position x=117 y=70 z=-46\n"), std::string::npos);
    // Only some types.
    const RunResult k = run(kBin + " decode -t kick -t spawn_position " + kDir + "mc_alpha-session.pcap");
    EXPECT_EQ(count(k.out, " S>C  "), 2u) << k.out;
}

TEST(McAlphaDecode, TreeAndJsonCarryTheGeneratedFields) {
    const RunResult v = run(kBin + " decode -V -t map_chunk " + kDir + "mc_alpha-session.pcap");
    ASSERT_EQ(v.exit_code, 0) << v.err;
    EXPECT_EQ(count(v.out, "[Inflated size: 81920 bytes]"), 30u);
    EXPECT_NE(v.out.find("1156 bytes at stream offset 172"), std::string::npos);  // the first Map Chunk
    const RunResult j = run(kBin + " decode --json " + kDir + "mc_alpha-session.pcap");
    ASSERT_EQ(j.exit_code, 0) << j.err;
    int corrections = 0, chunks = 0;
    for (const std::string& l : lines(j.out)) {
        const json o = json::parse(l);
        if (!o.contains("type_name")) continue;
        EXPECT_EQ(o["protocol"], "mcalpha");
        if (o.contains("mcalpha.correction")) {
            ++corrections;
            const double d = o["mcalpha.correction"]["mcalpha.correction.distance"].get<double>();
            EXPECT_TRUE(std::abs(d - 2.5) < 1e-6 || std::abs(d - 0.3) < 1e-6) << d;
        }
        if (o.contains("mcalpha.chunk")) {
            ++chunks;
            EXPECT_EQ(o["mcalpha.chunk"]["mcalpha.chunk.inflated"], 81920);
        }
    }
    EXPECT_EQ(corrections, 2);
    EXPECT_EQ(chunks, 30);
}

TEST(McAlphaCheck, SessionSummaryAndEnding) {
    const RunResult r = run(kBin + " check " + kDir + "mc_alpha-session.pcap");
    EXPECT_EQ(r.exit_code, 1) << r.out;  // the 2.5-block correction is a warning
    EXPECT_NE(r.out.find("(Minecraft Alpha), 0.000-11.175 s, ended: Kick from the server in frame 1304: \"The server "
                         "is full!\"; FIN from the server (frame 1306), then the client's (frame 1308)"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("player: alice, protocol version 6"), std::string::npos);
    EXPECT_NE(r.out.find("client->server: 248 messages, 4211 bytes; keep-alive 11 (every 1.000 s"), std::string::npos);
    EXPECT_NE(r.out.find("server->client: 247 messages, 38602 bytes; keep-alive 12 (every 1.000 s"), std::string::npos);
    EXPECT_NE(r.out.find("chunks: 35 Pre-Chunk, 30 Map Chunk (30 inflated and summarised)"), std::string::npos);
    EXPECT_NE(r.out.find("movement: 2 placements, 2 corrections (largest 2.500 blocks, frame 480)"), std::string::npos);
    EXPECT_NE(r.out.find("480 warn    mcalpha.move.correction_far"), std::string::npos);
    EXPECT_NE(r.out.find("736 note    mcalpha.move.correction:"), std::string::npos);
    EXPECT_EQ(run(kBin + " check --fail-on error " + kDir + "mc_alpha-session.pcap").exit_code, 0);
    EXPECT_EQ(run(kBin + " check --ignore mcalpha.move.correction_far " + kDir + "mc_alpha-session.pcap").exit_code, 0);
}

TEST(McAlphaCheck, GapAndRetransmission) {
    const RunResult g = run(kBin + " check " + kDir + "mc_alpha-session-gap.pcap");
    // The Map Chunk the gap cut (README: offset 31794, 1209 bytes, the gap at
    // 31816) is listed with its first 22 bytes; the 246 others decode.
    EXPECT_NE(g.out.find("server->client: 247 messages"), std::string::npos) << g.out;
    EXPECT_NE(g.out.find("1 gaps (536 bytes never captured)\n"), std::string::npos) << g.out;
    EXPECT_NE(g.out.find("mcalpha.stream.gap: 536 bytes never captured at stream offset 31816"), std::string::npos);
    EXPECT_NE(g.out.find("mcalpha.stream.cut: Map Chunk (0x33) cut by a gap after 22 of its 1209 bytes"),
              std::string::npos);
    EXPECT_EQ(g.out.find("resync"), std::string::npos) << g.out;
    EXPECT_NE(g.out.find("29 Map Chunk (29 inflated and summarised), 1 Map Chunk cut by a gap,"), std::string::npos)
        << g.out;
    const RunResult ch = run(kBin + " chunks " + kDir + "mc_alpha-session-gap.pcap");
    EXPECT_NE(ch.out.find("30 Map Chunks, 29 inflated and summarised, 1 cut by a gap\n"), std::string::npos) << ch.out;
    EXPECT_NE(ch.out.find(" 1209        0       0     0  0-0     0-0          0  cut by a gap (mcalpha.stream.cut)"),
              std::string::npos)
        << ch.out;
    const RunResult t = run(kBin + " check " + kDir + "mc_alpha-session-retransmission.pcap");
    EXPECT_NE(t.out.find("server->client: 247 messages, 38602 bytes"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("1489 bytes retransmitted"), std::string::npos);  // 16 + 19 + 1454
}

// JSON Lines: exactly the README's findings for the anomalies, and how it ended.
TEST(McAlphaCheck, AnomaliesJsonLines) {
    const RunResult r = run(kBin + " check --comments --format json " + kDir + "mc_alpha-anomalies.pcap");
    EXPECT_EQ(r.exit_code, 1);
    std::map<std::string, int> codes;
    json conv;
    for (const std::string& l : lines(r.out)) {
        const json o = json::parse(l);
        if (o["event_type"] == "finding") ++codes[o["code"].get<std::string>()];
        if (o["event_type"] == "conversation") conv = o;
    }
    const std::map<std::string, int> want = {
        {"mcalpha.state.unexpected", 2},       {"mcalpha.login.version", 1},
        {"mcalpha.login.version_not_6", 1},    {"mcalpha.inventory.count", 1},
        {"mcalpha.move.placement", 1},         {"mcalpha.chunk.load_twice", 1},
        {"mcalpha.chunk.not_announced", 2},    {"mcalpha.chunk.region_outside", 2},
        {"mcalpha.chunk.size_mismatch", 1},    {"mcalpha.chunk.inflate_failed", 1},
        {"mcalpha.chunk.region_too_large", 1}, {"mcalpha.chunk.unload_unknown", 1},
        {"mcalpha.chunk.unload_twice", 1},     {"mcalpha.entity.unknown", 1},
        {"mcalpha.entity.destroyed_twice", 1}, {"mcalpha.entity.spawned_twice", 1},
        {"mcalpha.complex.not_gzip", 1},  // mob type 50 is a creeper: no mcalpha.unknown_value
        {"mcalpha.malformed.unknown_id", 1},   {"mcalpha.malformed.count", 1},
        {"mcalpha.stream.resync", 2},          {"mcalpha.move.correction_far", 1},
        {"mcalpha.string.too_long", 1},        {"mcalpha.keepalive.client_silent", 1},
        {"mcalpha.move.illegal_stance", 1},    {"mcalpha.end.kick", 1},
        {"mcalpha.end.after_end", 1},          {"mcalpha.end.disconnect", 1}};
    EXPECT_EQ(codes, want);
    EXPECT_EQ(conv["protocol"], "mcalpha");
    EXPECT_EQ(conv["username"], "mallory");
    EXPECT_EQ(conv["protocol_version"], 5);
    EXPECT_EQ(conv["kick"]["reason"], "Illegal stance");
    EXPECT_EQ(conv["server_to_client"]["messages"], 39);
    EXPECT_EQ(conv["server_to_client"]["unframed"], 2);
    EXPECT_EQ(conv["client_to_server"]["messages"], 9);
}

TEST(McAlphaCheck, JUnitHasACasePerCode) {
    const RunResult r = run(kBin + " check --format junit " + kDir + "mc_alpha-session.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("name=\"mcalpha.move.correction_far\">\n      <failure message=\"1 findings at or above warn\" "
                         "type=\"mcalpha.move.correction_far\">frame 480: Server moved the player 2.500 blocks"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("name=\"mcalpha.malformed.unknown_id\"/>"), std::string::npos);
}

TEST(McAlphaChunks, ListAndExtract) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(TEST_ARTIFACTS) / "mcalpha-chunks";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const RunResult r = run(kBin + " chunks --extract " + dir.string() + " " + kDir + "mc_alpha-session.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("30 Map Chunks, 30 inflated and summarised"), std::string::npos) << r.out;
    size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        ++files;
        EXPECT_EQ(fs::file_size(e.path()), 81920u) << e.path();
    }
    EXPECT_EQ(files, 30u);
    // The first: column (5, -5), region (80, 0, -80). Counted from the file
    // by the documented layout: block types, metadata, block light, sky light.
    std::ifstream in(dir / "mcalpha_c1_f22_x80_y0_z-80_16x128x16.bin", std::ios::binary);
    ASSERT_TRUE(in) << "extract names the file by conversation, frame, region and size";
    std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)), {});
    ASSERT_EQ(b.size(), 81920u);
    const size_t blocks = 16 * 128 * 16;
    size_t non_air = 0;
    for (size_t i = 0; i < blocks; ++i) non_air += b[i] != 0;
    unsigned block_light_max = 0, sky_max = 0;
    const size_t block_light = blocks + blocks / 2, sky_light = blocks * 2;  // after types and metadata
    for (size_t i = 0; i < blocks / 2; ++i) {
        block_light_max = std::max({block_light_max, unsigned(b[block_light + i] & 15), unsigned(b[block_light + i] >> 4)});
        sky_max = std::max({sky_max, unsigned(b[sky_light + i] & 15), unsigned(b[sky_light + i] >> 4)});
    }
    EXPECT_EQ(non_air, 17920u);  // tshark's mcalpha.chunk.non_air for frame 22
    EXPECT_EQ(block_light_max, 0u);  // the torch lights the spawn column (7, -3) only
    EXPECT_EQ(sky_max, 15u);
    // JSON rows: the spawn column is lit by the torch (block light 0-14).
    const RunResult j = run(kBin + " chunks --json " + kDir + "mc_alpha-session.pcap");
    int lit = 0, rows = 0;
    for (const std::string& l : lines(j.out)) {
        const json o = json::parse(l);
        if (o.value("protocol", "") != "mcalpha") continue;
        ++rows;
        if (o["column"] == json::array({7, -3})) {
            EXPECT_EQ(o["contents"]["block_light"], json::array({0, 14}));
            ++lit;
        } else {
            EXPECT_EQ(o["contents"]["block_light"][1], 0);
        }
    }
    EXPECT_EQ(rows, 30);
    EXPECT_EQ(lit, 1);
}

TEST(McAlphaStats, MessagesPerIdAndDirection) {
    const RunResult r = run(kBin + " stats --json " + kDir + "mc_alpha-session.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json o = json::parse(r.out);
    const json& dirs = o["mcalpha"]["directions"];
    ASSERT_EQ(dirs.size(), 2u);
    EXPECT_EQ(dirs[0]["packets"], 248);
    EXPECT_EQ(dirs[1]["packets"], 247);
    std::map<std::string, int> server;
    for (const json& t : dirs[1]["types"]) server[t["type"].get<std::string>()] = t["packets"].get<int>();
    EXPECT_EQ(server["Map Chunk"], 30);
    EXPECT_EQ(server["Entity Relative Move"], 52);
    EXPECT_EQ(server["Time Update"], 13);
}

}  // namespace
}  // namespace blank::test
