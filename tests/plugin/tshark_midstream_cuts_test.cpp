// Captures that start late, in Wireshark (issue 52): the bundled Minecraft
// Java and Alpha captures (support/midstream_cases.hpp) cut
// where users' captures start (every 5 % of the frames, and inside a
// segment's payload), the cuts side by side in one file, read by tshark
// -2 with the plugin and its default preferences (the key log's
// preference for an encrypted one). Against the uncut capture read the
// same way, for every cut and every frame whose packets are all whole
// after it:
//  - the frame shows the same packets: the Info column (each packet's
//    type and summary values, TCP's own markers aside), their ids,
//    lengths, Data Lengths, states, chunk summaries and Alpha's stance;
//  - no frame of the cut has an error expert info its uncut frame lacks.
// Packets the cut left whole are found by the analyzer's decoding of the
// uncut capture (its first_frame), which java_captures_test.cpp checks
// against the captures' independent counts.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "../support/split.hpp"
#include "../support/capture_cuts.hpp"
#include "../support/midstream_cases.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaptures = BLANKSHARK_CAPTURES;

constexpr const char* kError = "8388608";  // PI_ERROR, as -T fields writes _ws.expert.severity

struct Shown {
    std::string packets;  // everything compared, tab-separated
    std::set<std::string> severities;
};

// "[TCP Window Full] Chunk Data ...": TCP's markers depend on what TCP saw
// before the cut.
std::string without_tcp_markers(std::string info) {
    while (info.rfind("[TCP ", 0) == 0) {
        const size_t end = info.find("] ");
        if (end == std::string::npos) break;
        info.erase(0, end + 2);
    }
    return info;
}

// Every frame tshark shows Minecraft Java or Alpha in, by frame number.
std::map<uint64_t, Shown> shown(const std::string& path, const std::string& prefs) {
    const RunResult r = tshark("-2 " + prefs + " -r " + tshark_file(path) +
                               " -Y \"mcjava || mcalpha\" -T fields -E occurrence=a -E aggregator=, -e frame.number"
                               " -e _ws.expert.severity -e _ws.col.Info -e mcjava.packet_id -e mcjava.length"
                               " -e mcjava.data_length -e mcjava.state -e mcjava.chunk.sections"
                               " -e mcjava.chunk.non_air -e mcjava.chunk.distinct -e mcalpha.packet_id"
                               " -e mcalpha.length -e mcalpha.state -e mcalpha.chunk.non_air"
                               " -e mcalpha.chunk.distinct -e mcalpha.stance_height");
    std::map<uint64_t, Shown> out;
    for (const std::string& line : split(r.out, '\n')) {
        std::vector<std::string> c = split(line, '\t');
        if (c.size() < 3) continue;
        Shown& s = out[std::stoull(c[0])];
        for (const std::string& v : split(c[1], ',')) s.severities.insert(v);
        c[2] = without_tcp_markers(c[2]);
        for (size_t i = 2; i < c.size(); ++i) s.packets += c[i] + "\t";
    }
    return out;
}

// Not held to it yet (issue 52 left open; each fails this test today, and
// the analyzer's test too, from the same core):
//  - Minecraft Alpha (every capture): after some cuts a Map Chunk or a
//    player message is found later than in the uncut capture, or not;
//  - the encrypted captures: a connection with a few packets after the cut
//    is given a release from one or two packets, outside the true one;
//  - cuts inside a segment's payload on 1.18.2 and 1.21.4: undecided (the
//    packets after the cut not decoded); on 26.1 uncompressed the Java
//    connection is read as Alpha;
//  - 1.13.2 uncompressed (and its mtu1500): packets after some 5 % cuts
//    not as uncut.
const char* const kNotYet[] = {"mc_alpha-anomalies.pcap", "mc_alpha-session-gap.pcap", "mc_alpha-session.pcap",
                               "mc_alpha-session-retransmission.pcap", "mcjava-1.13.2-encrypted.pcap",
                               "mcjava-1.14.4-encrypted-nocompress.pcap", "mcjava-1.18.2-compressed.pcap",
                               "mcjava-1.21.4-compressed.pcap", "mcjava-26.1-nocompress.pcap",
                               "mcjava-1.13.2-nocompress.pcap", "mcjava-1.13.2-nocompress-mtu1500.pcap", nullptr};

class TsharkMidstreamCuts : public ::testing::TestWithParam<MidstreamCase> {};

TEST_P(TsharkMidstreamCuts, EveryWholePacketAfterTheCutIsShownAsUncut) {
    const MidstreamCase& c = GetParam();
    const std::string src = kCaptures + "/" + c.path;
    Pcap in;
    ASSERT_TRUE(in.read(src)) << src;
    const std::vector<Cut> cuts = users_cuts(in);
    std::vector<uint64_t> starts;
    const Pcap merged = side_by_side(in, cuts, starts);
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/tshark-midstream-cuts";
    fs::create_directories(dir);
    const std::string cut_path = dir + "/" + identifier(c.path);
    ASSERT_TRUE(merged.write(cut_path));

    const std::string prefs = c.keylog.empty() ? "" : "-o mcjava.keylog_file:" + tshark_file(kCaptures + "/" + c.keylog);
    const std::map<uint64_t, Shown> full = shown(src, prefs);
    const std::map<uint64_t, Shown> got = shown(cut_path, prefs);
    ASSERT_FALSE(full.empty());
    // The first frame of the earliest packet completed in each uncut frame.
    const RunResult a = run(kBin + " decode --json " +
                            (c.keylog.empty() ? "" : "--keylog " + kCaptures + "/" + c.keylog + " ") + src);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    std::map<uint64_t, uint64_t> earliest;
    for (const json& p : json_lines(a.out)) {
        if (!p.contains("first_frame")) continue;
        const uint64_t f = p["frame"].get<uint64_t>(), ff = p["first_frame"].get<uint64_t>();
        const auto it = earliest.find(f);
        if (it == earliest.end() || ff < it->second) earliest[f] = ff;
    }

    size_t compared = 0;
    for (size_t b = 0; b < cuts.size(); ++b) {
        const Cut& cut = cuts[b];
        const int64_t shift = int64_t(cut.first) - int64_t(starts[b]);  // uncut frame = merged frame + shift
        const uint64_t end = starts[b] + (in.frames.size() - cut.first + 1);  // after the block
        SCOPED_TRACE(c.path + " cut at frame " + std::to_string(cut.first) +
                     (cut.skip ? " + " + std::to_string(cut.skip) + " bytes" : std::string()));
        size_t want = 0, same = 0;
        for (const auto& [frame, s] : full) {
            if (frame < cut.first) continue;
            const auto e = earliest.find(frame);
            if (e != earliest.end() && (e->second < cut.first || (cut.skip && e->second == cut.first))) continue;
            ++want;
            const auto g = got.find(uint64_t(int64_t(frame) - shift));
            if (g != got.end() && g->second.packets == s.packets) ++same;
            else if (want - same <= 3)
                ADD_FAILURE() << "frame " << frame << " uncut: " << s.packets
                              << "\n  cut: " << (g == got.end() ? "(no Minecraft)" : g->second.packets);
        }
        compared += want;
        EXPECT_EQ(same, want);
        for (auto g = got.lower_bound(starts[b]); g != got.end() && g->first < end; ++g) {
            if (!g->second.severities.count(kError)) continue;
            const auto u = full.find(uint64_t(int64_t(g->first) + shift));
            EXPECT_TRUE(u != full.end() && u->second.severities.count(kError))
                << "frame " << g->first + shift << ": an error the uncut capture does not have: " << g->second.packets;
        }
    }
    EXPECT_GT(compared, 0u);  // not a pass on nothing
}

INSTANTIATE_TEST_SUITE_P(Captures, TsharkMidstreamCuts, ::testing::ValuesIn(midstream_cases(kCaptures, kNotYet)),
                         [](const ::testing::TestParamInfo<MidstreamCase>& i) { return identifier(i.param.path); });

}  // namespace
}  // namespace blank::test
