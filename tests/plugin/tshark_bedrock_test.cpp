// Minecraft Bedrock in Wireshark: the real captures (captures/bedrock/,
// bedrock-protocol 3.59.0 over RakNet, 1.16.201 to 1.26.60, encrypted) read
// by tshark with the plugin and the preference bedrock.keylog_file. The
// truth is the captures' independent counter (harness/count.js), as its
// counts/NAME.packets.tsv lists every game packet of the game connection in
// order: with the key log every packet is shown, in that order, with that
// id, in the frame RakNet ordering handed it on in, nothing malformed and
// no checksum wrong; without a key only the 4 clear packets before
// encryption and a note once; with the wrong key the checksum of the first
// encrypted batch of each direction (batch 3) fails and nothing after it is
// read.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../support/bedrock_counts.hpp"
#include "../support/bedrock_figures.hpp"
#include "../support/split.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

const std::string kBedrock = std::string(BLANKSHARK_CAPTURES) + "/bedrock/";

std::string key_log_pref(const std::string& keylog) {
    return keylog.empty() ? "" : " -o bedrock.keylog_file:" + tshark_file(kBedrock + keylog);
}

// Every Bedrock packet tshark shows (both passes: -2), in frame order,
// with its direction as seen from `client` ("address:port"), its frame and
// its id (no name: the ids are the counter's).
std::vector<BedrockPacket> tshark_packets(const std::string& name, const std::string& keylog,
                                          const std::string& client) {
    const RunResult r = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(keylog) +
                               " -Y bedrock -T fields -E occurrence=a -E aggregator=, -e ip.src -e udp.srcport"
                               " -e frame.number -e bedrock.header.id");
    std::vector<BedrockPacket> out;
    for (const std::string& line : split(r.out, '\n')) {
        const auto cols = split(line, '\t');
        if (cols.size() < 4) continue;
        const std::string dir = cols[0] + ":" + cols[1] == client ? "c2s" : "s2c";
        for (const std::string& id : split(cols[3], ','))
            if (!id.empty()) out.emplace_back(dir, std::stoull(cols[2]), uint32_t(std::stoul(id)), "");
    }
    return out;
}

// How many frames match a display filter.
size_t frames_matching(const std::string& name, const std::string& keylog, const std::string& filter) {
    const RunResult r = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(keylog) + " -Y \"" +
                               filter + "\" -T fields -e frame.number");
    size_t n = 0;
    for (const std::string& line : split(r.out, '\n')) n += !line.empty();
    return n;
}

class TsharkBedrock : public ::testing::TestWithParam<const char*> {};

TEST_P(TsharkBedrock, EveryGamePacketAsTheIndependentCounterInOrder) {
    const std::string name = GetParam();
    std::string client;
    const std::vector<BedrockPacket> want = bedrock_tsv_packets(kBedrock, name, &client);
    ASSERT_GT(want.size(), 300u) << name;  // README: 1.21.0 has the fewest, 244 + 83
    const std::vector<BedrockPacket> got = tshark_packets(name, name + ".keylog", client);
    EXPECT_EQ(first_difference(want, got), "") << name;
    EXPECT_EQ(frames_matching(name, name + ".keylog", "_ws.malformed || bedrock.encryption.checksum"), 0u) << name;
    EXPECT_EQ(frames_matching(name, name + ".keylog", "bedrock.encryption.no_key"), 0u) << name;
}

// The play figures as the analyzer's BedrockCaptures.PlayFiguresAsTheIndependentCounter
// checks them, from the plugin's fields bedrock.analysis.*: every echo's
// request frame and round trip, every tick jump, every correction's and
// teleport's input and distance (a frame's values in packet order), in the
// frame each packet is shown in.
TEST_P(TsharkBedrock, PlayFiguresAsTheIndependentCounter) {
    const std::string name = GetParam();
    BedrockFigures want = bedrock_count_figures(kBedrock, name);
    ASSERT_GT(want.round_trips.size(), 5u) << name;
    // Shown where RakNet ordering handed each batch on (the counter's frames
    // are where it was complete; the frames they name stay so).
    shown_where_handed_on(want, kBedrock, name);
    const RunResult r = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(name + ".keylog") +
                               " -Y \"bedrock.analysis.rtt || bedrock.analysis.distance || bedrock.analysis.tick_step > 1\""
                               " -T fields -E occurrence=a -E aggregator=, -e frame.number -e bedrock.header.id"
                               " -e bedrock.analysis.request_frame -e bedrock.analysis.rtt -e bedrock.analysis.tick_step"
                               " -e bedrock.analysis.input_tick -e bedrock.analysis.input_frame"
                               " -e bedrock.analysis.distance -e bedrock.analysis.since_input");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    BedrockFigures got;
    for (const std::string& line : split(r.out, '\n')) {
        auto cols = split(line, '\t');
        if (cols.size() < 2) continue;
        cols.resize(9);
        const uint64_t frame = std::stoull(cols[0]);
        const auto list = [&](int c) {
            std::vector<std::string> v;
            for (const std::string& x : split(cols[c], ','))
                if (!x.empty()) v.push_back(x);
            return v;
        };
        const auto ids = list(1), requests = list(2), rtts = list(3), steps = list(4), ticks = list(5),
                   inputs = list(6), distances = list(7), since = list(8);
        ASSERT_EQ(requests.size(), rtts.size()) << name << " frame " << frame;
        for (size_t i = 0; i < rtts.size(); ++i) got.round_trips.push_back({std::stoull(requests[i]), frame, std::stod(rtts[i])});
        for (const std::string& s : steps)
            if (std::stoll(s) != 1) got.jumps.push_back({frame, std::stoll(s)});
        ASSERT_TRUE(ticks.size() == distances.size() && inputs.size() == distances.size() && since.size() == distances.size())
            << name << " frame " << frame;
        const bool correction = std::count(ids.begin(), ids.end(), "161") > 0, teleport = std::count(ids.begin(), ids.end(), "19") > 0;
        if (!distances.empty()) {
            ASSERT_NE(correction, teleport) << name << " frame " << frame << ": which is it?";
        }
        for (size_t i = 0; i < distances.size(); ++i)
            (correction ? got.corrections : got.teleports)
                .push_back({frame, std::stoull(inputs[i]), std::stoll(ticks[i]), std::stod(distances[i]), std::stod(since[i])});
    }
    EXPECT_EQ(figures_difference(want, got), "") << name;
    // The resource pack: each chunk asked again, each chunk received after
    // its request (several in a frame: every occurrence).
    const RunResult p = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(name + ".keylog") +
                               " -Y \"bedrock.analysis.chunk_asked || bedrock.analysis.since_asked\" -T fields"
                               " -E occurrence=a -E aggregator=, -e bedrock.analysis.chunk_asked"
                               " -e bedrock.analysis.since_asked");
    uint64_t asked_again = 0, received = 0;
    for (const std::string& line : split(p.out, '\n')) {
        auto cols = split(line, '\t');
        cols.resize(2);
        for (const std::string& n : split(cols[0], ','))
            if (!n.empty()) asked_again += std::stoull(n) > 1;
        for (const std::string& ms : split(cols[1], ','))
            if (!ms.empty()) ++received;
    }
    EXPECT_EQ(asked_again, want.pack.asked_again) << name;
    EXPECT_EQ(received, want.pack.received) << name;
    EXPECT_EQ(frames_matching(name, name + ".keylog", "bedrock.resource_pack.asked_again"), want.pack.asked_again) << name;
    // Sub-chunks: every answering entry, the requests never answered (a note on each).
    const RunResult sc = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(name + ".keylog") +
                                " -Y \"bedrock.analysis.subchunks_answered || bedrock.subchunk.unanswered\" -T fields"
                                " -E occurrence=a -E aggregator=, -e frame.number -e bedrock.analysis.subchunks_answered"
                                " -e bedrock.subchunk.unanswered");
    uint64_t answered = 0;
    std::vector<uint64_t> unanswered_frames, want_frames;
    for (const std::string& line : split(sc.out, '\n')) {
        auto cols = split(line, '\t');
        if (cols.size() < 2) continue;
        cols.resize(3);
        for (const std::string& n : split(cols[1], ','))
            if (!n.empty()) answered += std::stoull(n);
        if (!cols[2].empty()) unanswered_frames.push_back(std::stoull(cols[0]));
    }
    for (const auto& u : want.chunks.unanswered_requests) want_frames.push_back(u.first);
    EXPECT_EQ(answered, want.chunks.answered) << name;
    EXPECT_EQ(unanswered_frames, want_frames) << name;
}

INSTANTIATE_TEST_SUITE_P(Readme, TsharkBedrock, ::testing::ValuesIn(kBedrockCaptures),
                         [](const ::testing::TestParamInfo<const char*>& i) {
                             std::string s = i.param;
                             for (char& c : s)
                                 if (c == '-' || c == '.') c = '_';
                             return s;
                         });

// README "Key logs", as the analyzer's BedrockCaptures.WithoutKeyOrWithTheWrongKey.
TEST(TsharkBedrockKeys, WithoutKeyOrWithTheWrongKey) {
    const std::string name = "bedrock-1.26.60";
    std::string client;
    bedrock_tsv_packets(kBedrock, name, &client);
    const std::vector<BedrockPacket> want_clear = {
        {"c2s", 18, 193, ""}, {"s2c", 20, 143, ""}, {"c2s", 43, 1, ""}, {"s2c", 45, 3, ""}};  // packets.tsv's first 4
    EXPECT_EQ(tshark_packets(name, "", client), want_clear);
    EXPECT_EQ(frames_matching(name, "", "bedrock.encryption.no_key"), 1u);

    EXPECT_EQ(tshark_packets(name, name + ".wrong.keylog", client), want_clear);
    // The two mismatches, each on its direction's third batch (encryption
    // 2: checksum mismatch); the server's fourth batch, in the same frame, is
    // not decrypted after it (4).
    const RunResult r = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + key_log_pref(name + ".wrong.keylog") +
                               " -Y bedrock.encryption.checksum -T fields -E occurrence=a -E aggregator=, -e ip.src"
                               " -e bedrock.batch.number -e bedrock.batch.encryption");
    EXPECT_EQ(r.out, client.substr(0, client.find(':')) + "\t3\t2\n198.51.100.1\t3,4\t2,4\n");
}

// A packet type is a display filter (bedrock.<minecraft-data's name>): the
// Login of packets.tsv's frame 43, and every frame the counter lists a
// Level Chunk in (38 of them, several to a frame).
TEST(TsharkBedrockKeys, APacketTypeSelectsItsFrames) {
    const std::string name = "bedrock-1.26.60";
    std::vector<uint64_t> chunks;
    for (const BedrockPacket& p : bedrock_tsv_packets(kBedrock, name))
        if (std::get<3>(p) == "level_chunk" && (chunks.empty() || chunks.back() != std::get<1>(p)))
            chunks.push_back(std::get<1>(p));
    ASSERT_FALSE(chunks.empty());
    const std::string keys = key_log_pref(name + ".keylog");
    const RunResult login = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + keys +
                                   " -Y bedrock.login -T fields -e frame.number");
    EXPECT_EQ(login.out, "43\n");
    const RunResult lc = tshark("-2 -r " + tshark_file(kBedrock + name + ".pcap") + keys +
                                " -Y bedrock.level_chunk -T fields -e frame.number");
    std::string want;
    for (uint64_t f : chunks) want += std::to_string(f) + "\n";
    EXPECT_EQ(lc.out, want);
}

}  // namespace
}  // namespace blank::test
