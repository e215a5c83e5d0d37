// Every protocol of the catalog (catalog::protocols()) as tshark sees it once
// the plugin is loaded: its fields, exactly those of the core's schemas and
// findings tables; the conventions Wireshark's checkers ask of a field; its
// expert infos with the severity and group its findings table gives; its
// names in `-G protocols`. The expected values come from the core's tables
// (ProtocolInfo, Schema, FindingTable) or are written here by hand (how
// Wireshark spells a severity or a group), never from tshark's output.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/split.hpp"
#include "core/finding.hpp"
#include "core/schema.hpp"
#include "protocols/catalog.hpp"
#include "tshark.hpp"
#include "tshark_versions.hpp"

namespace blank::test {
namespace {

using Row = std::vector<std::string>;

// `tshark -G fields`'s field rows: F, name, abbrev, type, protocol, display,
// bitmask, blurb. Run once per process.
const std::vector<Row>& field_rows() {
    static const std::vector<Row> rows = [] {
        const RunResult r = tshark("-G fields");
        // No registration complaints (Wireshark warns of a bad field on stderr).
        for (const core::ProtocolInfo* p : catalog::protocols())
            EXPECT_EQ(r.err.find(p->field_prefix), std::string::npos) << r.err;
        std::vector<Row> out;
        std::istringstream in(r.out);
        for (std::string line; std::getline(in, line);) {
            Row col = split(line, '\t', true);
            if (col.size() >= 8 && col[0] == "F") out.push_back(std::move(col));
        }
        return out;
    }();
    return rows;
}

// MCPE's Login packet filter is also the name of Wireshark's own MCPE
// dissector's decompressed login data (FT_NONE both): the plugin's field is
// chained behind it, one filter for both, and -G fields lists only the first,
// under Wireshark's "mcpe" (tshark_filters_test matches the plugin's Login
// with it). That row, or null when this Wireshark has no such field.
const Row* wiresharks_mcpe_login() {
    static const Row* row = []() -> const Row* {
        for (const Row& col : field_rows())
            if (col[4] == "mcpe" && col[2] == "mcpe.login") return &col;
        return nullptr;
    }();
    return row;
}

// What the core says a protocol registers, by abbreviation: its label and
// its description (nullptr: the core gives none). Every version's fields,
// the newest version's label where versions differ (the plugin registers
// newest first); each finding code's expert info, labelled with its summary;
// and "<prefix>.finding", the item a finding's text is shown in.
struct Expected {
    std::string name;
    const char* desc;
    bool expert;
};
// A protocol that declares its fields (Java's 47 versions) registers the
// declarations, whose names must be exactly those of its compiled schemas.
std::map<std::string, Expected> expected_fields(const core::ProtocolInfo& p) {
    std::map<std::string, Expected> want;
    if (p.declared_fields) {
        std::set<std::string> declared, compiled;
        for (const core::FieldDecl& d : p.declared_fields()) {
            want.emplace(d.abbrev, Expected{d.name, d.desc, false});
            declared.insert(d.abbrev);
        }
        for (size_t i = p.versions(); i-- > 0;)
            for (const core::FieldInfo& f : p.schema(i).fields) compiled.insert(f.abbrev);
        EXPECT_EQ(declared, compiled);
    }
    for (size_t i = p.versions(); i-- > 0;)
        for (const core::FieldInfo& f : p.schema(i).fields) want.emplace(f.abbrev, Expected{f.name, f.desc, false});
    const core::FindingTable& t = p.findings();
    for (size_t i = 0; i < t.count; ++i) want.emplace(t.infos[i].name, Expected{t.infos[i].summary, nullptr, true});
    want.emplace(std::string(p.field_prefix) + ".finding", Expected{"Finding", nullptr, false});
    return want;
}

// Each protocol registers exactly the core's fields and findings, each once,
// under its own filter name; labels (and descriptions where the core has
// one) as the core writes them.
TEST(PluginCatalog, EachProtocolRegistersExactlyItsCoreFields) {
    std::map<std::string, std::map<std::string, const Row*>> by_protocol;  // filter name -> abbrev -> row
    std::map<std::string, int> times;                                      // every abbreviation of tshark
    for (const Row& col : field_rows()) {
        ++times[col[2]];
        by_protocol[col[4]][col[2]] = &col;
    }
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        SCOPED_TRACE(p->filter_name);
        const std::map<std::string, Expected> want = expected_fields(*p);
        const auto& got = by_protocol[p->filter_name];
        ASSERT_FALSE(want.empty());
        size_t shared = 0;  // the core's fields -G fields lists under Wireshark's own protocol
        for (const auto& [abbrev, e] : want) {
            const auto it = got.find(abbrev);
            // MCPE's Login, listed under Wireshark's own mcpe.
            if (it == got.end() && abbrev == "mcpe.login" && wiresharks_mcpe_login()) {
                EXPECT_EQ((*wiresharks_mcpe_login())[3], "FT_NONE");
                ++shared;
                continue;
            }
            if (it == got.end()) {
                ADD_FAILURE() << abbrev << " is not registered under " << p->filter_name;
                continue;
            }
            const Row& col = *it->second;
            EXPECT_EQ(times[abbrev], 1) << abbrev << " registered " << times[abbrev] << " times in all of tshark";
            EXPECT_EQ(col[1], e.name) << abbrev;
            if (e.desc) {
                EXPECT_EQ(col[7], e.desc) << abbrev;
            }
            if (e.expert) {
                EXPECT_EQ(col[3], "FT_NONE") << abbrev;  // an expert info's field has no value
            }
        }
        for (const auto& [abbrev, col] : got) EXPECT_TRUE(want.count(abbrev)) << abbrev << ": not the core's";
        EXPECT_EQ(got.size() + shared, want.size());  // every field of the core's, and no other
    }
}

// What Wireshark's tools/checkhf.pl and check_dissector.py look at, for
// every field of every protocol: under the protocol's prefix, a label
// without stray spaces or colon, a description that is not the label again,
// a bitmask only on flags. (The check this replaces split rows on tabs with
// getline, which drops an empty last column: every field without a
// description, expert infos included, was skipped.)
TEST(PluginCatalog, EveryFieldFollowsWiresharkConventions) {
    std::map<std::string, const core::ProtocolInfo*> ours;  // by tshark's protocol column (the filter name)
    for (const core::ProtocolInfo* p : catalog::protocols()) ours[p->filter_name] = p;
    // Expert infos' fields are registered by Wireshark's expert module, with
    // the summary as their label and no description (as its own are).
    std::set<std::string> experts;
    for (const core::ProtocolInfo* p : catalog::protocols())
        for (size_t i = 0; i < p->findings().count; ++i) experts.insert(p->findings().infos[i].name);
    std::map<std::string, size_t> checked;
    for (const Row& col : field_rows()) {
        if (!ours.count(col[4])) continue;
        const core::ProtocolInfo& p = *ours.at(col[4]);
        const std::string &name = col[1], &ab = col[2], &type = col[3], &mask = col[6], &blurb = col[7];
        ++checked[col[4]];
        const std::regex under(std::string(p.field_prefix) + "(\\.[a-z0-9_]+)+");
        EXPECT_TRUE(std::regex_match(ab, under)) << col[4] << ": " << ab;
        EXPECT_FALSE(name.empty()) << ab;
        EXPECT_TRUE(!name.empty() && name.back() != ' ' && name.back() != ':' && name.front() != ' ')
            << ab << ": '" << name << "'";
        // A description, where there is one, is not the label again; blank
        // describes every field (where the others' core rows give one, the
        // test above compares it).
        if (!blurb.empty()) {
            EXPECT_NE(blurb, name) << ab;
        }
        if (p.field_prefix == std::string("blank") && !experts.count(ab)) {
            EXPECT_FALSE(blurb.empty()) << ab;
        }
        if (mask != "0x0") {
            EXPECT_EQ(type, "FT_BOOLEAN") << ab;
        }
    }
    // Every field the plugin registers for the protocol was looked at.
    // (But MCPE's Login, listed under Wireshark's own mcpe: the test above.)
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        const size_t shared = wiresharks_mcpe_login() && expected_fields(*p).count("mcpe.login");
        EXPECT_EQ(checked[p->filter_name] + shared, expected_fields(*p).size()) << p->filter_name;
    }
}

// `-G protocols`: each protocol with its three names; its port preference
// accepted by -o.
TEST(PluginCatalog, ProtocolsAreListedWithTheirNames) {
    const RunResult r = tshark("-G protocols");
    std::set<std::string> lines;
    std::istringstream in(r.out);
    // name, short name, filter name; 4.4 and 4.6 append three T/F columns
    // (the protocol's enabled states), 4.0 does not.
    const size_t columns = tshark_at_least(4, 4) ? 6 : 3;
    for (std::string line; std::getline(in, line);) {
        const std::vector<std::string> col = split(line, '\t', true);
        if (col.size() == columns) lines.insert(col[0] + "\t" + col[1] + "\t" + col[2]);
    }
    EXPECT_GT(lines.size(), 1000u);  // every protocol of tshark, each with its columns
    for (const core::ProtocolInfo* p : catalog::protocols())
        EXPECT_TRUE(lines.count(std::string(p->name) + "\t" + p->short_name + "\t" + p->filter_name))
            << p->filter_name;
    // By hand: the two whose filter name is not their field prefix.
    EXPECT_TRUE(lines.count("RakNet (blankshark analysis)\tRakNet-BS\tbsraknet"));
    EXPECT_TRUE(lines.count("Minecraft Pocket Edition 0.x (blankshark)\tMCPE-BS\tbsmcpe"));
    const std::string cap = tshark_file(BLANKSHARK_CAPTURES "/blank-fa73e36-clean-session.pcap");
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        ASSERT_NE(p->port_preference, nullptr) << p->filter_name;
        const RunResult o =
            tshark("-r " + cap + " -c 1 -o " + p->port_preference + ":" + std::to_string(p->default_port));
        EXPECT_EQ(o.exit_code, 0) << p->port_preference << ": " << o.err;
    }
}

// How Wireshark names what the plugin maps the core's severity and group to
// (written by hand from epan/expert.h: PI_ERROR "Errors" ... PI_COMMENT
// "Comments" in -z expert's section titles; PI_MALFORMED "Malformed",
// PI_SEQUENCE "Sequence", PI_PROTOCOL "Protocol"). The core's Comment group
// (blank.padding.nonzero) goes to "Protocol": Wireshark's own "Comment"
// group is for the capture file's packet comments.
const char* section_of(core::Severity s) {
    switch (s) {
    case core::Severity::Error: return "Errors";
    case core::Severity::Warn: return "Warns";
    case core::Severity::Note: return "Notes";
    case core::Severity::Comment: return "Comments";
    }
    return "?";
}
const char* group_of(core::FindingGroup g) {
    switch (g) {
    case core::FindingGroup::Malformed: return "Malformed";
    case core::FindingGroup::Sequence: return "Sequence";
    case core::FindingGroup::Protocol: return "Protocol";
    case core::FindingGroup::Comment: return "Protocol";
    }
    return "?";
}

// One expert info line of `tshark -q -z expert`: the section (severity) it
// is listed under, its group, protocol (short name) and summary.
struct ExpertLine {
    std::string section, group, protocol, summary;
};
std::vector<ExpertLine> expert_lines(const std::string& capture) {
    const RunResult r = tshark("-r " + tshark_file(capture) + " -q -z expert");
    std::vector<ExpertLine> out;
    const std::regex title("^(Errors|Warns|Notes|Chats|Comments) \\([0-9]+\\)$");
    const std::regex line("^ *[0-9]+ +([A-Za-z]+) +(\\S+) +(.*)$");
    std::string section;
    std::istringstream in(r.out);
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_match(l, m, title)) section = m[1];
        else if (!section.empty() && std::regex_match(l, m, line)) out.push_back({section, m[1], m[2], m[3]});
    }
    return out;
}

// Captures where each protocol's decoding or analysis finds something
// (their READMEs place the problems): the sample of codes compared.
const std::map<std::string, std::vector<std::string>> kWithFindings = {
    {"blank", {"/crafted/malformed.pcap", "/crafted/cut-client-silent-clean-session.pcap"}},
    {"mcjava", {"/minecraft-java/crafted/mcjava-crafted-gap.pcap", "/minecraft-java/crafted/mcjava-crafted-encrypted.pcap"}},
    {"bsraknet", {"/raknet/raknet-native-lossy-10pct.pcap"}},
    {"bsmcpe", {"/raknet/crafted/mcpe-0.7.3-lossy.pcap", "/raknet/raknet-native-lossy-10pct.pcap"}},
    {"mcalpha", {"/mc_alpha/mc_alpha-anomalies.pcap"}},
};

// Every expert info a protocol raises on those captures is one of its
// findings table's codes (by summary), listed under the severity and group
// the table gives it; each protocol shows at least two codes.
TEST(PluginCatalog, ExpertInfosHaveTheFindingsTablesSeverities) {
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        SCOPED_TRACE(p->filter_name);
        std::map<std::string, const core::FindingInfo*> by_summary;
        const core::FindingTable& t = p->findings();
        for (size_t i = 0; i < t.count; ++i) {
            const auto [it, fresh] = by_summary.emplace(t.infos[i].summary, &t.infos[i]);
            // -z expert tells codes apart by their summary alone.
            EXPECT_TRUE(fresh) << t.infos[i].name << " has the summary of " << it->second->name;
        }
        std::set<std::string> seen;
        ASSERT_TRUE(kWithFindings.count(p->filter_name));
        for (const std::string& cap : kWithFindings.at(p->filter_name))
            for (const ExpertLine& e : expert_lines(BLANKSHARK_CAPTURES + cap)) {
                if (e.protocol != p->short_name) continue;
                const auto it = by_summary.find(e.summary);
                if (it == by_summary.end()) {
                    ADD_FAILURE() << cap << ": '" << e.summary << "' is none of " << p->filter_name << "'s findings";
                    continue;
                }
                const core::FindingInfo& f = *it->second;
                seen.insert(f.name);
                EXPECT_EQ(e.section, section_of(f.severity)) << f.name;
                EXPECT_EQ(e.group, group_of(f.group)) << f.name;
            }
        EXPECT_GE(seen.size(), 2u);
    }
}

}  // namespace
}  // namespace blank::test
