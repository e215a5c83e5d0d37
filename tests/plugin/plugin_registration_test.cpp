// The plugin loads into tshark and registers exactly the core's fields and
// findings, under well-formed, unique names.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>
#include <cstring>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "protocols/blank/findings.hpp"
#include "protocols/blank/protocol.hpp"
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

TEST(Plugin, RegistersEveryFieldOfTheCoreOnce) {
    const RunResult r = tshark("-G fields");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err.find("blank"), std::string::npos) << r.err;  // no registration complaints
    std::map<std::string, int> seen;
    std::istringstream in(r.out);
    std::string line;
    while (std::getline(in, line)) {
        // F <name> <abbrev> <type> <protocol> ...
        if (line.rfind("F\t", 0) != 0) continue;
        std::vector<std::string> col;
        std::istringstream ls(line);
        for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
        if (col.size() > 4 && col[4] == "blank") ++seen[col[2]];
    }
    // Every revision's fields (one registration per abbreviation) and findings.
    std::set<std::string> all;
    for (const Revision* r : revisions())
        for (const FieldInfo& f : schema(*r).fields) all.insert(f.abbrev);
    for (const std::string& a : all) EXPECT_EQ(seen[a], 1) << a;
    for (size_t i = 0; i < kFindingCount; ++i) EXPECT_EQ(seen[finding_info(FindingCode(i)).name], 1);
    EXPECT_EQ(seen["blank.finding"], 1);  // a finding's text (its expert info has the code's summary)
    EXPECT_EQ(seen.size(), all.size() + kFindingCount + 1);  // nothing else
}

// What Wireshark's tools/checkhf.pl and check_dissector.py look at, for the
// fields as tshark reports them (those scripts are not in Debian's packages).
TEST(Plugin, FieldDefinitionsFollowWiresharkConventions) {
    const RunResult r = tshark("-G fields");
    const std::regex abbrev("blank(\\.[a-z0-9_]+)+");
    size_t checked = 0;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> col;
        std::istringstream ls(line);
        for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
        if (col.size() < 8 || col[0] != "F" || col[4] != "blank") continue;
        ++checked;
        const std::string &name = col[1], &ab = col[2], &type = col[3], &mask = col[6], &blurb = col[7];
        EXPECT_TRUE(std::regex_match(ab, abbrev)) << ab;
        EXPECT_FALSE(name.empty()) << ab;
        EXPECT_TRUE(name.back() != ' ' && name.back() != ':' && name.front() != ' ') << ab << ": '" << name << "'";
        EXPECT_FALSE(blurb.empty()) << ab;
        EXPECT_NE(blurb, name) << ab;  // a description, not the label again
        if (mask != "0x0") {
            EXPECT_EQ(type, "FT_BOOLEAN") << ab;  // only flags carry a bitmask
        }
    }
    EXPECT_GT(checked, 100u);
}

TEST(Plugin, FindingsAreExpertInfos) {
    const RunResult r = tshark("-G fields");
    for (size_t i = 0; i < kFindingCount; ++i) {
        const std::string name = finding_info(FindingCode(i)).name;
        EXPECT_NE(r.out.find("\t" + name + "\t"), std::string::npos) << name;
    }
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

// Each catalog entry is what tshark shows: its names as registered, its
// port preference accepted by -o.
// The conventions above for every protocol of the catalog, not blank's
// alone: each field under its protocol's prefix, registered once in all of
// tshark (no other dissector's field of the same name), with a label and a
// description that is not the label again.
TEST(Plugin, EveryProtocolsFieldsFollowWiresharkConventions) {
    const RunResult r = tshark("-G fields");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::map<std::string, const core::ProtocolInfo*> ours;  // by tshark's protocol column (the filter name)
    for (const core::ProtocolInfo* p : core::protocols()) ours[p->filter_name] = p;
    std::map<std::string, int> registered;  // every abbreviation of every protocol
    std::map<std::string, size_t> checked;
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        std::vector<std::string> col;
        std::istringstream ls(line);
        for (std::string c; std::getline(ls, c, '\t');) col.push_back(c);
        if (col.size() < 8 || col[0] != "F") continue;
        ++registered[col[2]];
        if (ours.count(col[4])) rows.push_back(col);
    }
    for (const auto& col : rows) {
        const core::ProtocolInfo& p = *ours.at(col[4]);
        const std::string &name = col[1], &ab = col[2], &type = col[3], &mask = col[6], &blurb = col[7];
        ++checked[col[4]];
        const std::regex under(std::string(p.field_prefix) + "(\\.[a-z0-9_]+)+");
        EXPECT_TRUE(std::regex_match(ab, under)) << col[4] << ": " << ab;
        EXPECT_EQ(registered[ab], 1) << ab << " registered " << registered[ab] << " times";
        EXPECT_FALSE(name.empty()) << ab;
        EXPECT_TRUE(!name.empty() && name.back() != ' ' && name.back() != ':' && name.front() != ' ')
            << ab << ": '" << name << "'";
        EXPECT_FALSE(blurb.empty()) << ab;
        EXPECT_NE(blurb, name) << ab;
        if (mask != "0x0") {
            EXPECT_EQ(type, "FT_BOOLEAN") << ab;
        }
    }
    for (const core::ProtocolInfo* p : core::protocols()) EXPECT_GT(checked[p->filter_name], 20u) << p->filter_name;
}

TEST(Plugin, RegistersTheCatalogsProtocols) {
    const RunResult r = tshark("-G protocols");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::set<std::string> lines;
    std::istringstream in(r.out);
    // name, short name, filter name; 4.4 and 4.6 append three T/F columns
    // (the protocol's enabled states), 4.0 does not.
    const size_t columns = tshark_at_least(4, 4) ? 6 : 3;
    for (std::string line; std::getline(in, line);) {
        size_t tabs = 0, third = std::string::npos;
        for (size_t i = 0; i < line.size(); ++i)
            if (line[i] == '\t' && ++tabs == 3) third = i;
        if (tabs + 1 != columns) continue;
        lines.insert(line.substr(0, third));
    }
    EXPECT_GT(lines.size(), 1000u);  // every protocol of tshark, each with its columns
    for (const core::ProtocolInfo* p : core::protocols())
        EXPECT_TRUE(lines.count(std::string(p->name) + "\t" + p->short_name + "\t" + p->filter_name))
            << p->filter_name;
    EXPECT_TRUE(lines.count("blank voxel game protocol\tBLANK\tblank"));
    EXPECT_TRUE(lines.count("RakNet (blankshark analysis)\tRakNet-BS\tbsraknet"));
    const std::string cap = tshark_file(BLANKSHARK_CAPTURES "/blank-fa73e36-clean-session.pcap");
    for (const core::ProtocolInfo* p : core::protocols()) {
        ASSERT_NE(p->port_preference, nullptr) << p->filter_name;
        const RunResult o = tshark("-r " + cap + " -c 1 -o " + p->port_preference + ":" +
                                   std::to_string(p->default_port));
        EXPECT_EQ(o.exit_code, 0) << p->port_preference << ": " << o.err;
    }
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
// a looks_like test (enabled, named "<filter>_<transport>") but Minecraft
// Alpha (its dissector asks for none: off its port, a test of one segment
// at a time would take the server's Handshake for the client's), none for
// the others; each default port held by the protocol its preference
// belongs to (Minecraft Java's and Alpha's 25565 by the shared "minecraft").
TEST(Plugin, HeuristicsAndPortsComeFromTheCatalog) {
    const std::set<std::string> heur = lines_of(tshark("-G heuristic-decodes").out);
    const std::set<std::string> ports = lines_of(tshark("-G decodes").out);
    for (const core::ProtocolInfo* p : core::protocols()) {
        const std::string transport = p->transport == core::Transport::Udp ? "udp" : "tcp";
        const bool heuristic = p->looks_like && std::strcmp(p->filter_name, "mcalpha") != 0;
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
// off, not at all. Alpha has no heuristic: its session moved to another
// port (its Handshake cut across segments) is nobody's without Decode As.
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
