// Packets vanilla servers sent, 1.8.8 to 1.20.1 (PrismarineJS's
// minecraft-packets corpus, captures/minecraft-java/vanilla/README.md),
// through `blankshark decode --json`: every packet of every release, each
// decoded cleanly. The counts are the corpus's own: its .raw files per
// release (a dump of one packet each; make_captures.py --counts lists them),
// plus the four packets the generator adds around them (Handshake, Login
// Start, Set Compression, Login Success).
//
// "Cleanly": none of the packet's findings is about its bytes. The corpus
// is a bag of packets with no client and no order beyond "first seen", so
// the connection analysis has its say (keep-alives and teleports nobody
// answered, blocks changed in columns never sent, entities never spawned);
// those findings, and the notes of a Handshake and Set Compression, are
// the only ones allowed.
//
// And 1.18+'s Chunk Data by hand (the corpus's JSON, parsed by
// node-minecraft-protocol, and counted from the raw bytes): the overworld is
// 384 blocks high (Join Game's dimension type, "height": 384), 24 sections,
// after which a vanilla server leaves one zero byte per single-valued
// container.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "../support/run.hpp"

namespace blank::test {
namespace {

using nlohmann::json;

const std::string kBin = BLANKSHARK_BIN;
const std::string kDir = std::string(VANILLA_CAPTURES) + "/";

// Packets per release (by its protocol number): the corpus's .raw files
// (data/pc/<release>/from-server).
struct Release {
    const char* name;
    uint64_t packets;
};
const std::map<int, Release> kCorpus = {
    {47, {"1.8.8", 196}},   {110, {"1.9.4", 190}},  {210, {"1.10.2", 190}}, {316, {"1.11.2", 193}},
    {340, {"1.12.2", 201}}, {404, {"1.13.2", 210}}, {498, {"1.14.4", 216}}, {578, {"1.15.2", 217}},
    {754, {"1.16.5", 207}}, {756, {"1.17.1", 224}}, {758, {"1.18.2", 215}}, {759, {"1.19", 212}},
    {760, {"1.19.2", 219}}, {761, {"1.19.3", 216}}, {762, {"1.19.4", 229}}, {763, {"1.20.1", 223}}};
constexpr uint64_t kAround = 4;  // Handshake, Login Start, Set Compression, Login Success

// What a bag of packets without a client makes the analysis say.
const std::set<std::string> kAnalysis = {
    "mcjava.version.detected",      "mcjava.compression.enabled",  "mcjava.keepalive.unanswered",
    "mcjava.teleport.unconfirmed",  "mcjava.chunk.change_unloaded", "mcjava.chunk.unload_unknown",
    "mcjava.chunk.light_unknown",   "mcjava.chunk.sent_twice",      "mcjava.entity.unknown",
    "mcjava.entity.destroy_unknown", "mcjava.entity.spawn_twice"};

struct Decoded {
    uint64_t packets = 0, clean = 0;
    std::set<std::string> other;  // findings not in kAnalysis, with where
    std::vector<json> lines;
};

// Per protocol number (every packet says its connection's).
std::map<int, Decoded> decode(const std::string& file) {
    const RunResult r = run(kBin + " decode --json " + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::map<int, Decoded> by;
    for (const json& e : json_lines(r.out)) {
        if (!e.contains("mcjava.packet_id")) continue;
        Decoded& d = by[e["mcjava.version"].get<int>()];
        ++d.packets;
        bool clean = true;
        for (const json& f : e["findings"]) {
            const std::string code = f["code"];
            if (kAnalysis.count(code)) continue;
            clean = false;
            d.other.insert(code + " in frame " + std::to_string(e["frame"].get<uint64_t>()) + " (" +
                           e["type_name"].get<std::string>() + ")");
        }
        d.clean += clean;
        d.lines.push_back(e);
    }
    return by;
}

// Every release's connection in one capture (vanilla-all.pcap: one read).
TEST(JavaVanilla, EveryPacketOfEveryReleaseDecodesCleanly) {
    const std::map<int, Decoded> by = decode(kDir + "vanilla-all.pcap");
    ASSERT_EQ(by.size(), kCorpus.size());
    uint64_t all = 0;
    for (const auto& [protocol, release] : kCorpus) {
        SCOPED_TRACE(release.name);
        ASSERT_TRUE(by.count(protocol));
        const Decoded& d = by.at(protocol);
        EXPECT_EQ(d.packets, release.packets + kAround);
        EXPECT_EQ(d.clean, release.packets + kAround);
        EXPECT_TRUE(d.other.empty()) << *d.other.begin();
        all += d.clean - kAround;
    }
    EXPECT_EQ(all, 3358u);  // the corpus's play packets, every one clean (the issue counted 3335 before)
}

// The chunks of 1.18.2 and 1.20.1: the dimension's 24 sections, then the
// padding, from the dimension named in Join Game (1.18.2: its dimension
// type, "height": 384; 1.20.1: "minecraft:overworld", whose entry in the
// dimension codec says 384) and, without Join Game, inferred from the
// first chunk's padding and said so once.
TEST(JavaVanilla, ChunkSectionsAreTheDimensionsHeightThenPadding) {
    // Padding bytes = single-valued containers of each Chunk Data, counted
    // from the corpus's raw bytes (map_chunk/1.raw .. 5.raw) by a reader of
    // the paletted containers written apart from blankshark (bits per entry
    // 0: one value, the server reserves a byte more than it writes).
    const std::map<std::string, std::vector<uint64_t>> kPadding = {{"1.18.2", {16, 16, 16, 15, 15}},
                                                                   {"1.20.1", {14, 13, 13, 12, 12}}};
    for (const auto& [release, padding] : kPadding)
        for (const char* variant : {"", "-without-join"}) {
            SCOPED_TRACE(release + variant);
            const std::map<int, Decoded> by = decode(kDir + "vanilla-" + release + variant + ".pcap");
            ASSERT_EQ(by.size(), 1u);
            const Decoded& d = by.begin()->second;
            for (const std::string& o : d.other)
                EXPECT_EQ(o.rfind("mcjava.chunk.height_inferred in frame", 0), 0u) << o;  // counted below
            std::vector<uint64_t> got;
            size_t inferred = 0;
            for (const json& e : d.lines) {
                for (const json& f : e["findings"]) inferred += f["code"] == "mcjava.chunk.height_inferred";
                if (e["type_name"] != "Chunk Data") continue;
                EXPECT_EQ(e["mcjava.chunk"]["mcjava.chunk.sections"], 24);
                const std::string pad = e["mcjava.play.cb.chunk_data.data"]["mcjava.play.cb.chunk_data.data.padding"];
                got.push_back(pad.size() / 2);  // hex
                EXPECT_EQ(pad, std::string(pad.size(), '0'));
            }
            EXPECT_EQ(got, padding);
            EXPECT_EQ(inferred, std::string(variant).empty() ? 0u : 1u);
        }
}

}  // namespace
}  // namespace blank::test
