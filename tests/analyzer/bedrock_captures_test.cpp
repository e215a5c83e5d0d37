// `decode` and `check` on the real Minecraft Bedrock captures
// (captures/bedrock/: bedrock-protocol 3.59.0 over RakNet, 1.16.201 to
// 1.26.60, encrypted, with their key logs). The truth is the captures'
// independent counter (harness/count.js: its own RakNet, decryption and
// inflation, then bedrock-protocol's own deserialiser), as its README states
// per connection ("game packets c2s N, s2c M", the per-id table) and as its
// counts/NAME.packets.tsv lists every game packet in order (direction, the
// frame RakNet ordering handed it on in, id). With the key log every packet
// is decoded, in that order, with that id, in that frame; without a key
// only the clear packets before encryption; with a wrong key the checksum
// of the first encrypted batch of each direction fails.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

#include "../support/bedrock_counts.hpp"
#include "../support/bedrock_figures.hpp"
#include "../support/capture_cuts.hpp"
#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kBedrock = std::string(BLANKSHARK_CAPTURES) + "/bedrock/";

const auto& kCaptures = kBedrockCaptures;

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

using Packet = BedrockPacket;

// Our packet name as minecraft-data spells it ("Request Network Settings" ->
// "request_network_settings").
std::string data_name(std::string s) {
    for (char& c : s) c = c == ' ' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::vector<Packet> tsv_packets(const std::string& name) { return bedrock_tsv_packets(kBedrock, name); }

// The README's section of one capture (from "### NAME.pcap" to the next capture's).
std::string readme_section(const std::string& name) {
    const std::string text = slurp(kBedrock + "README.md");
    const size_t at = text.find("### " + name + ".pcap");
    if (at == std::string::npos) return "";
    const size_t end = text.find("\n### bedrock-", at + 1);
    return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

// The README's "game packets c2s N, s2c M" of the game connection.
std::pair<uint64_t, uint64_t> readme_totals(const std::string& name) {
    const std::string s = readme_section(name);
    std::smatch m;
    if (!std::regex_search(s, m, std::regex("game packets c2s ([0-9]+), s2c ([0-9]+)"))) return {0, 0};
    return {std::stoull(m[1]), std::stoull(m[2])};
}

// The README's per-id table: (dir, id) -> count.
std::map<std::pair<std::string, uint32_t>, uint64_t> readme_ids(const std::string& name) {
    std::map<std::pair<std::string, uint32_t>, uint64_t> out;
    const std::string s = readme_section(name);
    const std::regex row("\\| (c2s|s2c) \\| ([0-9]+) \\(0x[0-9a-f]+\\) \\| [a-z_0-9]+ \\| ([0-9]+) \\|");
    for (auto it = std::sregex_iterator(s.begin(), s.end(), row); it != std::sregex_iterator(); ++it)
        out[{(*it)[1], uint32_t(std::stoul((*it)[2]))}] = std::stoull((*it)[3]);
    return out;
}

// Our decode --json: every Bedrock packet in output order.
std::vector<Packet> decoded_packets(const std::string& args, std::vector<nlohmann::json>* findings = nullptr) {
    const RunResult r = run(kBin + " decode --json " + args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<Packet> out;
    auto batch = [&](const nlohmann::json& b, const std::string& dir, uint64_t frame) {
        if (!b.is_object() || b.value("protocol", "") != "bedrock") return;
        auto keep = [&](nlohmann::json f) {
            if (!findings) return;
            f["frame"] = frame;
            f["dir"] = dir;
            f["batch"] = b["bedrock.batch"]["bedrock.batch.number"];
            findings->push_back(f);
        };
        for (const auto& f : b["findings"]) keep(f);
        for (const auto& p : b["packets"]) {
            out.emplace_back(dir, frame, p["bedrock.header.id"].get<uint32_t>(), data_name(p["type_name"]));
            for (const auto& f : p["findings"]) keep(f);
        }
    };
    for (const auto& line : json_lines(r.out)) {
        const std::string dir = line["direction"] == "client_to_server" ? "c2s" : "s2c";
        const uint64_t frame = line["frame"];
        if (line.contains("messages"))
            for (const auto& m : line["messages"]) batch(m, dir, frame);
        if (line.contains("held_back_batches"))
            for (const auto& b : line["held_back_batches"]) batch(b, dir, frame);
    }
    return out;
}

uint64_t count_dir(const std::vector<Packet>& v, const char* dir) {
    uint64_t n = 0;
    for (const Packet& p : v) n += std::get<0>(p) == dir;
    return n;
}

class BedrockCaptures : public ::testing::TestWithParam<const char*> {};

TEST_P(BedrockCaptures, EveryGamePacketAsTheIndependentCounterInOrder) {
    const std::string name = GetParam();
    const std::vector<Packet> want = tsv_packets(name);
    // The TSV is the README's count (the same counter's two outputs).
    const auto totals = readme_totals(name);
    ASSERT_GT(totals.first, 0u) << name;
    EXPECT_EQ(count_dir(want, "c2s"), totals.first) << name;
    EXPECT_EQ(count_dir(want, "s2c"), totals.second) << name;

    std::vector<nlohmann::json> findings;
    const std::vector<Packet> got =
        decoded_packets("--keylog " + kBedrock + name + ".keylog " + kBedrock + name + ".pcap", &findings);
    EXPECT_EQ(count_dir(got, "c2s"), totals.first) << name;
    EXPECT_EQ(count_dir(got, "s2c"), totals.second) << name;
    EXPECT_EQ(first_difference(want, got), "") << name;
    // The README's per-id table, by id.
    std::map<std::pair<std::string, uint32_t>, uint64_t> ids;
    for (const Packet& p : got) ++ids[{std::get<0>(p), std::get<2>(p)}];
    const auto readme = readme_ids(name);
    ASSERT_FALSE(readme.empty()) << name;
    EXPECT_EQ(ids, readme) << name;
    // Nothing malformed, no checksum wrong, no warning: the server's Move
    // Player teleport (README: "MovePlayer from the server: 1: frame N")
    // carries source_entity_type 0 (harness/server.js), no entity, which
    // minecraft-data's LegacyEntityType leaves out (10 is its first) and
    // mcdata/message_tables.cpp adds as "none".
    int warnings = 0;
    for (const auto& f : findings) {
        const std::string sev = f["severity"];
        if (sev == "warn" || sev == "error") ++warnings, ADD_FAILURE() << name << ": " << f.dump();
    }
    EXPECT_EQ(warnings, 0) << name;
    ASSERT_NE(readme_section(name).find("MovePlayer from the server: 1: frame "), std::string::npos) << name;
    const RunResult v = run(kBin + " decode -V --keylog " + kBedrock + name + ".keylog " + kBedrock + name + ".pcap");
    ASSERT_EQ(v.exit_code, 0) << v.err;
    std::vector<std::string> sources;
    std::istringstream lines(v.out);
    for (std::string line; std::getline(lines, line);)
        if (line.find("Source Entity Type:") != std::string::npos) sources.push_back(line.substr(line.find("Source")));
    EXPECT_EQ(sources, std::vector<std::string>{"Source Entity Type: none (0)"}) << name;

    // decode -t takes Bedrock's names: the UDP packets that handed on a
    // Level Chunk (id 58) are the frames the counter lists for one, each
    // once, and nothing else.
    std::set<uint64_t> chunk_frames;
    for (const Packet& p : want)
        if (std::get<2>(p) == 58) chunk_frames.insert(std::get<1>(p));
    ASSERT_FALSE(chunk_frames.empty()) << name;
    const RunResult t = run(kBin + " decode -t level_chunk --keylog " + kBedrock + name + ".keylog " + kBedrock +
                            name + ".pcap");
    ASSERT_EQ(t.exit_code, 0) << t.err;
    std::set<uint64_t> shown;
    std::istringstream out(t.out);
    for (std::string line; std::getline(out, line);) {
        if (line.empty() || line[0] == '#') continue;
        EXPECT_NE(line.find("Level Chunk"), std::string::npos) << name << ": " << line;
        shown.insert(std::stoull(line));
    }
    EXPECT_EQ(shown, chunk_frames) << name;
}

std::vector<nlohmann::json> check_json(const std::string& args, int want_exit) {
    const RunResult r = run(kBin + " check --format json " + args);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

const nlohmann::json* bedrock_conversation(const std::vector<nlohmann::json>& ev) {
    for (const auto& e : ev)
        if (e["event_type"] == "conversation" && e.contains("bedrock")) return &e;
    return nullptr;
}

// The play figures (count.json "figures": count.js's round trips, Player
// Auth Input ticks, corrections, teleports, sub-chunks, the resource pack) as decode's generated
// fields bedrock.analysis.* (every echo's request frame and round trip,
// every input's tick step, every correction's and teleport's input and
// distance) and check's summary (requests, inputs), at the frame RakNet
// completed each batch in.
TEST_P(BedrockCaptures, PlayFiguresAsTheIndependentCounter) {
    const std::string name = GetParam();
    const std::string args = "--keylog " + kBedrock + name + ".keylog " + kBedrock + name + ".pcap";
    const BedrockFigures want = bedrock_count_figures(kBedrock, name);
    ASSERT_GT(want.requests, 0u) << name;
    ASSERT_GT(want.inputs, 0u) << name;
    BedrockFigures got;
    const RunResult r = run(kBin + " decode --json " + args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto batch = [&](const nlohmann::json& b, uint64_t frame) {
        if (!b.is_object() || b.value("protocol", "") != "bedrock") return;
        const uint64_t complete = b["bedrock.batch"].value("bedrock.batch.complete_frame", frame);
        for (const auto& p : b["packets"]) {
            if (!p.contains("bedrock.analysis")) continue;
            const nlohmann::json& a = p["bedrock.analysis"];
            const auto num = [&](const char* k) { return a["bedrock.analysis." + std::string(k)]; };
            if (a.contains("bedrock.analysis.rtt")) got.round_trips.push_back({num("request_frame"), complete, num("rtt")});
            if (a.contains("bedrock.analysis.tick_step") && num("tick_step").get<int64_t>() != 1)
                got.jumps.push_back({complete, num("tick_step")});
            if (a.contains("bedrock.analysis.distance")) {
                BedrockFigures::Moved m{complete, num("input_frame"), num("input_tick"), num("distance"),
                                        num("since_input")};
                (p["bedrock.header.id"] == 161 ? got.corrections : got.teleports).push_back(m);
            }
        }
    };
    for (const auto& line : json_lines(r.out)) {
        const uint64_t frame = line["frame"];
        if (line.contains("messages"))
            for (const auto& m : line["messages"]) batch(m, frame);
        if (line.contains("held_back_batches"))
            for (const auto& b : line["held_back_batches"]) batch(b, frame);
    }
    // The silence capture (README: the client stops, the server gives up
    // after 30 s; count.json "end": the client's last datagram frame 647)
    // warns that the client vanished; the others end cleanly.
    const bool silence = name == "bedrock-1.20.50";
    const auto ev = check_json(args, silence ? 1 : 0);
    const nlohmann::json* c = bedrock_conversation(ev);
    ASSERT_NE(c, nullptr) << name;
    std::vector<uint64_t> vanished;
    for (const auto& e : ev)
        if (e["event_type"] == "finding" && e["code"] == "raknet.end.peer_silent")
            vanished.push_back(e["pcap_cnt"].get<uint64_t>());
    EXPECT_EQ(vanished, silence ? std::vector<uint64_t>{647} : std::vector<uint64_t>{}) << name;
    const nlohmann::json& play = (*c)["bedrock"]["play"];
    got.requests = play["latency_requests"];
    EXPECT_EQ(play["round_trips"], want.round_trips.size()) << name;
    got.inputs = play["inputs"];
    EXPECT_EQ(play["inputs"], want.inputs) << name;
    EXPECT_EQ(play["tick_jumps"], want.jumps.size()) << name;
    EXPECT_EQ(play["corrections"], want.corrections.size()) << name;
    EXPECT_EQ(play["teleports"], want.teleports.size()) << name;
    // Chunks, as count.js's "chunks".
    const nlohmann::json& ch = (*c)["bedrock"]["chunks"];
    EXPECT_EQ(ch["level_chunks"], want.chunks.level_chunks) << name;
    EXPECT_EQ(ch["subchunk_requests"], want.chunks.requests) << name;
    EXPECT_EQ(ch["subchunks_asked"], want.chunks.asked) << name;
    EXPECT_EQ(ch["subchunk_answers"], want.chunks.answers) << name;
    EXPECT_EQ(ch["subchunks_answered"], want.chunks.answered) << name;
    EXPECT_EQ(ch["success"], want.chunks.success) << name;
    EXPECT_EQ(ch["success_all_air"], want.chunks.all_air) << name;
    EXPECT_EQ(ch["subchunks_not_asked"], 0) << name;
    EXPECT_EQ(ch["subchunks_never_answered"], want.chunks.never_answered) << name;
    std::vector<std::pair<uint64_t, uint64_t>> unanswered;
    for (const auto& u : ch["unanswered_requests"]) unanswered.emplace_back(u["frame"], u["subchunks"]);
    EXPECT_EQ(unanswered, want.chunks.unanswered_requests) << name;
    // The resource pack transfer, as count.js's "resourcePack".
    const nlohmann::json& packs = (*c)["bedrock"]["resource_packs"];
    ASSERT_EQ(packs.size(), 1u) << name;
    const nlohmann::json& p = packs[0];
    EXPECT_EQ(p["id"], want.pack.id) << name;
    EXPECT_EQ(p["chunk_count"], want.pack.chunk_count) << name;
    EXPECT_EQ(p["max_chunk_size"], want.pack.max_chunk_size) << name;
    EXPECT_EQ(p["size"], want.pack.size) << name;
    EXPECT_EQ(p["requests"], want.pack.requests) << name;
    EXPECT_EQ(p["asked_again"], want.pack.asked_again) << name;
    EXPECT_EQ(p["received"], want.pack.received) << name;
    EXPECT_EQ(p["bytes"], want.pack.bytes) << name;
    EXPECT_EQ(p["never_received"], want.pack.never_received) << name;
    EXPECT_EQ(figures_difference(want, got), "") << name;
}

INSTANTIATE_TEST_SUITE_P(Readme, BedrockCaptures, ::testing::ValuesIn(kCaptures),
                         [](const ::testing::TestParamInfo<const char*>& i) { return identifier(i.param); });


// README "Key logs" and per capture: the checksums of every encrypted batch
// good with each of the three key-log formats, the release and the cipher
// of each era.
TEST(BedrockCaptures, ChecksumsAndCipherAsTheReadme) {
    struct Want {
        const char* name;
        const char* release;
        const char* cipher;
        uint64_t good;
    };
    // 1.16.201: "AES-256-CFB8 ... batch checksums good 292"; 1.26.60: "AES-256-CTR ... good 263".
    const Want wants[] = {{"bedrock-1.16.201", "1.16.201", "AES-256-CFB8", 292},
                          {"bedrock-1.26.60", "1.26.60", "AES-256-CTR", 263}};
    // The README's three key-log formats: BEDROCK_KEY, BEDROCK_SHARED_SECRET, MC_Dissector's key alone.
    for (const Want& w : wants)
    for (const char* log : {".keylog", ".secret.keylog", ".mc_dissector.key"}) {
        const std::string n = std::string(w.name) + " " + log;
        const auto ev = check_json("--keylog " + kBedrock + w.name + log + " " + kBedrock + w.name + ".pcap", 0);  // no warning: exit 0
        const nlohmann::json* c = bedrock_conversation(ev);
        ASSERT_NE(c, nullptr) << n;
        const nlohmann::json& b = (*c)["bedrock"];
        EXPECT_EQ(b["release"], w.release) << n;
        EXPECT_EQ(b["encryption"], w.cipher) << n;
        EXPECT_EQ(b["key_found"], true) << n;
        const uint64_t good = b["client_to_server"]["checksum_good"].get<uint64_t>() +
                              b["server_to_client"]["checksum_good"].get<uint64_t>();
        EXPECT_EQ(good, w.good) << n;
        EXPECT_EQ(b["client_to_server"]["checksum_bad"], 0) << n;
        EXPECT_EQ(b["server_to_client"]["checksum_bad"], 0) << n;
    }
}

// One key log for both protocols that decrypt (docs/bedrock.md, "Key
// logs": "one file may hold both"): Minecraft Java's two SHARED_SECRET
// lines (README-encrypted.md: one line per encrypted connection of the
// 1.13.2 capture, two), the Bedrock capture's BEDROCK_KEY line, a comment
// and a TLS key log's line. Read as one file: 5 lines, each protocol's
// taken and used by its connections, only the TLS line not understood.
// Catches: one protocol counting the other's lines as not understood (the
// Bedrock line was "not understood" by Minecraft Java's reader, and the
// warning said so on stderr), or a protocol's used count not kept.
TEST(BedrockCaptures, OneKeyLogForJavaAndBedrockIsReadAsOneFile) {
    const std::string java = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/mcjava-1.13.2-encrypted";
    const std::string bedrock = kBedrock + "bedrock-1.26.60";
    const std::string both = testing::TempDir() + "java-and-bedrock.keylog";
    {
        std::ofstream o(both);
        o << slurp(java + ".keylog") << slurp(bedrock + ".keylog") << "# a comment\nCLIENT_RANDOM aa bb\n";
    }
    const RunResult t = run(kBin + " check --keylog " + both + " " + java + ".pcap " + bedrock + ".pcap");
    EXPECT_NE(t.err.find("key log " + both + ": 1 of its 5 lines not understood, skipped (the first: line 5, "
                         "Minecraft Java: three words, the first not SHARED_SECRET; Minecraft Bedrock: neither "
                         "BEDROCK_KEY nor BEDROCK_SHARED_SECRET and two words, nor a key alone)"),
              std::string::npos)
        << t.err;
    EXPECT_NE(t.out.find("key log " + both + ": 5 lines read; Minecraft Java: 2 secrets, 2 used by a connection; "
                         "Minecraft Bedrock: 1 key, 1 used by a connection; 1 line not understood (the first: line 5"),
              std::string::npos)
        << t.out;
    const auto ev = check_json("--keylog " + both + " " + java + ".pcap " + bedrock + ".pcap", 0);
    std::vector<nlohmann::json> logs;
    for (const auto& e : ev)
        if (e["event_type"] == "keylog") logs.push_back(e);
    ASSERT_EQ(logs.size(), 1u);  // one event for the file, not one a protocol
    EXPECT_EQ(logs[0]["lines"], 5);
    EXPECT_EQ(logs[0]["not_understood"], 1);
    EXPECT_EQ(logs[0]["first_not_understood"]["line"], 5);
    EXPECT_EQ(logs[0]["mcjava"]["secrets"], 2);
    EXPECT_EQ(logs[0]["mcjava"]["used"], 2);
    EXPECT_EQ(logs[0]["bedrock"]["keys"], 1);
    EXPECT_EQ(logs[0]["bedrock"]["used"], 1);

    // The Bedrock capture's own key log alone: nothing not understood, and
    // nothing said on stderr.
    const RunResult alone = run(kBin + " check --keylog " + bedrock + ".keylog " + bedrock + ".pcap");
    EXPECT_EQ(alone.err.find("not understood"), std::string::npos) << alone.err;
    EXPECT_NE(alone.out.find(": 1 line read; Minecraft Java: 0 secrets, 0 used by a connection; Minecraft Bedrock: "
                             "1 key, 1 used by a connection; 0 lines not understood\n"),
              std::string::npos)
        << alone.out;
}

// README "Key logs": without a key log the 4 clear packets (Request Network
// Settings, Network Settings, Login, Server To Client Handshake) and a note
// once; with the wrong key a checksum mismatch on the first encrypted batch
// of each direction (c2s batch 3, s2c batch 3) and nothing read after it.
TEST(BedrockCaptures, WithoutKeyOrWithTheWrongKey) {
    const std::string cap = kBedrock + "bedrock-1.26.60.pcap";
    const std::vector<Packet> clear = decoded_packets(cap);
    const std::vector<Packet> want_clear = {
        {"c2s", 18, 193, "request_network_settings"}, {"s2c", 20, 143, "network_settings"},
        {"c2s", 43, 1, "login"}, {"s2c", 45, 3, "server_to_client_handshake"}};  // packets.tsv's first 4
    EXPECT_EQ(clear, want_clear);
    const auto ev = check_json(cap, 0);  // a note, not a failure
    int no_key = 0;
    for (const auto& e : ev)
        if (e["event_type"] == "finding" && e["code"] == "bedrock.encryption.no_key") ++no_key;
    EXPECT_EQ(no_key, 1);

    std::vector<nlohmann::json> findings;
    const std::vector<Packet> wrong = decoded_packets("--keylog " + kBedrock + "bedrock-1.26.60.wrong.keylog " + cap, &findings);
    EXPECT_EQ(wrong, want_clear);
    std::vector<std::pair<std::string, uint64_t>> bad_batches;
    for (const auto& f : findings)
        if (f["code"] == "bedrock.encryption.checksum") bad_batches.emplace_back(f["dir"], f["batch"]);
    const std::vector<std::pair<std::string, uint64_t>> want_bad = {{"c2s", 3}, {"s2c", 3}};
    EXPECT_EQ(bad_batches, want_bad);
}

// Captures started after the handshake (tests/support/capture_cuts.hpp:
// every 5 % of the frames, side by side, those after the Server To Client
// Handshake of packets.tsv): every batch is encrypted and, without the
// handshake's salt and the cipher's position, nothing can read it; the
// connection is not taken as Bedrock (its 0xFE messages stay RakNet's game
// wrapper) and nothing is said about its batches. Before the
// mid-connection test also decoded the packets, about one random batch in
// a hundred passed for a clear one (a cut of 1.26.60 at frame 300: 15
// errors and a release inferred from noise).
TEST(BedrockCaptures, PickedUpAfterTheHandshakeNothingIsMisread) {
    namespace fs = std::filesystem;
    const std::string dir = std::string(TEST_ARTIFACTS) + "/bedrock-cuts";
    fs::create_directories(dir);
    for (const char* name : kCaptures) {
        uint64_t handshake = 0;
        for (const Packet& p : tsv_packets(name))
            if (std::get<3>(p) == "server_to_client_handshake") handshake = std::get<1>(p);
        ASSERT_GT(handshake, 0u) << name;
        Pcap in;
        ASSERT_TRUE(in.read(kBedrock + name + ".pcap")) << name;
        std::vector<Cut> cuts;
        for (const Cut& c : users_cuts(in))
            if (c.first > handshake + 1) cuts.push_back(c);
        ASSERT_GE(cuts.size(), 15u) << name;
        std::vector<uint64_t> starts;
        const Pcap merged = side_by_side(in, cuts, starts);
        const std::string path = dir + "/" + name + ".pcap";
        ASSERT_TRUE(merged.write(path)) << path;
        const RunResult r = run(kBin + " check --format json --keylog " + kBedrock + name + ".keylog " + path);
        size_t conversations = 0;
        for (const auto& e : json_lines(r.out)) {
            if (e["event_type"] == "finding") {
                EXPECT_NE(std::string(e["code"]).rfind("bedrock.", 0), 0u) << name << ": " << e.dump();
            }
            if (e["event_type"] == "conversation") {
                ++conversations;
                EXPECT_FALSE(e.contains("bedrock")) << name << ": " << e.dump().substr(0, 400);
            }
        }
        EXPECT_GE(conversations, cuts.size()) << name;  // each cut its own (its own addresses)
    }
}

// Picked up after the Login (1.16.201 from frame 38; its Login completes in
// frame 37, packets.tsv): the server's first batch, Network Settings, is
// sent uncompressed, its second, the Server To Client Handshake (frame 40,
// 3 in the cut), deflated. A direction judged uncompressed from its first
// batch deflates after all when a batch does not split as it is but
// inflates into packets: the handshake is read (before: "Unknown, Simple
// Event, Interact, Set Score" and malformed errors).
TEST(BedrockCaptures, PickedUpAfterTheLoginTheDeflatedHandshakeIsRead) {
    Pcap in;
    ASSERT_TRUE(in.read(kBedrock + "bedrock-1.16.201.pcap"));
    Pcap cut;
    cut.header = in.header;
    append_cut(in, Cut{38, 0}, 1, cut);
    const std::string dir = std::string(TEST_ARTIFACTS) + "/bedrock-cuts";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/bedrock-1.16.201-from-38.pcap";
    ASSERT_TRUE(cut.write(path));
    const std::vector<Packet> got = decoded_packets(path);
    ASSERT_GE(got.size(), 2u);
    EXPECT_EQ(got[0], (Packet{"s2c", 2, 143, "network_settings"}));
    EXPECT_EQ(got[1], (Packet{"s2c", 3, 3, "server_to_client_handshake"}));
}

// Picked up at the Server To Client Handshake (its salt, then the key log's
// key): every packet from there on as the independent counter lists it
// (frames renumbered from the cut), nothing malformed: the release is
// inferred from the packets and taken again while a batch does not decode
// cleanly under it (the handshake alone reads in every release: the newest
// was taken, and 1.21.0 read with 1.26.60's tables gave 281 errors); the
// cipher's mode, which the release says, is told by the first encrypted
// batch's checksum (1.16.201's CFB8: the release taken at the handshake
// said CTR, and every batch was a checksum mismatch).
TEST(BedrockCaptures, PickedUpAtTheHandshakeEveryLaterPacketIsRead) {
    for (const char* name : kCaptures) {
        uint64_t handshake = 0;
        const std::vector<Packet> all = tsv_packets(name);
        for (const Packet& p : all)
            if (std::get<3>(p) == "server_to_client_handshake") handshake = std::get<1>(p);
        ASSERT_GT(handshake, 0u) << name;
        std::vector<Packet> want;
        for (Packet p : all)
            if (std::get<1>(p) >= handshake) {
                std::get<1>(p) -= handshake - 1;
                want.push_back(p);
            }
        Pcap in;
        ASSERT_TRUE(in.read(kBedrock + name + ".pcap")) << name;
        Pcap cut;
        cut.header = in.header;
        append_cut(in, Cut{size_t(handshake), 0}, 1, cut);
        const std::string dir = std::string(TEST_ARTIFACTS) + "/bedrock-cuts";
        std::filesystem::create_directories(dir);
        const std::string path = dir + "/" + name + "-from-handshake.pcap";
        ASSERT_TRUE(cut.write(path));
        std::vector<nlohmann::json> findings;
        const std::vector<Packet> got = decoded_packets("--keylog " + kBedrock + name + ".keylog " + path, &findings);
        EXPECT_EQ(first_difference(want, got), "") << name;
        for (const auto& f : findings)
            EXPECT_TRUE(f["severity"] == "note" || f["severity"] == "comment") << name << ": " << f.dump();
    }
}

// A resource pack transfer cut short: bedrock-1.26.60.pcap up to frame 70,
// the Resource Pack Chunk Data of chunks 0 and 1 (decode: "Resource Pack
// Chunk Data x2"), the capture's end before chunks 2 to 4 (README: 5
// chunks of 8192 bytes, 40000 bytes): a warning at the Resource Pack Data
// Info's frame, 3 of 5 never received, check's verdict a failure.
TEST(BedrockCaptures, AResourcePackCutShortIsReported) {
    const std::string name = "bedrock-1.26.60";
    Pcap in;
    ASSERT_TRUE(in.read(kBedrock + name + ".pcap"));
    ASSERT_GT(in.frames.size(), 70u);
    Pcap cut;
    cut.header = in.header;
    cut.frames.assign(in.frames.begin(), in.frames.begin() + 70);
    const std::string dir = std::string(TEST_ARTIFACTS) + "/bedrock-cuts";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/" + name + "-to-70.pcap";
    ASSERT_TRUE(cut.write(path));
    const auto ev = check_json("--keylog " + kBedrock + name + ".keylog " + path, 1);
    const nlohmann::json* c = bedrock_conversation(ev);
    ASSERT_NE(c, nullptr);
    const nlohmann::json& p = (*c)["bedrock"]["resource_packs"];
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0]["chunk_count"], 5);
    EXPECT_EQ(p[0]["received"], 2);
    EXPECT_EQ(p[0]["bytes"], 2 * 8192);
    EXPECT_EQ(p[0]["never_received"], 3);
    int incomplete = 0;
    for (const auto& e : ev) {
        if (e["event_type"] != "finding" || e["code"] != "bedrock.resource_pack.incomplete") continue;
        ++incomplete;
        EXPECT_EQ(e["severity"], "warn");
        EXPECT_NE(e["message"].get<std::string>().find("3 of its 5 chunks never received (the first: 2)"),
                  std::string::npos)
            << e.dump();
    }
    EXPECT_EQ(incomplete, 1);
}

}  // namespace
}  // namespace blank::test
