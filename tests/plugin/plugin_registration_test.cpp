// The plugin loads into tshark and registers exactly the core's fields and
// findings, under well-formed, unique names.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <regex>

#include "protocols/blank/findings.hpp"
#include "protocols/blank/protocol.hpp"
#include "protocols/catalog.hpp"
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
        if (mask != "0x0") EXPECT_EQ(type, "FT_BOOLEAN") << ab;
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

}  // namespace
}  // namespace blank::test
