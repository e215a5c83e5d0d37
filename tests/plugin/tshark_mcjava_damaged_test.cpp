// Minecraft Java's damaged input in tshark with the plugin: the session of
// tests/tools/mcjava_make_damaged.cpp (one damage per segment) shows each
// damage on its frame with its text and expert info, exactly as
// tests/support/java_damaged_expected.hpp works them out from the bytes,
// and the packets after each damage decoded (Keep Alives linked). Both
// TCP settings: Wireshark's default (tcp.reassemble_out_of_order off) and
// on (ctest's ooo. run).
#include <gtest/gtest.h>

#include <sstream>

#include "../support/java_damaged_expected.hpp"
#include "tshark_findings.hpp"

namespace blank::test {
namespace {

std::string damaged_capture(const std::string& mode = "") {
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/mcjava";
    run("mkdir -p " + dir);
    const std::string path = dir + "/damaged-tshark" + mode + ".pcap";
    EXPECT_EQ(run(std::string(MCJAVA_MAKE_DAMAGED) + " " + mode + " " + path).exit_code, 0);
    return path;
}

ShownFindings shown_findings(const std::string& path) {
    ShownFindings shown;
    for (const auto& f : tshark_findings(path))
        if (std::get<1>(f) != "mcjava.version.detected" && std::get<1>(f) != "mcjava.compression.enabled")
            shown.insert(f);
    return shown;
}

// The bugs this catches are those of java_damaged_test.cpp, in the
// plugin's own path (its desegmentation, its end-of-capture pass).
TEST(TsharkMcJavaDamaged, EveryDamageNamedOnItsFrameWithItsNumbers) {
    const ShownFindings shown = shown_findings(damaged_capture());
    // All but the end of the capture inside the client's chat: Wireshark's
    // TCP never hands the bytes of a packet the capture cut over, and the
    // plugin does not report them (the analyzer does).
    ExpectedFindings want = kDamagedJava;
    want.erase({35, "mcjava.stream.incomplete", "Capture ends inside a packet: 5 bytes of it captured"});
    EXPECT_EQ(shown, want);
}

TEST(TsharkMcJavaDamaged, OtherConnectionsNamedOnTheirFramesWithTheirNumbers) {
    EXPECT_EQ(shown_findings(damaged_capture("--others")), kDamagedJavaOthers);
}

TEST(TsharkMcJavaDamaged, WhatFollowsEachDamageIsDecoded) {
    const RunResult r = tshark("-2 -r " + tshark_file(damaged_capture()) +
                               " -Y mcjava.keepalive.response_in -T fields -e frame.number -e mcjava.keepalive.response_in");
    // As java_damaged_test.cpp: Keep Alives 1, 2, 3 and 5 answered.
    EXPECT_EQ(r.out, "10\t11\n13\t15\n17\t18\n30\t31\n");
    const RunResult t = tshark("-r " + tshark_file(damaged_capture()) +
                               " -Y \"frame.number in {19, 23, 27, 32}\" -T fields -e frame.number -e mcjava.play.cb.chat.position"
                               " -e mcjava.play.cb.plugin_message.channel -e mcjava.play.cb.time_update.time_of_day"
                               " -e mcjava.play.cb.disconnect.reason");
    EXPECT_EQ(t.out, "19\t1\t\t\t\n23\t\tb:big\t\t\n27\t\t\t200\t\n32\t\t\t\t{\"text\":\"bye\"}\n");
}

}  // namespace
}  // namespace blank::test
