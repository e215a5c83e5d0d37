// tshark with the plugin and `blankshark check` agree on the Minecraft Java
// connection analysis: every keep-alive, status ping and teleport link
// (mcjava.*.response_in / request_in / time, the teleport's client_in and
// distance) and every analysis finding with its frame, on bundled real
// captures and on the crafted session with one problem of each kind. Both
// come from the core (mc_java/analysis.hpp); this proves the front ends
// only show it. End-of-capture findings (never answered, never confirmed)
// need tshark's second pass (-2), as Wireshark's own request/response
// tracking does.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "../support/split.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/mcdata/field_names.hpp"
#include "tshark.hpp"
#include "../support/pcap_edit.hpp"
#include "../support/skip.hpp"

namespace blank::test {
namespace {

using nlohmann::json;
const std::string kBin = BLANKSHARK_BIN;
const std::string kJava = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";

using Links = std::set<std::tuple<std::string, uint64_t, uint64_t>>;  // kind, request, answer
using Found = std::multiset<std::pair<uint64_t, std::string>>;

struct Seen {
    Links links;                                   // from response_in (request side)
    Links back;                                    // from request_in (answer side)
    std::map<uint64_t, double> time;               // answer frame -> time
    std::map<uint64_t, double> distance;           // teleport frame -> distance
    std::map<uint64_t, uint64_t> client;           // teleport frame -> client position frame
    Found findings;
    size_t conversations = 0;                      // from check
};

// The analysis findings' names by their expert summaries.
std::map<std::string, std::string> analysis_codes() {
    std::map<std::string, std::string> m;
    // KeepAliveUnanswered .. TeleportCommanded (the decryption's come after).
    for (uint16_t i = uint16_t(mcjava::FindingCode::KeepAliveUnanswered); i < uint16_t(mcjava::FindingCode::Decrypted); ++i) {
        const core::FindingInfo& f = core::finding_info(core::Code(mcjava::FindingCode(i)));
        m[f.summary] = f.name;
    }
    return m;
}

// `keylog`: a key log for encrypted connections (mcjava.keylog_file, --keylog).
Seen from_tshark(const std::string& file, const std::string& keylog = "") {
    static const char* const kFields[] = {
        "frame.number", "mcjava.keepalive.response_in", "mcjava.keepalive.request_in", "mcjava.keepalive.time",
        "mcjava.ping.response_in", "mcjava.ping.request_in", "mcjava.ping.time", "mcjava.teleport.response_in",
        "mcjava.teleport.request_in", "mcjava.teleport.time", "mcjava.teleport.distance", "mcjava.teleport.client_in",
        "_ws.expert.message"};
    std::string args = "-2 -r " + tshark_file(file) + " -T fields -E occurrence=a -E aggregator=~";
    if (!keylog.empty()) args += " -o mcjava.keylog_file:" + tshark_file(keylog);
    for (const char* f : kFields) args += std::string(" -e ") + f;
    const RunResult r = tshark(args);
    const auto codes = analysis_codes();
    Seen s;
    std::istringstream in(r.out);
    std::string line;
    static const char* const kKinds[] = {"keepalive", "ping", "teleport"};
    while (std::getline(in, line)) {
        const auto col = split(line, '\t', true);
        if (col.size() < 13) continue;
        const uint64_t frame = std::stoull(col[0]);
        for (int k = 0; k < 3; ++k) {
            const int base = 1 + 3 * k;
            for (const auto& v : split(col[base], '~', true))
                if (!v.empty()) s.links.emplace(kKinds[k], frame, std::stoull(v));
            for (const auto& v : split(col[base + 1], '~', true))
                if (!v.empty()) s.back.emplace(kKinds[k], std::stoull(v), frame);
            if (!col[base + 2].empty()) s.time[frame] = std::stod(split(col[base + 2], '~', true)[0]);
        }
        if (!col[10].empty()) s.distance[frame] = std::stod(split(col[10], '~', true)[0]);
        if (!col[11].empty()) s.client[frame] = std::stoull(split(col[11], '~', true)[0]);
        for (const auto& m : split(col[12], '~', true))
            if (auto it = codes.find(m); it != codes.end()) s.findings.emplace(frame, it->second);
    }
    return s;
}

Seen from_check(const std::string& file, const std::string& keylog = "") {
    const RunResult r = run(kBin + " check --format json --comments --fail-on error " +
                            (keylog.empty() ? "" : "--keylog " + keylog + " ") + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Seen s;
    for (const json& e : json_lines(r.out)) {
        if (e["event_type"] == "finding") {
            const std::string code = e["code"];
            if (code.rfind("mcjava.", 0) == 0 && analysis_codes().size() &&
                [&] {
                    for (const auto& [sum, name] : analysis_codes())
                        if (name == code) return true;
                    return false;
                }())
                s.findings.emplace(e["pcap_cnt"].get<uint64_t>(), code);
        }
        if (e["event_type"] != "conversation") continue;
        ++s.conversations;
        for (const char* k : {"keepalive", "status_ping"}) {
            const std::string kind = std::string(k) == "keepalive" ? "keepalive" : "ping";
            for (const json& x : e[k]["exchanges"]) {
                if (x["answer_frame"] == 0) continue;
                s.links.emplace(kind, x["request_frame"].get<uint64_t>(), x["answer_frame"].get<uint64_t>());
                s.time[x["answer_frame"].get<uint64_t>()] = x["time"].get<double>();
            }
        }
        for (const json& t : e["teleports"]["list"]) {
            const uint64_t f = t["frame"];
            if (t["confirm_frame"] != 0) {
                s.links.emplace("teleport", f, t["confirm_frame"].get<uint64_t>());
                s.time[t["confirm_frame"].get<uint64_t>()] = t["time"].get<double>();
            }
            if (!t["distance"].is_null()) {
                s.distance[f] = t["distance"].get<double>();
                s.client[f] = t["client_frame"].get<uint64_t>();
            }
        }
    }
    s.back = s.links;
    return s;
}

// `conversations`: the file's "TCP connections" in its README.
void same(const std::string& file, size_t conversations, const std::string& keylog = "") {
    SCOPED_TRACE(file);
    const Seen w = from_tshark(file, keylog), a = from_check(file, keylog);
    EXPECT_EQ(a.conversations, conversations);
    EXPECT_FALSE(a.links.empty());
    EXPECT_EQ(w.links, a.links);
    EXPECT_EQ(w.back, a.links);
    ASSERT_EQ(w.time.size(), a.time.size());
    for (const auto& [f, t] : a.time) EXPECT_NEAR(w.time.at(f), t, 1e-6) << "frame " << f;
    ASSERT_EQ(w.distance.size(), a.distance.size());
    // Wireshark shows a distance to the millimetre (core::measured); check's JSON keeps every digit.
    for (const auto& [f, d] : a.distance) EXPECT_NEAR(w.distance.at(f), d, 0.0005) << "frame " << f;
    EXPECT_EQ(w.client, a.client);
    EXPECT_EQ(w.findings, a.findings);
}

TEST(TsharkMcJava, TeleportCaptureLinksAndDistancesAsCheck) {
    same(kJava + "mcjava-1.13.2-teleport.pcap", 1);
    // And the figures themselves (README-1.13.2.md): teleport 230 -> 232 from
    // the position of frame 226, 17.49 blocks; Keep Alive 306 -> 308.
    const Seen w = from_tshark(kJava + "mcjava-1.13.2-teleport.pcap");
    EXPECT_TRUE(w.links.count({"teleport", 230, 232}));
    EXPECT_EQ(w.client.at(230), 226u);
    EXPECT_DOUBLE_EQ(w.distance.at(230), 17.493);  // sqrt(306) = 17.49286, to the millimetre
    EXPECT_TRUE(w.links.count({"keepalive", 306, 308}));
    EXPECT_TRUE(w.links.count({"keepalive", 459, 461}));
}

TEST(TsharkMcJava, SessionsWithPingKickAndNotesAsCheck) {
    same(kJava + "mcjava-1.13.2-compressed.pcap", 3);
    same(kJava + "mcjava-1.14.4-nocompress.pcap", 3);
}

// The real encrypted sessions (captures/minecraft-java/README-encrypted.md),
// decrypted with the client's key log as a Wireshark preference: every
// packet the independent decoder counts, every link and analysis finding as
// check's; without the key log: the packets before the switch, one note per
// encrypted connection, nothing malformed; a wrong key reported.
const std::string kEnc1132 = kJava + "mcjava-1.13.2-encrypted";
const std::string kEnc1144 = kJava + "mcjava-1.14.4-encrypted-nocompress";

size_t count_of(const std::string& fields_out) {
    size_t n = 0;
    std::istringstream in(fields_out);
    for (std::string line; std::getline(in, line);)
        for (const auto& v : split(line, ',', true))
            n += !v.empty();
    return n;
}

TEST(TsharkMcJava, EncryptedSessionsDecryptedWithTheKeyLogAsCheck) {
    same(kEnc1132 + ".pcap", 3, kEnc1132 + ".keylog");
    same(kEnc1144 + ".pcap", 3, kEnc1144 + ".mc_dissector.keylog");
    // "MC packets with the key log": 1156 and 999, the same with tshark -2.
    const struct { std::string file; size_t packets; } files[] = {{kEnc1132, 1156}, {kEnc1144, 999}};
    for (const auto& f : files) {
        SCOPED_TRACE(f.file);
        for (const char* pass : {"", "-2 "}) {
            const RunResult r = tshark(std::string(pass) + "-r " + tshark_file(f.file + ".pcap") +
                                       " -o mcjava.keylog_file:" + tshark_file(f.file + ".keylog") +
                                       " -Y mcjava -T fields -e mcjava.packet_id");
            EXPECT_EQ(count_of(r.out), f.packets) << pass;
        }
        const RunResult notes = tshark("-r " + tshark_file(f.file + ".pcap") + " -o mcjava.keylog_file:" +
                                       tshark_file(f.file + ".keylog") + " -Y mcjava.decrypted -T fields -e frame.number");
        EXPECT_EQ(count_of(notes.out), 2u);  // alice's and bob's Encryption Response
        EXPECT_EQ(count_of(tshark("-r " + tshark_file(f.file + ".pcap") + " -o mcjava.keylog_file:" +
                                  tshark_file(f.file + ".keylog") + " -Y _ws.malformed -T fields -e frame.number")
                               .out),
                  0u);
    }
    // A packet shown from its decrypted bytes: 1.13.2 alice's Join Game
    // (frame 29, README-encrypted.md): Length 0x16, Data Length 0, id 0x25.
    const RunResult x = tshark("-r " + tshark_file(kEnc1132 + ".pcap") + " -o mcjava.keylog_file:" +
                               tshark_file(kEnc1132 + ".keylog") + " -x -Y frame.number==29");
    EXPECT_NE(x.out.find("Decrypted (23 bytes):\n0000  16 00 25 00 00 00 01 01"), std::string::npos) << x.out;
}

TEST(TsharkMcJava, EncryptedSessionsWithoutTheKeyAreOneNoteEach) {
    for (const std::string& f : {kEnc1132, kEnc1144}) {
        SCOPED_TRACE(f);
        const std::string r = "-r " + tshark_file(f + ".pcap");
        // "MC packets without it": 13.
        EXPECT_EQ(count_of(tshark(r + " -Y mcjava -T fields -e mcjava.packet_id").out), 13u);
        EXPECT_EQ(count_of(tshark(r + " -Y mcjava.encrypted -T fields -e frame.number").out), 2u);
        EXPECT_EQ(count_of(tshark(r + " -Y _ws.malformed -T fields -e frame.number").out), 0u);
        EXPECT_EQ(count_of(tshark(r + " -Y \"_ws.expert.severity >= 6291456\" -T fields -e frame.number").out), 0u)
            << "a warning or error on an encrypted session without its key";
    }
}

TEST(TsharkMcJava, EncryptedSessionWithAWrongKeyIsReported) {
    // The right connections' secrets, each changed in its last hex digit.
    std::ifstream in(kEnc1132 + ".keylog");
    std::string bad;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("SHARED_SECRET ", 0) == 0) line.back() = line.back() == '0' ? '1' : '0';
        bad += line + "\n";
    }
    const std::string path = testing::TempDir() + "tshark-wrong.keylog";
    std::ofstream(path) << bad;
    const std::string r = "-r " + tshark_file(kEnc1132 + ".pcap") + " -o mcjava.keylog_file:" + tshark_file(path);
    EXPECT_EQ(count_of(tshark(r + " -Y mcjava.decrypt.wrong_key -T fields -e frame.number").out), 2u);
    EXPECT_EQ(count_of(tshark(r + " -Y mcjava -T fields -e mcjava.packet_id").out), 13u);
    EXPECT_EQ(count_of(tshark(r + " -Y _ws.malformed -T fields -e frame.number").out), 0u);
}

// Frame 70 (one whole Chunk Data) taken out of the 1.13.2 encrypted session
// (as in java_encrypted_test.cpp): Wireshark with its default preferences
// loses the two packets the hole touches (the second's first 16 bytes cannot
// be decrypted) and nothing more — it does not wait for the rest of a 73 KB
// "packet" read inside the bytes after the hole, which never comes — and
// every link and analysis finding is check's.
TEST(TsharkMcJava, AHoleInAnEncryptedStreamAsCheck) {
    if (run("command -v editcap").exit_code != 0) SKIP_OR_FAIL_IN_CI() << "editcap not installed";
    const std::string holed = testing::TempDir() + "mcjava-1.13.2-encrypted-no70.pcap";
    ASSERT_EQ(run("editcap " + kEnc1132 + ".pcap " + holed + " 70").exit_code, 0);
    const RunResult r = tshark("-r " + tshark_file(holed) + " -o mcjava.keylog_file:" + tshark_file(kEnc1132 + ".keylog") +
                               " -Y mcjava -T fields -e mcjava.packet_id");
    EXPECT_EQ(count_of(r.out), 1154u);  // 1156 - 2
    const Seen w = from_tshark(holed, kEnc1132 + ".keylog"), a = from_check(holed, kEnc1132 + ".keylog");
    EXPECT_EQ(w.links, a.links);
    EXPECT_EQ(w.findings, a.findings);
    EXPECT_TRUE(a.findings.empty());  // no keep-alive or teleport left unanswered by the hole
}

// A hole inside a packet in the middle of a segment (frame 45 cut into
// three, the middle left out; java_encrypted_test.cpp has the analyzer's
// side): Wireshark keeps the cut packet's bytes after the hole, so its
// cipher never sees them, exactly as the analyzer passes them over: both
// resynchronise at the same packet, 1154 packets, the same links.
TEST(TsharkMcJava, AHoleInsideAnEncryptedPacketAsCheck) {
    const std::string holed = testing::TempDir() + "mcjava-1.13.2-encrypted-cut45.pcap";
    ASSERT_TRUE(cut_out_of_segment(kEnc1132 + ".pcap", holed, 45, 200, 400));
    const RunResult r = tshark("-r " + tshark_file(holed) + " -o mcjava.keylog_file:" + tshark_file(kEnc1132 + ".keylog") +
                               " -Y mcjava -T fields -e mcjava.packet_id");
    EXPECT_EQ(count_of(r.out), 1154u);
    EXPECT_EQ(count_of(tshark("-r " + tshark_file(holed) + " -o mcjava.keylog_file:" + tshark_file(kEnc1132 + ".keylog") +
                              " -Y _ws.malformed -T fields -e frame.number")
                           .out),
              0u);
    const Seen w = from_tshark(holed, kEnc1132 + ".keylog"), a = from_check(holed, kEnc1132 + ".keylog");
    EXPECT_FALSE(a.links.empty());
    EXPECT_EQ(w.links, a.links);
    EXPECT_EQ(w.findings, a.findings);
}

TEST(TsharkMcJava, CraftedProblemsAsCheck) {
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/mcjava";
    run("mkdir -p " + dir);
    const std::string path = dir + "/crafted-problems-tshark.pcap";
    ASSERT_EQ(run(std::string(MCJAVA_MAKE_CRAFTED) + " " + path).exit_code, 0);
    const Seen w = from_tshark(path), a = from_check(path);
    EXPECT_EQ(w.findings.size(), 13u);
    EXPECT_EQ(w.findings, a.findings);
    EXPECT_EQ(w.links, a.links);
    EXPECT_TRUE(w.findings.count({11, "mcjava.keepalive.unanswered"}));
    EXPECT_TRUE(w.findings.count({16, "mcjava.teleport.unconfirmed"}));
}

// Statistics > Minecraft Java (tshark -z mcjava,tree) counts what
// `blankshark stats --json` counts, per state, direction and type.
TEST(TsharkMcJava, StatsTreeAsBlanksharkStats) {
    for (const char* name : {"mcjava-1.13.2-teleport.pcap", "mcjava-1.13.2-compressed.pcap", "mcjava-1.14.4-nocompress.pcap"}) {
        SCOPED_TRACE(name);
        const std::string file = kJava + name;
        const RunResult t = tshark("-q -z mcjava,tree -r " + tshark_file(file));
        std::map<std::string, uint64_t> w;  // "state dir/type" -> packets (and "state dir" -> packets)
        std::istringstream in(t.out);
        std::string line, parent;
        static const std::regex row("^( *)(.+?)\\s{2,}(\\d+)\\s");
        uint64_t total = 0;
        while (std::getline(in, line)) {
            std::smatch m;
            if (!std::regex_search(line, m, row)) continue;
            const size_t depth = m[1].length();
            const uint64_t n = std::stoull(m[3]);
            if (depth == 0 && m[2] == "Minecraft Java packets by state, direction and type") total = n;
            if (depth == 1) parent = m[2];
            if (depth == 2) w[parent + "/" + std::string(m[2])] += n;
        }
        const RunResult s = run(kBin + " stats --json " + file);
        ASSERT_EQ(s.exit_code, 0);
        const json j = json::parse(s.out);
        std::map<std::string, uint64_t> a;
        for (const json& d : j["java"]["directions"])
            for (const json& r : d["types"])
                a[r["state"].get<std::string>() + " " + d["direction"].get<std::string>() + "/" +
                  r["type"].get<std::string>()] = r["packets"];
        EXPECT_EQ(total, j["java"]["packets"].get<uint64_t>());
        EXPECT_EQ(w, a);
        EXPECT_FALSE(w.empty());
    }
}

// Every capture of README-eras.md (1.8.9 to 26.1; count.py's figures in its
// summary table) through tshark with the plugin, both passes: every
// Minecraft packet count.py counts, nothing malformed, no error expert; as
// many keep-alives sent (play and configuration) and answered (linked), as
// many teleports and confirms (linked when the release has teleport ids), as
// many chunk columns (a chunk summary per Chunk Data: those before 1.9 that
// unload a column included) and Unload Chunk packets as count.py.
std::vector<std::vector<std::string>> eras_rows() {
    std::ifstream in(kJava + "README-eras.md");
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("| mcjava-", 0) != 0) continue;
        std::vector<std::string> c;
        for (std::string cell : split(line.substr(1), '|', true)) {
            const size_t a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
            c.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
        }
        if (!c.empty() && c.back().empty()) c.pop_back();
        rows.push_back(c);
    }
    return rows;
}

// Values of each field over the whole capture (-E occurrence=a), counted.
std::vector<size_t> occurrences(const std::string& file, const std::vector<std::string>& fields) {
    std::string args = "-2 -r " + tshark_file(file) + " -T fields -E occurrence=a -E aggregator=,";
    for (const std::string& f : fields) args += " -e " + f;
    const RunResult r = tshark(args);
    std::vector<size_t> n(fields.size());
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        const auto col = split(line, '\t', true);
        for (size_t i = 0; i < col.size() && i < n.size(); ++i)
            for (const auto& v : split(col[i], ',', true))
                n[i] += !v.empty();
    }
    return n;
}

TEST(TsharkMcJavaEras, EveryFileAsCountPy) {
    const auto rows = eras_rows();
    ASSERT_EQ(rows.size(), 17u);
    const auto pair = [](const std::string& cell) {  // "7/7"
        const auto p = split(cell, '/', true);
        return std::make_pair(size_t(std::stoull(p.at(0))), size_t(std::stoull(p.at(1))));
    };
    for (const auto& row : rows) {
        SCOPED_TRACE(row[0]);
        ASSERT_EQ(row.size(), 12u);
        const std::string file = kJava + "eras/" + row[0];
        const auto n = occurrences(file, {"mcjava.packet_id", "_ws.malformed", "mcjava.play.cb.keep_alive.keep_alive_id",
                                          "mcjava.configuration.cb.keep_alive.keep_alive_id",
                                          "mcjava.keepalive.response_in", "mcjava.play.cb.player_position_look.x",
                                          "mcjava.play.sb.teleport_confirm.teleport_id", "mcjava.teleport.response_in",
                                          "mcjava.chunk.sections", "mcjava.play.cb.unload_chunk.chunk_x"});
        EXPECT_EQ(n[0], std::stoull(row[5])) << "Minecraft packets";
        EXPECT_EQ(n[1], 0u) << "malformed";
        const auto [ka_sent, ka_answered] = pair(row[8]);
        EXPECT_EQ(n[2] + n[3], ka_sent) << "keep-alives sent";
        EXPECT_EQ(n[4], ka_answered) << "keep-alives answered";
        const auto [teleports, confirms] = pair(row[9]);
        EXPECT_EQ(n[5], teleports);
        EXPECT_EQ(n[6], confirms);
        EXPECT_EQ(n[7], confirms) << "teleports linked to their confirm";
        const auto [loaded, unloaded] = pair(row[10]);
        const bool v18 = row[1].rfind("1.8", 0) == 0;  // no Unload Chunk: a Chunk Data without sections
        EXPECT_EQ(n[8], loaded + (v18 ? unloaded : 0)) << "chunk columns";
        EXPECT_EQ(n[9], v18 ? 0 : unloaded) << "Unload Chunk";
        const RunResult errors = tshark("-2 -r " + tshark_file(file) +
                                        " -Y \"_ws.expert.severity >= 8388608\" -T fields -e frame.number");
        EXPECT_EQ(errors.out, "") << "error experts";
    }
}

// One filter name on every release where the field means the same
// (mcdata/fields.tsv): Entity Relative Move's deltas in blocks are
// mcjava.play.cb.entity_relative_move.dx on 1.12.2 and 1.21 as on 1.13.2
// and 1.14.4 (the hand tables); 1.8's 1/32-block bytes, another unit, are
// dx_int. Each file's count of the packet from its README (count.py's
// rel_entity_move, the 1.13.2 README's Entity Relative Move).
TEST(TsharkMcJavaEras, OneFilterNameOnEveryRelease) {
    std::map<std::string, size_t> moves;  // file under kJava -> packets
    for (const auto& [readme, dir] : {std::pair{"README-eras.md", "eras/"}, {"README-1.13.2.md", ""}}) {
        std::ifstream in(kJava + readme);
        std::string file;
        for (std::string line; std::getline(in, line);) {
            std::smatch m;
            if (std::regex_match(line, m, std::regex("## (mcjava-[^ ]+\\.pcap)"))) file = dir + m[1].str();
            else if (line.rfind("## ", 0) == 0 || line.rfind("### ", 0) == 0) file.clear();
            if (!file.empty() && std::regex_match(line, m, std::regex("\\| play \\| S→C \\| 0x[0-9A-F]+ \\| "
                                                                      "(rel_entity_move|Entity Relative Move) \\|.* ([0-9]+) \\|")))
                moves[file] += std::stoull(m[2]);
        }
    }
    // The files whose sessions have the packet: 1.8.9 to 1.21.4 compressed and
    // 1.20.4 uncompressed; four of 1.13.2 and 1.14.4 uncompressed
    ASSERT_EQ(moves.size(), 8u + 5u);
    for (const auto& [file, count] : moves) {
        SCOPED_TRACE(file);
        const std::string p = "mcjava.play.cb.entity_relative_move.";
        const auto n = occurrences(kJava + file, {p + "entity_id", p + "dx", p + "dz", p + "dx_int"});
        const bool v18 = file.find("1.8.9") != std::string::npos;
        EXPECT_GT(count, 0u);
        EXPECT_EQ(n[0], count);
        EXPECT_EQ(n[1], v18 ? 0 : count);
        EXPECT_EQ(n[2], v18 ? 0 : count);
        EXPECT_EQ(n[3], v18 ? count : 0);
    }
}

// The scoreboard of 1.21.5 to 1.21.11 in tshark, field by field as count.py
// parsed it (README-eras.md's "Scoreboard packets" lists, which
// java_captures_test holds to what eras-server.js sent): each field under
// its filter name with count.py's value, an absent option as its has_ flag
// 0, the NBT components' and styles' tag names, strings and bytes in order.
TEST(TsharkMcJavaEras, ScoreboardFieldByFieldAsCountPy) {
    std::map<std::string, std::vector<std::tuple<uint64_t, std::string, nlohmann::ordered_json>>> lists;
    std::ifstream in(kJava + "README-eras.md");
    std::string file;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, std::regex("### (mcjava-[^ ]+\\.pcap): packets for the tests"))) file = m[1];
        if (line.rfind("## ", 0) == 0) file.clear();
        if (file.empty() || !std::regex_match(line, m, std::regex("\\| ([0-9]+) \\| (scoreboard_[a-z_]+) \\| `(.*)` \\|")))
            continue;
        lists[file].emplace_back(std::stoull(m[1]), m[2], nlohmann::ordered_json::parse(std::string(m[3])));
    }
    ASSERT_EQ(lists.size(), 5u);
    const std::map<std::string, std::string> prefix = {
        {"scoreboard_objective", "mcjava.play.cb.scoreboard_objective."},
        {"scoreboard_display_objective", "mcjava.play.cb.display_scoreboard."},
        {"scoreboard_score", "mcjava.play.cb.update_score."}};
    const auto snake = [](const std::string& camel) {
        std::string out;
        for (char ch : camel) out += std::isupper(static_cast<unsigned char>(ch)) ? std::string("_") + char(std::tolower(ch)) : std::string(1, ch);
        return out;
    };
    const auto text = [](const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
    for (const auto& [name, list] : lists) {
        SCOPED_TRACE(name);
        const RunResult r = tshark("-r " + tshark_file(kJava + "eras/" + name) +
                                   " -T json --no-duplicate-keys -Y \"mcjava.play.cb.scoreboard_objective.objective_name || "
                                   "mcjava.play.cb.display_scoreboard.score_name || mcjava.play.cb.update_score.entity_name\"");
        std::map<uint64_t, std::map<std::string, std::vector<std::string>>> frames;
        std::function<void(const json&, std::map<std::string, std::vector<std::string>>&)> flatten =
            [&](const json& obj, std::map<std::string, std::vector<std::string>>& out) {
                for (const auto& [k, v] : obj.items()) {
                    if (v.is_object()) flatten(v, out);
                    else if (v.is_array())
                        for (const auto& e : v) {
                            if (e.is_object()) flatten(e, out);
                            else if (k.rfind("mcjava.", 0) == 0) out[k].push_back(text(e));
                        }
                    else if (k.rfind("mcjava.", 0) == 0) out[k].push_back(text(v));
                }
            };
        for (const json& j : json::parse(r.out)) {
            const json& layers = j.at("_source").at("layers");
            flatten(layers.at("mcjava"), frames[std::stoull(layers.at("frame").at("frame.number").get<std::string>())]);
        }
        ASSERT_EQ(frames.size(), list.size());
        for (const auto& [frame, packet, fields] : list) {
            SCOPED_TRACE("frame " + std::to_string(frame));
            ASSERT_TRUE(frames.count(frame));
            auto& got = frames.at(frame);
            std::vector<std::string> names, strings, numbers;
            for (const auto& [field, value] : fields.items()) {
                // count.py names a field as minecraft-data does; fields.tsv gives blankshark's name
                const std::string& p = prefix.at(packet);
                const std::string cb = "mcjava.play.cb.", key_of_packet = p.substr(cb.size(), p.size() - cb.size() - 1);
                const char* ours = mcjava::mcdata::stable_field_key("play.cb", key_of_packet.c_str(), snake(field));
                const std::string name = ours ? ours : snake(field);
                const std::string key = p + name, has = p + "has_" + name;
                if (got.count(has)) {
                    ASSERT_EQ(got.at(has).size(), 1u) << has;
                    EXPECT_EQ(got.at(has)[0] == "1" || got.at(has)[0] == "True" || got.at(has)[0] == "true", !value.is_null()) << has;
                }
                if (value.is_null()) {
                    EXPECT_FALSE(got.count(key)) << key;
                    continue;
                }
                if (value.is_object()) {
                    for (const auto& [tag, v] : value.items()) {
                        names.push_back(tag);
                        (v.is_string() ? strings : numbers).push_back(text(v));
                    }
                    continue;
                }
                ASSERT_TRUE(got.count(key)) << key;
                EXPECT_EQ(got.at(key), std::vector<std::string>{text(value)}) << key;
            }
            EXPECT_EQ(got["mcjava.nbt.name"], names);
            EXPECT_EQ(got["mcjava.nbt.string"], strings);
            EXPECT_EQ(got["mcjava.nbt.byte"], numbers);  // the style's bold: a byte
        }
    }
}

// Numbers as a person reads them: a one-byte VarInt id in two hex digits
// (seed 003: Keep Alive clientbound is 0x21 in 1.13.2), a generated time
// without floating-point noise (the Keep Alive answer of frame 308, 0.905 ms
// after its request in frame 306: their pcap timestamps .167775 and .168680).
TEST(TsharkMcJavaLabels, IdsAndTimesAsAPersonReadsThem) {
    const std::string out = tshark("-2 -O mcjava -r " + tshark_file(kJava + "mcjava-1.13.2-teleport.pcap") +
                                   " -Y \"frame.number==306 || frame.number==308\"").out;
    EXPECT_NE(out.find("\n    Packet ID: 0x21\n"), std::string::npos) << out;
    EXPECT_NE(out.find("\n    [Answer time: 0.000905 s]\n"), std::string::npos) << out;  // frames 306 -> 308
    EXPECT_EQ(out.find("0x00000021"), std::string::npos) << out;
    const std::regex noisy("[0-9]\\.[0-9]{9,}");
    EXPECT_FALSE(std::regex_search(out, noisy)) << out;
}

}  // namespace
}  // namespace blank::test
