// blankshark check and decode on the RakNet captures: per direction the
// figures of captures/raknet/README.md (its independent decoder's counts)
// and of the crafted README, checked by hand; verdicts and exit codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "../support/run.hpp"
#include "../support/skip.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kRaknet = std::string(BLANKSHARK_CAPTURES) + "/raknet/";

std::vector<nlohmann::json> check_json(const std::string& file, int want_exit = 0, const std::string& args = "") {
    const RunResult r = run(kBin + " check --format json " + args + " " + kRaknet + file);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

std::vector<nlohmann::json> conversations(const std::vector<nlohmann::json>& ev) {
    std::vector<nlohmann::json> out;
    for (const auto& e : ev)
        if (e.at("event_type") == "conversation") out.push_back(e);
    return out;
}

// One README row per direction.
struct Row {
    uint64_t udp, datagrams, seq_min, seq_max, distinct, gaps, missing, duplicates, out_of_order;
    uint64_t acks_sent, ack_records_sent, naks_sent, nak_records_sent, nak_seqs_sent, frames;
    uint64_t message_indexes, never_seen, resent_frames, repeated, fragments, groups, completed, incomplete;
};

void expect_row(const nlohmann::json& d, const Row& r, const std::string& what) {
    EXPECT_EQ(d.at("udp_packets"), r.udp) << what;
    EXPECT_EQ(d.at("datagrams"), r.datagrams) << what;
    EXPECT_EQ(d.at("seq_min"), r.seq_min) << what;
    EXPECT_EQ(d.at("seq_max"), r.seq_max) << what;
    EXPECT_EQ(d.at("distinct_seqs"), r.distinct) << what;
    // The README's gaps are runs of numbers never seen; check's `gaps` is
    // one per raknet.seq.gap (docs/findings.md, raknet_figures_test).
    EXPECT_EQ(d.at("never_seen"), r.missing) << what;
    EXPECT_EQ(d.at("duplicates"), r.duplicates) << what;
    EXPECT_EQ(d.at("out_of_order"), r.out_of_order) << what;
    EXPECT_EQ(d.at("acks_sent"), r.acks_sent) << what;
    EXPECT_EQ(d.at("ack_records_sent"), r.ack_records_sent) << what;
    EXPECT_EQ(d.at("naks_sent"), r.naks_sent) << what;
    EXPECT_EQ(d.at("nak_records_sent"), r.nak_records_sent) << what;
    EXPECT_EQ(d.at("nak_seqs_sent"), r.nak_seqs_sent) << what;
    EXPECT_EQ(d.at("frames"), r.frames) << what;
    EXPECT_EQ(d.at("message_indexes"), r.message_indexes) << what;
    EXPECT_EQ(d.at("message_indexes_never_seen"), r.never_seen) << what;
    EXPECT_EQ(d.at("resent_frames"), r.resent_frames) << what;
    EXPECT_EQ(d.at("repeated_frames"), r.repeated) << what;
    EXPECT_EQ(d.at("split_fragments"), r.fragments) << what;
    EXPECT_EQ(d.at("split_groups"), r.groups) << what;
    EXPECT_EQ(d.at("split_completed"), r.completed) << what;
    EXPECT_EQ(d.at("split_incomplete"), r.incomplete) << what;
}

TEST(RaknetCheck, CleanCaptureAsItsReadmeCounts) {
    const auto c = conversations(check_json("raknet-clean.pcap"));
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].at("client"), "127.0.0.1:52165");
    EXPECT_EQ(c[0].at("server"), "127.0.0.1:19132");
    EXPECT_EQ(c[0].at("raknet_version"), "current");
    EXPECT_EQ(c[0].at("mtu"), 1400);
    expect_row(c[0].at("client_to_server"),
               Row{1036, 614, 0, 613, 614, 0, 0, 0, 0, 419, 419, 0, 0, 0, 728, 571, 28, 0, 0, 312, 60, 60, 0}, "c2s");
    expect_row(c[0].at("server_to_client"),
               Row{1043, 671, 0, 670, 671, 0, 0, 0, 0, 369, 369, 0, 0, 0, 787, 657, 20, 0, 0, 347, 59, 59, 0}, "s2c");
    // Every datagram acknowledged; 13 connected pings of the client answered.
    EXPECT_EQ(c[0].at("client_to_server").at("acked"), 614);
    EXPECT_EQ(c[0].at("server_to_client").at("acked"), 671);
    EXPECT_EQ(c[0].at("client_to_server").at("unacked"), 0);
    EXPECT_EQ(c[0].at("client_to_server").at("rtt").at("count"), 13);
    EXPECT_EQ(c[0].at("end"), "Disconnection Notification from the client in frame 2078");
}

TEST(RaknetCheck, LossyCaptureAsItsReadmeCounts) {
    const auto ev = check_json("raknet-native-lossy-10pct.pcap");
    const auto c = conversations(ev);
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].at("client"), "127.0.0.2:19141");
    const auto& cs = c[0].at("client_to_server");
    const auto& sc = c[0].at("server_to_client");
    expect_row(cs, Row{1119, 692, 0, 770, 674, 83, 97, 18, 16, 341, 364, 83, 85, 90, 808, 671, 0, 42, 18, 419, 73, 73, 0},
               "c2s");
    expect_row(sc, Row{1226, 815, 0, 814, 815, 0, 0, 0, 0, 319, 350, 89, 96, 113, 987, 714, 0, 168, 0, 448, 71, 71, 0},
               "s2c");
    // The client's NAKs answered by the server's resends (RakNet: new
    // datagram, same message index), and the pings of each side.
    EXPECT_EQ(sc.at("naks_received"), 83);
    // Resends after a NAK and on a timeout as tests/tools/raknet_nak_answers.py
    // counts them from tshark's own RakNet dissector (ctest
    // RaknetOracle.NakAnswers runs it): each NAK answered once per message.
    EXPECT_EQ(sc.at("resends_after_nak"), 88);
    EXPECT_EQ(sc.at("resends_on_timeout"), 80);
    EXPECT_NEAR(sc.at("nak_to_resend").at("max_ms").get<double>(), 75.258, 0.0005);
    EXPECT_EQ(cs.at("resends_after_nak"), 6);
    EXPECT_EQ(cs.at("resends_on_timeout"), 36);
    EXPECT_NEAR(cs.at("nak_to_resend").at("max_ms").get<double>(), 72.030, 0.0005);
    EXPECT_EQ(cs.at("rtt").at("count"), 5);  // the client's 5 pings, answered by 5 pongs
    EXPECT_EQ(sc.at("rtt").at("count"), 1);
    // Findings by code on the frames: one gap finding per datagram after skipped numbers.
    std::map<std::string, uint64_t> codes;
    for (const auto& e : ev)
        if (e.at("event_type") == "finding") ++codes[e.at("code")];
    EXPECT_EQ(codes["raknet.nak"], 83u + 89u);
    EXPECT_EQ(codes["raknet.seq.duplicate"], 18u);
    EXPECT_EQ(codes["raknet.seq.out_of_order"], 16u);
    EXPECT_EQ(codes["raknet.resend.frame"], 42u + 168u);
}

TEST(RaknetCheck, PingOnlyConversations) {
    const auto c = conversations(check_json("raknet-unconnected-ping.pcap"));
    ASSERT_EQ(c.size(), 2u);  // the self-test packets belong to none
    for (const auto& x : c) {
        EXPECT_EQ(x.at("client_to_server").at("udp_packets"), 3);
        EXPECT_EQ(x.at("server_to_client").at("udp_packets"), 3);
        EXPECT_EQ(x.at("client_to_server").at("datagrams"), 0);
        EXPECT_EQ(x.at("connected"), false);
    }
    EXPECT_EQ(c[0].at("client"), "127.0.0.1:50163");
    EXPECT_EQ(c[1].at("client"), "127.0.0.1:57837");
}

// The crafted README's impairment table, as findings on its frames.
TEST(RaknetCheck, CraftedLossyFindings) {
    const auto ev = check_json("crafted/mcpe-0.7.3-lossy.pcap");
    std::map<std::string, std::set<uint64_t>> frames;
    std::map<uint64_t, uint64_t> resend_ref;
    for (const auto& e : ev) {
        if (e.at("event_type") != "finding") continue;
        frames[e.at("code")].insert(e.at("pcap_cnt").get<uint64_t>());
        if (e.at("code") == "raknet.resend.frame") resend_ref[e.at("pcap_cnt")] = e.at("ref_frame");
    }
    EXPECT_EQ(frames["raknet.seq.gap"], (std::set<uint64_t>{91, 147}));
    EXPECT_EQ(frames["raknet.seq.duplicate"], (std::set<uint64_t>{119}));
    EXPECT_EQ(frames["raknet.resend.frame"], (std::set<uint64_t>{51, 88}));
    EXPECT_EQ(resend_ref[51], 35u);
    EXPECT_EQ(resend_ref[88], 85u);
    EXPECT_EQ(frames["raknet.order.gap"], (std::set<uint64_t>{147}));
    EXPECT_EQ(frames["raknet.order.late"], (std::set<uint64_t>{149}));
    EXPECT_EQ(frames["raknet.nak"], (std::set<uint64_t>{46, 87, 92, 148}));
    const auto c = conversations(ev);
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].at("raknet_version"), "mcpe-0.x");
    EXPECT_EQ(c[0].at("mcpe_protocol"), 11);
    EXPECT_EQ(c[0].at("server_to_client").at("resends_after_nak"), 2);
    EXPECT_EQ(c[0].at("server_to_client").at("nak_to_resend").at("max_ms").get<double>(), 0.5);
}

TEST(RaknetCheck, VerdictAndExitCodes) {
    // Notes only: PASS at the default threshold, FAIL at --fail-on note.
    const RunResult pass = run(kBin + " check " + kRaknet + "crafted/mcpe-0.7.3-lossy.pcap");
    EXPECT_EQ(pass.exit_code, 0);
    EXPECT_NE(pass.out.find("verdict: PASS"), std::string::npos) << pass.out;
    EXPECT_NE(pass.out.find("ended: Disconnection Notification from the client in frame 170"), std::string::npos);
    const RunResult fail = run(kBin + " check --fail-on note " + kRaknet + "crafted/mcpe-0.7.3-lossy.pcap");
    EXPECT_EQ(fail.exit_code, 1);
    const RunResult junit = run(kBin + " check --format junit " + kRaknet + "crafted/mcpe-0.7.3-lossy.pcap");
    EXPECT_NE(junit.out.find("name=\"raknet.seq.gap\""), std::string::npos);
    EXPECT_NE(junit.out.find("frame 91: Datagram #5 not seen"), std::string::npos);
}

// decode: every game packet of the crafted session, the chunk on the frame
// that completed it.
TEST(RaknetDecode, CraftedSessionGamePackets) {
    const RunResult r = run(kBin + " decode --json " + kRaknet + "crafted/mcpe-0.7.3-session.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto ev = json_lines(r.out);
    EXPECT_EQ(ev.size(), 166u);
    size_t mcpe = 0;
    for (const auto& e : ev) mcpe += e.at("protocol") == "mcpe";
    EXPECT_EQ(mcpe, 54u);
    const RunResult s = run(kBin + " decode " + kRaknet + "crafted/mcpe-0.7.3-session.pcap");
    // The line reads as Wireshark's Info column (the frame's reliability, a part of its flags, included).
    EXPECT_NE(s.out.find("15    1.060000   1 C>S  Datagram, LoginPacket seq=2 reliability=reliable ordered (3) "
                         "message_index=3 username=\"Steve\" protocol1=11"),
              std::string::npos)
        << s.out.substr(0, 2000);
    EXPECT_NE(s.out.find("46    1.201700   1 S>C  Datagram, ChunkDataPacket"), std::string::npos);
    // -t by a game packet's or a system message's name (or key): only the packets that carry one.
    const RunResult t = run(kBin + " decode -t request_chunk -t \"Connected Pong\" " + kRaknet + "crafted/mcpe-0.7.3-session.pcap");
    EXPECT_EQ(t.exit_code, 0) << t.err;
    EXPECT_EQ(std::count(t.out.begin(), t.out.end(), '\n'), 1 + 1 + 3) << t.out;  // header, RequestChunk, 3 pongs
}

// chunks: the crafted session's ChunkData, reassembled from 18 fragments,
// answering the RequestChunk of frame 27 (crafted README, row 8).
TEST(RaknetChunks, CraftedChunk) {
    const RunResult r = run(kBin + " chunks --json " + kRaknet + "crafted/mcpe-0.7.3-session.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto rows = json_lines(r.out);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].at("frame"), 46);
    EXPECT_EQ(rows[0].at("x"), 8);
    EXPECT_EQ(rows[0].at("z"), 8);
    EXPECT_EQ(rows[0].at("bytes"), 24586);  // seed layout: 1 + 8 + 1 + 4 x (4096 + 2048) (was 24841: per-column layout)
    EXPECT_EQ(rows[0].at("fragments"), 18);
    EXPECT_EQ(rows[0].at("request_frame"), 27);
    EXPECT_EQ(rows[0].at("columns"), 256);
    EXPECT_EQ(rows[0].at("section_mask"), 15);
    EXPECT_EQ(rows[0].at("distinct"), 3);    // stone, dirt, grass
    EXPECT_EQ(rows[0].at("common_block"), 1);  // stone at y 0-59
    EXPECT_EQ(rows[0].at("complete"), true);
}

// stats: packets by kind per direction (the README's UDP packets, datagrams,
// ACK and NAK datagrams) and the messages delivered.
TEST(RaknetStats, LossyCaptureByKind) {
    const RunResult r = run(kBin + " stats --json " + kRaknet + "raknet-native-lossy-10pct.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = json_lines(r.out).at(0).at("raknet").at(0);
    const auto& cs = j.at("client_to_server");
    const auto& sc = j.at("server_to_client");
    EXPECT_EQ(cs.at("offline").at("packets"), 3);
    EXPECT_EQ(cs.at("datagram").at("packets"), 692);
    EXPECT_EQ(cs.at("ack").at("packets"), 341);
    EXPECT_EQ(cs.at("nak").at("packets"), 83);
    EXPECT_EQ(sc.at("datagram").at("packets"), 815);
    EXPECT_EQ(sc.at("ack").at("packets"), 319);
    EXPECT_EQ(sc.at("nak").at("packets"), 89);
    EXPECT_EQ(cs.at("messages").at("Game packet wrapper (0xFE)"), 424);  // README "messages (unique)"
    EXPECT_EQ(sc.at("messages").at("Game packet wrapper (0xFE)"), 509);
    EXPECT_EQ(cs.at("messages").at("Connected Ping"), 5);
    EXPECT_EQ(sc.at("messages").at("Connected Pong"), 5);
}

// A mixed capture (blank and RakNet in one file, merged by mergecap): each
// conversation found by its own protocol, the RakNet figures unchanged.
TEST(RaknetCheck, MixedCapture) {
    if (run("command -v mergecap").exit_code != 0) SKIP_OR_FAIL_IN_CI() << "mergecap not installed";
    std::filesystem::create_directories(TEST_ARTIFACTS);
    const std::string mixed = std::string(TEST_ARTIFACTS) + "/raknet-and-blank.pcap";
    ASSERT_EQ(run("mergecap -F pcap -w " + mixed + " " + BLANKSHARK_CAPTURES + "/blank-fa73e36-clean-session.pcap " +
                  kRaknet + "crafted/mcpe-0.7.3-lossy.pcap")
                  .exit_code,
              0);
    const RunResult r = run(kBin + " check --format json " + mixed);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    size_t raknet = 0, blank = 0;
    for (const auto& e : json_lines(r.out)) {
        if (e.at("event_type") != "conversation") continue;
        if (e.contains("protocol") && e.at("protocol") == "raknet") {
            ++raknet;
            EXPECT_EQ(e.at("client_to_server").at("datagrams"), 20);
            EXPECT_EQ(e.at("server_to_client").at("resent_frames"), 2);
        } else {
            ++blank;
        }
    }
    EXPECT_EQ(raknet, 1u);
    EXPECT_EQ(blank, 1u);
}

// report: the RakNet conversation as check describes it.
TEST(RaknetReport, ConversationSection) {
    std::filesystem::create_directories(TEST_ARTIFACTS);
    const std::string html = std::string(TEST_ARTIFACTS) + "/raknet-report.html";
    ASSERT_EQ(run(kBin + " report -o " + html + " " + kRaknet + "crafted/mcpe-0.7.3-lossy.pcap").exit_code, 0);
    const std::string page = run("cat " + html).out;
    EXPECT_NE(page.find("<h2>Conversation 1 (RakNet): client 192.168.1.10:46946 &harr; server 192.168.1.2:19132</h2>"),
              std::string::npos);
    EXPECT_NE(page.find("client-&gt;server: 85 UDP packets, 3 offline, 20 datagrams"), std::string::npos);
}

}  // namespace
}  // namespace blank::test
