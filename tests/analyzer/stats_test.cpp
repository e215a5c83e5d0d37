// blankshark stats: the counts of ../shared/captures/README.md (an
// independent decoder's), copied here by hand, per type and direction, per
// conversation, and the chunk transmission figures.
#include <gtest/gtest.h>

#include <map>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

using Counts = std::map<std::string, uint64_t>;  // type -> packets

// blank's member of the file's object.
nlohmann::json stats(const std::string& file) {
    const RunResult r = run(kBin + " stats --json " + kCaps + "/" + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    EXPECT_EQ(lines.size(), 1u);
    if (lines.empty() || !lines[0].contains("blank")) {
        ADD_FAILURE() << "no blank member in " << r.out;
        return nlohmann::json::object();
    }
    return lines[0]["blank"];
}

Counts by_type(const nlohmann::json& table, const std::string& direction) {
    Counts c;
    for (const auto& d : table["directions"])
        if (d["direction"] == direction)
            for (const auto& t : d["types"]) c[t["type"].get<std::string>()] = t["packets"].get<uint64_t>();
    return c;
}

TEST(Stats, CleanSessionPerTypeAndDirection) {
    const auto s = stats("blank-fa73e36-clean-session.pcap");
    EXPECT_EQ(by_type(s, "client -> server"),
              (Counts{{"Ping", 2}, {"Login", 1}, {"Part", 1}, {"PlayerUpdate", 1241}}));
    EXPECT_EQ(by_type(s, "server -> client"),
              (Counts{{"Join", 1}, {"SpawnEntity", 36}, {"DespawnEntity", 4}, {"EntityUpdate", 1585},
                      {"ChunkBegin", 544}, {"ChunkData", 666}, {"Message", 1}}));
    EXPECT_EQ(s["packets"], 4082);
    EXPECT_NEAR(s["duration"].get<double>(), 19.904, 0.001);
    EXPECT_NEAR(s["packets_per_s"].get<double>(), 4082 / 19.904, 0.05);
    // Sizes fixed by the protocol: Login 16+32, Join 16+78, SpawnEntity 16+110, Part 16.
    for (const auto& d : s["directions"])
        for (const auto& t : d["types"]) {
            const uint64_t n = t["packets"], bytes = t["bytes"];
            if (t["type"] == "Login") {
                EXPECT_EQ(bytes, n * 48);
            }
            if (t["type"] == "Join") {
                EXPECT_EQ(bytes, n * 94);
            }
            if (t["type"] == "SpawnEntity") {
                EXPECT_EQ(bytes, n * 126);
            }
            if (t["type"] == "Part") {
                EXPECT_EQ(bytes, n * 16);
            }
        }
    EXPECT_EQ(s["chunks"]["begun"], 544);
    EXPECT_EQ(s["chunks"]["complete"], 544);
    EXPECT_EQ(s["chunks"]["not complete"], 0);
}

TEST(Stats, TwoClientsPerConversation) {
    const auto s = stats("blank-fa73e36-two-clients.pcap");
    EXPECT_EQ(by_type(s, "client -> server"),
              (Counts{{"Ping", 21}, {"Login", 2}, {"Part", 2}, {"PlayerUpdate", 2555}, {"Message", 2}}));
    EXPECT_EQ(by_type(s, "server -> client"),
              (Counts{{"Join", 2}, {"SpawnEntity", 70}, {"DespawnEntity", 5}, {"EntityUpdate", 4205},
                      {"PlayerCorrection", 1595}, {"ChunkBegin", 1175}, {"ChunkData", 1444}, {"BlockUpdate", 60},
                      {"Message", 8}}));
    ASSERT_EQ(s["conversations"].size(), 2u);
    // Per sending stream, from the README's sequence table.
    std::map<std::string, std::pair<uint64_t, uint64_t>> want{{"127.0.0.1:58287", {1619, 4243}},
                                                             {"127.0.0.1:56413", {963, 4321}}};
    for (const auto& c : s["conversations"]) {
        const std::string client = c["client"];
        ASSERT_TRUE(want.count(client)) << client;
        EXPECT_EQ(c["server"], "127.0.0.1:12361");
        uint64_t cs = 0, sc = 0;
        for (const auto& d : c["directions"]) {
            if (d["direction"] == "client -> server") cs = d["packets"];
            if (d["direction"] == "server -> client") sc = d["packets"];
        }
        EXPECT_EQ(cs, want[client].first) << client;
        EXPECT_EQ(sc, want[client].second) << client;
        EXPECT_EQ(c["packets"], cs + sc);
    }
    EXPECT_EQ(s["chunks"]["begun"], 1175);
    EXPECT_EQ(s["chunks"]["complete"], 1173);
    EXPECT_EQ(s["chunks"]["not complete"], 2);
}

TEST(Stats, LossyChunksAndFindings) {
    const auto s = stats("blank-fa73e36-lossy-5pct.pcap");
    EXPECT_EQ(by_type(s, "client -> server")["ChunkBegin"], 6u);
    EXPECT_EQ(by_type(s, "server -> client")["PlayerCorrection"], 1055u);
    const auto& k = s["chunks"];
    EXPECT_EQ(k["begun"], 135);
    EXPECT_EQ(k["complete"], 127);
    EXPECT_EQ(k["not complete"], 8);
    EXPECT_EQ(k["without ChunkBegin"], 10);
    EXPECT_EQ(k["transmissions"], 145);
    EXPECT_EQ(k["data before ChunkBegin"], 46);
    EXPECT_EQ(k["client re-requests"], 6);
    // The README's "resent with same id" (2 ChunkBegin + 1 ChunkData) are
    // same-seq copies: duplicates on the path, not the game's resends.
    EXPECT_EQ(k["duplicated on the path"], 3);
    EXPECT_EQ(k["pieces resent"], 0);
    // Findings by code agree with check's events.
    const RunResult r = run(kBin + " check --format json --comments " + kCaps + "/blank-fa73e36-lossy-5pct.pcap");
    std::map<std::string, uint64_t> from_check;
    for (const auto& e : json_lines(r.out))
        if (e["event_type"] == "finding") ++from_check[e["code"].get<std::string>()];
    std::map<std::string, uint64_t> from_stats;
    const auto whole = json_lines(run(kBin + " stats --json " + kCaps + "/blank-fa73e36-lossy-5pct.pcap").out);
    ASSERT_EQ(whole.size(), 1u);
    for (const auto& f : whole[0]["findings"]) from_stats[f["code"].get<std::string>()] = f["count"].get<uint64_t>();
    EXPECT_EQ(from_stats, from_check);
    EXPECT_EQ(from_stats["blank.correction.large"], 48u);
}

TEST(Stats, TextTreeUsesTheWiresharkNodeNames) {
    const RunResult r = run(kBin + " stats " + kCaps + "/blank-fa73e36-clean-session.pcap");
    ASSERT_EQ(r.exit_code, 0);
    for (const char* node : {"Packets by type and direction", "client -> server", "server -> client",
                             "Chunk transmissions", "Findings by code", "  complete 544"})
        EXPECT_NE(r.out.find(node), std::string::npos) << node;
}

TEST(Stats, UnreadableFileExitCodeAndName) {
    const RunResult r = run(kBin + " stats /nonexistent.pcap");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("/nonexistent.pcap"), std::string::npos);
}

}  // namespace
}  // namespace blank::test
