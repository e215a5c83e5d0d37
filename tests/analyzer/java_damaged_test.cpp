// Minecraft Java's damaged input through `blankshark check` and `decode`:
// a 1.13.2 session written by hand (tests/tools/mcjava_make_damaged.cpp),
// one damage per TCP segment, healthy packets after each. Every finding on
// its frame with its text, worked out from the bytes written and seed
// 003's framing; and what comes after each damage still decoded.
// tests/plugin/tshark_mcjava_damaged_test.cpp checks tshark shows the same.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <tuple>

#include "../support/run.hpp"
#include "../support/java_damaged_expected.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;

// `mode`: "" the damaged session, "--others" the other connections.
std::string damaged_capture(const std::string& mode = "") {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/mcjava";
    run("mkdir -p " + dir);
    const std::string path = dir + "/damaged" + mode + ".pcap";
    const RunResult r = run(std::string(MCJAVA_MAKE_DAMAGED) + " " + mode + " " + path);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // The generator's own list of (frame, code) is the one written here.
    std::multiset<std::pair<uint64_t, std::string>> listed, want;
    std::istringstream in(r.out);
    uint64_t frame;
    std::string code;
    while (in >> frame >> code) listed.emplace(frame, code);
    for (const auto& [f, c, text] : mode.empty() ? kDamagedJava : kDamagedJavaOthers) want.emplace(f, c);
    EXPECT_EQ(listed, want);
    return path;
}

std::vector<nlohmann::json> check_events(const std::string& path) {
    const RunResult r = run(kBin + " check --format json --comments --max-listed 1000 " + path);
    EXPECT_EQ(r.exit_code, 1) << r.err;  // errors: FAIL
    return json_lines(r.out);
}

ExpectedFindings findings_of(const std::string& path) {
    ExpectedFindings found;
    for (const auto& e : check_events(path))
        if (e["event_type"] == "finding" && e["code"] != "mcjava.version.detected" &&
            e["code"] != "mcjava.compression.enabled")
            found.emplace(e["pcap_cnt"].get<uint64_t>(), e["code"].get<std::string>(), e["message"].get<std::string>());
    return found;
}

// Each damage is named on its frame with its numbers (the bugs these catch:
// connection.cpp not raising size_mismatch for an inflated size other than
// the Data Length, or raising it with the limit it stopped at as the size;
// the schema not raising the unknown-id finding, or naming the id field
// instead of the state it is missing from; the Data Length bound at 2 MiB
// where the table says 8 MiB; session.cpp's end-of-capture condition
// inverted, so the chat the capture cuts is not reported).
TEST(JavaDamaged, EveryDamageNamedOnItsFrameWithItsNumbers) {
    EXPECT_EQ(findings_of(damaged_capture()), kDamagedJava);
}

// The other connections: counts, nesting and chunk sections that do not
// add up, a late Keep Alive, a status exchange gone wrong, 1.14's block
// count and light (the bugs: a count with no maximum told as "outside
// 0..0"; a section's palette or data length not checked; the lag threshold
// not applied).
TEST(JavaDamaged, OtherConnectionsNamedOnTheirFramesWithTheirNumbers) {
    EXPECT_EQ(findings_of(damaged_capture("--others")), kDamagedJavaOthers);
}

// After each damage the stream goes on: every Keep Alive answered and
// linked (none left unanswered), the packets after the damage decoded with
// the values written.
TEST(JavaDamaged, WhatFollowsEachDamageIsDecoded) {
    const std::string path = damaged_capture();
    const auto ev = check_events(path);
    const nlohmann::json* conv = nullptr;
    for (const auto& e : ev)
        if (e["event_type"] == "conversation") conv = &e;
    ASSERT_NE(conv, nullptr);
    std::set<std::pair<uint64_t, uint64_t>> ka;
    for (const auto& x : (*conv)["keepalive"]["exchanges"])
        ka.emplace(x["request_frame"].get<uint64_t>(), x["answer_frame"].get<uint64_t>());
    // Keep Alive 1 (10 -> 11); 2 after the impossible Length and the
    // client's 6-byte VarInt (13 -> 15); 3 after the packet that does not
    // inflate (17 -> 18); 5 after every other damage (30 -> 31).
    EXPECT_EQ(ka, (std::set<std::pair<uint64_t, uint64_t>>{{10, 11}, {13, 15}, {17, 18}, {30, 31}}));
    EXPECT_EQ((*conv)["keepalive"]["unanswered"], 0);

    const RunResult d = run(kBin + " decode --json " + path);
    ASSERT_EQ(d.exit_code, 0) << d.err;
    std::map<uint64_t, nlohmann::json> by_frame;
    for (const auto& j : json_lines(d.out)) by_frame[j["frame"].get<uint64_t>()] = j;
    // The 300-byte chat its Data Length lied about is decoded from its 300
    // inflated bytes: id, a 2-byte length, a JSON text of 296 bytes (285
    // 'a' in {"text":"…"}), position 1.
    EXPECT_EQ(by_frame[19]["type_name"], "Chat Message (clientbound)");
    EXPECT_EQ(by_frame[19]["mcjava.play.cb.chat.json"], "{\"text\":\"" + std::string(285, 'a') + "\"}");
    EXPECT_EQ(by_frame[19]["mcjava.play.cb.chat.position"], 1);
    // The chat compressed below the threshold is decoded too (100 bytes: a
    // 1-byte length and 97 bytes of JSON, 86 'a').
    EXPECT_EQ(by_frame[21]["mcjava.play.cb.chat.json"], "{\"text\":\"" + std::string(86, 'a') + "\"}");
    // The largest packet there is: a Plugin Message of 8388608 bytes, its
    // channel then 8388601 bytes of data.
    EXPECT_EQ(by_frame[23]["type_name"], "Plugin Message (clientbound)");
    EXPECT_EQ(by_frame[23]["mcjava.data_length"], 8388608);
    EXPECT_EQ(by_frame[23]["mcjava.play.cb.plugin_message.channel"], "b:big");
    EXPECT_TRUE(by_frame[23]["findings"].empty()) << by_frame[23]["findings"].dump();
    // The Time Update with 2 bytes too many: its two fields decoded.
    EXPECT_EQ(by_frame[27]["mcjava.play.cb.time_update.world_age"], 100);
    EXPECT_EQ(by_frame[27]["mcjava.play.cb.time_update.time_of_day"], 200);
    EXPECT_EQ(by_frame[32]["type_name"], "Disconnect (play)");
    EXPECT_EQ(by_frame[32]["mcjava.play.cb.disconnect.reason"], "{\"text\":\"bye\"}");
    EXPECT_EQ(by_frame[33]["mcjava.play.cb.time_update.world_age"], 300);
}

}  // namespace
}  // namespace blank::test
