// Minecraft Alpha in Wireshark (issue 20): tshark with the plugin on the
// crafted captures of captures/mc_alpha/, against the figures of their
// README (counted and checked by hand there), and against blankshark on
// the same files: messages per direction and id, every finding by code.
#include <gtest/gtest.h>

#include <tuple>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>

#include "../support/split.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "../support/port_rewrite.hpp"
#include "../support/segment_join.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kClient = "192.0.2.2", kServer = "192.0.2.1";

std::string file(const std::string& name) { return tshark_file(kCaps + "/mc_alpha/" + name); }

// (source address, message id) -> messages, from tshark.
std::map<std::pair<std::string, int>, int> tshark_ids(const std::string& name, const std::string& prefs = "") {
    const RunResult r =
        tshark("-r " + file(name) + prefs + " -Y mcalpha -T fields -E occurrence=a -E aggregator=, -e ip.src -e mcalpha.packet_id");
    std::map<std::pair<std::string, int>, int> m;
    for (const std::string& line : split(r.out, '\n')) {
        const auto cols = split(line, '\t');
        if (cols.size() < 2) continue;
        for (const std::string& id : split(cols[1], ','))
            if (!id.empty()) ++m[{cols[0], std::stoi(id, nullptr, 0)}];
    }
    return m;
}

int total(const std::map<std::pair<std::string, int>, int>& m, const std::string& src) {
    int n = 0;
    for (const auto& [k, v] : m) n += k.first == src ? v : 0;
    return n;
}

// Every mcalpha expert info, by code, from tshark (its expert fields,
// one column per code of the core's table).
std::map<std::string, int> tshark_findings(const std::string& name, const std::string& prefs = "") {
    const core::FindingTable& t = mcalpha::finding_table();
    std::string args = "-r " + file(name) + prefs + " -Y mcalpha -T fields -E occurrence=a -E aggregator=,";
    for (size_t i = 0; i < t.count; ++i) args += std::string(" -e ") + t.infos[i].name;
    const RunResult r = tshark(args);
    std::map<std::string, int> m;
    for (const std::string& line : split(r.out, '\n')) {
        const auto cols = split(line, '\t');
        for (size_t i = 0; i < cols.size() && i < t.count; ++i)
            if (!cols[i].empty()) m[t.infos[i].name] += int(split(cols[i], ',').size());
    }
    return m;
}

// The same from blankshark decode --json: messages by (direction, id) and
// findings by code (message findings only: connection events are the
// analyzer's, Wireshark sees no FIN).
struct Decoded {
    std::map<std::pair<std::string, int>, int> ids;
    std::map<std::string, int> findings;
};
Decoded analyzer(const std::string& name) {
    const RunResult r = run(kBin + " decode --json " + kCaps + "/mc_alpha/" + name);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Decoded d;
    for (const std::string& line : split(r.out, '\n')) {
        if (line.empty()) continue;
        const json j = json::parse(line);
        if (!j.contains("type_name")) continue;  // an event
        const std::string src = j["direction"] == "client_to_server" ? kClient : kServer;
        if (j.contains("mcalpha.packet_id")) ++d.ids[{src, j["mcalpha.packet_id"].get<int>()}];
        for (const json& f : j["findings"]) ++d.findings[f["code"].get<std::string>()];
    }
    return d;
}

TEST(TsharkMcAlpha, SessionMessagesPerDirectionAndId) {
    const auto m = tshark_ids("mc_alpha-session.pcap");
    // captures/mc_alpha/README.md, "Messages per direction".
    EXPECT_EQ(total(m, kClient), 248);
    EXPECT_EQ(total(m, kServer), 247);
    const std::map<int, int> client = {{0x00, 11}, {0x01, 1}, {0x02, 1},   {0x03, 1}, {0x05, 1}, {0x07, 1},
                                       {0x09, 1},  {0x0A, 103}, {0x0B, 93}, {0x0C, 17}, {0x0D, 9}, {0x0E, 4},
                                       {0x0F, 1},  {0x10, 1}, {0x12, 1},   {0x15, 1}, {0x3B, 1}};
    const std::map<int, int> server = {{0x00, 12}, {0x01, 1},  {0x02, 1},  {0x03, 2},  {0x04, 13}, {0x05, 3},
                                       {0x06, 1},  {0x08, 3},  {0x09, 1},  {0x0D, 4},  {0x10, 1},  {0x11, 1},
                                       {0x12, 1},  {0x14, 1},  {0x15, 1},  {0x16, 1},  {0x17, 1},  {0x18, 2},
                                       {0x1C, 2},  {0x1D, 3},  {0x1E, 1},  {0x1F, 52}, {0x20, 31}, {0x21, 32},
                                       {0x22, 1},  {0x26, 2},  {0x27, 2},  {0x32, 35}, {0x33, 30}, {0x34, 1},
                                       {0x35, 2},  {0x3B, 1},  {0x3C, 1},  {0xFF, 1}};
    for (const auto& [id, n] : client) EXPECT_EQ((m.count({kClient, id}) ? m.at({kClient, id}) : 0), n) << "C>S " << id;
    for (const auto& [id, n] : server) EXPECT_EQ((m.count({kServer, id}) ? m.at({kServer, id}) : 0), n) << "S>C " << id;
}

TEST(TsharkMcAlpha, SessionFindingsExactlyTheReadmes) {
    const std::map<std::string, int> want = {{"mcalpha.login.version", 1},
                                             {"mcalpha.move.placement", 2},
                                             {"mcalpha.move.correction_far", 1},
                                             {"mcalpha.move.correction", 1},
                                             {"mcalpha.end.kick", 1}};
    EXPECT_EQ(tshark_findings("mc_alpha-session.pcap"), want);
    // Retransmitted bytes are not decoded twice: the same findings, the same messages.
    EXPECT_EQ(tshark_findings("mc_alpha-session-retransmission.pcap"), want);
    EXPECT_EQ(tshark_ids("mc_alpha-session-retransmission.pcap"), tshark_ids("mc_alpha-session.pcap"));
}

TEST(TsharkMcAlpha, AnomaliesFindingsExactlyTheReadmes) {
    const std::map<std::string, int> want = {
        {"mcalpha.state.unexpected", 2},      {"mcalpha.login.version", 1},
        {"mcalpha.login.version_not_6", 1},   {"mcalpha.inventory.count", 1},
        {"mcalpha.move.placement", 1},        {"mcalpha.chunk.load_twice", 1},
        {"mcalpha.chunk.not_announced", 2},   {"mcalpha.chunk.region_outside", 2},
        {"mcalpha.chunk.size_mismatch", 1},   {"mcalpha.chunk.inflate_failed", 1},
        {"mcalpha.chunk.region_too_large", 1}, {"mcalpha.chunk.unload_unknown", 1},
        {"mcalpha.chunk.unload_twice", 1},    {"mcalpha.entity.unknown", 1},
        {"mcalpha.entity.destroyed_twice", 1}, {"mcalpha.entity.spawned_twice", 1},
        {"mcalpha.complex.not_gzip", 1},  // mob type 50 is a creeper: no mcalpha.unknown_value
        {"mcalpha.malformed.unknown_id", 1},  {"mcalpha.malformed.count", 1},
        {"mcalpha.stream.resync", 2},         {"mcalpha.move.correction_far", 1},
        {"mcalpha.string.too_long", 1},       {"mcalpha.keepalive.client_silent", 1},
        {"mcalpha.move.illegal_stance", 1},   {"mcalpha.end.kick", 1},
        {"mcalpha.end.after_end", 1},         {"mcalpha.end.disconnect", 1}};
    EXPECT_EQ(tshark_findings("mc_alpha-anomalies.pcap"), want);
}

// Hand-checked values of the README's table "Values checked by hand".
TEST(TsharkMcAlpha, HandCheckedValues) {
    const RunResult r = tshark("-r " + file("mc_alpha-session.pcap") +
                               " -Y \"frame.number == 8 || frame.number == 20 || frame.number == 358 || frame.number == 805"
                               " || frame.number == 1304\" -T fields -E occurrence=a -E aggregator=,"
                               " -e frame.number -e mcalpha.sb.handshake.username -e mcalpha.cb.spawn_position.x"
                               " -e mcalpha.cb.spawn_position.y -e mcalpha.cb.spawn_position.z"
                               " -e mcalpha.cb.entity_velocity.vx -e mcalpha.cb.kick.reason"
                               " -e mcalpha.cb.multi_block_change.array_size -e mcalpha.cb.multi_block_change.coordinate.x"
                               " -e mcalpha.cb.multi_block_change.coordinate.y -e mcalpha.cb.multi_block_change.coordinate.z"
                               " -e mcalpha.cb.multi_block_change.type");
    std::map<std::string, std::vector<std::string>> rows;
    for (const std::string& line : split(r.out, '\n')) {
        const auto cols = split(line, '\t');
        if (!cols.empty()) rows[cols[0]] = cols;
    }
    ASSERT_EQ(rows.size(), 5u) << r.out;
    EXPECT_EQ(rows["8"][1], "alice");
    EXPECT_EQ(rows["20"][2], "117");
    EXPECT_EQ(rows["20"][3], "70");
    EXPECT_EQ(rows["20"][4], "-46");
    EXPECT_EQ(rows["358"][5], "-0.04196875");  // -1343 / 32000 blocks per tick
    EXPECT_EQ(rows["1304"][6], "The server is full!");
    // The seed's Multi Block Change example, read as (x, y, z).
    EXPECT_EQ(rows["805"][7], "4");
    EXPECT_EQ(rows["805"][8], "8,7,13,7");
    EXPECT_EQ(rows["805"][9], "7,13,1,6");
    EXPECT_EQ(rows["805"][10], "4,6,8,6");
    EXPECT_EQ(rows["805"][11], "11,11,11,11");
}

// The first Map Chunk: column (5, -5), 16 x 128 x 16, inflating to 81,920
// bytes, shown as the "Inflated Map Chunk" data source.
TEST(TsharkMcAlpha, MapChunkInflatedAndSummarised) {
    const RunResult r = tshark("-r " + file("mc_alpha-session.pcap") +
                               " -Y mcalpha.chunk -T fields -E occurrence=f -e frame.number -e mcalpha.chunk.column_x"
                               " -e mcalpha.chunk.column_z -e mcalpha.chunk.inflated -e mcalpha.chunk.expected"
                               " -e mcalpha.chunk.sky_light_max -e mcalpha.chunk.pre_chunk");
    const auto lines = split(r.out, '\n');
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0], "22\t5\t-5\t81920\t81920\t15\t22");
    // Every Map Chunk of the session inflates to what its sizes imply.
    const RunResult all = tshark("-r " + file("mc_alpha-session.pcap") +
                                 " -Y mcalpha.chunk -T fields -E occurrence=a -E aggregator=, -e mcalpha.chunk.inflated");
    int chunks = 0;
    for (const std::string& line : split(all.out, '\n'))
        for (const std::string& v : split(line, ',')) {
            if (v.empty()) continue;
            EXPECT_EQ(v, "81920");
            ++chunks;
        }
    EXPECT_EQ(chunks, 30);
    const RunResult x = tshark("-r " + file("mc_alpha-session.pcap") + " -Y \"frame.number == 22\" -x");
    EXPECT_NE(x.out.find("Inflated Map Chunk (81920 bytes)"), std::string::npos) << x.out.substr(0, 400);
}

// Port 25565 is shared: a Java capture still goes to mcjava, never to mcalpha.
TEST(TsharkMcAlpha, JavaOnThePortStaysJava) {
    const RunResult r = tshark("-r " + tshark_file(kCaps + "/minecraft-java/" + "mcjava-1.14.4-compressed.pcap") +
                               " -Y \"mcalpha || mcjava\" -T fields -e frame.protocols");
    EXPECT_EQ(r.out.find("mcalpha"), std::string::npos);
    EXPECT_NE(r.out.find("mcjava"), std::string::npos);
}

// Off its port without Decode As: the heuristic mcalpha_tcp takes a
// connection whose client's first segment is a whole Handshake with a player
// name (issue 53). The bundled session's client sends its Handshake in four
// segments (frames 4, 5, 7, 8: 1, 2, 3 and 2 bytes); joined into frame 4,
// as a client's TCP sending it at once would, and moved to 25570, every
// message of the README is Alpha's (248 from the client, 247 from the
// server), the first the client's Handshake in frame 4, nothing malformed,
// no mcjava. Sent in pieces, no segment is a whole Handshake: nothing is
// taken (Decode As, above), and never with its sides swapped. Catches a
// heuristic missing or taking the server's answer for the client's.
TEST(TsharkMcAlpha, OnAnotherPortByItsWholeHandshake) {
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/mcalpha-port";
    std::filesystem::create_directories(dir);
    const std::string moved = dir + "/mc_alpha-session-25570.pcap";
    ASSERT_EQ(rewrite_port(kCaps + "/mc_alpha/mc_alpha-session.pcap", moved, 25565, 25570), 1309);
    const std::string joined = dir + "/mc_alpha-session-25570-joined.pcap";
    ASSERT_EQ(join_segments(moved, joined, 4, {5, 7, 8}), 1306);
    const std::string fields = " -Y \"mcalpha || mcjava || _ws.malformed\" -T fields -E occurrence=a -E aggregator=, "
                               "-e frame.number -e ip.src -e mcalpha.packet_id -e mcjava.packet_id -e _ws.malformed";
    std::map<std::string, int> messages;
    int java = 0, malformed = 0;
    std::string first_frame, first_id, first_src;
    for (const std::string& line : split(tshark("-r " + tshark_file(joined) + fields).out, '\n')) {
        const auto cols = split(line, '\t');
        if (cols.size() < 3) continue;
        if (first_frame.empty() && !cols[2].empty()) {
            first_frame = cols[0];
            first_src = cols[1];
            first_id = split(cols[2], ',')[0];
        }
        for (const std::string& id : split(cols[2], ','))
            if (!id.empty()) ++messages[cols[1]];
        java += cols.size() > 3 && !cols[3].empty();
        malformed += cols.size() > 4 && !cols[4].empty();
    }
    EXPECT_EQ(messages[kClient], 248);
    EXPECT_EQ(messages[kServer], 247);
    EXPECT_EQ(java, 0);
    EXPECT_EQ(malformed, 0);
    EXPECT_EQ(first_frame, "4");
    EXPECT_EQ(first_src, kClient);
    EXPECT_EQ(first_id, "0x02");  // Handshake

    const RunResult pieces = tshark("-r " + tshark_file(moved) + " -Y \"mcalpha || mcjava\" -T fields -e frame.number");
    EXPECT_EQ(pieces.exit_code, 0) << pieces.err;
    EXPECT_EQ(pieces.out, "");
}

// An Alpha session on another port, given to the Minecraft dissector by
// Decode As or by its port preference: the client is the side on that port's
// far end (the port the table matched, not 25565), so its first byte 0x02
// picks mcalpha; every message of the README, nothing malformed, no mcjava.
TEST(TsharkMcAlpha, OnAnotherPortByDecodeAsOrPreference) {
    const std::string dir = std::string(TEST_ARTIFACTS_DIR) + "/mcalpha-port";
    std::filesystem::create_directories(dir);
    const std::string moved = dir + "/mc_alpha-session-25570.pcap";
    ASSERT_EQ(rewrite_port(kCaps + "/mc_alpha/mc_alpha-session.pcap", moved, 25565, 25570), 1309);
    const std::string f = tshark_file(moved);
    for (const std::string& how : {std::string(" -d tcp.port==25570,minecraft"), std::string(" -o minecraft.tcp.port:25570")}) {
        const RunResult r = tshark("-r " + f + how +
                                   " -Y \"mcalpha || mcjava || _ws.malformed\" -T fields -E occurrence=a -E aggregator=, "
                                   "-e ip.src -e mcalpha.packet_id -e mcjava.packet_id -e _ws.malformed");
        std::map<std::string, int> messages;
        int java = 0, malformed = 0;
        for (const std::string& line : split(r.out, '\n')) {
            const auto cols = split(line, '\t');
            if (cols.size() < 2) continue;
            for (const std::string& id : split(cols[1], ','))
                if (!id.empty()) ++messages[cols[0]];
            java += cols.size() > 2 && !cols[2].empty();
            malformed += cols.size() > 3 && !cols[3].empty();
        }
        EXPECT_EQ(messages[kClient], 248) << how;
        EXPECT_EQ(messages[kServer], 247) << how;
        EXPECT_EQ(java, 0) << how;
        EXPECT_EQ(malformed, 0) << how;
    }
}

// Damaged sessions (1-20 random TCP payload bytes changed): neither front
// end fails; before the first damaged frame both show exactly the messages
// of the intact session (the same ids, in the same frames); after it
// tshark never decodes more messages than blankshark in a direction (it
// cannot stop waiting for a long candidate at the end of the capture as the
// analyzer does: plugin/mc_alpha/dissector.cpp, Limitations).
using Shown = std::vector<std::tuple<uint64_t, int, std::string>>;  // frame, direction (0 C>S), id

Shown ours_of(const std::string& path, uint64_t before) {
    const RunResult j = run(kBin + " decode --json " + path);
    Shown out;
    for (const std::string& line : split(j.out, '\n')) {
        if (line.empty()) continue;
        const json o = json::parse(line);
        if (!o.contains("mcalpha.packet_id") || o["frame"].get<uint64_t>() >= before) continue;
        char id[8];
        std::snprintf(id, sizeof id, "0x%02x", o["mcalpha.packet_id"].get<int>());
        out.emplace_back(o["frame"].get<uint64_t>(), o["direction"] == "client_to_server" ? 0 : 1, id);
    }
    return out;
}

TEST(TsharkMcAlpha, DamagedSessionsNeverCrash) {
    std::ifstream in(kCaps + "/mc_alpha/mc_alpha-session.pcap", std::ios::binary);
    const std::vector<char> orig((std::istreambuf_iterator<char>(in)), {});
    struct Record {
        size_t at, len;  // payload start, length (after Ethernet, IPv4, TCP: 54 bytes)
        uint64_t frame;
    };
    std::vector<Record> records;
    uint64_t frame = 0;
    for (size_t off = 24; off + 16 <= orig.size();) {
        uint32_t incl;
        std::memcpy(&incl, &orig[off + 8], 4);
        ++frame;
        if (incl > 54) records.push_back({off + 16 + 54, incl - 54, frame});
        off += 16 + incl;
    }
    // captures/mc_alpha/README.md: 766 data segments (408 C>S + 358 S>C) in 1309 frames.
    ASSERT_EQ(records.size(), 766u);
    ASSERT_EQ(frame, 1309u);
    for (unsigned seed = 0; seed < 8; ++seed) {
        std::mt19937 rnd(seed);
        std::vector<char> b = orig;
        const int n = 1 + int(rnd() % 20);
        uint64_t first = frame + 1;  // the first frame a changed byte is in
        for (int k = 0; k < n; ++k) {
            const Record& r = records[rnd() % records.size()];
            const size_t at = r.at + rnd() % r.len;
            const char was = b[at];
            b[at] = char(rnd() & 0xFF);
            if (b[at] != was) first = std::min(first, r.frame);
        }
        const std::string path = TsharkStage::get().dir() + "/damaged-" + std::to_string(seed) + ".pcap";
        std::ofstream(path, std::ios::binary).write(b.data(), std::streamsize(b.size()));
        std::filesystem::permissions(path, std::filesystem::perms(0644));
        const RunResult v = tshark("-r " + path + " -V");  // every tree built, exit 0
        EXPECT_FALSE(v.out.empty());
        const RunResult c = run(kBin + " check " + path);
        EXPECT_TRUE(c.exit_code == 0 || c.exit_code == 1) << seed << ": " << c.exit_code << c.err;
        const RunResult t = tshark("-r " + path + " -Y mcalpha -T fields -E occurrence=a -E aggregator=, -e frame.number"
                                   " -e ip.src -e mcalpha.packet_id");
        int shark[2] = {0, 0}, ours[2] = {0, 0};
        Shown shark_before;
        for (const std::string& line : split(t.out, '\n')) {
            const auto cols = split(line, '\t');
            if (cols.size() < 3) continue;
            const uint64_t f = std::stoull(cols[0]);
            const int d = cols[1] == kClient ? 0 : 1;
            for (const std::string& id : split(cols[2], ','))
                if (!id.empty()) {
                    ++shark[d];
                    if (f < first) shark_before.emplace_back(f, d, id);
                }
        }
        const Shown intact = ours_of(kCaps + "/mc_alpha/mc_alpha-session.pcap", first);
        const Shown damaged = ours_of(path, first);
        EXPECT_EQ(damaged, intact) << "seed " << seed << ": before frame " << first;
        EXPECT_EQ(shark_before, intact) << "seed " << seed << ": before frame " << first;
        for (const auto& [f, d, id] : ours_of(path, frame + 1)) ++ours[d];
        EXPECT_LE(shark[0], ours[0]) << "seed " << seed;
        EXPECT_LE(shark[1], ours[1]) << "seed " << seed;
        std::printf("damaged session %u (%d bytes changed, the first in frame %llu): %zu messages before it as "
                    "intact; after it tshark %d/%d, blankshark %d/%d messages C>S/S>C\n",
                    seed, n, (unsigned long long)first, intact.size(), shark[0], shark[1], ours[0], ours[1]);
    }
}

// tshark and the analyzer agree, per file: messages by direction and id,
// findings carried by messages by code.
class TsharkMcAlphaAgree : public ::testing::TestWithParam<const char*> {};

TEST_P(TsharkMcAlphaAgree, SameMessagesAndFindings) {
    const std::string name = GetParam();
    const Decoded d = analyzer(name);
    EXPECT_EQ(tshark_ids(name), d.ids);
    const auto want = d.findings;
    // The plugin's stream layer notices the gap by TCP sequence numbers and,
    // as the analyzer, reports the Map Chunk it cut and resumes at its end.
    if (name == "mc_alpha-session-gap.pcap") {
        EXPECT_EQ(want.at("mcalpha.stream.gap"), 1);
        EXPECT_EQ(want.at("mcalpha.stream.cut"), 1);
        EXPECT_EQ(want.count("mcalpha.stream.resync"), 0u);
    }
    EXPECT_EQ(tshark_findings(name), want);
    // With out-of-order reassembly on (nothing is out of order in these
    // files): the same, except where a hole is never filled, after which
    // Wireshark's TCP hands nothing more over.
    const std::string ooo = " -o tcp.reassemble_out_of_order:TRUE";
    if (name != "mc_alpha-session-gap.pcap") {
        EXPECT_EQ(tshark_ids(name, ooo), d.ids);
        EXPECT_EQ(tshark_findings(name, ooo), want);
    } else {
        EXPECT_EQ(tshark_findings(name, ooo).count("mcalpha.stream.gap"), 0u);
        EXPECT_LT(total(tshark_ids(name, ooo), kServer) + total(tshark_ids(name, ooo), kClient),
                  total(d.ids, kServer) + total(d.ids, kClient));
    }
}

INSTANTIATE_TEST_SUITE_P(Captures, TsharkMcAlphaAgree,
                         ::testing::Values("mc_alpha-session.pcap", "mc_alpha-session-gap.pcap",
                                           "mc_alpha-session-retransmission.pcap", "mc_alpha-anomalies.pcap"),
                         [](const auto& info) {
                             std::string s = info.param;
                             for (char& c : s)
                                 if (c == '-' || c == '.') c = '_';
                             return s;
                         });

}  // namespace
}  // namespace blank::test
