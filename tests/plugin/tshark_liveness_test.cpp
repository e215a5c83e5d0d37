// Issue 16 in Wireshark: a vanished peer as an expert info once the capture
// is read (-2), its consequences under one code, expert infos grouped by
// code (tshark -z expert), Info column markers as decode prints them, and
// the ack history as ranges. Expected values checked by hand (see
// tests/analyzer/liveness_test.cpp for the same sessions in check).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <map>
#include <sstream>

#include "protocols/blank/findings.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::vector<std::string> tabs(const std::string& line) {
    std::vector<std::string> col;
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
    return col;
}

// tshark -q -z expert: summary -> frequency, per severity section.
std::map<std::string, std::map<std::string, int>> expert(const std::string& out) {
    std::map<std::string, std::map<std::string, int>> m;
    std::string section;
    for (const std::string& l : lines_of(out)) {
        if (l.rfind("Warns", 0) == 0 || l.rfind("Notes", 0) == 0 || l.rfind("Comments", 0) == 0 ||
            l.rfind("Errors", 0) == 0) {
            section = l.substr(0, l.find(' '));
            continue;
        }
        std::istringstream ls(l);
        int freq = 0;
        std::string group, proto;
        if (!(ls >> freq >> group >> proto) || proto != "BLANK") continue;
        std::string summary;
        std::getline(ls, summary);
        summary.erase(0, summary.find_first_not_of(' '));
        EXPECT_EQ(m[section].count(summary), 0u) << "one line per code: " << summary;
        m[section][summary] = freq;
    }
    return m;
}

class VanishedClientInWireshark : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // tshark runs as nobody: a world-readable place.
        dir_ = "/tmp/blankshark-liveness-" + std::to_string(getpid());
        mkdir(dir_.c_str(), 0755);
        chmod(dir_.c_str(), 0755);
        ASSERT_EQ(run(kBin + " synth -q -o " + file() + " --packets 4000 --clients 1 --stop-client 5").exit_code, 0);
        chmod(file().c_str(), 0644);
    }
    static void TearDownTestSuite() { run("rm -rf " + dir_); }
    static std::string file() { return dir_ + "/vanished-client.pcap"; }
    static std::string dir_;
};
std::string VanishedClientInWireshark::dir_;

TEST_F(VanishedClientInWireshark, ExpertInfoOnTheSilentSidesLastPacketWithTwoPasses) {
    const RunResult r = tshark("-r " + file() + " -2 -Y blank.analysis.went_silent -T fields -e frame.number "
                               "-e blank.analysis.went_silent -e blank.analysis.survivor_last "
                               "-e blank.analysis.silence_end -e blank.finding -e _ws.col.Info -E occurrence=a "
                               "-E aggregator='|'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto l = lines_of(r.out);
    ASSERT_EQ(l.size(), 1u) << r.out;
    const auto c = tabs(l[0]);
    ASSERT_EQ(c.size(), 6u) << l[0];
    EXPECT_EQ(c[0], "951");
    EXPECT_EQ(c[1], "1");  // client
    EXPECT_EQ(c[2], "1870");
    EXPECT_EQ(c[3], "0");  // the other side timed it out
    EXPECT_NE(c[4].find("The client went silent after this packet (4.982 s); the server timed it out 10.0 s later "
                        "(frame 1870)"),
              std::string::npos)
        << c[4];
    EXPECT_EQ(c[5], "PlayerUpdate seq=292 ack=657 [Client went silent]");
    // In one pass the end is not known yet.
    EXPECT_EQ(tshark("-r " + file() + " -Y blank.analysis.went_silent").out, "");
    // Every packet the server sent afterwards says so.
    const RunResult after = tshark("-r " + file() + " -2 -Y 'blank.analysis.after_silence_of == 951'");
    EXPECT_EQ(lines_of(after.out).size(), 919u);
}

TEST_F(VanishedClientInWireshark, ExpertSummaryHasOneLinePerCodeAndTheConsequencesTogether) {
    const auto m = expert(tshark("-r " + file() + " -2 -q -z expert").out);
    ASSERT_EQ(m.count("Warns"), 1u);
    EXPECT_EQ(m.at("Warns").size(), 1u);
    EXPECT_EQ(m.at("Warns").at(finding_info(FindingCode::WentSilent).summary), 1);
    // The 308 corrections after the silence (306 beyond 0.5 block) are one
    // note line, not 306 warnings.
    EXPECT_EQ(m.at("Notes").at(finding_info(FindingCode::AfterSilence).summary), 308);
    EXPECT_EQ(m.at("Notes").at(finding_info(FindingCode::Correction).summary), 123);
    EXPECT_EQ(m.at("Notes").size(), 3u);  // and blank.revision.ambiguous
}

TEST_F(VanishedClientInWireshark, OnePassMarksThePeerSilentOnce) {
    const RunResult r = tshark("-r " + file() + " -Y blank.analysis.peer_silent_since -T fields -e frame.number "
                               "-e blank.analysis.peer_silent_since -e _ws.col.Info");
    EXPECT_EQ(r.out, "1043\t951\tPlayerCorrection seq=749 ack=292 update_seq=292 [Large correction] [Peer silent]\n");
}

// Wireshark's expert summary of a lossy capture: one line per code, the
// counts check reports.
TEST(ExpertByCode, LossyCaptureOneLinePerCode) {
    const auto m = expert(tshark("-r " + tshark_file(kCaps + "/blank-fa73e36-lossy-5pct.pcap") + " -q -z expert").out);
    EXPECT_EQ(m.at("Warns").size(), 1u);
    EXPECT_EQ(m.at("Warns").at(finding_info(FindingCode::CorrectionLarge).summary), 48);
    EXPECT_EQ(m.at("Notes").at(finding_info(FindingCode::SeqReordered).summary), 1024);
    EXPECT_EQ(m.at("Notes").at(finding_info(FindingCode::SeqLostBefore).summary), 681);
    EXPECT_EQ(m.at("Notes").at(finding_info(FindingCode::AckBackwards).summary), 371);
    EXPECT_EQ(m.at("Notes").size(), 10u);
}

// The Info column (one pass and -2) is what decode prints after its
// columns, the worst finding's tag aside: markers included.
TEST(InfoMarkers, SameAsDecodeOnEveryFrame) {
    const std::string cap = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    const auto dec = lines_of(run(kBin + " decode " + cap).out);
    std::map<uint64_t, std::string> want;
    for (const std::string& l : dec) {
        if (l.empty() || l[0] == '#') continue;
        std::istringstream ls(l);
        uint64_t frame = 0;
        ls >> frame;
        std::string info = l.substr(l.find("  ", l.find(">") ) + 2);  // after "C>S  "
        const size_t tail = info.find("  [");
        want[frame] = info.substr(0, tail);
    }
    ASSERT_EQ(want.size(), 3063u);
    size_t marked = 0;
    for (const char* pass : {"", "-2 "}) {
        const RunResult r = tshark(std::string("-r ") + tshark_file(cap) + " " + pass + "-T fields -e frame.number -e _ws.col.Info");
        size_t n = 0;
        for (const std::string& l : lines_of(r.out)) {
            const auto c = tabs(l);
            ASSERT_EQ(c.size(), 2u);
            EXPECT_EQ(c[1], want.at(std::stoull(c[0]))) << pass << "frame " << c[0];
            marked += c[1].find(" [") != std::string::npos;
            ++n;
        }
        EXPECT_EQ(n, 3063u);
    }
    // Both passes mark the frames the analyzer marks, each of them.
    size_t want_marked = 0;
    for (const auto& [frame, info] : want) want_marked += info.find(" [") != std::string::npos;
    EXPECT_EQ(marked, 2 * want_marked);
    // Frame 9: seq 3 after seq 4 (frame 8), and its ack moved back from 3 to 2.
    EXPECT_EQ(want.at(9), "Ping seq=3 ack=2 [Out-Of-Order] [Ack back]");
}

// The ack history: seqs before the peer's first are neither acked nor
// missing, ranges are shown, per-seq fields still filter.
TEST(AckHistory, RangesAndPerSeqFilters) {
    const RunResult r = tshark("-r " + tshark_file(kCaps + "/blank-fa73e36-two-clients.pcap") + " -Y 'frame.number == 35' -T fields "
                               "-e blank.ack_hist.acked_ranges -e blank.ack_hist.before_first -e blank.ack_hist.acked");
    EXPECT_EQ(r.out, "0-14\t17\t14,13,12,11,10,9,8,7,6,5,4,3,2,1,0\n");
    const std::string lossy = tshark_file(kCaps + "/blank-fa73e36-lossy-5pct.pcap");
    const RunResult f = tshark("-r " + lossy + " -Y 'blank.ack_hist.missing == 132' -T fields -e frame.number");
    EXPECT_NE(("\n" + f.out).find("\n300\n"), std::string::npos) << f.out;
    const RunResult v = tshark("-r " + lossy + " -Y 'frame.number == 300' -O blank -V");
    EXPECT_NE(v.out.find("        [Acknowledged: 131, 133, 135-136, 138-139, 142-145, 148-151, 153-158, 160, 162]\n"),
              std::string::npos)
        << v.out;
    EXPECT_NE(v.out.find("        [Not received: 132, 134, 137, 140-141, 146-147, 152, 159, 161]\n"), std::string::npos);
    size_t acked_lines = 0;
    for (const std::string& l : lines_of(v.out)) acked_lines += l.find("[Acknowledged") != std::string::npos;
    EXPECT_EQ(acked_lines, 1u);  // no line per seq
}

}  // namespace
}  // namespace blank::test
