// tshark with the plugin (issue 53): a filter field holds the value decoded
// from the wire at full precision (rounding is for the label only); every
// packet type of every protocol is a filter of its own, as
// tcp.analysis.retransmission is; blank's new session after a Part is one
// expert note, not a warning per packet.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "../support/run.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

size_t lines(const std::string& s) { return size_t(std::count(s.begin(), s.end(), '\n')); }

// The bytes of frame `n` of a classic little-endian pcap.
std::string frame_bytes(const std::string& path, uint64_t n) {
    std::ifstream f(path, std::ios::binary);
    const std::string b((std::istreambuf_iterator<char>(f)), {});
    const auto le32 = [&](size_t i) {
        return uint32_t(uint8_t(b[i])) | uint32_t(uint8_t(b[i + 1])) << 8 | uint32_t(uint8_t(b[i + 2])) << 16 |
               uint32_t(uint8_t(b[i + 3])) << 24;
    };
    size_t at = 24;
    for (uint64_t k = 1; at + 16 <= b.size(); ++k) {
        const size_t len = le32(at + 8);
        if (k == n) return b.substr(at + 16, len);
        at += 16 + len;
    }
    return {};
}

// Frame 726 of the two-clients capture is a PlayerUpdate; its entity state's
// orientation is the packed quaternion at payload offset 30 (blank's
// doc/protocol: chunk 12, block 6, velocity 12 bytes before it), little
// endian, at UDP payload offset 16 + 30 (Ethernet 14, IPv4 20, UDP 8 before
// that). Unpacked here as the game does (src/net/net.cpp): bits 63-62 the
// largest's index, then x y z w but the largest as 20-bit v at shifts 40,
// 20, 0, (v - 524287) * 0.7072 / 524287. Its y is 0.0058999990..., which the
// fields held as 0.006 (w 0.99998... as 1) before.
TEST(TsharkFilters, QuaternionComponentsAtFullPrecision) {
    const std::string file = kCaps + "/blank-fa73e36-two-clients.pcap";
    const std::string fr = frame_bytes(file, 726);
    ASSERT_GE(fr.size(), 42u + 16 + 50);
    ASSERT_EQ(uint8_t(fr[42 + 12]), 4) << "a PlayerUpdate";
    uint64_t q = 0;
    for (int i = 7; i >= 0; --i) q = q << 8 | uint8_t(fr[42 + 16 + 30 + size_t(i)]);
    const int largest = int(q >> 62);
    double c[4] = {}, sum = 0;
    int shift = 40;
    for (int i = 0; i < 4; ++i) {
        if (i == largest) continue;
        c[i] = (double(int64_t(q >> shift & 0xFFFFF)) - 524287.0) * 0.7072 / 524287.0;
        sum += c[i] * c[i];
        shift -= 20;
    }
    c[largest] = std::sqrt(1.0 - sum);
    ASSERT_EQ(largest, 3);
    ASSERT_GT(c[1], 0.0058);
    ASSERT_LT(c[1], 0.0060);
    // The filter fields hold the unpacked values (to the last bits of a
    // double's arithmetic: 1e-15; 0.006 is 1e-7 off).
    const auto within = [](const char* field, double v) {
        char f[160];
        std::snprintf(f, sizeof f, "%s > %.17g && %s < %.17g", field, v - 1e-15, field, v + 1e-15);
        return std::string(f);
    };
    const RunResult r = tshark("-r " + tshark_file(file) + " -Y \"frame.number == 726 && " +
                               within("blank.state.orientation.y", c[1]) + " && " +
                               within("blank.state.orientation.w", c[3]) + "\" -T fields -e frame.number");
    EXPECT_EQ(r.out, "726\n");
    // decode --json: the same doubles.
    const RunResult j = run(kBin + " decode --json -t PlayerUpdate " + file);
    bool seen = false;
    for (const auto& p : json_lines(j.out))
        if (p.at("frame") == 726) {
            seen = true;
            EXPECT_NEAR(p.at("blank.state.orientation.y").get<double>(), c[1], 1e-15);
            EXPECT_NEAR(p.at("blank.state.orientation.w").get<double>(), c[3], 1e-15);
        }
    EXPECT_TRUE(seen);
    // The label rounds to what 20 bits tell apart (6 decimals).
    const RunResult v = tshark("-r " + tshark_file(file) + " -Y \"frame.number == 726\" -O blank -V");
    EXPECT_NE(v.out.find("[Y: 0.0059]"), std::string::npos) << v.out;
    EXPECT_NE(v.out.find("[W: 0.999983]"), std::string::npos) << v.out;
}

// Every packet type `blankshark types` lists has its display filter
// registered (FT_NONE, as a packet is a marker), for every protocol the
// plugin dissects, Bedrock's of every release included.
TEST(TsharkFilters, EveryPacketTypeIsAFilter) {
    const RunResult t = run(kBin + " types");
    ASSERT_EQ(t.exit_code, 0) << t.err;
    std::set<std::string> registered;
    std::istringstream g(tshark("-G fields").out);
    for (std::string line; std::getline(g, line);) {
        std::istringstream cols(line);
        std::string kind, name, abbrev, type;
        std::getline(cols, kind, '\t');
        std::getline(cols, name, '\t');
        std::getline(cols, abbrev, '\t');
        std::getline(cols, type, '\t');
        if (kind == "F" && type == "FT_NONE") registered.insert(abbrev);
    }
    std::istringstream in(t.out);
    size_t types = 0;
    std::set<std::string> prefixes;
    size_t bedrock = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("bedrock ", 0) == 0) ++bedrock;
        // "<prefix> <name...> <filter>[,<filter>] 0x.. 0x..": the filters are the words with a dot before the ids.
        std::istringstream words(line);
        std::string w;
        while (words >> w)
            if (w.find('.') != std::string::npos && w.rfind("0x", 0) != 0) {
                std::istringstream each(w);
                for (std::string f; std::getline(each, f, ',');) {
                    EXPECT_TRUE(registered.count(f)) << f << " (" << line << ")";
                    prefixes.insert(f.substr(0, f.find('.')));
                    ++types;
                }
            }
    }
    EXPECT_GT(types, 400u);
    EXPECT_GT(bedrock, 200u);
    EXPECT_EQ(prefixes, (std::set<std::string>{"bedrock", "blank", "mcalpha", "mcjava", "mcpe", "raknet"}));
}

// A packet type selects exactly its packets; the counts are the captures'
// READMEs': 1595 PlayerCorrections (captures/README.md), the teleport
// session's 2 clientbound Keep Alive (README-1.13.2.md), the lossy RakNet
// run's 172 NAK datagrams (raknet/README.md), the Alpha session's Kick in
// frame 1304 (mc_alpha/README.md), the crafted MCPE session's StartGame in
// frame 19 (raknet/crafted/README.md).
TEST(TsharkFilters, APacketTypeSelectsItsPackets) {
    EXPECT_EQ(lines(tshark("-r " + tshark_file(kCaps + "/blank-fa73e36-two-clients.pcap") +
                           " -Y blank.player_correction").out),
              1595u);
    EXPECT_EQ(tshark("-r " + tshark_file(kCaps + "/minecraft-java/mcjava-1.13.2-teleport.pcap") +
                     " -Y mcjava.play.cb.keep_alive -T fields -e frame.number")
                  .out,
              "306\n459\n");
    EXPECT_EQ(lines(tshark("-r " + tshark_file(kCaps + "/raknet/raknet-native-lossy-10pct.pcap") + " -Y raknet.nak").out),
              172u);
    EXPECT_EQ(tshark("-r " + tshark_file(kCaps + "/mc_alpha/mc_alpha-session.pcap") +
                     " -Y mcalpha.cb.kick -T fields -e frame.number")
                  .out,
              "1304\n");
    EXPECT_EQ(tshark("-r " + tshark_file(kCaps + "/raknet/crafted/mcpe-0.7.3-session.pcap") +
                     " -Y mcpe.start_game -T fields -e frame.number")
                  .out,
              "19\n");
    // mcpe.login is also Wireshark's own MCPE field's name: the filter still
    // finds the plugin's LoginPacket, frame 15 (raknet/crafted/README.md).
    EXPECT_EQ(tshark("-r " + tshark_file(kCaps + "/raknet/crafted/mcpe-0.7.3-session.pcap") +
                     " -Y mcpe.login -T fields -e frame.number")
                  .out,
              "15\n");
}

// captures/crafted/restart-after-part-clean-session.pcap: one note for the
// server's new session after the client's Part, no blank.seq.far_back.
TEST(TsharkFilters, RestartAfterPartIsOneNote) {
    const std::string f = tshark_file(kCaps + "/crafted/restart-after-part-clean-session.pcap");
    EXPECT_EQ(tshark("-r " + f + " -Y blank.seq.far_back").out, "");
    EXPECT_EQ(tshark("-r " + f + " -Y blank.session.restart -T fields -e frame.number").out, "4084\n");
}

}  // namespace
}  // namespace blank::test
