// blankshark on the bundled Minecraft Java captures, end to end:
//  - every real capture (captures/minecraft-java/*.pcap and eras/*.pcap,
//    1.8.9 to 26.1): `decode --json` counts per connection and (state,
//    direction, packet id) equal to the independent counts of the captures'
//    READMEs (README.md, README-1.13.2.md, README-encrypted.md and
//    README-eras.md, "Packet counts ... per connection", connections matched
//    by the client's port), every packet shows the protocol version the
//    README names, and no packet has a finding above a comment;
//  - the crafted ones (captures/minecraft-java/crafted/README.md): a Length
//    VarInt split over two segments, a compressed packet over ten segments,
//    a retransmission with other bytes, a segment never captured, an
//    encrypted session, the legacy ping — values worked out by hand from
//    how tests/tools/mcjava_make_captures.cpp builds them.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../support/run.hpp"
#include "protocols/mc_java/mcdata/field_names.hpp"

namespace blank::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";

// (state as mcjava.state numbers it, client_to_server, packet id)
using Key = std::tuple<int, bool, int>;
using Counts = std::map<Key, uint64_t>;

int state_number(const std::string& s) {
    if (s == "handshake" || s == "handshaking") return 0;
    if (s == "status") return 1;
    if (s == "login") return 2;
    if (s == "play") return 3;
    if (s == "configuration") return 4;
    return -1;
}

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    std::string c;
    std::getline(ss, c, '|');  // before the first bar
    while (std::getline(ss, c, '|')) {
        const size_t a = c.find_first_not_of(" `"), b = c.find_last_not_of(" `");
        out.push_back(a == std::string::npos ? "" : c.substr(a, b - a + 1));
    }
    if (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

// The section of an encrypted file read without its key log.
const std::string kNoKey = " without the key log";

// A README's figures for one file: client port per connection number, and
// counts per connection number.
struct FileFigures {
    std::map<int, int> client_port;  // # -> port
    std::map<int, Counts> counts;    // # -> counts
    uint64_t packets = 0;            // "decoder totals: N Minecraft packets"
    uint64_t bytes = 0;              // "..., N bytes of framed packets"
    std::map<bool, std::pair<uint64_t, uint64_t>> framing;  // client_to_server -> packets, bytes (Framing table, summed)
    int protocol = 0;                // "game version: 1.13.2 (404)", "... (protocol 47)"
    std::string dir;                 // where the file is, under minecraft-java/
};

void read_readme(const std::string& path, std::map<std::string, FileFigures>& out) {
    std::ifstream in(path);
    std::string line, file;
    enum { None, Conns, Framing, PacketCounts } table = None;
    std::vector<int> conn_columns;  // column -> # (packet counts table)
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_match(line, m, std::regex("## (mcjava-[^ ]+\\.pcap)( without the key log)?"))) {
            // An encrypted file has two sections: decrypted with its key log,
            // and read without it (kNoKey after its name).
            file = std::string(m[1]) + (m[2].matched ? kNoKey : "");
            if (m[2].matched) out[file].protocol = out[m[1]].protocol;  // the keyed section's
            table = None;
            continue;
        }
        if (line.rfind("## ", 0) == 0) {  // a section of no file
            file.clear();
            continue;
        }
        if (file.empty()) continue;
        FileFigures& f = out[file];
        if (std::regex_search(line, m, std::regex("decoder totals: ([0-9]+) Minecraft packets, ([0-9]+) bytes"))) {
            f.packets = std::stoull(m[1]);
            f.bytes = std::stoull(m[2]);
        }
        if (line.rfind("- game version:", 0) == 0 &&
            std::regex_search(line, m, std::regex("\\((?:protocol )?([0-9]+)\\), (offline mode|encrypted)")))
            f.protocol = std::stoi(m[1]);
        if (line.rfind("| # | client |", 0) == 0) {
            table = Conns;
            continue;
        }
        if (line.rfind("| # | dir | packets | bytes |", 0) == 0) {
            table = Framing;
            continue;
        }
        if (line.rfind("| state | dir | id |", 0) == 0) {
            table = PacketCounts;
            conn_columns.clear();
            const std::vector<std::string> head = cells(line);
            for (size_t i = 0; i < head.size(); ++i)
                conn_columns.push_back(head[i].size() > 1 && head[i][0] == '#' ? std::stoi(head[i].substr(1)) : 0);
            continue;
        }
        if (line.rfind("|---", 0) == 0) continue;
        if (line.empty() || line[0] != '|') {
            table = None;
            continue;
        }
        const std::vector<std::string> c = cells(line);
        if (table == Conns && c.size() > 2) {
            const size_t colon = c[1].rfind(':');
            f.client_port[std::stoi(c[0])] = std::stoi(c[1].substr(colon + 1));
        } else if (table == Framing && c.size() > 3) {
            auto& [packets, bytes] = f.framing[c[1] == "C→S"];
            packets += std::stoull(c[2]);
            bytes += std::stoull(c[3]);
        } else if (table == PacketCounts && c.size() == conn_columns.size()) {
            const Key k{state_number(c[0]), c[1] == "C→S", std::stoi(c[2], nullptr, 16)};
            for (size_t i = 4; i < c.size(); ++i)
                if (conn_columns[i] && std::stoull(c[i])) f.counts[conn_columns[i]][k] = std::stoull(c[i]);
        }
    }
}

std::map<std::string, FileFigures> readme_figures() {
    std::map<std::string, FileFigures> all;
    for (const char* r : {"README.md", "README-1.13.2.md", "README-encrypted.md", "README-eras.md"})
        read_readme(kDir + r, all);
    // Keep the files bundled here whose sections hold the tables.
    std::map<std::string, FileFigures> bundled;
    for (auto& [name, f] : all)
        for (const char* dir : {"", "eras/"})
            if (fs::exists(kDir + dir + name.substr(0, name.find(' '))) && !f.counts.empty()) {
                f.dir = dir;
                bundled[name] = f;
            }
    return bundled;
}

int port_of(const std::string& endpoint) { return std::stoi(endpoint.substr(endpoint.rfind(':') + 1)); }

// README-eras.md's summary table (count.py's figures): one row per file of
// eras/, its cells as written (file, version (protocol), server, bytes, TCP
// conns, MC packets, zlib-compressed, configuration-state packets,
// keep-alives sent/answered, teleports/confirms, chunk columns
// loaded/unloaded, no error).
std::vector<std::vector<std::string>> eras_rows() {
    std::ifstream in(kDir + "README-eras.md");
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("| mcjava-", 0) == 0) rows.push_back(cells(line));
    return rows;
}

std::pair<uint64_t, uint64_t> pair_of(const std::string& cell) {  // "7/7"
    const size_t slash = cell.find('/');
    return {std::stoull(cell.substr(0, slash)), std::stoull(cell.substr(slash + 1))};
}

// The files eras-server.js served (its scripted second teleport, 16 blocks
// away, unasked, is one warning of its own in each).
bool eras_server(const std::string& file) {
    for (const auto& c : eras_rows())
        if (c[0] == file) return c[2] == "eras-server.js";
    return false;
}

TEST(MinecraftJavaDecode, CountsPerConnectionAsTheReadmes) {
    const std::map<std::string, FileFigures> figures = readme_figures();
    // The 12 .pcap files of captures/minecraft-java/: each has a "Packet counts
    // ... per connection" table in README.md (3), README-1.13.2.md (7) or
    // README-encrypted.md (2, each also read without its key log); and the
    // 17 of eras/ in README-eras.md.
    ASSERT_EQ(figures.size(), 31u) << "README tables of the bundled captures not found";
    for (const auto& [section, want] : figures) {
        SCOPED_TRACE(section);
        const std::string name = section.substr(0, section.find(' '));
        // An encrypted file: with its key log (X.keylog beside X.pcap), or
        // without it (each encrypted connection one note, the rest opaque).
        const bool encrypted = name.find("-encrypted") != std::string::npos;
        const bool keyed = encrypted && section == name;
        const std::string keylog = kDir + name.substr(0, name.size() - 5) + ".keylog";
        const RunResult r =
            run(kBin + " decode --json " + (keyed ? "--keylog " + keylog + " " : "") + kDir + want.dir + name);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        std::map<int, int> port_of_conv;  // conversation -> client port
        std::map<int, Counts> got;        // client port -> counts
        uint64_t packets = 0, above_comment = 0, encrypted_data = 0, encryption_notes = 0, far = 0;
        std::map<uint64_t, std::vector<json>> by_conv;
        // Every packet, the Handshake that names it included, shows the
        // connection's protocol version (the README's "game version").
        const int version = want.protocol;
        ASSERT_GT(version, 0) << "no game version line";
        for (const json& j : json_lines(r.out)) {
            ASSERT_EQ(j.at("protocol"), "mcjava") << j.dump();
            EXPECT_EQ(j.at("mcjava.version"), version) << j.dump();
            const bool c2s = j.at("direction") == "client_to_server";
            const int port = port_of(j.at(c2s ? "src" : "dst").get<std::string>());
            for (const json& f : j.at("findings")) {
                // The one note of an encrypted connection: decrypted, or not.
                if (encrypted && f.at("code") == (keyed ? "mcjava.decrypted" : "mcjava.encrypted")) {
                    ++encryption_notes;
                    continue;
                }
                // eras-server.js's scripted second teleport, 16 blocks
                // away, unasked (README-eras.md): one warning, its own.
                if (f.at("code") == "mcjava.teleport.far" && f.at("message").get<std::string>().find(" 16.031 blocks") !=
                                                                 std::string::npos) {
                    ++far;
                    continue;
                }
                if (f.at("severity") != "comment") {
                    ++above_comment;
                    ADD_FAILURE() << "frame " << j.at("frame") << ": " << f.dump();
                }
            }
            if (!keyed && encrypted && j.at("type_name") == "Encrypted data") {
                ++encrypted_data;
                continue;
            }
            ASSERT_TRUE(j.contains("mcjava.packet_id")) << j.dump();
            ++got[port][Key{j.at("mcjava.state").get<int>(), c2s, j.at("mcjava.packet_id").get<int>()}];
            ++packets;
        }
        EXPECT_EQ(packets, want.packets);
        EXPECT_EQ(above_comment, 0u);
        EXPECT_EQ(far, want.dir == "eras/" && eras_server(name) ? 1u : 0u);
        // Two encrypted connections in each (alice's and bob's; the status
        // ping is never encrypted); without the key their bytes are opaque.
        EXPECT_EQ(encryption_notes, encrypted ? 2u : 0u);
        if (encrypted && !keyed) {
            EXPECT_GT(encrypted_data, 0u);
        }
        ASSERT_EQ(got.size(), want.client_port.size());
        for (const auto& [n, counts] : want.counts) {
            SCOPED_TRACE("connection #" + std::to_string(n));
            ASSERT_TRUE(want.client_port.count(n));
            const Counts& g = got[want.client_port.at(n)];
            EXPECT_EQ(g, counts);
        }
    }
}

// Every era's capture through `check`: the figures of README-eras.md's
// summary table (count.py's), summed over the file's connections.
TEST(MinecraftJavaEras, CheckFiguresAsTheReadme) {
    std::ifstream in(kDir + "README-eras.md");
    std::string line;
    size_t rows = 0;
    const auto sum = [](const std::string& text, const std::string& pattern) {
        uint64_t total = 0;
        const std::regex re(pattern);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
            total += std::stoull((*it)[1]);
        return total;
    };
    const auto pair = pair_of;
    while (std::getline(in, line)) {
        if (line.rfind("| mcjava-", 0) != 0) continue;
        const std::vector<std::string> c = cells(line);
        ASSERT_EQ(c.size(), 12u) << line;
        SCOPED_TRACE(c[0]);
        ++rows;
        const RunResult r = run(kBin + " check " + kDir + "eras/" + c[0]);
        EXPECT_EQ(c[11], "yes");
        // No warning either, but for eras-server.js's second teleport: 16
        // blocks east of where the client stood, unasked (a correction, as
        // far as the capture can tell).
        const bool far = c[2] == "eras-server.js";
        EXPECT_EQ(r.exit_code, far ? 1 : 0) << r.out;
        EXPECT_EQ(sum(r.out, "findings: [0-9]+ error, ([0-9]+) warn"), far ? 1u : 0u) << r.out;
        if (far) {
            EXPECT_NE(r.out.find("warn    mcjava.teleport.far                      1"), std::string::npos) << r.out;
            // 1.8's teleports have no id: the finding does not make one up.
            const bool old = c[1].rfind("1.8", 0) == 0;
            EXPECT_NE(r.out.find(old ? "Teleport (no id before 1.9) moved the client 16.0" : "moved the client 16.0"),
                      std::string::npos) << r.out;
            EXPECT_EQ(r.out.find("Teleport id 0 moved"), std::string::npos);
        }
        EXPECT_NE(r.out.find(": " + c[5] + " Minecraft Java packets in "), std::string::npos) << r.out.substr(0, 300);
        // The Disconnect's reason as the server wrote it: JSON text up to
        // 1.20.2, the "text" tag of an NBT text component from 1.20.3 on
        // (README-eras.md: flying-squid kicks bob "bye bob", eras-server.js
        // sends "bye alice"), not the name of the tag.
        const std::string reason = far ? "bye alice" : "bye bob";
        EXPECT_TRUE(std::regex_search(r.out, std::regex("ended: Disconnect \\(play\\) from the server in frame [0-9]+: "
                                                        "(" + reason + "|\\{\"text\":\"" + reason + "\"\\});")))
            << r.out;
        EXPECT_EQ(sum(r.out, "findings: ([0-9]+) error"), 0u);
        EXPECT_EQ(sum(r.out, "->(?:server|client): [0-9]+ packets, [0-9]+ bytes, ([0-9]+) compressed"), std::stoull(c[6]));
        const auto [ka_sent, ka_answered] = pair(c[8]);
        EXPECT_EQ(sum(r.out, "keep-alive: ([0-9]+) sent"), ka_sent);
        EXPECT_EQ(sum(r.out, "keep-alive: [0-9]+ sent, ([0-9]+) answered"), ka_answered);
        const auto [teleports, confirms] = pair(c[9]);
        EXPECT_EQ(sum(r.out, "teleports: ([0-9]+),"), teleports);
        EXPECT_EQ(sum(r.out, "teleports: [0-9]+, ([0-9]+) confirmed"), confirms);
        const auto [loaded, unloaded] = pair(c[10]);
        EXPECT_EQ(sum(r.out, "chunk columns: ([0-9]+) sent"), loaded);
        EXPECT_EQ(sum(r.out, "chunk columns: [0-9]+ sent \\([0-9]+ distinct\\), ([0-9]+) unloaded"), unloaded);
    }
    EXPECT_EQ(rows, 17u);
}

// The crafted captures: check's text, decode's packets.
struct Packet {
    uint64_t frame, first_frame;
    bool c2s;
    std::string type;
    std::vector<std::string> codes;
};

std::vector<Packet> decode(const std::string& file) {
    const RunResult r = run(kBin + " decode --json " + kDir + "crafted/" + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<Packet> out;
    for (const json& j : json_lines(r.out)) {
        Packet p{j.at("frame"), j.at("first_frame"), j.at("direction") == "client_to_server", j.at("type_name"), {}};
        for (const json& f : j.at("findings")) p.codes.push_back(f.at("code"));
        out.push_back(p);
    }
    return out;
}

RunResult check(const std::string& file) { return run(kBin + " check " + kDir + "crafted/" + file); }

std::vector<std::string> codes_above_comment(const std::vector<Packet>& ps) {
    std::vector<std::string> out;
    for (const Packet& p : ps)
        for (const std::string& c : p.codes)
            if (c != "mcjava.version.detected" && c != "mcjava.compression.enabled")
                out.push_back(std::to_string(p.frame) + " " + c);
    return out;
}

TEST(MinecraftJavaCrafted, SplitLengthVarIntAndAPacketOverTenSegments) {
    const std::vector<Packet> ps = decode("mcjava-crafted-segments.pcap");
    ASSERT_EQ(ps.size(), 15u);
    EXPECT_TRUE(codes_above_comment(ps).empty());
    // Server stream: Set Compression (4 bytes), Login Success (47), Join Game
    // (23) end at byte 74; the 203-byte chat's Length VarInt C9 01 starts
    // there: frame 5 ends after C9, frame 6 carries 01 and the rest.
    std::vector<Packet> sc;
    for (const Packet& p : ps)
        if (!p.c2s) sc.push_back(p);
    ASSERT_EQ(sc.size(), 9u);
    EXPECT_EQ(sc[3].type, "Chat Message (clientbound)");
    EXPECT_EQ(sc[3].first_frame, 5u);
    EXPECT_EQ(sc[3].frame, 6u);
    // The 768-byte compressed chat in ten segments of 77 (the last 75):
    // frames 7..19, with the client's ACKs in between.
    EXPECT_EQ(sc[4].type, "Chat Message (clientbound)");
    EXPECT_EQ(sc[4].first_frame, 7u);
    EXPECT_EQ(sc[4].frame, 19u);
    for (size_t i = 5; i < 8; ++i) EXPECT_EQ(sc[i].type, "Keep Alive (clientbound)");
    EXPECT_EQ(sc[8].type, "Disconnect (play)");
    const RunResult c = check("mcjava-crafted-segments.pcap");
    EXPECT_EQ(c.exit_code, 0) << c.out;
    EXPECT_NE(c.out.find("client->server: 6 packets, 80 bytes"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("server->client: 9 packets, 1106 bytes, 1 compressed (768 bytes inflating to 1195"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("Disconnect (play) from the server in frame 21: {\"text\":\"Server closed\"}"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("verdict: PASS"), std::string::npos) << c.out;
}

TEST(MinecraftJavaCrafted, RetransmissionWithOtherBytesIsReportedAndTheFirstCopyKept) {
    const std::vector<Packet> ps = decode("mcjava-crafted-retransmission.pcap");
    ASSERT_EQ(ps.size(), 15u);  // the server's unchanged retransmission counted once
    const RunResult c = check("mcjava-crafted-retransmission.pcap");
    EXPECT_EQ(c.exit_code, 1) << c.out;
    // The client's second Keep Alive (stream bytes 37-47) sent again with its
    // last byte changed, in frame 26.
    EXPECT_NE(c.out.find("26 warn    tcp.retransmission_conflict: Retransmitted bytes differ from the first copy: 1 "
                         "bytes from stream offset 47"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("tcp.retransmission_conflict              1  frame 26"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("client->server: 6 packets, 80 bytes; TCP: 11 bytes retransmitted"), std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("server->client: 9 packets, 1106 bytes, 1 compressed (768 bytes inflating to 1195, ratio "
                         "1.6); TCP: 77 bytes retransmitted"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("verdict: FAIL (1 findings at or above warn)"), std::string::npos) << c.out;
    // The first copy was kept: the Keep Alive decodes with its id.
    size_t ka = 0;
    for (const Packet& p : ps) ka += p.c2s && p.type == "Keep Alive (serverbound)";
    EXPECT_EQ(ka, 3u);
}

TEST(MinecraftJavaCrafted, GapThenDecodingResumesAtTheNextPacket) {
    const std::vector<Packet> ps = decode("mcjava-crafted-gap.pcap");
    // The compressed chat lost its fifth piece (77 bytes at stream offset
    // 431): its first 154 bytes (from offset 277) arrived with its Length,
    // 768, so decoding resumes at its end (stream offset 1045, frame 20)
    // without a search: three Keep Alives and the Disconnect.
    std::vector<Packet> sc;
    for (const Packet& p : ps)
        if (!p.c2s) sc.push_back(p);
    ASSERT_EQ(sc.size(), 9u);
    EXPECT_EQ(sc[3].type, "Chat Message (clientbound)");
    EXPECT_EQ(sc[4].type, "Compressed packet, cut by a gap");
    EXPECT_EQ(sc[4].codes, (std::vector<std::string>{"mcjava.stream.cut", "mcjava.stream.gap"}));
    EXPECT_EQ(sc[5].type, "Keep Alive (clientbound)");
    EXPECT_EQ(sc[5].frame, 20u);
    EXPECT_TRUE(sc[5].codes.empty());
    EXPECT_EQ(sc[8].type, "Disconnect (play)");
    // In capture order: the server's frame 20 before the client's 21.
    for (size_t i = 1; i < ps.size(); ++i) EXPECT_LE(ps[i - 1].frame, ps[i].frame);
    const RunResult c = check("mcjava-crafted-gap.pcap");
    EXPECT_EQ(c.exit_code, 1) << c.out;
    EXPECT_NE(c.out.find("mcjava.stream.gap: 77 bytes never captured at stream offset 431"), std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("mcjava.stream.cut: A compressed packet cut by a gap after 154 of its 768 bytes"),
              std::string::npos)
        << c.out;
    EXPECT_EQ(c.out.find("mcjava.stream.resync"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("1 gaps (77 bytes never captured)"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("verdict: FAIL"), std::string::npos) << c.out;
}

TEST(MinecraftJavaCrafted, EncryptedSessionIsOneNoteNotMalformedPackets) {
    const std::vector<Packet> ps = decode("mcjava-crafted-encrypted.pcap");
    ASSERT_EQ(ps.size(), 7u);
    EXPECT_EQ(ps[2].type, "Encryption Request");
    EXPECT_EQ(ps[3].type, "Encryption Response");
    EXPECT_EQ(ps[3].codes, std::vector<std::string>{"mcjava.encrypted"});
    for (size_t i = 4; i < 7; ++i) {
        EXPECT_EQ(ps[i].type, "Encrypted data");
        EXPECT_TRUE(ps[i].codes.empty());
    }
    const RunResult c = check("mcjava-crafted-encrypted.pcap");
    EXPECT_EQ(c.exit_code, 0) << c.out;
    EXPECT_NE(c.out.find("findings: 0 error, 0 warn, 1 note"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("encrypted (online mode) after the Encryption Response"), std::string::npos) << c.out;
}

TEST(MinecraftJavaCrafted, LegacyPingIsRecognised) {
    const std::vector<Packet> ps = decode("mcjava-crafted-legacy-ping.pcap");
    ASSERT_EQ(ps.size(), 2u);
    EXPECT_TRUE(ps[0].c2s);
    EXPECT_EQ(ps[0].codes, std::vector<std::string>{"mcjava.legacy_ping"});
    EXPECT_FALSE(ps[1].c2s);
    EXPECT_TRUE(ps[1].codes.empty());
    const RunResult c = check("mcjava-crafted-legacy-ping.pcap");
    EXPECT_EQ(c.exit_code, 0) << c.out;
    // FE 01 FA, "MC|PingHost" (2 + 22 bytes), a u16 (2), protocol (1), host
    // (2 + 18), port (4): 54 bytes.
    EXPECT_NE(c.out.find("mcjava.legacy_ping: Legacy server list ping (0xFE), 54 bytes"), std::string::npos) << c.out;
}

// stats: packets and framed bytes per direction, state and type, equal to
// the README's Framing table (bytes per connection and direction, summed)
// and its packet counts.
TEST(MinecraftJavaStats, PerDirectionStateAndTypeAsTheReadme) {
    const RunResult r = run(kBin + " stats --json " + kDir + "mcjava-1.14.4-compressed.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    const json& java = j.at("java");
    EXPECT_EQ(java.at("packets"), 1391);
    EXPECT_EQ(java.at("bytes"), 154105);
    const json& dirs = java.at("directions");
    ASSERT_EQ(dirs.size(), 2u);
    EXPECT_EQ(dirs[0].at("direction"), "client->server");
    EXPECT_EQ(dirs[0].at("bytes"), 29 + 5110 + 2456);     // Framing: #1, #2, #3 C→S
    EXPECT_EQ(dirs[1].at("bytes"), 151 + 73165 + 73194);  // S→C
    EXPECT_EQ(dirs[0].at("packets"), 3 + 190 + 95);
    EXPECT_EQ(dirs[1].at("packets"), 2 + 525 + 576);
    std::map<std::string, uint64_t> play_cb;
    for (const json& t : dirs[1].at("types"))
        if (t.at("state") == "play") play_cb[t.at("type")] = t.at("packets");
    EXPECT_EQ(play_cb["Chunk Data"], 200u);
    EXPECT_EQ(play_cb["Keep Alive (clientbound)"], 6u);
    EXPECT_EQ(play_cb["Disconnect (play)"], 1u);
    ASSERT_EQ(java.at("connections").size(), 3u);
    EXPECT_EQ(java.at("connections")[2].at("client"), "127.0.0.1:53792");
    EXPECT_EQ(java.at("connections")[2].at("packets"), 95 + 576);
    const RunResult t = run(kBin + " stats " + kDir + "mcjava-1.14.4-compressed.pcap");
    EXPECT_NE(t.out.find(": 1391 Minecraft Java packets, 3 conversations"), std::string::npos) << t.out;
}

// chunks: every Chunk Data, in the order README-1.13.2.md lists alice's
// ("(1, 0) full 0x1F [42], (0, 0) full 0x1F [57], (1, -1) ... [59]"), and
// --extract writes each as the packet (id 0x21, then Int x, Int z, ...).
TEST(MinecraftJavaChunks, ColumnsAndExtract) {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/mcjava-chunks";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const RunResult r = run(kBin + " chunks --json --extract " + dir + " " + kDir + "mcjava-1.14.4-compressed.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::vector<json> alice;
    size_t n = 0;
    for (const json& j : json_lines(r.out)) {
        if (!j.contains("protocol") || j.at("protocol") != "mcjava") continue;
        ++n;
        EXPECT_TRUE(j.at("valid").get<bool>()) << j.dump();
        EXPECT_TRUE(j.at("full_chunk").get<bool>()) << j.dump();
        if (j.at("conversation") == 2) alice.push_back(j);
    }
    EXPECT_EQ(n, 200u);
    ASSERT_EQ(alice.size(), 100u);
    const int want[3][4] = {{1, 0, 0x1F, 42}, {0, 0, 0x1F, 57}, {1, -1, 0x1F, 59}};
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(alice[i].at("x"), want[i][0]) << i;
        EXPECT_EQ(alice[i].at("z"), want[i][1]) << i;
        EXPECT_EQ(alice[i].at("bit_mask"), want[i][2]) << i;
        EXPECT_EQ(alice[i].at("frame"), want[i][3]) << i;
    }
    EXPECT_EQ(alice[99].at("x"), -4);  // the last of the list: (-4, -5) full 0xF [296]
    EXPECT_EQ(alice[99].at("z"), -5);
    EXPECT_EQ(alice[99].at("bit_mask"), 0xF);
    EXPECT_EQ(alice[99].at("frame"), 296);
    size_t files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.path().extension() == ".bin";
    EXPECT_EQ(files, 200u);
    std::ifstream f(dir + "/mcjava_chunk_x1_z0_c2_f42.bin", std::ios::binary);
    const std::string b((std::istreambuf_iterator<char>(f)), {});
    ASSERT_GE(b.size(), 9u);
    EXPECT_EQ(uint8_t(b[0]), 0x21);
    EXPECT_EQ(b.substr(1, 8), std::string("\0\0\0\1\0\0\0\0", 8));
    EXPECT_EQ(b.size(), alice[0].at("packet_bytes").get<size_t>());
}

// The chunk sections of the releases whose tables are generated
// (minecraft-data leaves them as bytes), unpacked: 1.8's 16-bit block
// states, 1.12's palettes of block ids before the flattening with light
// and biome bytes, 1.16's longs without spanning entries, 1.18's paletted
// containers, 1.21.5's and 26.1's without counts, 26.1's with a fluid
// count. eras-server.js sends prismarine-chunk columns with a stone floor at
// y 64: 256 stone, states air and stone, in 24 sections of a 384-block world
// (1.21.5 to 26.1), or in the one section 1.8.9's mask 0x10 sends, which
// also unloads three columns with a whole column of no section.
// flying-squid generates the same terrain for every release: a column sent
// in two releases has the same blocks, whatever the format. Every file of
// README-eras.md's summary: as many columns as count.py loaded (and, before
// 1.9, unloaded with a Chunk Data).
TEST(MinecraftJavaEras, ChunkSectionsCountedOnEveryRelease) {
    std::map<std::pair<int, int>, std::pair<uint64_t, std::string>> terrain;  // column -> non-air, release
    const auto rows = eras_rows();
    ASSERT_EQ(rows.size(), 17u);
    for (const auto& row : rows) {
        SCOPED_TRACE(row[0]);
        const std::string name = row[0];
        const std::string file = kDir + "eras/" + name;
        const RunResult r = run(kBin + " chunks --json " + file);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const bool eras_server = row[2] == "eras-server.js";
        const bool v18 = row[1].rfind("1.8.9", 0) == 0;
        const auto [loaded, unloaded] = pair_of(row[10]);
        size_t columns = 0, unloads = 0;
        for (const json& j : json_lines(r.out)) {
            if (!j.contains("protocol") || j.at("protocol") != "mcjava") continue;
            ++columns;
            EXPECT_TRUE(j.at("valid").get<bool>()) << j.dump();
            EXPECT_TRUE(j.at("full_chunk").get<bool>()) << j.dump();
            const uint64_t non_air = j.at("non_air").get<uint64_t>();
            if (eras_server) {
                if (v18 && j.at("bit_mask") == 0) {
                    ++unloads;
                    EXPECT_EQ(j.at("sections"), 0) << j.dump();
                    continue;
                }
                EXPECT_EQ(j.at("sections"), v18 ? 1 : 24) << j.dump();
                EXPECT_EQ(non_air, 256u) << j.dump();
                EXPECT_EQ(j.at("distinct"), 2) << j.dump();
                continue;
            }
            EXPECT_GT(non_air, 0u) << j.dump();
            const auto at = std::make_pair(j.at("x").get<int>(), j.at("z").get<int>());
            auto [it, fresh] = terrain.emplace(at, std::make_pair(non_air, name));
            if (!fresh) {
                EXPECT_EQ(non_air, it->second.first) << "column (" << at.first << ", " << at.second << ") in "
                                                     << it->second.second;
            }
        }
        EXPECT_EQ(columns, loaded + (v18 ? unloaded : 0u));
        EXPECT_EQ(unloads, v18 ? unloaded : 0u);
        EXPECT_EQ(columns, eras_server ? (v18 ? 15u : 12u) : name == "mcjava-1.20.4-nocompress.pcap" ? 8u : 200u);
        // The servers' own block counts (1.14+) agree with the unpacked states.
        const RunResult c = run(kBin + " check " + file);
        EXPECT_EQ(c.out.find("mcjava.chunk."), std::string::npos) << c.out;
        EXPECT_EQ(c.out.find("mcjava.malformed."), std::string::npos) << c.out;
    }
    EXPECT_GT(terrain.size(), 100u);
}

// stats on every era's capture: packets and framed bytes in all, per
// direction (README-eras.md's Framing table, summed over the connections)
// and per (state, direction, id) (its packet counts, summed), as count.py.
TEST(MinecraftJavaEras, StatsAsTheReadme) {
    const std::map<std::string, FileFigures> figures = readme_figures();
    size_t files = 0;
    for (const auto& row : eras_rows()) {
        SCOPED_TRACE(row[0]);
        ASSERT_TRUE(figures.count(row[0]));
        const FileFigures& want = figures.at(row[0]);
        ASSERT_EQ(want.dir, "eras/");
        const RunResult r = run(kBin + " stats --json " + kDir + "eras/" + row[0]);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const json java = json::parse(r.out).at("java");
        EXPECT_EQ(java.at("packets").get<uint64_t>(), want.packets);
        EXPECT_EQ(java.at("packets").get<uint64_t>(), std::stoull(row[5]));
        EXPECT_EQ(java.at("bytes").get<uint64_t>(), want.bytes);
        Counts got, counted;
        for (const json& d : java.at("directions")) {
            const bool c2s = d.at("direction") == "client->server";
            ASSERT_TRUE(want.framing.count(c2s));
            EXPECT_EQ(d.at("packets").get<uint64_t>(), want.framing.at(c2s).first) << d.at("direction");
            EXPECT_EQ(d.at("bytes").get<uint64_t>(), want.framing.at(c2s).second) << d.at("direction");
            for (const json& t : d.at("types"))
                got[Key{state_number(t.at("state")), c2s, t.at("id").get<int>()}] += t.at("packets").get<uint64_t>();
        }
        for (const auto& [n, counts] : want.counts)
            for (const auto& [k, v] : counts) counted[k] += v;
        EXPECT_EQ(got, counted);
        ++files;
    }
    EXPECT_EQ(files, 17u);
}

// The scoreboard of 1.21.5 to 1.21.11 (eras-server.js, MC_SCOREBOARD=1),
// field by field: every field count.py parsed with minecraft-data's layout
// (README-eras.md's "Scoreboard packets" lists) is in `decode --json` with
// its value, under the packet's filter names; an option count.py found
// absent is its has_ flag false and no value; the packet has no other field.
// NBT text components and style compounds (1.20.3+) as their tags' names and
// values. And those are the values eras-server.js sent.
std::string snake(const std::string& camel) {
    std::string out;
    for (char ch : camel) {
        if (std::isupper(static_cast<unsigned char>(ch))) {
            out += '_';
            out += char(std::tolower(static_cast<unsigned char>(ch)));
        } else {
            out += ch;
        }
    }
    return out;
}

// An anonymous NBT compound as the analyzer nests it, as name -> value.
json nbt_compound(const json& v) {
    json out = json::object();
    for (const json& tag : v.at("mcjava.anonymous_nbt.compound").at("mcjava.nbt.compound.tag")) {
        json value;
        for (const auto& [k, x] : tag.items())
            if (k != "mcjava.nbt.type" && k != "mcjava.nbt.name") value = x;
        out[tag.at("mcjava.nbt.name").get<std::string>()] = value;
    }
    return out;
}

TEST(MinecraftJavaEras, ScoreboardFieldByFieldAsCountPy) {
    // file -> (frame, packet, fields) from the README's --details lists
    std::map<std::string, std::vector<std::tuple<uint64_t, std::string, json>>> lists;
    std::ifstream in(kDir + "README-eras.md");
    std::string file;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, std::regex("### (mcjava-[^ ]+\\.pcap): packets for the tests"))) file = m[1];
        if (line.rfind("## ", 0) == 0) file.clear();
        if (file.empty() || !std::regex_match(line, m, std::regex("\\| ([0-9]+) \\| (scoreboard_[a-z_]+) \\| `(.*)` \\|")))
            continue;
        lists[file].emplace_back(std::stoull(m[1]), m[2], json::parse(std::string(m[3])));
    }
    ASSERT_EQ(lists.size(), 5u) << "Scoreboard packets lists in README-eras.md";
    // What eras-server.js sends (its scoreboard() and scoreboardAgain()).
    const std::vector<std::string> sent = {
        R"(scoreboard_objective {"action":0,"displayText":{"text":"Eras"},"name":"eras","number_format":1,"styling":{"bold":1,"color":"gold"},"type":0})",
        R"(scoreboard_display_objective {"name":"eras","position":1})",
        R"(scoreboard_score {"display_name":{"text":"Alice"},"itemName":"alice","number_format":2,"scoreName":"eras","styling":{"text":"42 pts"},"value":42})",
        R"(scoreboard_objective {"action":2,"displayText":{"text":"Eras II"},"name":"eras","number_format":0,"styling":null,"type":0})",
        R"(scoreboard_score {"display_name":null,"itemName":"alice","number_format":null,"scoreName":"eras","styling":null,"value":43})"};
    const std::map<std::string, std::pair<std::string, std::string>> packets = {  // type name, filter prefix
        {"scoreboard_objective", {"Scoreboard Objective", "mcjava.play.cb.scoreboard_objective."}},
        {"scoreboard_display_objective", {"Display Scoreboard", "mcjava.play.cb.display_scoreboard."}},
        {"scoreboard_score", {"Update Score", "mcjava.play.cb.update_score."}}};
    for (const auto& [name, list] : lists) {
        SCOPED_TRACE(name);
        std::vector<std::string> listed;
        for (const auto& [frame, packet, fields] : list) listed.push_back(packet + " " + fields.dump());
        EXPECT_EQ(listed, sent);
        const RunResult r = run(kBin + " decode --json -t scoreboard,\"update score\" " + kDir + "eras/" + name);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        std::map<uint64_t, json> by_frame;
        for (const json& j : json_lines(r.out)) by_frame[j.at("frame").get<uint64_t>()] = j;
        ASSERT_EQ(by_frame.size(), list.size());
        for (const auto& [frame, packet, fields] : list) {
            SCOPED_TRACE("frame " + std::to_string(frame));
            ASSERT_TRUE(by_frame.count(frame));
            const json& j = by_frame.at(frame);
            const auto& [type_name, prefix] = packets.at(packet);
            EXPECT_EQ(j.at("type_name"), type_name);
            EXPECT_TRUE(j.at("findings").empty()) << j.dump();
            std::set<std::string> keys;  // the packet's own fields in the analyzer
            for (const auto& [k, v] : j.items())
                if (k.rfind(prefix, 0) == 0) keys.insert(k);
            for (const auto& [field, value] : fields.items()) {
                // count.py names a field as minecraft-data does; fields.tsv gives blankshark's name
                const std::string cb = "mcjava.play.cb.", packet = prefix.substr(cb.size(), prefix.size() - cb.size() - 1);
                const char* ours = mcjava::mcdata::stable_field_key("play.cb", packet.c_str(), snake(field));
                const std::string name = ours ? ours : snake(field);
                const std::string key = prefix + name, has = prefix + "has_" + name;
                if (j.contains(has)) {
                    EXPECT_EQ(j.at(has).get<bool>(), !value.is_null()) << has;
                    keys.erase(has);
                }
                if (value.is_null()) {
                    EXPECT_FALSE(j.contains(key)) << key;
                    continue;
                }
                ASSERT_TRUE(j.contains(key)) << key << " not in " << j.dump();
                keys.erase(key);
                if (value.is_object()) {
                    EXPECT_EQ(nbt_compound(j.at(key)), value) << key;
                } else {
                    EXPECT_EQ(j.at(key), value) << key;
                }
            }
            EXPECT_TRUE(keys.empty()) << "fields count.py does not have: " << *keys.begin();
        }
    }
}

TEST(MinecraftJavaCrafted, BundledFilesAreWhatTheGeneratorWrites) {
    const std::string dir = std::string(TEST_ARTIFACTS) + "/mcjava-crafted";
    fs::create_directories(dir);
    const RunResult g = run(std::string(MCJAVA_MAKE_CAPTURES) + " " + dir);
    ASSERT_EQ(g.exit_code, 0) << g.err;
    for (const char* f : {"segments", "retransmission", "gap", "encrypted", "legacy-ping"}) {
        const std::string name = std::string("mcjava-crafted-") + f + ".pcap";
        std::ifstream a(kDir + "crafted/" + name, std::ios::binary), b(dir + "/" + name, std::ios::binary);
        const std::string x((std::istreambuf_iterator<char>(a)), {}), y((std::istreambuf_iterator<char>(b)), {});
        EXPECT_FALSE(x.empty()) << name;
        EXPECT_EQ(x, y) << name;
    }
}

}  // namespace
}  // namespace blank::test
