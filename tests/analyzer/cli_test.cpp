// The command line: errors, exit codes, filters, output forms.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

TEST(Cli, HelpDocumentsExitCodes) {
    const RunResult r = run(kBin + " --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Exit codes:"), std::string::npos);
    EXPECT_NE(r.out.find("4  the capture is truncated or corrupt"), std::string::npos);
}

TEST(Cli, MissingFile) {
    const RunResult r = run(kBin + " decode /nonexistent/x.pcap");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("/nonexistent/x.pcap"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty());
}

TEST(Cli, NotACapture) {
    const std::string f = ::testing::TempDir() + "/not-a-capture.txt";
    std::ofstream(f) << "this is not a capture file, just some text that is long enough\n";
    const RunResult r = run(kBin + " decode " + f);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("not-a-capture.txt"), std::string::npos) << r.err;
}

TEST(Cli, TruncatedCaptureReportsWhatWasReadThenWhere) {
    // Cut the clean session inside frame 101's record: frames 1..100 are
    // reported, then an error with the file, frame 101 and its byte offset.
    const std::string src = kCaps + "/blank-fa73e36-clean-session.pcap";
    std::ifstream in(src, std::ios::binary);
    std::string all((std::istreambuf_iterator<char>(in)), {});
    size_t off = 24;
    for (int i = 0; i < 100; ++i) {
        const uint32_t caplen = uint8_t(all[off + 8]) | uint8_t(all[off + 9]) << 8 | uint8_t(all[off + 10]) << 16 |
                                uint32_t(uint8_t(all[off + 11])) << 24;
        off += 16 + caplen;
    }
    const std::string f = ::testing::TempDir() + "/truncated.pcap";
    std::ofstream(f, std::ios::binary) << all.substr(0, off + 30);
    const RunResult r = run(kBin + " decode --json " + f);
    EXPECT_EQ(r.exit_code, 4);
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 100u);
    EXPECT_EQ(lines.back().at("frame"), 100);
    EXPECT_NE(r.err.find("truncated.pcap"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("frame 101"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(std::to_string(off)), std::string::npos) << r.err;
}

TEST(Cli, UnsupportedLinkTypeIsNamed) {
    // A pcap header with link type 147 (USER0) and no records.
    const std::string f = ::testing::TempDir() + "/user0.pcap";
    const unsigned char h[24] = {0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 147, 0, 0, 0};
    std::ofstream(f, std::ios::binary).write(reinterpret_cast<const char*>(h), sizeof h);
    const RunResult r = run(kBin + " decode " + f);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("user0.pcap: link type 147 (USER0) is not supported"), std::string::npos) << r.err;
}

TEST(Cli, TruncatedInsideTheFileHeader) {
    const std::string f = ::testing::TempDir() + "/header-cut.pcap";
    std::ifstream in(kCaps + "/blank-fa73e36-clean-session.pcap", std::ios::binary);
    char buf[10];
    in.read(buf, sizeof buf);
    std::ofstream(f, std::ios::binary).write(buf, sizeof buf);
    const RunResult r = run(kBin + " decode " + f);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("header-cut.pcap"), std::string::npos) << r.err;
}

TEST(Cli, UnknownTypeFilterIsAUsageError) {
    const RunResult r = run(kBin + " decode -t Bogus " + kCaps + "/blank-fa73e36-clean-session.pcap");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("no packet type of any protocol is named 'Bogus'; the closest: "), std::string::npos) << r.err;
    // A misspelt name: the closest names lead with the right one.
    const RunResult k = run(kBin + " decode -t \"Kep Alive\" " + kCaps + "/blank-fa73e36-clean-session.pcap");
    EXPECT_EQ(k.exit_code, 2);
    EXPECT_NE(k.err.find("the closest: Keep Alive (mcalpha)"), std::string::npos) << k.err;
    EXPECT_EQ(run(kBin + " decode -t 0x7fffffff " + kCaps + "/blank-fa73e36-clean-session.pcap").exit_code, 2);
}

// -t across protocols, on the 1.13.2 teleport session (README-1.13.2.md,
// packet counts, column 1.13.2-teleport): Keep Alive 2 clientbound (0x21)
// and 2 serverbound (0x0E); Held Item Change (serverbound) 1 (0x21).
TEST(Cli, TypeFilterByPartOfANameOrById) {
    const std::string java = kCaps + "/minecraft-java/mcjava-1.13.2-teleport.pcap";
    const auto lines = [](const std::string& out, const std::string& what) {
        size_t n = 0;
        for (size_t at = 0; (at = out.find(what, at)) != std::string::npos; ++at) ++n;
        return n;
    };
    for (const char* spec : {"\"Keep Alive\"", "keep_alive", "KEEP-ALIVE"}) {
        const RunResult r = run(kBin + " decode -t " + spec + " " + java);
        ASSERT_EQ(r.exit_code, 0) << spec << r.err;
        EXPECT_EQ(lines(r.out, "S>C  Keep Alive (clientbound) keep_alive_id="), 2u) << spec;
        EXPECT_EQ(lines(r.out, "C>S  Keep Alive (serverbound) keep_alive_id="), 2u) << spec;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 5) << spec << r.out;  // and the conversation line
    }
    // A part of a name that no type has whole (nor as its key): every name
    // containing it, here both Keep Alive packets (README-1.13.2.md, the
    // teleport capture: 2 each way).
    const RunResult part = run(kBin + " decode -t keep " + java);
    ASSERT_EQ(part.exit_code, 0) << part.err;
    EXPECT_EQ(lines(part.out, "S>C  Keep Alive (clientbound) keep_alive_id="), 2u) << part.out;
    EXPECT_EQ(lines(part.out, "C>S  Keep Alive (serverbound) keep_alive_id="), 2u) << part.out;
    EXPECT_EQ(std::count(part.out.begin(), part.out.end(), '\n'), 5) << part.out;  // and the conversation line
    // A whole name of one protocol (Alpha's "Chat Message") is still part of
    // another's names: Java's Chat Message packets of each direction
    // (README-1.13.2.md, the teleport capture: 2 each way).
    const RunResult chat = run(kBin + " decode -t \"Chat Message\" " + java);
    ASSERT_EQ(chat.exit_code, 0) << chat.err;
    EXPECT_EQ(lines(chat.out, "C>S  Chat Message (serverbound)"), 2u) << chat.out;
    EXPECT_EQ(lines(chat.out, "S>C  Chat Message (clientbound)"), 2u) << chat.out;
    // An id: each packet by its own id (in 1.13.2's play state).
    const RunResult id = run(kBin + " decode -t 0x21 " + java);
    EXPECT_EQ(lines(id.out, "Keep Alive (clientbound)"), 2u) << id.out;
    EXPECT_EQ(lines(id.out, "Held Item Change (serverbound)"), 1u) << id.out;
    EXPECT_EQ(std::count(id.out.begin(), id.out.end(), '\n'), 4) << id.out;
    // An exact name is not widened: "Player" is not "Player Position".
    const RunResult player = run(kBin + " decode -t player " + java);
    EXPECT_EQ(lines(player.out, "C>S  Player on_ground="), 1u) << player.out;  // README: Player 0x0F, 1
    EXPECT_EQ(lines(player.out, "Player Position"), 0u);
    // Alpha: every Pre-Chunk of the session (captures/mc_alpha/README.md: 35).
    const RunResult alpha = run(kBin + " decode -t prechunk " + kCaps + "/mc_alpha/mc_alpha-session.pcap");
    EXPECT_EQ(lines(alpha.out, "S>C  Pre-Chunk"), 35u) << alpha.out.substr(0, 400);
}

TEST(Cli, TypesListsEveryProtocol) {
    const RunResult all = run(kBin + " types");
    ASSERT_EQ(all.exit_code, 0);
    for (const char* p : {"blank ", "mcjava ", "mcalpha ", "raknet ", "mcpe ", "bedrock "})
        EXPECT_NE(("\n" + all.out).find(std::string("\n") + p), std::string::npos) << p;
    // Bedrock, carried by RakNet: Move Player is 0x13 in every release
    // (minecraft-data's protocol.json of 1.16.201 and 1.26.60: "0x13": "move_player").
    const RunResult bedrock = run(kBin + " types bedrock");
    ASSERT_EQ(bedrock.exit_code, 0);
    EXPECT_NE(("\n" + bedrock.out).find("\nbedrock  Move Player "), std::string::npos) << bedrock.out;
    const size_t mp = bedrock.out.find("bedrock  Move Player ");
    const std::string mp_line = bedrock.out.substr(mp, bedrock.out.find('\n', mp) - mp);
    EXPECT_NE(mp_line.find(" bedrock.move_player "), std::string::npos) << mp_line;
    EXPECT_EQ(mp_line.substr(mp_line.size() - 5), " 0x13") << mp_line;
    EXPECT_EQ(bedrock.out.find("\nmcpe "), std::string::npos);
    const RunResult java = run(kBin + " types mcjava");
    // Every release's id (wiki.vg's Protocol pages: 0x00 in 1.8, 0x21 in
    // 1.13.2, 0x20 in 1.14, 0x24 in 1.20.4), each once.
    const size_t at = java.out.find("\nmcjava   Keep Alive (clientbound)  ");
    ASSERT_NE(at, std::string::npos) << java.out;
    const std::string line = java.out.substr(at + 1, java.out.find('\n', at + 1) - at - 1) + " ";
    for (const char* id : {" 0x00 ", " 0x21 ", " 0x20 ", " 0x24 "}) {
        EXPECT_NE(line.find(id), std::string::npos) << id << " in " << line;
        EXPECT_EQ(line.find(id), line.rfind(id)) << id << " in " << line;
    }
    EXPECT_EQ(java.out.find("\nblank "), std::string::npos);
    EXPECT_EQ(run(kBin + " types quake").exit_code, 2);
}

TEST(Cli, TypeFilterAndSummaryLines) {
    const RunResult r = run(kBin + " decode -t login,Join " + kCaps + "/blank-fa73e36-clean-session.pcap");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("# conversation 1: client 127.0.0.1:55333 <-> server 127.0.0.1:12360"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("C>S  Login seq=1 ack=65535 name=\"alice\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("S>C  Join seq=1 ack=1 id=1 name=\"default\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("# conversation 1: revision fa73e36 (detected in frame 6)"), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4);
}

TEST(Cli, VerboseTreeShowsEveryField) {
    const RunResult r = run(kBin + " decode -V -t PlayerCorrection " + kCaps + "/blank-fa73e36-two-clients.pcap");
    ASSERT_EQ(r.exit_code, 0);
    for (const char* s : {"Corrected update seq: ", "Entity state", "Orientation: (", "[W: ", "Yaw: ",
                          "Block position: (", " blocks\n", "[comment blank.padding.nonzero]"})
        EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// The progress bar: on a terminal (script(1) gives the command one), not
// with --quiet, never when stderr is a file or pipe.
TEST(Progress, OnATerminalOnlyAndNotWithQuiet) {
    const std::string cap = std::string(BLANKSHARK_CAPTURES) + "/blank-fa73e36-lossy-5pct.pcap";
    const std::string cmd = std::string(BLANKSHARK_BIN) + " check " + cap;
    const RunResult tty = run("BLANKSHARK_PROGRESS_NOW=1 script -qec '" + cmd + "' /dev/null");
    EXPECT_NE(tty.out.find("blank-fa73e36-lossy-5pct.pcap [#"), std::string::npos) << tty.out.substr(0, 300);
    EXPECT_NE(tty.out.find("\r\033[K"), std::string::npos);  // erased before the report
    const RunResult quiet = run("BLANKSHARK_PROGRESS_NOW=1 script -qec '" + cmd + " --quiet' /dev/null");
    EXPECT_EQ(quiet.out.find("\033[K"), std::string::npos);
    EXPECT_NE(quiet.out.find("verdict: FAIL"), std::string::npos);
    const RunResult pipe = run("BLANKSHARK_PROGRESS_NOW=1 " + cmd);
    EXPECT_EQ(pipe.err, "");
}

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

// A pcapng merged (by Wireshark's mergecap) from a Linux cooked capture and
// two Ethernet captures: one link type per interface, as pcapng allows.
// Every frame is read with its own interface's type: each capture's
// conversation is found as in the capture alone (RakNet: 2079 packets,
// captures/raknet/README.md), nothing is reported corrupt.
TEST(Cli, MergedPcapngWithSeveralLinkTypes) {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/merged";
    std::filesystem::create_directories(dir);
    const std::string merged = dir + "/sll-and-ethernet.pcapng";
    const std::vector<std::string> parts = {kCaps + "/crafted/linux-sll.pcap", kCaps + "/raknet/raknet-clean.pcap",
                                            kCaps + "/minecraft-java/mcjava-1.13.2-teleport.pcap"};
    ASSERT_EQ(run("mergecap -F pcapng -w " + merged + " " + parts[0] + " " + parts[1] + " " + parts[2]).exit_code, 0);
    const RunResult r = run(kBin + " check -q " + merged);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto first_line = [](const std::string& out) { return out.substr(out.find(": ") + 2, out.find('\n') - out.find(": ") - 2); };
    const std::string sll = first_line(run(kBin + " check -q " + parts[0]).out);
    const std::string java = first_line(run(kBin + " check -q " + parts[2]).out);
    EXPECT_EQ(sll, "5 blank packets in 5 frames, 1 conversations");
    EXPECT_EQ(java.substr(0, java.find(" in ")), "313 Minecraft Java packets") << java;
    EXPECT_NE(r.out.find(": 5 blank packets, 313 Minecraft Java packets, 2079 RakNet packets in 2563 frames, 3 conversations\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("conversation 1: client 10.0.0.2:50000 <-> server 10.0.0.1:12354"), std::string::npos);
    EXPECT_NE(r.out.find("server 127.0.0.1:19132 (RakNet)"), std::string::npos);
    EXPECT_NE(r.out.find("server 127.0.0.1:25565 (Minecraft Java)"), std::string::npos);
    EXPECT_EQ(r.err.find("corrupt"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace blank::test
