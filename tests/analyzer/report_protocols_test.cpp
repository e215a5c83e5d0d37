// blankshark report for each protocol's capture, and for one that mixes
// three, opened in headless Chromium: it renders without a console message,
// its header has the capture's counts and verdict, its one conversation
// table one row per conversation naming the protocol, and each conversation
// its charts. Expected figures are the captures' READMEs' (counted by
// decoders that are not ours, tests/README.md), written here by hand with
// the README named.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../support/chromium.hpp"
#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kArtifacts = TEST_ARTIFACTS;

struct Row {
    std::string protocol, client, server;
    bool operator==(const Row& o) const { return protocol == o.protocol && client == o.client && server == o.server; }
};
void PrintTo(const Row& r, std::ostream* os) { *os << r.protocol << " " << r.client << " " << r.server; }

// A report as Chromium shows it: the DOM after load, split into what the
// tests look at.
struct Rendered {
    std::string dom, console, header;
    std::vector<Row> conversations;                      // the conversation table, in its order
    std::map<std::string, std::vector<std::string>> charts;  // client -> its section's chart titles
};

Rendered render(const std::string& capture, const std::string& name) {
    mkdir(kArtifacts.c_str(), 0755);
    const std::string html = kArtifacts + "/report-" + name + ".html";
    const RunResult r = run(kBin + " report " + capture + " -o " + html);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Rendered out;
    out.dom = chromium(html, "--dump-dom", out.console);
    const std::string& d = out.dom;
    std::smatch m;
    // The first meta paragraph: "<file>: N frames, ..., K conversations. VERDICT ...".
    if (std::regex_search(d, m, std::regex("<p class=\"meta\">([^\n]*?)</p>"))) out.header = m[1];
    const size_t table = d.find("<h2 id=\"conversations\">");
    if (table != std::string::npos) {
        const std::string t = d.substr(table, d.find("</table>", table) - table);
        const std::regex row("<tr><td class=\"n\">(?:<a [^>]*>)?[0-9]+(?:</a>)?</td><td>([^<]*)</td><td>([^<]*)</td>"
                             "<td>([^<]*)</td>");
        for (auto it = std::sregex_iterator(t.begin(), t.end(), row); it != std::sregex_iterator(); ++it)
            out.conversations.push_back({(*it)[1], (*it)[2], (*it)[3]});
    }
    // Each conversation's section: "<h2>Conversation N (protocol): client A ↔ server B</h2>", then its
    // charts' titles.
    const std::regex section("<section class=\"conversation\" id=\"conv-[0-9]+\">\\s*<h2>[^<]*client ([^ <]+) ");
    const std::regex title("<svg class=\"chart\"[^>]*aria-label=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(d.begin(), d.end(), section); it != std::sregex_iterator(); ++it) {
        const size_t from = size_t(it->position(0)), to = d.find("</section>", from);
        const std::string body = d.substr(from, to - from);
        auto& titles = out.charts[(*it)[1]];
        for (auto c = std::sregex_iterator(body.begin(), body.end(), title); c != std::sregex_iterator(); ++c)
            titles.push_back((*c)[1]);
    }
    return out;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The chart titles a report draws (analyzer/report_command.cpp, the front
// ends' report sections, analyzer/rate_timeline.cpp), by hand. Bins
// (analyzer/time_bins.hpp): 10 ms, doubled past 1000 bins, merged by the
// power of two that leaves at most 120 points: a server-list ping of 36 ms
// keeps 0.01 s; a session of 10 to 20 s is 0.02 s bins merged 8 to a point.
const std::string kJavaPingRate = "Minecraft Java packets per second by state and direction (bins of 0.01 s)";
const std::string kJavaRate = "Minecraft Java packets per second by state and direction (bins of 0.16 s)";
const std::string kJavaKeepAlive = "Keep Alive and status ping: answer time";
const std::string kJavaTeleports = "Teleports (Player Position And Look): distance from the client's last position";
const std::string kJavaColumns = "Chunk columns loaded";
const std::string kAlphaRate = "Minecraft Alpha messages per second by direction (bins of 0.16 s)";
const std::string kAlphaKeepAlive = "Keep Alive: seconds since the side's previous one";
const std::string kAlphaCorrections =
    "Server corrections (Player Position And Look): distance from the client's position";
const std::string kAlphaMapChunks = "Map Chunks received";
const std::string kRaknet = "RakNet datagrams per second (bins of 0.16 s), with numbers skipped, NAKs and resends";
// blank's, but for PlayerCorrection's: the clean session has none (type 8
// is not in its README's table; the report says "PlayerCorrection: none.").
const std::vector<std::string> kBlankClean = {"Packets per second by type", "Sequence and ack progress",
                                              "Time to ack", "Chunk transmissions, from first to last packet"};

// captures/minecraft-java/README-1.13.2.md, mcjava-1.13.2-compressed.pcap:
// 1805 frames, 3 TCP connections, 1157 Minecraft packets, no framing,
// decompression or parse error. #1 (127.0.0.1:38944) a server-list ping
// (one Ping, no Keep Alive, no chunk); #2 alice (:38950) and #3 bob
// (:38956) each 2 Player Position And Look, Keep Alive 4 and 3, 100 Chunk
// Data, 0 Unload Chunk.
void expect_java(const Rendered& r) {
    EXPECT_EQ(r.charts.at("127.0.0.1:38944"), (std::vector<std::string>{kJavaKeepAlive, kJavaPingRate}));
    const std::vector<std::string> play = {kJavaKeepAlive, kJavaTeleports, kJavaColumns, kJavaRate};
    EXPECT_EQ(r.charts.at("127.0.0.1:38950"), play);
    EXPECT_EQ(r.charts.at("127.0.0.1:38956"), play);
    EXPECT_EQ(count(r.dom, "0 Keep Alive, 1 status pings"), 1u);
    EXPECT_EQ(count(r.dom, "4 Keep Alive, 0 status pings"), 1u);
    EXPECT_EQ(count(r.dom, "3 Keep Alive, 0 status pings"), 1u);
    EXPECT_EQ(count(r.dom, ">2 teleports<"), 2u);
    EXPECT_EQ(count(r.dom, ">100 Chunk Data, 0 Unload Chunk<"), 2u);
}
const std::vector<Row> kJavaRows = {{"Minecraft Java", "127.0.0.1:38944", "127.0.0.1:25565"},
                                    {"Minecraft Java", "127.0.0.1:38950", "127.0.0.1:25565"},
                                    {"Minecraft Java", "127.0.0.1:38956", "127.0.0.1:25565"}};

// captures/raknet/README.md, raknet-clean.pcap: 2079 frames (1036 + 1043
// UDP packets), one conversation, client 127.0.0.1:52165, server
// 127.0.0.1:19132; no gap, no duplicate, no NAK, 0 parse errors.
const Row kRaknetRow = {"RakNet", "127.0.0.1:52165", "127.0.0.1:19132"};

#define NEED_CHROMIUM() \
    if (!have_chromium()) SKIP_OR_FAIL_IN_CI() << "chromium not installed"

TEST(ReportProtocols, JavaRendersWithItsCountsTableAndCharts) {
    NEED_CHROMIUM();
    const Rendered r = render(kCaps + "/minecraft-java/mcjava-1.13.2-compressed.pcap", "java-1.13.2-compressed");
    EXPECT_EQ(r.console, "");
    EXPECT_NE(r.header.find("mcjava-1.13.2-compressed.pcap: 1805 frames, 1157 Minecraft Java packets, "
                            "3 conversations. <span class=\"verdict pass\">PASS</span> 0 findings at warn or above."),
              std::string::npos)
        << r.header;
    EXPECT_EQ(r.conversations, kJavaRows);
    expect_java(r);
}

TEST(ReportProtocols, RaknetRendersWithItsCountsTableAndChart) {
    NEED_CHROMIUM();
    const Rendered r = render(kCaps + "/raknet/raknet-clean.pcap", "raknet-clean");
    EXPECT_EQ(r.console, "");
    EXPECT_NE(r.header.find("raknet-clean.pcap: 2079 frames, 2079 RakNet packets, 1 conversations. "
                            "<span class=\"verdict pass\">PASS</span> 0 findings at warn or above."),
              std::string::npos)
        << r.header;
    EXPECT_EQ(r.conversations, std::vector<Row>{kRaknetRow});
    EXPECT_EQ(r.charts.at(kRaknetRow.client), std::vector<std::string>{kRaknet});
    // No datagram number skipped, NAKed or resent either way (raknet/figures.hpp's names).
    EXPECT_NE(r.dom.find("client's datagrams: 0 numbers skipped, 0 NAKs about them, 0 resends; server's: 0, 0, 0 "),
              std::string::npos);
}

// captures/mc_alpha/README.md, mc_alpha-session.pcap: 1309 frames, client
// 192.0.2.2:51234, server 192.0.2.1:25565, 248 client and 247 server
// messages; its analysis finds "exactly these": one warning
// (mcalpha.move.correction_far, so the verdict is FAIL), two notes
// (correction, kick) and comments (not counted).
TEST(ReportProtocols, AlphaRendersWithItsCountsTableAndChart) {
    NEED_CHROMIUM();
    const Rendered r = render(kCaps + "/mc_alpha/mc_alpha-session.pcap", "alpha-session");
    EXPECT_EQ(r.console, "");
    EXPECT_NE(r.header.find("mc_alpha-session.pcap: 1309 frames, 495 Minecraft Alpha messages, 1 conversations. "
                            "<span class=\"verdict fail\">FAIL</span> 1 findings at warn or above."),
              std::string::npos)
        << r.header;
    EXPECT_NE(r.dom.find("<p>0 errors, 1 warnings, 2 notes.</p>"), std::string::npos);
    EXPECT_EQ(count(r.dom, "<code>mcalpha.move.correction_far</code>"), 1u);
    EXPECT_EQ(r.conversations, (std::vector<Row>{{"Minecraft Alpha", "192.0.2.2:51234", "192.0.2.1:25565"}}));
    EXPECT_EQ(r.charts.at("192.0.2.2:51234"),
              (std::vector<std::string>{kAlphaKeepAlive, kAlphaCorrections, kAlphaMapChunks, kAlphaRate}));
    // The README's counts: Keep Alives 11 from the client and 12 from the
    // server (10 + 11 intervals), corrections 2.500 and 0.300 blocks, 30 Map Chunks.
    EXPECT_NE(r.dom.find(">21 intervals<"), std::string::npos);
    EXPECT_NE(r.dom.find(">2 corrections<"), std::string::npos);
    EXPECT_NE(r.dom.find(">30 Map Chunks<"), std::string::npos);
    EXPECT_NE(r.dom.find("2.500 blocks from the client's position in frame"), std::string::npos);
    EXPECT_NE(r.dom.find(">C&gt;S 248, S&gt;C 247<"), std::string::npos);
}

// blank's clean session (../shared/captures/README.md: 4082 frames, all
// blank packets, 19.904 s; client 127.0.0.1:55333, server
// 127.0.0.1:12360), the Java and the RakNet capture above merged by
// mergecap: 4082 + 1805 + 2079 frames, 1 + 3 + 1 conversations in one
// table, each with its protocol's charts; none fails on its own, nor
// together.
TEST(ReportProtocols, MixedCaptureRendersEveryProtocol) {
    NEED_CHROMIUM();
    if (run("command -v mergecap").exit_code != 0) SKIP_OR_FAIL_IN_CI() << "mergecap not installed";
    mkdir(kArtifacts.c_str(), 0755);
    const std::string mixed = kArtifacts + "/mixed-blank-java-raknet.pcap";
    ASSERT_EQ(run("mergecap -F pcap -w " + mixed + " " + kCaps + "/blank-fa73e36-clean-session.pcap " + kCaps +
                  "/minecraft-java/mcjava-1.13.2-compressed.pcap " + kCaps + "/raknet/raknet-clean.pcap")
                  .exit_code,
              0);
    const Rendered r = render(mixed, "mixed");
    EXPECT_EQ(r.console, "");
    EXPECT_TRUE(std::regex_search(
        r.header, std::regex("mixed-blank-java-raknet.pcap: 7966 frames, 4082 blank packets, "
                             "1157 Minecraft Java packets, 2079 RakNet packets, 5 conversations. "
                             "<span class=\"verdict pass\">PASS</span> 0 findings at warn or above.")))
        << r.header;
    std::vector<Row> want = {{"blank", "127.0.0.1:55333", "127.0.0.1:12360"}};
    want.insert(want.end(), kJavaRows.begin(), kJavaRows.end());
    want.push_back(kRaknetRow);
    std::vector<Row> got = r.conversations;  // in the order of the conversations' first packets
    std::sort(got.begin(), got.end(), [](const Row& a, const Row& b) { return a.client < b.client; });
    std::sort(want.begin(), want.end(), [](const Row& a, const Row& b) { return a.client < b.client; });
    EXPECT_EQ(got, want);
    EXPECT_EQ(r.charts.size(), 5u);
    EXPECT_EQ(r.charts.at("127.0.0.1:55333"), kBlankClean);
    EXPECT_EQ(count(r.dom, "PlayerCorrection: none."), 1u);
    expect_java(r);
    EXPECT_EQ(r.charts.at(kRaknetRow.client), std::vector<std::string>{kRaknet});
    // A screenshot of what a user sees, next to the other artifacts.
    const std::string png = kArtifacts + "/report-mixed.png";
    std::remove(png.c_str());
    std::string console;
    chromium(kArtifacts + "/report-mixed.html", "--window-size=1100,4000 --screenshot=" + png, console);
    std::ifstream img(png, std::ios::binary);
    std::string head(4, '\0');
    img.read(head.data(), 4);
    EXPECT_EQ(head.substr(1, 3), "PNG");
}

}  // namespace
}  // namespace blank::test
