// tshark with the plugin shows the same sequence analysis as blankshark check.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tshark.hpp"

namespace blank::test {
namespace {

size_t lines(const std::string& s) { return size_t(std::count(s.begin(), s.end(), '\n')); }

TEST(TsharkSeq, AckedPacketsAndRttAfterTwoPasses) {
    const std::string file = BLANKSHARK_CAPTURES "/blank-fa73e36-clean-session.pcap";
    const auto ev = json_lines(run(std::string(BLANKSHARK_BIN) + " check --format json " + file).out);
    uint64_t acked = 0;
    for (const auto& e : ev)
        if (e.at("event_type") == "conversation")
            acked += e.at("client_to_server").at("acked").get<uint64_t>() +
                     e.at("server_to_client").at("acked").get<uint64_t>();
    ASSERT_GT(acked, 4000u);
    // Acks come later than the packets they acknowledge: -2 knows them all.
    const std::string readable = tshark_file(file);
    const RunResult two = tshark("-2 -r " + readable + " -Y blank.analysis.acked_in -T fields -e blank.analysis.rtt");
    EXPECT_EQ(lines(two.out), acked);
    const RunResult neg = tshark("-2 -r " + readable + " -Y \"blank.analysis.rtt < 0\"");
    EXPECT_EQ(neg.exit_code, 0) << neg.err;  // empty, and not because tshark failed
    EXPECT_EQ(neg.out, "");
}

TEST(TsharkSeq, LossyFindingsOnTheSameFrames) {
    const std::string file = BLANKSHARK_CAPTURES "/blank-fa73e36-lossy-5pct.pcap";
    const auto ev = json_lines(run(std::string(BLANKSHARK_BIN) + " check --format json " + file).out);
    std::map<std::string, std::set<uint64_t>> by_code;
    for (const auto& e : ev)
        if (e.at("event_type") == "finding") by_code[e.at("code")].insert(e.at("pcap_cnt").get<uint64_t>());
    const std::string readable = tshark_file(file);
    for (const char* code : {"blank.seq.reordered", "blank.seq.duplicate", "blank.seq.lost_before",
                             "blank.ack.backwards", "blank.seq.lost", "blank.correction.large"}) {
        const RunResult r = tshark("-r " + readable + " -Y " + code + " -T fields -e frame.number");
        std::set<uint64_t> frames;
        std::istringstream in(r.out);
        for (std::string l; std::getline(in, l);) frames.insert(std::stoull(l));
        EXPECT_EQ(frames, by_code[code]) << code;
        EXPECT_FALSE(frames.empty()) << code;
    }
    // The correction and its update link to each other.
    const RunResult c = tshark("-2 -r " + readable + " -Y \"frame.number == 3061\" -T fields -e blank.analysis.correction_for");
    EXPECT_EQ(c.out, "3041\n");
    // The update links to the first correction naming it (the server repeats
    // a correction until a newer update is accepted).
    const RunResult u = tshark("-2 -r " + readable + " -Y \"frame.number == 3041\" -T fields -e blank.analysis.corrected_in");
    ASSERT_FALSE(u.out.empty());
    const RunResult back = tshark("-2 -r " + readable + " -Y \"frame.number == " + u.out.substr(0, u.out.size() - 1) +
                                  "\" -T fields -e blank.analysis.correction_for");
    EXPECT_EQ(back.out, "3041\n");
    EXPECT_LE(std::stoul(u.out), 3061u);
}

}  // namespace
}  // namespace blank::test
