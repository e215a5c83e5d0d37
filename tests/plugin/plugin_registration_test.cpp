// The plugin loads into tshark; blank's preferences, heuristic and
// columns; each protocol's heuristic and port from the catalog. What each
// protocol registers (fields, expert infos, names):
// plugin_catalog_registration_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "protocols/catalog.hpp"
#include "../support/port_rewrite.hpp"
#include "tshark.hpp"
#include "tshark_versions.hpp"

namespace blank::test {
namespace {

TEST(Plugin, LoadsIntoTshark) {
    const RunResult r = tshark("-G plugins");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("blank.so"), std::string::npos) << r.out;
}

TEST(Plugin, PortPreferenceAndHeuristic) {
    // The default port claims packets whatever their tag; the heuristic
    // claims port 12399 by the tag.
    const std::string cap = tshark_file(BLANKSHARK_CAPTURES "/crafted/raw-ipv4-port-12399.pcap");
    const RunResult h = tshark("-r " + cap + " -Y blank");
    EXPECT_EQ(std::count(h.out.begin(), h.out.end(), '\n'), 5) << h.out;
    // Nothing shown, and not because tshark failed (tshark() checks it exits 0).
    const RunResult off = tshark("-r " + cap + " -Y blank --disable-heuristic blank_udp");
    EXPECT_EQ(off.exit_code, 0) << off.err;
    EXPECT_EQ(off.out, "");
    const RunResult pref = tshark("-r " + cap + " -Y blank --disable-heuristic blank_udp -o blank.udp.port:12399");
    EXPECT_EQ(std::count(pref.out.begin(), pref.out.end(), '\n'), 5) << pref.err;
}

TEST(Plugin, RevisionPreferenceAndDetection) {
    const std::string old = tshark_file(BLANKSHARK_CAPTURES "/crafted/old-933ca0f.pcap");
    // auto: ambiguous at first, 933ca0f once the 20480-byte chunk completed (frame 10)
    const RunResult a = tshark("-r " + old + " -T fields -e blank.revision -e blank.revision.state");
    std::vector<std::string> rows;
    std::istringstream in(a.out);
    for (std::string l; std::getline(in, l);) rows.push_back(l);
    ASSERT_EQ(rows.size(), 12u);
    EXPECT_EQ(rows[0], "fa73e36\t0");
    EXPECT_EQ(rows[11], "933ca0f\t1");
    // set by preference: every frame, no detection
    const RunResult f = tshark("-o blank.revision:933ca0f -r " + old + " -T fields -e blank.revision.state");
    std::string twelve_forced;
    for (int i = 0; i < 12; ++i) twelve_forced += "3\n";
    EXPECT_EQ(f.out, twelve_forced);
    const RunResult e = tshark("-o blank.revision:933ca0f -r " + old + " -Y blank.revision.ambiguous");
    EXPECT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(e.out, "");
}

TEST(Plugin, InfoColumnReadsLikeTheAnalyzer) {
    const RunResult r = tshark("-r " + tshark_file(BLANKSHARK_CAPTURES "/blank-fa73e36-clean-session.pcap") +
                               " -Y \"blank.type == 1 || blank.type == 2\" -T fields -e _ws.col.Info");
    EXPECT_EQ(r.out, "Login seq=1 ack=65535 name=\"alice\"\nJoin seq=1 ack=1 id=1 name=\"default\"\n");
}

TEST(Plugin, MalformedPacketsAreMarkedAndLaterPacketsStillDecode) {
    const RunResult r =
        tshark("-r " + tshark_file(BLANKSHARK_CAPTURES "/crafted/malformed.pcap") + " -T fields -e _ws.col.Info");
    std::vector<std::string> lines;
    std::istringstream in(r.out);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    ASSERT_EQ(lines.size(), 15u);
    EXPECT_EQ(lines[1], "Truncated header (8 bytes) [Malformed]");
    EXPECT_NE(lines[4].find("[Malformed]"), std::string::npos);
    EXPECT_EQ(lines[14].find("PlayerUpdate seq=14"), 0u);
    EXPECT_EQ(lines[14].find("Malformed"), std::string::npos);
}

std::set<std::string> lines_of(const std::string& out) {
    std::set<std::string> lines;
    std::istringstream in(out);
    for (std::string l; std::getline(in, l);) lines.insert(l);
    return lines;
}

// How many enabled heuristics `-G heuristic-decodes` lists for a protocol on
// a transport: lines "udp<TAB>blank<TAB>T" (Wireshark 4.0; 4.4 adds the
// default, the short name and the display name after "T").
size_t enabled_heuristics(const std::set<std::string>& lines, const std::string& transport, const char* filter) {
    size_t n = 0;
    for (const std::string& l : lines) {
        std::vector<std::string> f;
        std::istringstream in(l);
        for (std::string x; std::getline(in, x, '\t');) f.push_back(x);
        if (f.size() >= 3 && f[0] == transport && f[1] == filter && f[2] == "T") ++n;
    }
    return n;
}

// The module of a preference: what comes before its first dot.
std::string module_of(const char* pref) { return std::string(pref, std::strchr(pref, '.')); }

// One registration loop over the catalog: a heuristic for each protocol with
// a looks_like test (enabled, named "<filter>_<transport>"); Minecraft
// Alpha's is its own (mcalpha_tcp: a whole Handshake from the side whose SYN
// was seen, since its looks_like holds on its port only), none for the
// others; each default port held by the protocol its preference
// belongs to (Minecraft Java's and Alpha's 25565 by the shared "minecraft").
TEST(Plugin, HeuristicsAndPortsComeFromTheCatalog) {
    const std::set<std::string> heur = lines_of(tshark("-G heuristic-decodes").out);
    const std::set<std::string> ports = lines_of(tshark("-G decodes").out);
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        const std::string transport = p->transport == core::Transport::Udp ? "udp" : "tcp";
        const bool heuristic = p->looks_like != nullptr;
        EXPECT_EQ(enabled_heuristics(heur, transport, p->filter_name), heuristic ? 1u : 0u) << p->filter_name;
        if (p->carried_by) continue;  // MCPE: in RakNet, on RakNet's port
        ASSERT_NE(p->port_preference, nullptr) << p->filter_name;
        EXPECT_TRUE(ports.count(std::string(p->port_table()) + "\t" + std::to_string(p->default_port) + "\t" +
                                module_of(p->port_preference)))
            << p->filter_name;
    }
    EXPECT_TRUE(ports.count("tcp.port\t25565\tminecraft"));
}

// Off its port, Minecraft Java is found by its catalog test alone: here the
// legacy ping of 1.6 (FE 01 FA, which the core's looks_like takes; the
// plugin's own test, before, wanted a whole Handshake); with its heuristic
// off, not at all. Alpha's heuristic wants a whole Handshake in one segment:
// its session moved to another port (its Handshake cut across segments) is
// nobody's without Decode As (TsharkMcAlpha.OnAnotherPortByItsWholeHandshake).
TEST(Plugin, OnAnotherPortJavaByItsHeuristicAlphaNot) {
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/heuristic-port";
    std::filesystem::create_directories(dir);
    const std::string java = dir + "/mcjava-legacy-ping-25570.pcap", alpha = dir + "/mcalpha-25570.pcap";
    const std::string caps = BLANKSHARK_CAPTURES;
    ASSERT_EQ(rewrite_port(caps + "/minecraft-java/crafted/mcjava-crafted-legacy-ping.pcap", java, 25565, 25570), 8);
    ASSERT_EQ(rewrite_port(caps + "/mc_alpha/mc_alpha-session.pcap", alpha, 25565, 25570), 1309);
    const auto shown = [](const std::string& file, const std::string& args) {
        return tshark("-r " + tshark_file(file) + args + " -Y \"mcjava || mcalpha\" -T fields -e frame.protocols").out;
    };
    const std::string on = shown(java, "");
    EXPECT_EQ(std::count(on.begin(), on.end(), '\n'), 2) << on;  // the ping and the server's answer
    EXPECT_NE(on.find(":mcjava"), std::string::npos) << on;
    EXPECT_EQ(shown(java, " --disable-heuristic mcjava_tcp"), "");
    EXPECT_EQ(shown(alpha, ""), "");
}

}  // namespace
}  // namespace blank::test
