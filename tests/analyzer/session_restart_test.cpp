// blank: a new session after a Part (issue 53). The game's server forgets a
// client that sent Part; one more packet from its address makes a new
// connection that starts again at seq 0. captures/crafted/restart-after-
// part-clean-session.pcap (captures/README.md) is the real clean session,
// ending with the client's Part in frame 4082, then a late copy of the
// client's packet before it (frame 4083) and the new connection's 32 pings
// (frames 4084-4115, seqs 0..31, acking the late packet's seq 1243 with
// history 0), as make_crafted_captures writes them. Before, each of the 32
// was a blank.seq.far_back warning ("Seq 0 is 2836 behind the highest seen")
// and the capture failed check.
#include <gtest/gtest.h>

#include <map>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kFile = std::string(BLANKSHARK_CAPTURES) + "/crafted/restart-after-part-clean-session.pcap";

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

TEST(SessionRestart, OneNoteNotAWarningPerPacket) {
    const RunResult r = run(kBin + " check --max-listed 0 " + kFile);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(has(r.out, "ended: Part from the client; then a new session from frame 4084 (seq 0 again)\n")) << r.out;
    EXPECT_FALSE(has(r.out, "blank.seq.far_back")) << r.out;
    EXPECT_TRUE(has(r.out, "    note    blank.session.restart                    1  frame 4084\n")) << r.out;
    EXPECT_TRUE(has(r.out, "       4084 note    blank.session.restart: A new session: the server starts over at seq 0 "
                           "(it had reached 2836) after the Part in frame 4082\n"))
        << r.out;
    // The late copy of the client's PlayerUpdate is what it is: a duplicate.
    EXPECT_TRUE(has(r.out, "       4083 note    blank.seq.duplicate: Duplicate of seq 1243 in frame 4077")) << r.out;
    EXPECT_TRUE(has(r.out, "verdict: PASS (0 findings at or above warn)")) << r.out;
}

TEST(SessionRestart, JsonAndTheNewSessionsSequence) {
    const RunResult r = run(kBin + " check --format json " + kFile);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    std::map<std::string, int> codes;
    for (const auto& e : json_lines(r.out)) {
        if (e.at("event_type") == "finding") ++codes[e.at("code").get<std::string>()];
        if (e.at("event_type") != "conversation") continue;
        // The new session's seqs 0..31, none skipped; the old one's 2837 packets counted with them.
        const auto& s = e.at("server_to_client");
        EXPECT_EQ(s.at("packets"), 2837 + 32);
        EXPECT_EQ(s.at("first_seq"), 0);
        EXPECT_EQ(s.at("last_seq"), 31);
        EXPECT_EQ(s.at("never_seen"), 0);
        EXPECT_EQ(s.at("skipped"), 0);
    }
    EXPECT_EQ(codes["blank.session.restart"], 1);
    EXPECT_EQ(codes["blank.seq.far_back"], 0);
    EXPECT_EQ(codes["blank.ack.history_contradiction"], 0);
    EXPECT_EQ(codes["blank.ack.backwards"], 0);
}

}  // namespace
}  // namespace blank::test
