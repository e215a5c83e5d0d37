// blankshark report: one self-contained HTML page, opened in headless
// Chromium (Debian's chromium package): the page renders (a screenshot is
// kept as a test artifact), has every chart and the findings table with the
// frame numbers check reports, loads nothing, and logs nothing to the console.
#include <gtest/gtest.h>

#include <algorithm>

#include <tuple>

#include <map>

#include <sys/stat.h>
#include <cstdio>

#include <fstream>
#include <regex>
#include <sstream>

#include "../support/chromium.hpp"
#include "../support/port_rewrite.hpp"
#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kArtifacts = TEST_ARTIFACTS;

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

class Report : public ::testing::Test {
protected:
    static void SetUpTestSuite() { mkdir(kArtifacts.c_str(), 0755); }
};

TEST_F(Report, ConsoleMessagesAreDetected) {
    if (!have_chromium()) SKIP_OR_FAIL_IN_CI() << "chromium not installed";
    // The check below must be able to fail: a page that logs is caught.
    const std::string page = kArtifacts + "/console-error.html";
    std::ofstream(page) << "<!DOCTYPE html><html><body><script>console.error('seen')</script></body></html>";
    std::string console;
    chromium(page, "--dump-dom", console);
    EXPECT_NE(console.find("seen"), std::string::npos) << console;
}

TEST_F(Report, LossySessionRendersChartsAndFindings) {
    const std::string html = kArtifacts + "/report-lossy-5pct.html";
    const std::string cap = kCaps + "/blank-fa73e36-lossy-5pct.pcap";
    const RunResult r = run(kBin + " report " + cap + " -o " + html);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string page = slurp(html);

    // Self-contained: nothing to fetch.
    for (const char* ref : {"src=", "<link", "@import", "url(", "<script", "href=\"http", "href=\"//"})
        EXPECT_EQ(page.find(ref), std::string::npos) << ref;

    if (!have_chromium()) SKIP_OR_FAIL_IN_CI() << "chromium not installed";
    std::string console;
    const std::string dom = chromium(html, "--dump-dom", console);
    EXPECT_EQ(console, "");
    // One conversation: its five timelines.
    EXPECT_EQ(count(dom, "<svg class=\"chart\""), 5u);
    for (const char* title : {"Packets per second by type", "Sequence and ack progress", "Time to ack",
                              "Chunk transmissions, from first to last packet",
                              "PlayerCorrection: distance from the update it corrects"})
        EXPECT_NE(dom.find(title), std::string::npos) << title;
    // Chunk bars: 145 transmissions, each a rect with its tooltip; 18 not complete.
    EXPECT_EQ(count(dom, "<title>transmission "), 145u);
    EXPECT_NE(dom.find("complete 127"), std::string::npos);
    EXPECT_NE(dom.find("incomplete 18"), std::string::npos);
    // Corrections: 1055 marks, 48 of them past the warning line.
    EXPECT_EQ(count(dom, "blocks off the update in frame"), 1055u);
    EXPECT_EQ(count(dom, "fill=\"#d62728\" cx="), 48u);

    // The findings table lists what check lists, the warnings first, then
    // by code, then by frame.
    const RunResult chk = run(kBin + " check --format json " + cap);
    std::vector<std::tuple<int, std::string, uint64_t>> listed;
    const std::map<std::string, int> rank = {{"error", 0}, {"warn", 1}, {"note", 2}, {"comment", 3}};
    for (const auto& e : json_lines(chk.out))
        if (e["event_type"] == "finding")
            listed.emplace_back(rank.at(e["severity"].get<std::string>()), e["code"].get<std::string>(),
                                e["pcap_cnt"].get<uint64_t>());
    std::stable_sort(listed.begin(), listed.end());
    std::vector<uint64_t> frames;
    for (const auto& l : listed) frames.push_back(std::get<2>(l));
    ASSERT_GT(frames.size(), 3000u);
    EXPECT_EQ(std::get<0>(listed.front()), 1);  // 48 warnings (blank.correction.large) lead
    std::regex row("<tr class=\"finding\"><td class=\"n\">([0-9]+)</td>");
    std::vector<uint64_t> shown;
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), row); it != std::sregex_iterator(); ++it)
        shown.push_back(std::stoull((*it)[1]));
    EXPECT_EQ(shown, frames);
    EXPECT_NE(dom.find("0 errors, 48 warnings"), std::string::npos);

    // What a user sees, kept next to the test's other artifacts.
    const std::string png = kArtifacts + "/report-lossy-5pct.png";
    std::remove(png.c_str());
    chromium(html, "--window-size=1100,2600 --screenshot=" + png, console);
    const std::string img = slurp(png);
    ASSERT_GT(img.size(), 50000u);  // a blank page compresses to a few KB
    EXPECT_EQ(img.substr(1, 3), "PNG");
}

// The header counts failing findings as check does: on a capture whose
// client vanished (captures/crafted/README.md), the silence is one finding
// and the 600-odd corrections the server sent to nobody are its
// consequence, not findings of their own. Other protocols are counted by
// name; a capture of none is NOTHING RECOGNISED, with what was tried.
TEST_F(Report, HeaderVerdictAsCheckSaysIt) {
    const std::string html = kArtifacts + "/report-client-silent.html";
    const std::string cap = kCaps + "/crafted/cut-client-silent-clean-session.pcap";
    ASSERT_EQ(run(kBin + " report " + cap + " -o " + html).exit_code, 0);
    EXPECT_NE(run(kBin + " check " + cap).out.find("verdict: FAIL (1 findings at or above warn)"), std::string::npos);
    EXPECT_NE(slurp(html).find("<span class=\"verdict fail\">FAIL</span> 1 findings at warn or above."),
              std::string::npos);

    const std::string rk = kArtifacts + "/report-raknet-clean.html";
    ASSERT_EQ(run(kBin + " report " + kCaps + "/raknet/raknet-clean.pcap -o " + rk).exit_code, 0);
    const std::string page = slurp(rk);
    EXPECT_NE(page.find("raknet-clean.pcap: 2079 frames, 2079 RakNet packets, 1 conversations."), std::string::npos);
    EXPECT_EQ(page.find("blank packets"), std::string::npos);

    // Alpha moved to 25570 is recognised by its Handshake; picked up after
    // it (frames 20 on) there it is nothing recognised until named.
    const std::string moved = kArtifacts + "/mc_alpha-session-25570.pcap";
    ASSERT_EQ(rewrite_port(kCaps + "/mc_alpha/mc_alpha-session.pcap", moved, 25565, 25570), 1309);
    const std::string whole = kArtifacts + "/report-alpha-moved.html";
    ASSERT_EQ(run(kBin + " report " + moved + " -o " + whole).exit_code, 0);
    EXPECT_NE(slurp(whole).find("1309 frames, 495 Minecraft Alpha messages, 1 conversations."), std::string::npos);
    const std::string later = kArtifacts + "/mc_alpha-session-25570-from20.pcap";
    ASSERT_EQ(run("editcap -F pcap -r " + moved + " " + later + " 20-4000000000").exit_code, 0);
    const std::string none = kArtifacts + "/report-nothing.html";
    ASSERT_EQ(run(kBin + " report " + later + " -o " + none).exit_code, 0);
    EXPECT_NE(slurp(none).find("1290 frames, 0 conversations. <span class=\"verdict error\">NOTHING RECOGNISED</span> "
                               "no conversation of any supported protocol (tried UDP port 12354 (blank), TCP port "
                               "25565 (Minecraft Java), UDP port 19132 (RakNet), TCP port 25565 (Minecraft Alpha)"),
              std::string::npos);
    ASSERT_EQ(run(kBin + " report --port mcalpha=25570 " + later + " -o " + none).exit_code, 0);
    EXPECT_NE(slurp(none).find("1290 frames, 490 Minecraft Alpha messages, 1 conversations."), std::string::npos);
}

// RakNet gets its timeline: datagrams per second of each side's datagrams,
// with the NAKs about them (captures/raknet/README.md, raknet-native-lossy-
// 10pct: NAK datagrams 89 from the server about the client's, 83 from the
// client) and the numbers skipped in them (97 never seen plus 16 that came
// later out of order = 113); one table lists the conversations of every
// protocol, blank's tables only where there is blank traffic.
TEST_F(Report, RaknetTimelineAndOneConversationTable) {
    const std::string html = kArtifacts + "/report-raknet-lossy.html";
    ASSERT_EQ(run(kBin + " report " + kCaps + "/raknet/raknet-native-lossy-10pct.pcap -o " + html).exit_code, 0);
    const std::string page = slurp(html);
    // 13.83 s (capinfos) in 1384 bins of 10 ms, merged 16 to a point so
    // that the chart has at most 120 points (8 would make 173): 0.16 s.
    EXPECT_NE(page.find("aria-label=\"RakNet datagrams per second (bins of 0.16 s)"), std::string::npos);
    EXPECT_NE(page.find("client&#39;s datagrams: 113 numbers skipped, 89 NAKs about them, "), std::string::npos)
        << page.substr(0, 3000);
    // No number of the server's skipped; 83 NAKs about them, from the client.
    EXPECT_TRUE(std::regex_search(page, std::regex("; server&#39;s: 0, 83, [0-9]+ \\(per second"))) << page.substr(0, 3000);
    EXPECT_NE(page.find("<td>RakNet</td><td>127.0.0.2:19141</td><td>127.0.0.1:19132</td>"), std::string::npos);
    EXPECT_EQ(page.find("blank packets by type"), std::string::npos);
}

// Minecraft Java and Alpha get packets per second over time: Java by state
// and direction (the 1.14.4 capture's first connection is a server-list
// ping: Handshake, then Request and Ping from the client, Response and Pong
// from the server), Alpha by direction (captures/mc_alpha/README.md: 248
// client and 247 server messages).
TEST_F(Report, JavaAndAlphaPacketRates) {
    const std::string java = kArtifacts + "/report-java-1.14.4.html";
    ASSERT_EQ(run(kBin + " report " + kCaps + "/minecraft-java/mcjava-1.14.4-compressed.pcap -o " + java).exit_code, 0);
    const std::string jp = slurp(java);
    EXPECT_EQ(count(jp, "aria-label=\"Minecraft Java packets per second by state and direction"), 3u);
    EXPECT_NE(jp.find(">handshaking C&gt;S 1, status C&gt;S 2, status S&gt;C 2<"), std::string::npos);
    const std::string alpha = kArtifacts + "/report-alpha.html";
    ASSERT_EQ(run(kBin + " report " + kCaps + "/mc_alpha/mc_alpha-session.pcap -o " + alpha).exit_code, 0);
    EXPECT_NE(slurp(alpha).find(">C&gt;S 248, S&gt;C 247<"), std::string::npos);
}

TEST_F(Report, CannotWriteAndCannotRead) {
    EXPECT_EQ(run(kBin + " report " + kCaps + "/blank-fa73e36-clean-session.pcap -o /nonexistent/dir/r.html").exit_code,
              5);
    const RunResult r = run(kBin + " report /nonexistent.pcap -o " + kArtifacts + "/none.html");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("/nonexistent.pcap"), std::string::npos);
}

TEST_F(Report, TwoClientsHaveOneSectionEach) {
    const std::string html = kArtifacts + "/report-two-clients.html";
    ASSERT_EQ(run(kBin + " report " + kCaps + "/blank-fa73e36-two-clients.pcap -o " + html).exit_code, 0);
    const std::string page = slurp(html);
    EXPECT_EQ(count(page, "<section class=\"conversation\""), 2u);
    EXPECT_EQ(count(page, "<svg class=\"chart\""), 10u);
    EXPECT_NE(page.find("127.0.0.1:58287"), std::string::npos);
    EXPECT_NE(page.find("127.0.0.1:56413"), std::string::npos);
}

}  // namespace
}  // namespace blank::test
