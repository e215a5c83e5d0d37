// A side that vanishes (issue 16): which side went silent, when, how the
// other's sending ended, its consequences grouped with it and counted once;
// on synthetic sessions (synth --stop-client / --stop-server) and on cuts of
// the real captures (captures/crafted/cut-*, captures/crafted/README.md).
// Every expected value below was checked by hand against decode's output.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kCrafted = BLANKSHARK_CAPTURES "/crafted";
const std::string kArtifacts = TEST_ARTIFACTS;

bool has(const std::string& out, const std::string& line) { return out.find(line) != std::string::npos; }

size_t count(const std::string& s, const std::string& what) {
    size_t n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
    return n;
}

// One client killed at 5 s: its last packet is frame 951 (PlayerUpdate seq
// 292, 4.982 s); the server goes on (919 packets, its corrections drifting
// from that update) until its receive timer fires, its last packet frame
// 1870 at 14.953 s, 9.97 s later.
class VanishedClient : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        std::system(("mkdir -p " + kArtifacts).c_str());
        ASSERT_EQ(run(kBin + " synth -q -o " + file() + " --packets 4000 --clients 1 --stop-client 5").exit_code, 0);
    }
    // One per process: ctest runs each test in its own, at the same time.
    static std::string file() { return kArtifacts + "/vanished-client-" + std::to_string(getpid()) + ".pcap"; }
};

TEST_F(VanishedClient, CheckSaysWhoWentSilentAndFailsOnce) {
    const RunResult r = run(kBin + " check --max-listed 0 " + file());
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.out, "ended: client went silent at 4.982 s (frame 951); the server timed it out 10.0 s later "
                           "(frame 1870)\n"))  // nothing acked that the capture did not see: it really went silent
        << r.out;
    EXPECT_TRUE(has(r.out, "server->client: 1577 packets, 396019 bytes, seq 0..1576, 0 skipped (0 never seen), 0 "
                           "reordered, 0 duplicates, ack back 0; the sender counted 0 lost, 658 acked (loss 0.0 %); "
                           "time to ack min 0.2 ms, median 11.8 ms, max 64.6 ms; 919 sent after the client went "
                           "silent (nobody acked them)\n"))
        << r.out;
    // 308 findings after frame 951, all the server's corrections against the
    // dead client's last update (seq 292, frame 951): not counted alone.
    EXPECT_TRUE(has(r.out, "  findings: 0 error, 1 warn, 124 note; 308 more after the client went silent, counted "
                           "with it\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "    warn    blank.session.went_silent                1  frame 951\n")) << r.out;
    EXPECT_TRUE(has(r.out, "  after the client went silent (frame 951) the server sent 919 more packets; their "
                           "findings are its consequences (frames 952-1866): 2 blank.correction.linked, 306 "
                           "blank.correction.large; worst: frame 1866: blank.correction.large: Correction of update "
                           "seq 292 (frame 951): 40.599 blocks off, 9.921 s later\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "        951 warn    blank.session.went_silent: The client went silent after this packet "
                           "(4.982 s); the server timed it out 10.0 s later (frame 1870)\n"))
        << r.out;
    EXPECT_EQ(count(r.out, "blank.correction.large:"), 1u) << "only the worst case, no line per correction";
    EXPECT_TRUE(has(r.out, "verdict: FAIL (1 findings at or above warn)")) << r.out;
}

TEST_F(VanishedClient, JsonKeepsEveryFindingWithItsCause) {
    const RunResult r = run(kBin + " check --format json " + file());
    EXPECT_EQ(r.exit_code, 1);
    size_t findings = 0, consequences = 0, silent = 0;
    for (const auto& e : json_lines(r.out)) {
        if (e["event_type"] == "conversation") {
            EXPECT_EQ(e["end"], "client went silent at 4.982 s (frame 951); the server timed it out 10.0 s later "
                                "(frame 1870)");
            const auto& s = e.at("silence");
            EXPECT_EQ(s["silent"], "client");
            EXPECT_EQ(s["frame"], 951);
            EXPECT_EQ(s["survivor"], "server");
            EXPECT_EQ(s["survivor_last_frame"], 1870);
            EXPECT_EQ(s["packets_after"], 919);
            EXPECT_EQ(s["acked_unseen"], 0);
            EXPECT_EQ(s["ended"], "timed_out");
            EXPECT_NEAR(s["kept_sending"].get<double>(), 9.971748, 1e-6);
            EXPECT_EQ(e["failing"], 1);
        }
        if (e["event_type"] != "finding") continue;
        ++findings;
        if (e.contains("consequence_of")) {
            ++consequences;
            EXPECT_EQ(e["consequence_of"], 951);
            EXPECT_GT(e["pcap_cnt"].get<uint64_t>(), 951u);
        }
        if (e["code"] == "blank.session.went_silent") {
            ++silent;
            EXPECT_EQ(e["pcap_cnt"], 951);
            EXPECT_EQ(e["ref_frame"], 1870);
        }
    }
    EXPECT_EQ(findings, 433u);  // 1 + 124 + 308
    EXPECT_EQ(consequences, 308u);
    EXPECT_EQ(silent, 1u);
}

TEST_F(VanishedClient, JunitFailsOnlyTheSilence) {
    const RunResult r = run(kBin + " check --format junit " + file());
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(count(r.out, "<failure "), 1u) << r.out;
    EXPECT_TRUE(has(r.out, "<failure message=\"1 findings at or above warn\" type=\"blank.session.went_silent\">frame "
                           "951: The client went silent after this packet (4.982 s); the server timed it out 10.0 s "
                           "later (frame 1870)\n"))
        << r.out;
    // The 306 large corrections after it are output of their case, not failures.
    // One case per code of blank's table above comment level: 46 (with blank.session.restart).
    EXPECT_TRUE(has(r.out, "tests=\"46\" failures=\"1\" errors=\"0\"")) << r.out;
}

TEST_F(VanishedClient, DecodeMarksThePeersSilenceInOnePass) {
    const RunResult r = run(kBin + " decode " + file());
    // The server's first packet a second after the client's last (4.982 +
    // 1 s): frame 1043, a correction 1 s off the dead client's update.
    EXPECT_TRUE(has(r.out, "   1043    5.985890   1 S>C  PlayerCorrection seq=749 ack=292 update_seq=292 [Large "
                           "correction] [Peer silent]  [warn: blank.correction.large]\n"))
        << r.out.substr(0, 2000);
    EXPECT_EQ(count(r.out, "[Peer silent]"), 1u);
}

// The server stops at 4 s; each client times it out 10 s after the last
// packet it got and stops in turn.
TEST(VanishedServer, EachClientTimesItOut) {
    const std::string f = kArtifacts + "/vanished-server.pcap";
    std::system(("mkdir -p " + kArtifacts).c_str());
    ASSERT_EQ(run(kBin + " synth -q -o " + f + " --packets 6000 --clients 2 --stop-server 4").exit_code, 0);
    const RunResult r = run(kBin + " check " + f);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(has(r.out, "ended: server went silent at 3.987 s (frame 1469); the client timed it out 10.0 s later "
                           "(frame 2649)\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "ended: server went silent at 3.981 s (frame 1464); the client timed it out 10.0 s later "
                           "(frame 2648)\n"))
        << r.out;
    // The first client re-requested a chunk it never got whole: a consequence.
    EXPECT_TRUE(has(r.out, "  after the server went silent (frame 1469) the client sent 585 more packets; their "
                           "finding is its consequence (frames 2053-2053): 1 blank.chunk.rerequest\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "verdict: FAIL (2 findings at or above warn)")) << r.out;
}

// clean-session without the client's packets after frame 3010 (14.992 s):
// the real server went on until its own last packet, 19.902 s, where the
// capture ends: nothing says whether it would have timed the client out.
TEST(CutRealCapture, ClientSilentCaptureEndedFirst) {
    const RunResult r = run(kBin + " check " + kCrafted + "/cut-client-silent-clean-session.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(has(r.out, "3775 blank packets in 3775 frames"));  // 4082 - the client's seqs 938..1244
    EXPECT_TRUE(has(r.out, "ended: client went silent at 14.992 s (frame 3010); the server was still sending when the "
                           "capture ended, 4.9 s later (frame 3775); 761 of the server's packets acked client seqs "
                           "the capture never saw: the client's packets stopped reaching the capture point\n"))
        << r.out;
    // The real server kept acking what the real client sent (seq 938 on,
    // from frame 3015): the capture lost the client, the server did not.
    EXPECT_TRUE(has(r.out, "their findings are its consequences (frames 3015-3775): 761 blank.ack.unsent")) << r.out;
    EXPECT_TRUE(has(r.out, "  findings: 0 error, 1 warn, 1 note; 761 more after the client went silent")) << r.out;
    for (const auto& e : json_lines(run(kBin + " check --format json " + kCrafted +
                                        "/cut-client-silent-clean-session.pcap").out))
        if (e["event_type"] == "conversation") {
            EXPECT_EQ(e["silence"]["ended"], "capture_ended");
            EXPECT_EQ(e["silence"]["packets_after"], 765);
            EXPECT_EQ(e["silence"]["acked_unseen"], 761);
        }
}

// decode -2 (two passes, as tshark -2) marks what check groups: the
// client's last packet (frame 3010, captures/README.md), the server's last,
// and the 761 unacked-seq findings after the silence as its consequences
// (blank.session.after_silence, a note) instead of 761 warnings. One pass
// cannot know at frame 3010 that the client will say nothing more.
TEST(CutRealCapture, DecodeTwoPassMarksTheSilence) {
    const std::string cap = kCrafted + "/cut-client-silent-clean-session.pcap";
    const RunResult one = run(kBin + " decode " + cap);
    const RunResult two = run(kBin + " decode -2 " + cap);
    ASSERT_EQ(two.exit_code, 0);
    const auto count = [](const std::string& out, const std::string& what) {
        size_t n = 0;
        for (size_t at = 0; (at = out.find(what, at)) != std::string::npos; ++at) ++n;
        return n;
    };
    EXPECT_EQ(count(one.out, "[warn: blank.ack.unsent]"), 761u);
    EXPECT_EQ(count(two.out, "blank.ack.unsent"), 0u);
    EXPECT_EQ(count(two.out, "[note: blank.session.after_silence]"), 761u);
    EXPECT_TRUE(has(two.out, "\n   3010   14.991787   1 C>S  PlayerUpdate seq=937 ack=2071 [Client went silent]  "
                             "[warn: blank.session.went_silent]\n"))
        << two.out.substr(0, 300);
    EXPECT_TRUE(has(two.out, "\n   3775   19.901641   1 S>C  EntityUpdate seq=2836 ack=1243 count=8 [Server's last packet]"));
    EXPECT_EQ(count(one.out, "\n"), count(two.out, "\n"));  // the same lines, marked
    EXPECT_EQ(count(one.out, "[Client went silent]"), 0u);
}

// clean-session without the server's packets after frame 1707 (9.007 s):
// the client went on and left with its Part 10.9 s later.
TEST(CutRealCapture, ServerSilentClientPartedLater) {
    const RunResult r = run(kBin + " check " + kCrafted + "/cut-server-silent-clean-session.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(has(r.out, "2389 blank packets in 2389 frames"));  // 4082 - the server's seqs 1144..2836
    EXPECT_TRUE(has(r.out, "ended: server went silent at 9.007 s (frame 1707); the client left with Part 10.9 s later "
                           "(frame 2389); 681 of the client's packets acked server seqs the capture never saw: the "
                           "server's packets stopped reaching the capture point\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "their findings are its consequences (frames 1709-2389): 681 blank.ack.unsent")) << r.out;
}

// two-clients without the first client's packets after frame 8214
// (20.002 s): the real server stopped sending to it 6.0 s later, when it
// got the Part the cut removed, with the capture going on (the other client
// until 27.195 s): stopped before the game's timeout. The second
// conversation ends as the real one does: the server stopped sending at
// 26.022 s and its client left with Part 1.2 s later, the normal end when a
// server shuts down first: said, not a finding.
TEST(CutRealCapture, ClientSilentServerStoppedBeforeTimeout) {
    const RunResult r = run(kBin + " check " + kCrafted + "/cut-client-silent-two-clients.pcap");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(has(r.out, "ended: client went silent at 20.002 s (frame 8214); the server stopped 6.0 s later (frame "
                           "10722), before the game's 10 s timeout; 1154 of the server's packets acked client seqs "
                           "the capture never saw: the client's packets stopped reaching the capture point\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "ended: server stopped sending at 26.022 s (frame 10735); the client left with Part 1.2 s "
                           "later (frame 10774)\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "verdict: FAIL (1 findings at or above warn)")) << r.out;
    // The uncut capture: the same ending of its second conversation, a pass.
    const RunResult whole = run(kBin + " check " + kCaps + "/blank-fa73e36-two-clients.pcap");
    EXPECT_EQ(whole.exit_code, 0);
    EXPECT_TRUE(has(whole.out, "ended: server stopped sending at 26.022 s (frame 11107); the client left with Part "
                               "1.2 s later (frame 11146)\n"))
        << whole.out;
    EXPECT_EQ(count(whole.out, "went_silent"), 0u);
}

// A capture cut in the middle of a record: both sides were sending until
// the cut, so nobody went silent; the session was cut, not ended.
TEST(CutRealCapture, TruncatedCaptureIsNoSilence) {
    const std::string f = kArtifacts + "/clean-session-truncated.pcap";
    std::system(("mkdir -p " + kArtifacts).c_str());
    ASSERT_EQ(run("head -c 600000 " + kCaps + "/blank-fa73e36-clean-session.pcap > " + f).exit_code, 0);
    const RunResult r = run(kBin + " check " + f);
    EXPECT_EQ(r.exit_code, 4);
    EXPECT_TRUE(has(r.out, "0.000-11.582 s, ended: cut by the end of the capture (no Part)\n")) << r.out;
    EXPECT_TRUE(has(r.err, "truncated or corrupt capture file at frame 2268 (byte offset 599879)")) << r.err;
    EXPECT_EQ(count(r.out, "went_silent"), 0u);
}

// A flood: the summary by code first, then at most --max-listed lines.
TEST(CheckFlood, SummaryByCodeThenALimitedList) {
    const std::string lossy = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    const RunResult r = run(kBin + " check --max-listed 5 " + lossy);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(has(r.out, "    warn    blank.correction.large                  48  frames 426, 505, 508, ...; worst: "
                           "frame 2054: Correction of update seq 703 (frame 2033): 0.941 blocks off, 0.191 s later\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "    note    blank.seq.reordered                   1024  frames 4, 5, 9, ...; worst: frame "
                           "649: Seq 436 arrived after seq 445 (frame 646)\n"))
        << r.out;
    // A burst of loss and reordering is one line, led by its first finding.
    EXPECT_TRUE(has(r.out, "          4 note    burst of loss/reordering to frame 25, 16 findings (5 "
                           "blank.seq.lost_before, 9 blank.seq.reordered, 2 blank.ack.backwards), first: "
                           "blank.seq.reordered: Seq 0 arrived after seq 2 (frame 3)\n"))
        << r.out;
    const size_t list = r.out.find("  list:\n");
    ASSERT_NE(list, std::string::npos);
    const size_t more = r.out.find("    ... ", list);
    ASSERT_NE(more, std::string::npos);
    EXPECT_EQ(count(r.out.substr(list, more - list), "\n"), 6u);  // "list:" and 5 lines
    EXPECT_TRUE(has(r.out, " more lines (--max-listed 5; 0 lists all, --format json every finding)\n")) << r.out;
    // JSON keeps every finding: 48 warnings and 3249 notes.
    size_t n = 0;
    for (const auto& e : json_lines(run(kBin + " check --max-listed 5 --format json " + lossy).out))
        n += e["event_type"] == "finding";
    EXPECT_EQ(n, 48u + 3249u);
}

}  // namespace
}  // namespace blank::test
