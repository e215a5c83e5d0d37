// RakNet's figures (docs/findings.md, "RakNet's figures"): one name and one
// value per figure in check's text and JSON, stats' text and JSON and the
// report's table and chart, on the lossy capture. The values are the
// independent count of tests/tools/raknet_figures.py (tshark's own RakNet
// dissector; ctest RaknetOracle.Figures runs it) and, for the resends,
// tools/raknet_nak_answers.py (RaknetOracle.NakAnswers): the client's
// datagrams 96 gaps over 113 numbers skipped, 16 out of order, 97 never
// seen, 18 duplicates, 89 NAKs from the server; the server's 0 and 83 NAKs
// from the client; resends 42 (6 after a NAK, 36 on a timeout) and 168
// (88, 80).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kLossy = std::string(BLANKSHARK_CAPTURES) + "/raknet/raknet-native-lossy-10pct.pcap";

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

TEST(RaknetFigures, CheckTextNamesEachFigureOnce) {
    const RunResult r = run(kBin + " check " + kLossy);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "692 datagrams (seq 0..770, 674 distinct); 96 gaps over 113 numbers skipped (16 out of order, "
                           "97 never seen), 18 duplicates\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "815 datagrams (seq 0..814, 815 distinct); 0 gaps over 0 numbers skipped (0 out of order, 0 "
                           "never seen), 0 duplicates\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "resends: 42 (42 messages in a new datagram, 0 datagrams again; 6 after a NAK, 36 on a "
                           "timeout)"))
        << r.out;
    EXPECT_TRUE(has(r.out, "resends: 168 (168 messages in a new datagram, 0 datagrams again; 88 after a NAK, 80 on a "
                           "timeout)"))
        << r.out;
    // The findings behind them: one raknet.seq.gap per gap, one raknet.nak per NAK.
    EXPECT_TRUE(has(r.out, "    note    raknet.seq.gap                          96  ")) << r.out;
    EXPECT_TRUE(has(r.out, "    note    raknet.seq.out_of_order                 16  ")) << r.out;
    EXPECT_TRUE(has(r.out, "    note    raknet.nak                             172  ")) << r.out;  // 89 + 83
    EXPECT_FALSE(has(r.out, " gaps (")) << "the old runs-of-numbers figure under the finding's name";
}

TEST(RaknetFigures, CheckJsonKeysAreTheFigures) {
    const RunResult r = run(kBin + " check --format json " + kLossy);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::map<std::string, int> codes;
    nlohmann::json conv;
    for (const auto& e : json_lines(r.out)) {
        if (e.at("event_type") == "conversation") conv = e;
        if (e.at("event_type") == "finding") ++codes[e.at("code").get<std::string>()];
    }
    ASSERT_FALSE(conv.is_null());
    const auto& c = conv.at("client_to_server");
    const auto& s = conv.at("server_to_client");
    EXPECT_EQ(c.at("gaps"), 96);
    EXPECT_EQ(c.at("skipped"), 113);
    EXPECT_EQ(c.at("out_of_order"), 16);
    EXPECT_EQ(c.at("never_seen"), 97);
    EXPECT_EQ(c.at("duplicates"), 18);
    EXPECT_EQ(c.at("naks_received"), 89);
    EXPECT_EQ(s.at("naks_received"), 83);
    EXPECT_EQ(c.at("resends"), 42);
    EXPECT_EQ(s.at("resends"), 168);
    EXPECT_EQ(s.at("resends_after_nak"), 88);
    EXPECT_EQ(s.at("resends_on_timeout"), 80);
    EXPECT_EQ(codes["raknet.seq.gap"], c.at("gaps").get<int>() + s.at("gaps").get<int>());
    EXPECT_EQ(codes["raknet.seq.out_of_order"], 16);
    EXPECT_EQ(codes["raknet.seq.duplicate"], 18);
    EXPECT_EQ(codes["raknet.nak"], 89 + 83);
    EXPECT_EQ(codes["raknet.resend.frame"], 42 + 168);
    EXPECT_FALSE(c.contains("missing")) << "never_seen is its one name";
}

TEST(RaknetFigures, StatsTextAndJsonShowTheSameFigures) {
    const RunResult t = run(kBin + " stats " + kLossy);
    ASSERT_EQ(t.exit_code, 0) << t.err;
    // One row per figure: client -> server, server -> client, unit.
    for (const auto& [name, c, s] : std::vector<std::tuple<std::string, int, int>>{
             {"gaps", 96, 0}, {"numbers skipped", 113, 0}, {"out of order", 16, 0}, {"never seen", 97, 0},
             {"duplicates", 18, 0}, {"NAKs", 89, 83}, {"resends", 42, 168}}) {
        const std::regex row("\n    " + name + " +" + std::to_string(c) + " +" + std::to_string(s) + "  ");
        EXPECT_TRUE(std::regex_search(t.out, row)) << name << "\n" << t.out;
    }
    const RunResult j = run(kBin + " stats --json " + kLossy);
    ASSERT_EQ(j.exit_code, 0) << j.err;
    const auto st = json_lines(j.out);
    ASSERT_EQ(st.size(), 1u);
    const auto& c = st[0].at("raknet").at(0).at("client_to_server");
    EXPECT_EQ(c.at("gaps"), 96);
    EXPECT_EQ(c.at("skipped"), 113);
    EXPECT_EQ(c.at("out_of_order"), 16);
    EXPECT_EQ(c.at("never_seen"), 97);
    EXPECT_EQ(c.at("duplicates"), 18);
    EXPECT_EQ(c.at("resends"), 42);
    EXPECT_EQ(st[0].at("raknet").at(0).at("server_to_client").at("resends"), 168);
}

TEST(RaknetFigures, ReportTableAndChartUseTheSameNames) {
    const std::string html = ::testing::TempDir() + "raknet-figures-" + std::to_string(getpid()) + ".html";
    const RunResult r = run(kBin + " report -q " + kLossy + " -o " + html);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(html);
    const std::string page((std::istreambuf_iterator<char>(in)), {});
    std::remove(html.c_str());
    const auto row = [](const std::string& name, const std::string& c, const std::string& s, const std::string& unit) {
        return "<tr><td>" + name + "</td><td class=\"n\">" + c + "</td><td class=\"n\">" + s + "</td><td>" + unit +
               "</td></tr>";
    };
    EXPECT_TRUE(has(page, row("gaps", "96", "0", "datagrams after skipped numbers"))) << page.substr(0, 4000);
    EXPECT_TRUE(has(page, row("numbers skipped", "113", "0", "datagram numbers")));
    EXPECT_TRUE(has(page, row("out of order", "16", "0", "datagrams")));
    EXPECT_TRUE(has(page, row("never seen", "97", "0", "datagram numbers")));
    EXPECT_TRUE(has(page, row("duplicates", "18", "0", "datagrams")));
    EXPECT_TRUE(has(page, row("NAKs", "89", "83", "NAK packets from the receiver")));
    EXPECT_TRUE(has(page, row("resends", "42", "168", "messages or datagrams sent again")));
    // The conversation table's cell and the chart's totals, the same figures under the same names.
    EXPECT_TRUE(has(page, "never seen 97 / 0; resends 42 / 168"));
    EXPECT_TRUE(has(page, "client&#39;s datagrams: 113 numbers skipped, 89 NAKs about them, 42 resends; server&#39;s: "
                          "0, 83, 168") ||
                has(page, "client's datagrams: 113 numbers skipped, 89 NAKs about them, 42 resends; server's: 0, 83, 168"))
        << "chart note";
    // What went wrong, in a sentence, before the table.
    EXPECT_TRUE(has(page, "97 of the client&#39;s datagram numbers never seen here") ||
                has(page, "97 of the client's datagram numbers never seen here"));
}

}  // namespace
}  // namespace blank::test
