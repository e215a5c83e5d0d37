// What a person reads around the decoding (issue 53): no internal words in
// any command's output on any bundled capture, values the game really sends
// known by their names, the command line's small mistakes answered with
// what to do, and charts scaled to what they show.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <vector>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

std::vector<std::string> bundled_captures() {
    std::vector<std::string> all;
    for (const auto& e : std::filesystem::recursive_directory_iterator(kCaps)) {
        const std::string p = e.path().string();
        if (e.is_regular_file() && (p.size() > 5 && (p.substr(p.size() - 5) == ".pcap" || p.substr(p.size() - 7) == ".pcapng")))
            all.push_back(p);
    }
    std::sort(all.begin(), all.end());
    return all;
}

// The project's own words for its sources: "the seed" (the protocol
// documents the project started from), "the seed's list", "seed 002",
// "seed002", "the page". Not the games' world seeds, which their protocols
// carry under that name (Java's Hashed Seed, Alpha's Map seed, a Tag Name
// "villager_plantable_seeds"): those are what the packets say.
std::string internal_words(const std::string& out) {
    std::string lower(out);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* w : {"the seed", "seed's", "seed 00", "seed00", "the page"}) {
        const size_t at = lower.find(w);
        if (at == std::string::npos) continue;
        const size_t from = at > 80 ? at - 80 : 0;
        return out.substr(from, 200);
    }
    return {};
}

class NoInternalWords : public ::testing::TestWithParam<const char*> {};

// Every command over every bundled capture (real and crafted, every
// protocol): its text, JSON, the report's page (decode --json carries the
// same words as -V: the values' texts and the findings' messages).
TEST_P(NoInternalWords, InAnyOutputOfAnyCapture) {
    const std::string cmd = GetParam();
    size_t runs = 0;
    if (cmd == "check" || cmd == "stats") {  // every file in one run
        std::string files;
        for (const std::string& f : bundled_captures()) files += " " + f;
        const std::vector<std::string> variants =
            cmd == "check" ? std::vector<std::string>{"", " --comments", " --format json"} : std::vector<std::string>{"", " --json"};
        for (const std::string& args : variants) {
            const RunResult r = run(kBin + " " + cmd + args + " -q" + files);
            EXPECT_EQ(internal_words(r.out + r.err), "") << cmd << args;
            ++runs;
        }
    } else {
        for (const std::string& f : bundled_captures()) {
            std::string out;
            if (cmd == "report") {
                const std::string html = ::testing::TempDir() + "words-" + std::to_string(getpid()) + ".html";
                const RunResult r = run(kBin + " report -q " + f + " -o " + html);
                std::ifstream in(html);
                out = r.err + std::string((std::istreambuf_iterator<char>(in)), {});
                std::remove(html.c_str());
            } else {
                const RunResult r = run(kBin + " " + cmd + " " + f);
                out = r.out + r.err;
            }
            EXPECT_EQ(internal_words(out), "") << cmd << " " << f;
            ++runs;
        }
    }
    EXPECT_GT(runs, 1u);
}

INSTANTIATE_TEST_SUITE_P(Commands, NoInternalWords,
                         ::testing::Values("decode", "decode -V", "chunks", "check", "stats", "report"),
                         [](const ::testing::TestParamInfo<const char*>& i) {
                             std::string n;
                             for (const char* c = i.param; *c; ++c) n += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
                             return n;
                         });

TEST(UserWords, TheWordsAreFoundWhereTheyWere) {
    // The checker itself: the words the issue saw are found.
    EXPECT_NE(internal_words("protocol version 6 (the seed's); logged in"), "");
    EXPECT_NE(internal_words("Type: value 50 not in the seed's list"), "");
    EXPECT_NE(internal_words("RakNet version: seed002; protocol 5"), "");
    EXPECT_EQ(internal_words("Hashed Seed: -2395164031386550239"), "");
}

// Alpha's mob type 50 is a creeper: the game sends it, the document's list
// (animals only, "incomplete") lacks it. Known by name, not a finding.
TEST(UserWords, AlphaCreeperIsKnown) {
    const RunResult r = run(kBin + " decode -V " + kCaps + "/mc_alpha/mc_alpha-anomalies.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "Type: creeper (50)")) << r.out.substr(0, 3000);
    EXPECT_FALSE(has(r.out, "mcalpha.unknown_value"));
    const RunResult c = run(kBin + " check " + kCaps + "/mc_alpha/mc_alpha-session.pcap");
    EXPECT_TRUE(has(c.out, "protocol version 6 (Alpha 1.2.5 and 1.2.6); logged in")) << c.out;
}

TEST(UserWords, AMistypedCommandSuggestsTheNearest) {
    const RunResult r = run(kBin + " chek x.pcap");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "no command 'chek'; did you mean 'check'?")) << r.err;
    const RunResult far = run(kBin + " frobnicate");
    EXPECT_EQ(far.exit_code, 2);
    EXPECT_FALSE(has(far.err, "did you mean")) << far.err;
    EXPECT_TRUE(has(far.err, "commands: decode, chunks, check, stats, report, types, synth")) << far.err;
}

TEST(UserWords, ReportSaysWhyItCannotWrite) {
    const RunResult r = run(kBin + " report " + kCaps + "/raknet/raknet-clean.pcap -o /nonexistent/x.html");
    EXPECT_EQ(r.exit_code, 5);
    EXPECT_EQ(r.err, "blankshark: cannot write /nonexistent/x.html: No such file or directory\n");
}

// A file that cannot be opened: its reason printed once (check: in its
// verdict; the other commands on stderr).
TEST(UserWords, AMissingFilesErrorOnce) {
    for (const char* cmd : {"check", "stats", "chunks", "decode"}) {
        const RunResult r = run(kBin + " " + cmd + " /nonexistent.pcap");
        EXPECT_EQ(r.exit_code, 3) << cmd;
        const std::string all = r.out + r.err;
        size_t n = 0;
        for (size_t p = all.find("No such file or directory"); p != std::string::npos; p = all.find("No such file", p + 1))
            ++n;
        EXPECT_EQ(n, 1u) << cmd << ":\n" << all;
        if (std::string(cmd) == "check") {
            EXPECT_EQ(r.out, "verdict: ERROR (not read completely: /nonexistent.pcap: cannot open: No such file or "
                             "directory; 0 findings at or above warn)\n");
        }
    }
}

std::string report_of(const std::string& capture) {
    const std::string html = ::testing::TempDir() + "words-chart-" + std::to_string(getpid()) + ".html";
    const RunResult r = run(kBin + " report -q " + capture + " -o " + html);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(html);
    std::string page((std::istreambuf_iterator<char>(in)), {});
    std::remove(html.c_str());
    return page;
}

// The first server list ping of the 1.14.4 status capture lasts 36 ms (its
// TCP segments: frames 1 to 13, 0.000 to 0.036 s, README.md): its packet
// rate chart spans those 36 ms, not a bin of 1 s.
TEST(UserWords, AShortConnectionsChartSpansItsTime) {
    const std::string page = report_of(kCaps + "/minecraft-java/mcjava-1.14.4-status-only.pcap");
    const size_t at = page.find("aria-label=\"Minecraft Java packets per second");
    ASSERT_NE(at, std::string::npos);
    const std::string svg = page.substr(at, page.find("</svg>", at) - at);
    const std::regex tick(R"(text-anchor="middle">([0-9.]+)<)");
    double last = -1;
    for (std::sregex_iterator it(svg.begin(), svg.end(), tick), end; it != end; ++it) last = std::stod((*it)[1]);
    EXPECT_GE(last, 0.03) << svg.substr(0, 2000);
    EXPECT_LE(last, 0.05) << svg.substr(0, 2000);
}

TEST(UserWords, OneBlockIsSingular) {
    const std::string page = report_of(kCaps + "/minecraft-java/mcjava-1.13.2-teleport.pcap");
    EXPECT_TRUE(has(page, "flagged above 1 block<") || has(page, "flagged above 1 block\"")) << "threshold label";
    EXPECT_FALSE(has(page, "1 blocks"));
}

}  // namespace
}  // namespace blank::test
