// check, chunks, stats and report on a capture cut short and on one with a
// corrupt record header, both made here from the clean session: exit 4,
// everything before the bad spot reported as in the intact file, the error
// names the file, frame 101 and its byte offset, and no output format reads
// as a pass. Also check on files it cannot read at all (exit 3).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kClean = std::string(BLANKSHARK_CAPTURES) + "/blank-fa73e36-clean-session.pcap";
constexpr int kBadFrame = 101;  // frames 1..100 are intact (all blank packets)

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

uint32_t le32(const std::string& b, size_t at) {
    return uint8_t(b[at]) | uint8_t(b[at + 1]) << 8 | uint8_t(b[at + 2]) << 16 | uint32_t(uint8_t(b[at + 3])) << 24;
}

// Where frame `n`'s record header starts (classic pcap: 24-byte file header,
// 16-byte record headers with the captured length at +8).
size_t record_offset(const std::string& pcap, int n) {
    size_t at = 24;
    for (int i = 1; i < n; ++i) at += 16 + le32(pcap, at + 8);
    return at;
}

struct Damage {
    const char* name;
    std::string path;
    size_t offset = 0;  // of frame 101's record
};

// The two damaged files, made once per test process, under names of its
// own (ctest runs test processes in parallel), removed when it ends.
struct DamagedFiles : std::map<std::string, Damage> {
    ~DamagedFiles() {
        for (const auto& [name, d] : *this) std::remove(d.path.c_str());
    }
};

const Damage& damaged(const std::string& name) {
    static DamagedFiles files;
    if (files.empty()) {
        const std::string all = slurp(kClean);
        const size_t at = record_offset(all, kBadFrame);
        const std::string base = ::testing::TempDir() + "damaged-" + std::to_string(getpid()) + "-";
        // Cut 30 bytes into frame 101's record (inside its data).
        Damage cut{"truncated", base + "truncated.pcap", at};
        std::ofstream(cut.path, std::ios::binary) << all.substr(0, at + 30);
        // Frame 101's captured length made 0x7fffffff: past the snap length.
        Damage bad{"corrupt", base + "corrupt.pcap", at};
        std::string c = all;
        c.replace(at + 8, 4, std::string("\xff\xff\xff\x7f", 4));
        std::ofstream(bad.path, std::ios::binary) << c;
        files["truncated"] = cut;
        files["corrupt"] = bad;
    }
    return files.at(name);
}

class DamagedCapture : public ::testing::TestWithParam<std::string> {
protected:
    const Damage& d() const { return damaged(GetParam()); }
    // "PATH: truncated or corrupt ... at frame 101 (byte offset N)".
    std::string where() const {
        return "at frame " + std::to_string(kBadFrame) + " (byte offset " + std::to_string(d().offset) + ")";
    }
    void expect_named(const std::string& text) const {
        EXPECT_NE(text.find(d().path + ": truncated or corrupt"), std::string::npos) << text;
        EXPECT_NE(text.find(where()), std::string::npos) << text;
    }
    // Nothing in `text` reads as a pass.
    static void expect_no_pass(const std::string& text) {
        for (const char* pass : {"PASS", "\"pass\"", "class=\"verdict pass"})
            EXPECT_EQ(text.find(pass), std::string::npos) << pass << " in:\n" << text.substr(0, 2000);
    }
};

TEST_P(DamagedCapture, CheckTextSaysErrorAfterTheIntactFrames) {
    const RunResult r = run(kBin + " check " + d().path);
    EXPECT_EQ(r.exit_code, 4);
    expect_named(r.err);
    EXPECT_NE(r.out.find(d().path + ": 100 blank packets in 100 frames, 1 conversations\n"), std::string::npos) << r.out;
    const std::string verdict = "verdict: ERROR (not read completely: " + d().path + ": truncated or corrupt " +
                                where() + "; 0 findings at or above warn)\n";
    ASSERT_GE(r.out.size(), verdict.size());
    EXPECT_EQ(r.out.substr(r.out.size() - verdict.size()), verdict) << r.out;
    expect_no_pass(r.out);
    // Findings only from the frames read, and the one of frame 1 among them.
    EXPECT_NE(r.out.find("      1 note    blank.revision.ambiguous"), std::string::npos) << r.out;
}

TEST_P(DamagedCapture, CheckJsonHasAnErrorEventAndAnErrorVerdict) {
    const RunResult r = run(kBin + " check --format json " + d().path);
    EXPECT_EQ(r.exit_code, 4);
    expect_no_pass(r.out);
    const auto ev = json_lines(r.out);
    ASSERT_GE(ev.size(), 3u);
    size_t conversations = 0, errors = 0;
    uint64_t packets = 0;
    for (const auto& e : ev) {
        if (e.at("event_type") == "finding") {
            EXPECT_LT(e.at("pcap_cnt").get<int>(), kBadFrame) << e.dump();
        }
        if (e.at("event_type") == "conversation") {
            ++conversations;
            packets += e.at("client_to_server").at("packets").get<uint64_t>() +
                       e.at("server_to_client").at("packets").get<uint64_t>();
        }
        if (e.at("event_type") == "error") {
            ++errors;
            EXPECT_EQ(e.at("file"), d().path);
            EXPECT_EQ(e.at("error"), "truncated_or_corrupt");
            EXPECT_EQ(e.at("pcap_cnt"), kBadFrame);
            EXPECT_EQ(e.at("offset"), d().offset);
            expect_named(e.at("message"));
        }
    }
    EXPECT_EQ(conversations, 1u);
    EXPECT_EQ(packets, 100u);
    EXPECT_EQ(errors, 1u);
    const auto& v = ev.back();
    EXPECT_EQ(v.at("event_type"), "verdict");
    EXPECT_EQ(v.at("verdict"), "error");
    expect_named(v.at("reason"));
    EXPECT_EQ(v.at("files"), 1);
    EXPECT_EQ(v.at("files_not_read"), 1);
}

TEST_P(DamagedCapture, CheckJunitHasAnErrorCase) {
    const RunResult r = run(kBin + " check --format junit " + d().path);
    EXPECT_EQ(r.exit_code, 4);
    expect_named(r.out);
    EXPECT_NE(r.out.find("errors=\"1\""), std::string::npos) << r.out.substr(0, 500);
    EXPECT_NE(r.out.find("name=\"capture file\"><error message=\"" + d().path + ": truncated or corrupt"),
              std::string::npos)
        << r.out.substr(0, 800);
}

TEST_P(DamagedCapture, CheckWithAPassingFileIsStillAnError) {
    const std::string files = " " + kClean + " " + d().path;
    const RunResult text = run(kBin + " check" + files);
    EXPECT_EQ(text.exit_code, 4);
    EXPECT_NE(text.out.find("verdict: ERROR (1 of 2 files not read completely, the first: " + d().path), std::string::npos)
        << text.out.substr(text.out.size() - 400);
    expect_no_pass(text.out);
    const RunResult json = run(kBin + " check --format json" + files);
    EXPECT_EQ(json.exit_code, 4);
    expect_no_pass(json.out);
    const auto ev = json_lines(json.out);
    ASSERT_FALSE(ev.empty());
    EXPECT_EQ(ev.back().at("verdict"), "error");
    EXPECT_EQ(ev.back().at("files_not_read"), 1);
    const RunResult junit = run(kBin + " check --format junit" + files);
    EXPECT_EQ(junit.exit_code, 4);
    // The clean file's suite has no error, the damaged one's has one.
    auto suite_tag = [&](const std::string& path) {
        const size_t at = junit.out.find("<testsuite name=\"" + path + "\"");
        return at == std::string::npos ? std::string() : junit.out.substr(at, junit.out.find('\n', at) - at);
    };
    EXPECT_NE(suite_tag(kClean).find("failures=\"0\" errors=\"0\">"), std::string::npos) << suite_tag(kClean);
    EXPECT_NE(suite_tag(d().path).find("failures=\"0\" errors=\"1\">"), std::string::npos) << suite_tag(d().path);
}

TEST_P(DamagedCapture, ChunksListsTheTransmissionsBeforeIt) {
    const RunResult intact = run(kBin + " chunks --json " + kClean);
    ASSERT_EQ(intact.exit_code, 0);
    std::vector<std::string> before;  // transmissions completed within frames 1..100
    for (const auto& t : json_lines(intact.out))
        if (t.at("state") == "complete" && t.at("complete_frame").get<int>() < kBadFrame) before.push_back(t.dump());
    ASSERT_GE(before.size(), 10u);
    const RunResult r = run(kBin + " chunks --json " + d().path);
    EXPECT_EQ(r.exit_code, 4);
    expect_named(r.err);
    std::vector<std::string> got;
    for (const auto& t : json_lines(r.out))
        if (t.at("state") == "complete") got.push_back(t.dump());
    EXPECT_EQ(got, before);
    const RunResult text = run(kBin + " chunks " + d().path);
    EXPECT_EQ(text.exit_code, 4);
    EXPECT_NE(text.out.find("\nerror: not read completely (chunks before it are listed): " + d().path),
              std::string::npos)
        << text.out.substr(text.out.size() - 400);
    expect_named(text.out);
}

TEST_P(DamagedCapture, StatsCountsTheFramesBeforeIt) {
    const RunResult r = run(kBin + " stats --json " + d().path);
    EXPECT_EQ(r.exit_code, 4);
    expect_named(r.err);
    const auto s = json_lines(r.out);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].at("blank").at("packets"), 100);
    expect_named(s[0].at("error"));
    const RunResult text = run(kBin + " stats " + d().path);
    EXPECT_EQ(text.exit_code, 4);
    EXPECT_NE(text.out.find(d().path + ": 100 blank packets"), std::string::npos);
    EXPECT_NE(text.out.find("\nerror: not read completely (everything before it is counted): "), std::string::npos);
    expect_named(text.out);
}

TEST_P(DamagedCapture, ReportSaysErrorNotPass) {
    const std::string html = ::testing::TempDir() + "damaged-" + GetParam() + ".html";
    std::remove(html.c_str());
    const RunResult r = run(kBin + " report " + d().path + " -o " + html);
    EXPECT_EQ(r.exit_code, 4);
    expect_named(r.err);
    const std::string page = slurp(html);
    EXPECT_NE(page.find(": 100 frames, 100 blank packets"), std::string::npos) << page.substr(0, 2000);
    EXPECT_NE(page.find("<span class=\"verdict error\">ERROR</span>"), std::string::npos);
    EXPECT_NE(page.find("id=\"capture-error\">Not read completely: "), std::string::npos);
    expect_named(page);
    expect_no_pass(page);
    std::remove(html.c_str());
}

INSTANTIATE_TEST_SUITE_P(Pcap, DamagedCapture, ::testing::Values("truncated", "corrupt"),
                         [](const auto& info) { return info.param; });

// A file check cannot read at all: exit 3, and an error verdict in every format.
TEST(UnreadableCapture, CheckSaysErrorInEveryFormat) {
    const std::string text_file = ::testing::TempDir() + "not-a-capture-check.txt";
    std::ofstream(text_file) << "this is not a capture file, just some text that is long enough\n";
    for (const std::string& f : {std::string("/nonexistent/x.pcap"), text_file}) {
        SCOPED_TRACE(f);
        const RunResult text = run(kBin + " check " + f);
        EXPECT_EQ(text.exit_code, 3);
        EXPECT_NE(text.out.find("verdict: ERROR (not read completely: " + f + ": "), std::string::npos) << text.out;
        EXPECT_EQ(text.out.find("PASS"), std::string::npos) << text.out;
        const RunResult json = run(kBin + " check --format json " + f);
        EXPECT_EQ(json.exit_code, 3);
        const auto ev = json_lines(json.out);
        ASSERT_EQ(ev.size(), 2u) << json.out;
        EXPECT_EQ(ev[0].at("event_type"), "error");
        EXPECT_EQ(ev[0].at("error"), "unreadable");
        EXPECT_FALSE(ev[0].contains("pcap_cnt"));
        EXPECT_EQ(ev[1].at("verdict"), "error");
        EXPECT_NE(ev[1].at("reason").get<std::string>().find(f + ": "), std::string::npos);
        const RunResult junit = run(kBin + " check --format junit " + f);
        EXPECT_EQ(junit.exit_code, 3);
        EXPECT_NE(junit.out.find("errors=\"1\""), std::string::npos) << junit.out;
        EXPECT_NE(junit.out.find("<error message=\"" + f + ": "), std::string::npos) << junit.out;
    }
    // With a damaged file too: 4 wins (README: the highest code of the files).
    EXPECT_EQ(run(kBin + " check /nonexistent/x.pcap " + damaged("truncated").path).exit_code, 4);
}

}  // namespace
}  // namespace blank::test
