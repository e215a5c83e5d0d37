// A ring buffer read as one capture: a bundled session of every protocol cut
// by `editcap -c N` into files named as dumpcap names a ring buffer's
// (<prefix>_<NNNNN>_<YYYYmmddHHMMSS>.pcap), given to check, stats, chunks
// and decode together, says what the single file says: the same
// conversations, findings, packet counts, chunks and packet lines (frames
// numbered across the files, as `mergecap -a` numbers them). Positions still
// name the file: check's JSON gives each finding the file its frame is in
// and its number there (editcap -c N puts frame F of the capture in file
// (F-1)/N as its frame (F-1)%N+1). Files that are not one capture (another
// link type, earlier times) are refused, naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "../support/run.hpp"
#include "../support/skip.hpp"
#include "capture_files.hpp"

namespace blank::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = std::string(BLANKSHARK_CAPTURES) + "/";

// A session of each protocol and the frames per file (a few files each).
struct Session {
    const char* file;
    unsigned per_file;
};
const Session kSessions[] = {
    {"blank-fa73e36-clean-session.pcap", 2000},         // blank: 4 files
    {"minecraft-java/mcjava-1.13.2-teleport.pcap", 100},  // Minecraft Java: 5 files
    {"mc_alpha/mc_alpha-session.pcap", 300},            // Minecraft Alpha: 5 files
    {"raknet/raknet-clean.pcap", 500},                  // RakNet: 5 files
    {"raknet/crafted/mcpe-0.7.3-session.pcap", 40},     // MCPE 0.x over RakNet
};

// The ring buffer's files, in order (in a folder of the test's own: ctest
// runs tests in parallel).
std::vector<std::string> cut(const Session& s, const std::string& test) {
    const fs::path dir = fs::path(TEST_ARTIFACTS) / "file-set" / (test + "-" + identifier(s.file));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const RunResult r =
        run("editcap -c " + std::to_string(s.per_file) + " " + kCaps + s.file + " " + (dir / "ring.pcap").string());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

std::string joined(const std::vector<std::string>& files) {
    std::string s;
    for (const std::string& f : files) s += " " + f;
    return s;
}

// JSON lines without the keys that name the file(s); a finding's frame in
// the capture as its pcap_cnt.
std::vector<json> comparable(const std::string& out) {
    std::vector<json> v = json_lines(out);
    for (json& e : v) {
        if (e.contains("frame") && e.contains("capture")) e["pcap_cnt"] = e["frame"];
        for (const char* k : {"file", "capture", "frame"})
            if (e.contains("event_type") || std::string(k) != "frame") e.erase(k);
    }
    return v;
}

class FileSetOf : public ::testing::TestWithParam<Session> {};

TEST_P(FileSetOf, SessionCutIntoARingBufferReadsAsTheFile) {
    if (std::system("editcap -h >/dev/null 2>&1") != 0) SKIP_OR_FAIL_IN_CI() << "editcap is not installed";
    const Session& s = GetParam();
    const std::vector<std::string> files = cut(s, "same");
    ASSERT_GE(files.size(), 3u);
    const std::string one = kCaps + s.file, set = joined(files);
    for (const char* cmd : {"check --format json --comments --fail-on error", "stats --json", "chunks --json",
                            "decode --json"}) {
        SCOPED_TRACE(cmd);
        const RunResult a = run(kBin + " " + cmd + " " + one), b = run(kBin + " " + cmd + set);
        EXPECT_EQ(a.exit_code, b.exit_code) << b.err;
        const std::vector<json> ja = comparable(a.out), jb = comparable(b.out);
        if (std::string(cmd).rfind("chunks", 0) != 0) {  // RakNet has no chunks
            EXPECT_GT(ja.size(), 0u);
        }
        ASSERT_EQ(ja.size(), jb.size());
        for (size_t i = 0; i < ja.size(); ++i) EXPECT_EQ(ja[i], jb[i]) << "line " << i;
    }
    // The text: the single file's lines after the header, and the files said.
    const RunResult a = run(kBin + " check --fail-on error " + one), b = run(kBin + " check --fail-on error" + set);
    const std::string tail_a = a.out.substr(a.out.find('\n'));
    const std::string head = std::to_string(files.size()) + " files read as one capture: frames 1-" +
                             std::to_string(s.per_file) + " " + files[0] + ", ";
    ASSERT_NE(b.out.find(head), std::string::npos) << b.out.substr(0, 400);
    const size_t after = b.out.find('\n', b.out.find(head));
    EXPECT_EQ(b.out.substr(after), tail_a);
}

// A session of each protocol: blank, Minecraft Java, Alpha, RakNet, MCPE 0.x.
INSTANTIATE_TEST_SUITE_P(EveryProtocol, FileSetOf, ::testing::ValuesIn(kSessions),
                         [](const ::testing::TestParamInfo<Session>& i) { return identifier(i.param.file); });

// Each finding of a set names its file and its frame there.
TEST(FileSet, FindingsNameTheirFileAndFrame) {
    if (std::system("editcap -h >/dev/null 2>&1") != 0) SKIP_OR_FAIL_IN_CI() << "editcap is not installed";
    const Session s = kSessions[1];
    const std::vector<std::string> files = cut(s, "positions");
    const RunResult r = run(kBin + " check --format json --comments --fail-on error" + joined(files));
    size_t findings = 0;
    for (const json& e : json_lines(r.out)) {
        if (e["event_type"] != "finding") continue;
        ++findings;
        const uint64_t frame = e["frame"];
        EXPECT_EQ(e["file"], files[(frame - 1) / s.per_file]) << frame;
        EXPECT_EQ(e["pcap_cnt"], (frame - 1) % s.per_file + 1) << frame;
        EXPECT_EQ(e["capture"], files.front() + " \xE2\x80\xA6 " + files.back() + " (5 files)");
    }
    EXPECT_GT(findings, 3u);  // the teleport session's notes (version, compression, ...)
}

// Named as a ring buffer, or joined by --file-set, or kept apart; files that
// are not one capture are refused with the file named.
TEST(FileSet, WhichFilesAreOneCapture) {
    using blankshark::FileSetMode;
    using blankshark::group_files;
    using blankshark::ring_name;
    const auto r1 = ring_name("/x/a.b_00003_20240102030405.pcapng");
    ASSERT_TRUE(r1);
    EXPECT_EQ(r1->prefix, "/x/a.b");
    EXPECT_EQ(r1->ext, ".pcapng");
    EXPECT_EQ(r1->number, 3u);
    EXPECT_EQ(r1->time, "20240102030405");
    const auto r2 = ring_name("cap_20240102030405_00012.pcap.gz");  // dumpcap -b nametimenum:2
    ASSERT_TRUE(r2);
    EXPECT_EQ(r2->number, 12u);
    EXPECT_EQ(r2->ext, ".pcap.gz");
    EXPECT_FALSE(ring_name("cap_0001_20240102030405.pcap"));  // 4 digits: not dumpcap's
    EXPECT_FALSE(ring_name("session.pcap"));
    EXPECT_FALSE(ring_name("_00001_20240102030405.pcap"));   // no prefix

    const std::vector<std::string> given = {"b_00002_20240101000100.pcap", "other.pcap", "b_00001_20240101000000.pcap",
                                            "c_00001_20240101000000.pcap", "b_00003_20240101000200.pcapng"};
    const auto g = group_files(given, FileSetMode::Auto);
    ASSERT_EQ(g.size(), 4u);  // b's pcaps, other, c, b's pcapng (another extension: another ring buffer)
    EXPECT_EQ(g[0].paths, (std::vector<std::string>{"b_00001_20240101000000.pcap", "b_00002_20240101000100.pcap"}));
    EXPECT_EQ(g[1].paths, std::vector<std::string>{"other.pcap"});
    EXPECT_EQ(g[2].paths, std::vector<std::string>{"c_00001_20240101000000.pcap"});
    EXPECT_EQ(group_files(given, FileSetMode::Join).size(), 1u);
    EXPECT_EQ(group_files(given, FileSetMode::Join)[0].paths, given);
    EXPECT_EQ(group_files(given, FileSetMode::Separate).size(), 5u);

    // decode reads one capture: two unrelated files are refused, joined they
    // are checked: another link type (Linux cooked v2) is not one capture.
    const std::string clean = kCaps + "blank-fa73e36-clean-session.pcap", sll2 = kCaps + "blank-fa73e36-any-sll2.pcapng";
    EXPECT_EQ(run(kBin + " decode " + clean + " " + sll2).exit_code, 2);
    const RunResult mixed = run(kBin + " check --file-set " + clean + " " + sll2);
    EXPECT_EQ(mixed.exit_code, 4);
    EXPECT_NE(mixed.out.find(sll2 + ": link type"), std::string::npos) << mixed.out;
    EXPECT_NE(mixed.out.find("not one capture"), std::string::npos) << mixed.out;
    // The same file twice: the second starts before the first ends.
    const RunResult twice = run(kBin + " check --file-set " + clean + " " + clean);
    EXPECT_EQ(twice.exit_code, 4);
    EXPECT_NE(twice.out.find("starts before"), std::string::npos) << twice.out;
    // Apart, each file is its own capture.
    EXPECT_EQ(run(kBin + " check --no-file-set --fail-on error " + clean + " " + clean).exit_code, 0);
}

}  // namespace
}  // namespace blank::test
