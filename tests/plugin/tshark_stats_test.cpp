// Statistics of the plugin: the stats tree (`tshark -z blank,tree`, the
// GUI's Statistics > blank > Packets, chunks and findings) and the
// conversation and endpoint tables (`-z conv,blank`, `-z endpoints,blank`).
// Packet and chunk counts are checked against numbers hand-copied from
// ../shared/captures/README.md (an independent decoder's counts), findings
// against `blankshark check`, conversations against tshark's own UDP tables.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "protocols/blank/findings.hpp"
#include "protocols/blank/stats_layout.hpp"
#include "tshark.hpp"
#include "tshark_versions.hpp"

namespace blank::test {
namespace {

namespace bs = blank::stats;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kBin = BLANKSHARK_BIN;

// A printed stats tree: "Packets by type and direction/client -> server/Ping" -> count.
using Tree = std::map<std::string, uint64_t>;

Tree parse_tree(const std::string& text) {
    Tree out;
    std::istringstream in(text);
    std::vector<std::string> path;
    bool body = false;
    static const std::regex row(R"(^( *)(\S.*?) {2,}(\d+)( |$))");
    for (std::string l; std::getline(in, l);) {
        if (l.rfind("-----", 0) == 0) {
            body = !body;
            continue;
        }
        std::smatch m;
        if (!body || !std::regex_search(l, m, row)) continue;
        const size_t depth = m[1].length();
        path.resize(depth);
        path.push_back(m[2]);
        std::string key;
        for (const auto& p : path) key += (key.empty() ? "" : "/") + p;
        out[key] = std::stoull(m[3]);
    }
    return out;
}

uint64_t at(const Tree& t, const std::string& key) {
    auto it = t.find(key);
    return it == t.end() ? 0 : it->second;
}

std::string packets(Role dir, const std::string& type = "") {
    return std::string(bs::kPackets) + "/" + bs::direction_name(dir) + (type.empty() ? "" : "/" + type);
}
std::string chunks(const char* node) { return std::string(bs::kChunks) + "/" + node; }

Tree tree(const std::string& file, bool two_pass) {
    const RunResult r = tshark(std::string(two_pass ? "-2 " : "") + "-q -r " + tshark_file(kCaps + "/" + file) + " -z blank,tree");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return parse_tree(r.out);
}

TEST(TsharkStats, RegisteredForTsharkAndTheStatisticsMenu) {
    const RunResult r = tshark("-z help");
    const std::string help = r.out + r.err;  // tshark prints the list on stderr
    for (const char* z : {"blank,tree", "conv,blank", "endpoints,blank"})
        EXPECT_NE(help.find(std::string("     ") + z + "\n"), std::string::npos) << z << " missing from -z help";
    const RunResult t = tshark("-q -r " + tshark_file(kCaps + "/blank-fa73e36-clean-session.pcap") + " -z blank,tree");
    EXPECT_NE(t.out.find(std::string(bs::kTreeName) + ":"), std::string::npos) << t.out;
}

// Hand-copied from ../shared/captures/README.md: packets per type and
// direction, and the chunk line.
struct Known {
    const char* file;
    std::map<std::string, uint64_t> c2s, s2c;
    uint64_t begun, completed, incomplete, begin_resent, data_resent, only_data, rerequests;
    uint64_t data_before_begin;  // ChunkData packets seen before their ChunkBegin
};

const Known kKnown[] = {
    {"blank-fa73e36-clean-session.pcap",
     {{"Ping", 2}, {"Login", 1}, {"Part", 1}, {"PlayerUpdate", 1241}},
     {{"Join", 1}, {"SpawnEntity", 36}, {"DespawnEntity", 4}, {"EntityUpdate", 1585}, {"ChunkBegin", 544},
      {"ChunkData", 666}, {"Message", 1}},
     544, 544, 0, 0, 0, 0, 0, 0},
    {"blank-fa73e36-two-clients.pcap",
     {{"Ping", 21}, {"Login", 2}, {"Part", 2}, {"PlayerUpdate", 2555}, {"Message", 2}},
     {{"Join", 2}, {"SpawnEntity", 70}, {"DespawnEntity", 5}, {"EntityUpdate", 4205}, {"PlayerCorrection", 1595},
      {"ChunkBegin", 1175}, {"ChunkData", 1444}, {"BlockUpdate", 60}, {"Message", 8}},
     1175, 1173, 2, 0, 0, 0, 0, 0},
    {"blank-fa73e36-lossy-5pct.pcap",
     {{"Ping", 427}, {"Login", 1}, {"Part", 1}, {"PlayerUpdate", 497}, {"ChunkBegin", 6}, {"Message", 1}},
     {{"Ping", 72}, {"Join", 1}, {"SpawnEntity", 31}, {"DespawnEntity", 1}, {"EntityUpdate", 634},
      {"PlayerCorrection", 1055}, {"ChunkBegin", 137}, {"ChunkData", 173}, {"BlockUpdate", 24}, {"Message", 2}},
     135, 127, 8, 2, 1, 10, 6, 46},
    {"blank-fa73e36-any-sll2.pcapng",
     {{"Ping", 1}, {"Login", 1}, {"Part", 1}, {"PlayerUpdate", 740}},
     {{"Join", 1}, {"SpawnEntity", 34}, {"DespawnEntity", 2}, {"EntityUpdate", 801}, {"ChunkBegin", 300},
      {"ChunkData", 376}, {"Message", 1}},
     300, 299, 1, 0, 0, 0, 0, 0},
    {"blank-933ca0f-first-8s.pcap",
     {{"Ping", 1}, {"Login", 1}, {"PlayerUpdate", 496}},
     {{"Join", 1}, {"SpawnEntity", 17}, {"DespawnEntity", 1}, {"EntityUpdate", 1212}, {"ChunkBegin", 175},
      {"ChunkData", 210}},
     175, 175, 0, 0, 0, 0, 0, 0},
};

void PrintTo(const Known& k, std::ostream* os) { *os << k.file; }

class TsharkStatsTree : public ::testing::TestWithParam<Known> {};

TEST_P(TsharkStatsTree, PacketsByTypeAndDirectionAsTheCaptureReadme) {
    const Known& k = GetParam();
    // The tap runs in one pass and in the second pass of -2 alike.
    for (bool two : {false, true}) {
        SCOPED_TRACE(two ? "tshark -2" : "tshark");
        const Tree t = tree(k.file, two);
        uint64_t total = 0;
        for (const auto& [dir, types] : {std::pair{Role::Client, &k.c2s}, std::pair{Role::Server, &k.s2c}}) {
            uint64_t sum = 0;
            for (const auto& [type, n] : *types) {
                EXPECT_EQ(at(t, packets(dir, type)), n) << packets(dir, type);
                sum += n;
            }
            EXPECT_EQ(at(t, packets(dir)), sum) << packets(dir);
            // No type beyond the README's.
            size_t rows = 0;
            for (const auto& [key, n] : t)
                rows += key.rfind(packets(dir) + "/", 0) == 0;
            EXPECT_EQ(rows, types->size()) << packets(dir);
            total += sum;
        }
        EXPECT_EQ(at(t, bs::kPackets), total);
        EXPECT_EQ(at(t, chunks(bs::kChunkBegun)), k.begun);
        EXPECT_EQ(at(t, chunks(bs::kChunkComplete)), k.completed);
        EXPECT_EQ(at(t, chunks(bs::kChunkRerequests)), k.rerequests);
        EXPECT_EQ(at(t, chunks(bs::kChunkDataBeforeBegin)), k.data_before_begin);
        // The README counts a duplicated copy as a resend with the same id.
        EXPECT_EQ(at(t, chunks(bs::kChunkBeginResent)) + at(t, chunks(bs::kChunkPiecesResent)) +
                      at(t, chunks(bs::kChunkDuplicates)),
                  k.begin_resent + k.data_resent);
        if (two) {  // known only once the capture has been read to its end
            EXPECT_EQ(at(t, chunks(bs::kChunkNotComplete)), k.incomplete);
            EXPECT_EQ(at(t, chunks(bs::kChunkWithoutBegin)), k.only_data);
            EXPECT_EQ(at(t, chunks(bs::kChunkTransmissions)), k.begun + k.only_data);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Captures, TsharkStatsTree, ::testing::ValuesIn(kKnown),
                         [](const auto& info) { return identifier(info.param.file); });

// Findings by code and severity, and bytes by direction, as `blankshark check`
// counts them. End-of-capture session findings are reported by check only
// (README: "End-of-capture findings of the sequence analysis ... are reported
// by check, not as expert infos").
class TsharkStatsVsCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(TsharkStatsVsCheck, FindingsAndBytesAsBlanksharkCheck) {
    const std::string file = GetParam();
    const RunResult c = run(kBin + " check --format json --comments " + kCaps + "/" + file);
    ASSERT_TRUE(c.exit_code == 0 || c.exit_code == 1) << c.err;
    const std::set<std::string> check_only = {"blank.session.end", "blank.session.login_no_join",
                                              "blank.seq.mid_start"};
    std::map<std::string, uint64_t> expect;  // "severity/code" -> count
    uint64_t c2s_bytes = 0, s2c_bytes = 0;
    for (const auto& e : json_lines(c.out)) {
        if (e.at("event_type") == "finding" && !check_only.count(e.at("code").get<std::string>()))
            ++expect[e.at("severity").get<std::string>() + "/" + e.at("code").get<std::string>()];
        if (e.at("event_type") == "conversation") {
            c2s_bytes += e.at("client_to_server").at("bytes").get<uint64_t>();
            s2c_bytes += e.at("server_to_client").at("bytes").get<uint64_t>();
        }
    }
    ASSERT_FALSE(expect.empty());
    const Tree t = tree(file, true);
    std::map<std::string, uint64_t> got;
    uint64_t total = 0;
    for (const auto& [key, n] : t) {
        const std::string prefix = std::string(bs::kFindings) + "/";
        if (key.rfind(prefix, 0) != 0 || key.find('/', prefix.size()) == std::string::npos) continue;
        got[key.substr(prefix.size())] = n;
        total += n;
    }
    EXPECT_EQ(got, expect);
    EXPECT_EQ(at(t, bs::kFindings), total);
    for (Severity s : bs::kSeverityOrder) {  // every severity node is there, 0 too
        uint64_t n = 0;
        for (const auto& [key, count] : expect) n += key.rfind(std::string(severity_name(s)) + "/", 0) == 0 ? count : 0;
        const std::string node = std::string(bs::kFindings) + "/" + bs::severity_node_name(s);
        EXPECT_TRUE(t.count(node)) << node;
        EXPECT_EQ(at(t, node), n) << node;
    }
    // check's sequence statistics leave out packets too short for a header.
    const std::string bytes = std::string(bs::kBytes) + "/";
    const auto with_header = [&](Role r) {
        const std::string dir = bytes + bs::direction_name(r);
        return at(t, dir) - at(t, dir + "/" + bs::kShortHeader);
    };
    EXPECT_EQ(with_header(Role::Client), c2s_bytes);
    EXPECT_EQ(with_header(Role::Server), s2c_bytes);
    EXPECT_EQ(at(t, bytes + bs::direction_name(Role::Client)) + at(t, bytes + bs::direction_name(Role::Server)),
              at(t, bs::kBytes));
}

INSTANTIATE_TEST_SUITE_P(Captures, TsharkStatsVsCheck,
                         ::testing::Values("blank-fa73e36-clean-session.pcap", "blank-fa73e36-two-clients.pcap",
                                           "blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-any-sll2.pcapng",
                                           "blank-933ca0f-first-8s.pcap", "crafted/malformed.pcap"),
                         [](const auto& info) { return identifier(info.param); });

// Rows of a `-z conv,X` table: everything after "<-> address", as tokens
// (frames and bytes each way and in total, relative start, duration).
std::multiset<std::vector<std::string>> conv_rows(const std::string& text) {
    std::multiset<std::vector<std::string>> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        std::istringstream f(l);
        std::string a, arrow, b;
        if (!(f >> a >> arrow >> b) || arrow != "<->") continue;
        std::vector<std::string> row;
        for (std::string tok; f >> tok;) row.push_back(tok);
        out.insert(row);
    }
    return out;
}

// Rows of a `-z endpoints,X` table: its last six values (packets, bytes,
// tx packets, tx bytes, rx packets, rx bytes) as tshark prints them. 4.0
// and 4.4 print byte counts as plain numbers; 4.6 with a unit ("2921 kB"),
// kept with the number so a row compares against another table of the same
// tshark.
std::multiset<std::vector<std::string>> endpoint_rows(const std::string& text) {
    std::multiset<std::vector<std::string>> out;
    std::istringstream in(text);
    const std::string unit = tshark_at_least(4, 6) ? R"((?: [kMG]?B| bytes))" : "";
    const std::string pkts = R"((\d+))", bytes = "(\\d+" + unit + ")";
    const std::regex row("^\\S+ +(?:\\d+ +)?" + pkts + " +" + bytes + " +" + pkts + " +" + bytes + " +" + pkts + " +" +
                         bytes + " *$");
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (!std::regex_match(l, m, row)) continue;
        std::vector<std::string> v;
        for (size_t i = 1; i <= 6; ++i) v.push_back(m[i]);
        out.insert(v);
    }
    return out;
}

TEST(TsharkConversations, TwoClientsAsTheUdpTables) {
    const std::string cap = tshark_file(kCaps + "/blank-fa73e36-two-clients.pcap");
    const RunResult blank = tshark("-q -r " + cap + " -z conv,blank");
    const RunResult udp = tshark("-q -r " + cap + " -z conv,udp");
    ASSERT_EQ(blank.exit_code, 0) << blank.err;
    ASSERT_NE(blank.out.find("BLANK Conversations"), std::string::npos) << blank.out;
    const auto rows = conv_rows(blank.out);
    ASSERT_EQ(rows.size(), 2u) << blank.out;
    EXPECT_EQ(rows, conv_rows(udp.out));
    // Frames per conversation (README: 1619 + 4243 and 963 + 4321 packets).
    std::multiset<std::string> frames;
    for (const auto& r : rows) {
        ASSERT_GE(r.size(), 9u);
        frames.insert(r[6]);  // <- frames, bytes, unit; -> frames, bytes, unit; total frames
        EXPECT_EQ(std::stoull(r[0]) + std::stoull(r[3]), std::stoull(r[6]));
    }
    EXPECT_EQ(frames, (std::multiset<std::string>{"5862", "5284"}));
}

TEST(TsharkConversations, TwoClientsEndpointsAsTheUdpTable) {
    const std::string cap = tshark_file(kCaps + "/blank-fa73e36-two-clients.pcap");
    const RunResult blank = tshark("-q -r " + cap + " -z endpoints,blank");
    const RunResult udp = tshark("-q -r " + cap + " -z endpoints,udp");
    ASSERT_EQ(blank.exit_code, 0) << blank.err;
    ASSERT_NE(blank.out.find("BLANK Endpoints"), std::string::npos) << blank.out;
    const auto rows = endpoint_rows(blank.out);
    ASSERT_EQ(rows.size(), 3u) << blank.out;  // one server, two clients
    EXPECT_EQ(rows, endpoint_rows(udp.out));
    std::multiset<uint64_t> pkts;
    for (const auto& r : rows) pkts.insert(std::stoull(r[0]));
    // README: 2582 + 8564 packets in all; per client 1619 + 4243 and 963 + 4321.
    EXPECT_EQ(pkts, (std::multiset<uint64_t>{11146, 5862, 5284}));
}

}  // namespace
}  // namespace blank::test
