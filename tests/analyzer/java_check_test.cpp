// `check` on the bundled Minecraft Java captures: every keep-alive round
// trip, teleport with its confirm and distance, and chunk column loaded and
// unloaded, as captures/minecraft-java/README-1.13.2.md lists them
// ("packets for the tests", counted by tools/count.py, an independent
// decoder); and the settings that change what is flagged.
#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kJava = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";

std::vector<nlohmann::json> check_json(const std::string& args, int want_exit = 0) {
    const RunResult r = run(kBin + " check --format json " + args);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

const nlohmann::json& conversation(const std::vector<nlohmann::json>& ev, int id) {
    for (const auto& e : ev)
        if (e["event_type"] == "conversation" && e["conversation"] == id) return e;
    static const nlohmann::json none;
    ADD_FAILURE() << "no conversation " << id;
    return none;
}

std::vector<std::pair<uint64_t, uint64_t>> pairs(const nlohmann::json& list, const char* req, const char* ans) {
    std::vector<std::pair<uint64_t, uint64_t>> v;
    for (const auto& e : list) v.emplace_back(e[req].get<uint64_t>(), e[ans].get<uint64_t>());
    return v;
}

using Pairs = std::vector<std::pair<uint64_t, uint64_t>>;

TEST(JavaCheck, TeleportCaptureAsItsReadmeSays) {
    const auto ev = check_json("--comments " + kJava + "mcjava-1.13.2-teleport.pcap");
    const auto& c = conversation(ev, 1);
    // Keep Alive (clientbound 0x21 -> serverbound 0x0E): id 0, 306 -> 308, 459 -> 461.
    EXPECT_EQ(pairs(c["keepalive"]["exchanges"], "request_frame", "answer_frame"), (Pairs{{306, 308}, {459, 461}}));
    EXPECT_EQ(c["keepalive"]["unanswered"], 0);
    EXPECT_EQ(c["keepalive"]["unknown_answers"], 0);
    // Player Position And Look and Teleport Confirm: 24 -> 29, 116 -> 118,
    // 230 -> 232, 320 -> 322; the client's last position before each: none,
    // (21, 69, 18) [35], (21, 69, 18) [226], (10, 68, 10) [310].
    const auto& tl = c["teleports"]["list"];
    EXPECT_EQ(pairs(tl, "frame", "confirm_frame"), (Pairs{{24, 29}, {116, 118}, {230, 232}, {320, 322}}));
    ASSERT_EQ(tl.size(), 4u);
    EXPECT_TRUE(tl[0]["distance"].is_null());
    EXPECT_EQ(tl[1]["client_frame"], 35);
    EXPECT_EQ(tl[2]["client_frame"], 226);
    EXPECT_EQ(tl[3]["client_frame"], 310);
    EXPECT_DOUBLE_EQ(tl[1]["distance"].get<double>(), 0.0);
    // (21, 69, 18) -> (10, 80, 10): sqrt(121 + 121 + 64); (10, 68, 10) -> (74, 80, 10): sqrt(4096 + 144).
    EXPECT_NEAR(tl[2]["distance"].get<double>(), std::sqrt(306.0), 1e-9);
    EXPECT_NEAR(tl[3]["distance"].get<double>(), std::sqrt(4240.0), 1e-9);
    EXPECT_EQ(tl[3]["x"], 74.0);
    EXPECT_EQ(c["teleports"]["unconfirmed"], 0);
    // Both follow alice's /tp (frames 228 and 316): asked for, not corrections.
    EXPECT_EQ(c["teleports"]["far"], 0);
    EXPECT_EQ(c["teleports"]["commanded"], 2);
    // Chunk Data: 150 columns, (1, 1) first in frame 33; Unload Chunk: 43,
    // (-2, 1) in frame 330 first, (-5, -5) in frame 348 last.
    const auto& cols = c["chunk_columns"];
    EXPECT_EQ(cols["sent"], 150);
    EXPECT_EQ(cols["distinct"], 150);
    EXPECT_EQ(cols["unloaded"], 43);
    EXPECT_EQ(cols["loaded_at_end"], 107);
    std::vector<nlohmann::json> loads, unloads;
    for (const auto& e : cols["events"]) (e["event"] == "load" ? loads : unloads).push_back(e);
    ASSERT_EQ(loads.size(), 150u);
    ASSERT_EQ(unloads.size(), 43u);
    EXPECT_EQ(loads.front()["x"], 1);
    EXPECT_EQ(loads.front()["z"], 1);
    EXPECT_EQ(loads.front()["frame"], 33);
    EXPECT_EQ(loads[25]["x"], -2);  // (-2, 1) full 0xF [77]
    EXPECT_EQ(loads[25]["frame"], 77);
    EXPECT_EQ(unloads.front()["x"], -2);
    EXPECT_EQ(unloads.front()["z"], 1);
    EXPECT_EQ(unloads.front()["frame"], 330);
    EXPECT_EQ(unloads[16]["z"], 5);  // (-2, 5) [346]
    EXPECT_EQ(unloads[16]["frame"], 346);
    EXPECT_EQ(unloads.back()["x"], -5);
    EXPECT_EQ(unloads.back()["z"], -5);
    EXPECT_EQ(unloads.back()["frame"], 348);
    // The two /tp commands' teleports are the only analysis findings:
    // comments (the client asked for them), at their frames.
    std::set<std::pair<uint64_t, std::string>> findings;
    for (const auto& e : ev)
        if (e["event_type"] == "finding" && e["code"] != "mcjava.version.detected" &&
            e["code"] != "mcjava.compression.enabled") {
            findings.emplace(e["pcap_cnt"].get<uint64_t>(), e["code"].get<std::string>());
            EXPECT_EQ(e["severity"], "comment");
        }
    EXPECT_EQ(findings, (std::set<std::pair<uint64_t, std::string>>{{230, "mcjava.teleport.commanded"},
                                                                    {320, "mcjava.teleport.commanded"}}));
}

TEST(JavaCheck, TeleportThresholdIsASetting) {
    const std::string f = kJava + "mcjava-1.13.2-teleport.pcap";
    // 17.49 and 65.12 blocks: a threshold of 20 keeps only the second.
    // (Both after alice's /tp: counted as commanded, not as corrections.)
    EXPECT_EQ(conversation(check_json(f), 1)["teleports"]["commanded"], 2);
    EXPECT_EQ(conversation(check_json("--teleport-threshold 20 " + f), 1)["teleports"]["commanded"], 1);
    EXPECT_EQ(conversation(check_json("--teleport-threshold 100 " + f), 1)["teleports"]["commanded"], 0);
    const RunResult listed = run(kBin + " check --comments --teleport-threshold 20 " + f);
    EXPECT_EQ(listed.out.find("moved the client 17.493"), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find("moved the client 65.115 blocks, after its command in frame 316"), std::string::npos)
        << listed.out;
}

TEST(JavaCheck, CompressedSessionKeepAlivesTeleportsAndPing) {
    const auto ev = check_json(kJava + "mcjava-1.13.2-compressed.pcap");
    // #1: the server list ping, answered.
    const auto& ping = conversation(ev, 1)["status_ping"];
    EXPECT_EQ(ping["sent"], 1);
    EXPECT_EQ(ping["unanswered"], 0);
    // Ping (C->S 0x01) in frame 10, Pong in frame 11; their pcap timestamps
    // (tshark -T fields -e frame.time_epoch) 1795475288.857356 and
    // 1795475288.870632: 13.276 ms.
    EXPECT_EQ(pairs(ping["exchanges"], "request_frame", "answer_frame"), (Pairs{{10, 11}}));
    EXPECT_NEAR(ping["time"]["max"].get<double>(), 0.013276, 5e-7);  // below the pcap's 1 us resolution
    // #2 alice: Keep Alive 534 -> 536, 900 -> 901, 1506 -> 1508, 1799 -> 1801;
    // teleports 38 -> 41 (no position yet), 86 -> 91 (client at frame 44).
    const auto& alice = conversation(ev, 2);
    EXPECT_EQ(pairs(alice["keepalive"]["exchanges"], "request_frame", "answer_frame"),
              (Pairs{{534, 536}, {900, 901}, {1506, 1508}, {1799, 1801}}));
    EXPECT_EQ(pairs(alice["teleports"]["list"], "frame", "confirm_frame"), (Pairs{{38, 41}, {86, 91}}));
    EXPECT_EQ(alice["teleports"]["list"][1]["client_frame"], 44);
    EXPECT_EQ(alice["chunk_columns"]["sent"], 100);
    EXPECT_EQ(alice["chunk_columns"]["unloaded"], 0);
    EXPECT_EQ(alice["chunk_columns"]["events"][0]["frame"], 43);  // (0, 0) full 0x1F [43]
    EXPECT_EQ(conversation(ev, 3)["keepalive"]["sent"], 3);
    // The kick (README-1.13.2.md): bob gets Disconnect (play) {"text":"bye bob"}
    // and the server closes; alice quits with the client's FIN.
    EXPECT_EQ(conversation(ev, 3)["disconnect"]["reason"], "{\"text\":\"bye bob\"}");
    EXPECT_EQ(conversation(ev, 3)["disconnect"]["state"], "play");
    EXPECT_NE(conversation(ev, 3)["end"].get<std::string>().find("FIN from the server"), std::string::npos);
    EXPECT_EQ(conversation(ev, 2)["end"].get<std::string>().rfind("FIN from the client", 0), 0u);
}

TEST(JavaCheck, EveryBundledCapturePassesWithItsLightAndChunks) {
    // Per file, from its section in README.md / README-1.13.2.md: one
    // conversation per TCP connection ("TCP connections: N"), and per
    // connection, in the order of its connection table, the Ping (status,
    // C->S 0x01), Keep Alive (clientbound) and Chunk Data counts of its
    // "Packet counts ... per connection" table (0 where the table has none:
    // a server list ping has no play state, a play session no ping).
    struct File {
        const char* name;
        std::vector<int> pings, keepalives, chunk_data;  // per connection
    };
    const std::vector<File> files = {
        {"mcjava-1.13.2-compressed.pcap", {1, 0, 0}, {0, 4, 3}, {0, 100, 100}},
        {"mcjava-1.13.2-nocompress.pcap", {1, 0, 0}, {0, 3, 3}, {0, 16, 16}},
        {"mcjava-1.13.2-mtu1500.pcap", {1, 0, 0}, {0, 4, 3}, {0, 100, 100}},
        {"mcjava-1.13.2-nocompress-mtu1500.pcap", {1, 0, 0}, {0, 4, 3}, {0, 16, 16}},
        {"mcjava-1.13.2-teleport.pcap", {0}, {2}, {150}},
        {"mcjava-1.13.2-status-only.pcap", {1, 1}, {0, 0}, {0, 0}},
        {"mcjava-1.14.4-compressed.pcap", {1, 0, 0}, {0, 3, 3}, {0, 100, 100}},
        {"mcjava-1.14.4-mtu1500.pcap", {1, 0, 0}, {0, 3, 3}, {0, 100, 100}},
        {"mcjava-1.14.4-nocompress.pcap", {1, 0, 0}, {0, 4, 3}, {0, 16, 16}},
        {"mcjava-1.14.4-status-only.pcap", {1, 1}, {0, 0}, {0, 0}},
    };
    for (const File& f : files) {
        SCOPED_TRACE(f.name);
        const auto ev = check_json(kJava + f.name);
        for (const auto& e : ev) {
            if (e["event_type"] != "finding") continue;
            const std::string code = e["code"];
            ADD_FAILURE() << code << " " << e.dump();  // healthy traffic: nothing above comment
        }
        EXPECT_EQ(size_t(std::count_if(ev.begin(), ev.end(),
                                       [](const nlohmann::json& e) { return e["event_type"] == "conversation"; })),
                  f.pings.size());
        std::vector<int> pings, keepalives, chunk_data;
        for (uint32_t id = 1; id <= f.pings.size(); ++id) {  // in id order (they come as they end)
            const nlohmann::json& e = conversation(ev, int(id));
            EXPECT_EQ(e["protocol"], "mcjava");
            pings.push_back(e.at("status_ping").at("sent").get<int>());
            keepalives.push_back(e.at("keepalive").at("sent").get<int>());
            chunk_data.push_back(e.at("chunk_columns").at("sent").get<int>());
            EXPECT_EQ(e["status_ping"]["unanswered"], 0);
            EXPECT_EQ(e["keepalive"]["unanswered"], 0);
            EXPECT_EQ(e.at("teleports").at("unconfirmed"), 0);
            // 1.14: one Update Light per column, before its Chunk Data.
            if (std::string(f.name).find("1.14.4") != std::string::npos) {
                EXPECT_EQ(e["chunk_columns"]["update_light"], e["chunk_columns"]["sent"]);
            }
        }
        EXPECT_EQ(pings, f.pings);
        EXPECT_EQ(keepalives, f.keepalives);
        EXPECT_EQ(chunk_data, f.chunk_data);
    }
}

TEST(JavaReport, TimelinesOfKeepAlivesTeleportsAndColumns) {
    const std::string out = std::string(TEST_ARTIFACTS) + "/mcjava/teleport-report.html";
    run("mkdir -p " + std::string(TEST_ARTIFACTS) + "/mcjava");
    ASSERT_EQ(run(kBin + " report -o " + out + " " + kJava + "mcjava-1.13.2-teleport.pcap").exit_code, 0);
    const RunResult html = run("cat " + out);
    for (const char* want : {
             "Conversation 1 (Minecraft Java)",
             "Keep Alive frame 306 answered in frame 308",
             "Keep Alive frame 459 answered in frame 461",
             "frame 230: 17.493 blocks from the position in frame 226, confirmed in frame 232",
             "frame 320: 65.115 blocks from the position in frame 310, confirmed in frame 322",
             "Chunk columns loaded",
             "150 Chunk Data, 43 Unload Chunk",
         })
        EXPECT_NE(html.out.find(want), std::string::npos) << want;
}

// The crafted session (tests/tools/mcjava_make_crafted.cpp): one problem of
// each kind, each on its own frame (packet k is frame 3 + k).
const std::multiset<std::pair<uint64_t, std::string>> kCrafted = {
    {10, "mcjava.keepalive.unknown_id"},   {11, "mcjava.keepalive.unanswered"}, {15, "mcjava.teleport.unknown_id"},
    {16, "mcjava.teleport.far"},           {16, "mcjava.teleport.unconfirmed"}, {18, "mcjava.chunk.sent_twice"},
    {19, "mcjava.chunk.unload_unknown"},   {20, "mcjava.chunk.change_unloaded"}, {21, "mcjava.chunk.change_unloaded"},
    {23, "mcjava.entity.unknown"},         {24, "mcjava.entity.destroy_unknown"}, {26, "mcjava.entity.spawn_twice"},
    {28, "mcjava.keepalive.late"},
};

std::string crafted_capture() {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/mcjava";
    run("mkdir -p " + dir);
    const std::string path = dir + "/crafted-problems.pcap";
    const RunResult r = run(std::string(MCJAVA_MAKE_CRAFTED) + " " + path);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // The generator's own list agrees with the one written here.
    std::multiset<std::pair<uint64_t, std::string>> listed;
    std::istringstream in(r.out);
    uint64_t frame;
    std::string code;
    while (in >> frame >> code) listed.emplace(frame, code);
    EXPECT_EQ(listed, kCrafted);
    return path;
}

TEST(JavaCheck, CraftedProblemsFailWithTheRightFindingOnTheRightFrame) {
    const std::string path = crafted_capture();
    const RunResult text = run(kBin + " check " + path);
    EXPECT_EQ(text.exit_code, 1) << text.out;  // warnings
    EXPECT_NE(text.out.find("verdict: FAIL"), std::string::npos);
    const auto ev = check_json("--comments --fail-on error " + path, 0);
    std::multiset<std::pair<uint64_t, std::string>> found;
    for (const auto& e : ev)
        if (e["event_type"] == "finding" && e["code"] != "mcjava.version.detected")
            found.emplace(e["pcap_cnt"].get<uint64_t>(), e["code"].get<std::string>());
    EXPECT_EQ(found, kCrafted);
    const auto& c = conversation(ev, 1);
    EXPECT_EQ(c["keepalive"]["sent"], 3);
    EXPECT_EQ(c["keepalive"]["unanswered"], 1);
    EXPECT_EQ(c["keepalive"]["unknown_answers"], 1);
    EXPECT_EQ(c["keepalive"]["late"], 1);
    EXPECT_NEAR(c["keepalive"]["time"]["max"].get<double>(), 31.0, 1e-3);
    EXPECT_NEAR(c["teleports"]["list"][0]["distance"].get<double>(), 0.5, 1e-9);
    EXPECT_NEAR(c["teleports"]["list"][1]["distance"].get<double>(), std::sqrt(100.0 * 100.0), 1e-9);
    EXPECT_EQ(c["entities"]["spawned"], 3);
    EXPECT_EQ(c["entities"]["destroyed"], 1);
    // Each problem alone can be ignored, and then the rest still fails.
    EXPECT_EQ(run(kBin + " check --ignore mcjava.keepalive.late " + path).exit_code, 1);
}

}  // namespace
}  // namespace blank::test
