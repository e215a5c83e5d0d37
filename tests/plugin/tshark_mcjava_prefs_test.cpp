// The Minecraft Java preferences set through tshark -o (docs/plugin.md,
// "Preferences"): mcjava.teleport_threshold and mcjava.keepalive_slow move
// the findings they name, and only those. The figures are the captures':
//   mcjava-1.13.2-teleport.pcap (README-1.13.2.md, "teleport"): alice runs
//     /tp alice 10 80 10 (Chat, frame 228) and is moved from (21, 69, 18)
//     (frame 226) to (10, 80, 10) by frame 230: sqrt(121 + 121 + 64) =
//     17.493 blocks; then /tp alice ~64 80 ~ (frame 316) moves her from
//     (10, 68, 10) to (74, 80, 10) in frame 320: sqrt(4096 + 144) = 65.115.
//     Both follow her own command: comments mcjava.teleport.commanded.
//     Keep Alives 306 -> 308 and 459 -> 461, answered after 0.905 ms
//     (.167775 -> .168680) and 0.879 ms (.167312 -> .168191), the pcap
//     timestamps as tshark's frame.time_epoch shows them without the plugin.
//   eras/mcjava-26.1-compressed.pcap (README-eras.md): eras-server.js's
//     unasked second teleport, id 2, to (24.5, 66, 8.5) in frame 139 (its
//     bytes: teleport id 02, doubles 0x4038800000000000...), the client's
//     last position (8.5, 65, 8.5) in frame 137: sqrt(256 + 1) = 16.031
//     blocks, a warning mcjava.teleport.far.
// mcjava.release names the release of connections picked up without their
// Handshake: eras/mcjava-1.20.4-compressed.pcap (README-eras.md: two
// connections, protocol 765) from 40 % of its frames on.
// A key log's lines the plugin does not understand are said (Wireshark's
// log, stderr for tshark): mcjava-1.14.4-encrypted-nocompress.keylog's two
// lines and two more; its 999 packets are still decrypted (README-encrypted.md).
// And Wireshark's own tcp.desegment_tcp_streams switched off (docs/plugin.md,
// "TCP streams"): crafted/mcjava-crafted-segments.pcap (its README) has two
// server packets over several segments, the 200-byte chat whose Length
// C9 01 is split after C9 (frames 5/6) and the compressed chat in ten
// segments (frames 7-19); every other packet lies in one segment.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../support/capture_cuts.hpp"
#include "tshark_findings.hpp"

namespace blank::test {
namespace {

const std::string kJava = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";
const std::string kTeleport = kJava + "mcjava-1.13.2-teleport.pcap";
const std::string kEras261 = kJava + "eras/mcjava-26.1-compressed.pcap";
const std::string kEras1204 = kJava + "eras/mcjava-1.20.4-compressed.pcap";
const std::string kEnc1144 = kJava + "mcjava-1.14.4-encrypted-nocompress";

size_t lines_of(const std::string& text) {
    size_t n = 0;
    for (char c : text) n += c == '\n';
    return n;
}

// The findings whose code starts with `prefix`, with the preferences `prefs`.
ShownFindings shown(const std::string& file, const std::string& prefix, const std::string& prefs = "") {
    ShownFindings out;
    for (const auto& f : tshark_findings(file, prefs + " -Y mcjava.finding"))
        if (std::get<1>(f).rfind(prefix, 0) == 0) out.insert(f);
    return out;
}

const ShownFinding kTp230{230, "mcjava.teleport.commanded",
                          "Teleport id 1 moved the client 17.493 blocks, after its command in frame 228"};
const ShownFinding kTp320{320, "mcjava.teleport.commanded",
                          "Teleport id 1 moved the client 65.115 blocks, after its command in frame 316"};
std::string far139(const char* threshold) {
    return std::string("Teleport id 2 moved the client 16.031 blocks (threshold ") + threshold + ")";
}

// Catches: the preference not read (or read as an integer: 16.5 -> 16),
// the comparison turned to >=, or the threshold left out of the text.
TEST(TsharkJavaPrefs, TeleportThresholdMovesTheFarWarning) {
    EXPECT_EQ(shown(kEras261, "mcjava.teleport."),
              (ShownFindings{{139, "mcjava.teleport.far", far139("1.000")}}));
    EXPECT_EQ(shown(kEras261, "mcjava.teleport.", "-o mcjava.teleport_threshold:16"),
              (ShownFindings{{139, "mcjava.teleport.far", far139("16.000")}}));
    EXPECT_EQ(shown(kEras261, "mcjava.teleport.", "-o mcjava.teleport_threshold:16.5"), ShownFindings{});
}

// The comment on a commanded teleport follows the same threshold.
TEST(TsharkJavaPrefs, TeleportThresholdMovesTheCommandedComment) {
    EXPECT_EQ(shown(kTeleport, "mcjava.teleport."), (ShownFindings{kTp230, kTp320}));
    EXPECT_EQ(shown(kTeleport, "mcjava.teleport.", "-o mcjava.teleport_threshold:20"), ShownFindings{kTp320});
    EXPECT_EQ(shown(kTeleport, "mcjava.teleport.", "-o mcjava.teleport_threshold:100"), ShownFindings{});
    // The distances are measured whatever the threshold (generated fields).
    const RunResult r = tshark("-r " + tshark_file(kTeleport) + " -o mcjava.teleport_threshold:100" +
                               " -Y mcjava.teleport.distance -T fields -e frame.number -e mcjava.teleport.distance");
    EXPECT_NE(r.out.find("230\t17.493\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("320\t65.115\n"), std::string::npos) << r.out;
}

// Catches: the preference not read, seconds taken as milliseconds, 0 taken
// as a threshold of 0 (every answer slow) instead of "off".
TEST(TsharkJavaPrefs, KeepAliveSlowThresholdInSeconds) {
    const std::string slow = "mcjava.keepalive.slow";
    const std::string text = "Keep Alive id 0 answered after 0.001 s (lag threshold 0.001 s)";  // rounded to the ms
    EXPECT_EQ(shown(kTeleport, slow), ShownFindings{});  // default 1 s
    EXPECT_EQ(shown(kTeleport, slow, "-o mcjava.keepalive_slow:0.0009"), (ShownFindings{{308, slow, text}}));
    EXPECT_EQ(shown(kTeleport, slow, "-o mcjava.keepalive_slow:0.0008"),
              (ShownFindings{{308, slow, text}, {461, slow, text}}));
    EXPECT_EQ(shown(kTeleport, slow, "-o mcjava.keepalive_slow:0"), ShownFindings{});
}

// Every frame with packets: frame -> its ids, Lengths and findings.
std::map<uint64_t, std::string> packets(const std::string& file, const std::string& prefs) {
    const RunResult r = tshark("-r " + tshark_file(file) + " " + prefs +
                               " -Y mcjava.packet_id -T fields -E occurrence=a -E aggregator=@ -e frame.number"
                               " -e mcjava.packet_id -e mcjava.length -e mcjava.finding");
    std::map<uint64_t, std::string> out;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        const size_t tab = line.find('\t');
        out[std::stoull(line.substr(0, tab))] = line.substr(tab + 1);
    }
    return out;
}

// Without TCP's desegmentation each segment comes alone: the packets that
// lie in one segment are decoded as with it, the two that span segments are
// lost, and the next packet start (the Keep Alive at server stream offset
// 74 + 203 + 768 = 1045, the README's byte counts) is found again with a
// resync note that counts the 971 bytes of the two. Catches: the stream
// layer misaligned by a desegmentation request TCP ignored (a packet made
// of the wrong bytes, a malformed one), or the lost bytes not reported.
TEST(TsharkJavaPrefs, WithoutTcpDesegmentationPacketsOverSegmentsAreLostAndSaid) {
    const std::string file = kJava + "crafted/mcjava-crafted-segments.pcap";
    const auto on = packets(file, "");
    const auto off = packets(file, "-o tcp.desegment_tcp_streams:FALSE");
    // With it (the default): 15 packets; frame 6 ends the chat (Length
    // C9 01 = 201), frame 19 the compressed one (FE 05 = 766); frame 21 the
    // three Keep Alives (Length 10) and the Disconnect (27).
    ASSERT_EQ(on.size(), 9u);
    auto ends_with = [](const std::string& s, const std::string& end) {
        return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
    };
    EXPECT_TRUE(ends_with(on.at(6), "\t201\t")) << on.at(6);
    EXPECT_TRUE(ends_with(on.at(19), "\t766\t")) << on.at(19);
    EXPECT_TRUE(ends_with(on.at(21), "\t10@10@10@27\t")) << on.at(21);
    auto want = on;
    want.erase(6);
    want.erase(19);
    want[21] += "Resynchronised at stream offset 1045 after skipping 971 bytes";
    EXPECT_EQ(off, want);
    // Nothing shown malformed, the lost bytes only passed over.
    const RunResult m = tshark("-r " + tshark_file(file) + " -o tcp.desegment_tcp_streams:FALSE -Y _ws.malformed");
    EXPECT_EQ(m.out, "");
}

// Catches: the preference not registered or not read, the release not
// handed to the session, a name that names nothing taken silently.
TEST(TsharkJavaPrefs, ReleaseNamesThatOfConnectionsWithoutHandshake) {
    Pcap in;
    ASSERT_TRUE(in.read(kEras1204));
    Pcap cut;
    cut.header = in.header;
    append_cut(in, {in.frames.size() * 4 / 10 + 1, 0}, 1, cut);
    const std::string path = TsharkStage::get().dir() + "/mcjava-1.20.4-from-40pct.pcap";
    ASSERT_TRUE(cut.write(path));
    const std::string fields = " -2 -r " + path + " -Y mcjava.finding -T fields -e mcjava.finding";
    auto count = [](const std::string& out, const std::string& text) {
        size_t n = 0;
        for (size_t at = out.find(text); at != std::string::npos; at = out.find(text, at + 1)) ++n;
        return n;
    };
    const RunResult inferred = tshark(fields);
    EXPECT_EQ(count(inferred.out, "No Handshake: release 1.20.3/1.20.4 (protocol 765) inferred from"), 2u) << inferred.out;
    const RunResult named = tshark("-o mcjava.release:1.20.4" + fields);
    EXPECT_EQ(count(named.out, "No Handshake: release 1.20.3/1.20.4 (protocol 765) as named"), 2u) << named.out;
    EXPECT_EQ(count(named.out, "inferred from"), 0u) << named.out;
    const RunResult by_number = tshark("-o mcjava.release:765" + fields);
    EXPECT_EQ(count(by_number.out, "(protocol 765) as named"), 2u) << by_number.out;
    // A release whose tables do not read these packets: not decoded, and said.
    const RunResult wrong = tshark("-o mcjava.release:1.8" + fields);
    EXPECT_EQ(count(wrong.out, "no release decodes the packets: not decoded"), 2u) << wrong.out;
    const RunResult nothing = tshark("-o mcjava.release:9.99" + fields);
    EXPECT_NE(nothing.err.find("preference release '9.99' names no release or protocol number"), std::string::npos)
        << nothing.err;
    EXPECT_EQ(nothing.out, inferred.out);
}

TEST(TsharkJavaPrefs, KeyLogLinesNotUnderstoodAreSaid) {
    std::ifstream good(kEnc1144 + ".keylog");
    std::stringstream text;
    text << good.rdbuf();
    ASSERT_EQ(lines_of(text.str()), 2u);
    const std::string path = TsharkStage::get().dir() + "/partly-understood.keylog";
    {
        std::ofstream o(path);
        o << text.str() << "hello world\nSHARED_SECRET zz 11\n";
    }
    std::filesystem::permissions(path, std::filesystem::perms(0644));
    const RunResult r = tshark("-r " + tshark_file(kEnc1144 + ".pcap") + " -o mcjava.keylog_file:" + path +
                               " -Y mcjava -T fields -e mcjava.packet_id");
    EXPECT_NE(r.err.find("key log " + path + ": 2 of its 4 lines not understood, skipped (the first: line 3"),
              std::string::npos)
        << r.err;
    size_t packets = 0;  // every id of every frame (-T fields joins a frame's with ',')
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) packets += 1 + size_t(std::count(line.begin(), line.end(), ','));
    EXPECT_EQ(packets, 999u);  // still decrypted with the lines it understood
}

}  // namespace
}  // namespace blank::test
