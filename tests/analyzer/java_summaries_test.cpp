// Minecraft Java as a person reads it (issue 53): a connection's span is
// its TCP span whatever could be decoded; the releases generated from
// minecraft-data summarise the packets people look for as the tables of
// 1.13.2 do, under 1.13.2's names; two lines of one summary never
// contradict each other; check's text is a verdict (no list of every chunk
// column); chunk rows show the fields a release has.
#include <gtest/gtest.h>

#include <regex>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/";

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// README-encrypted.md's connection #2 (alice, 127.0.0.1:39146) is online
// mode, and without its key only its first packets decode (to 0.577 s);
// its TCP connection runs from its SYN, frame 15 (0.543754 s), to the
// server's FIN that closes it, frame 1805 (16.391618 s), as tshark's own
// TCP dissector shows them (tcp.stream == 1; README: "FIN both ways
// (client first, frame 1802; server frame 1805)").
TEST(JavaSummaries, AnUndecryptedConnectionSpansItsTcpStream) {
    const RunResult r = run(kBin + " check " + kDir + "mcjava-1.13.2-encrypted.pcap");
    EXPECT_TRUE(has(r.out, "conversation 2: client 127.0.0.1:39146 <-> server 127.0.0.1:25565 (Minecraft Java), "
                           "0.544-16.392 s, ended: FIN from the client (frame 1802), then the server's (frame 1805)"))
        << r.out;
    const RunResult j = run(kBin + " check --format json " + kDir + "mcjava-1.13.2-encrypted.pcap");
    bool found = false;
    for (const auto& e : json_lines(j.out))
        if (e.at("event_type") == "conversation" && e.at("conversation") == 2) {
            found = true;
            EXPECT_NEAR(e.at("first_time").get<double>(), 0.543754, 1e-6);
            EXPECT_NEAR(e.at("last_time").get<double>(), 16.391618, 1e-6);
        }
    EXPECT_TRUE(found) << j.out;
}

// Summary lines of the packets the issue names, on generated releases, as
// 1.13.2 names the fields. Values: README-eras.md's sessions (alice's
// offline UUID is Java's UUID.nameUUIDFromBytes("OfflinePlayer:alice"), an
// MD5 name UUID: 40f5db53-a47a-33ee-b1f6-db0e20deded4, as Python's hashlib
// computes it), the registry names minecraft-data's loginPacket sends one
// Registry Data each for (eras-server.js), the game mode creative (1) it
// sets, flying-squid's survival (0).
std::string decoded(const std::string& file, const std::string& types) {
    const RunResult r = run(kBin + " decode -t \"" + types + "\" " + kDir + "eras/" + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
}

TEST(JavaSummaries, LoginSuccessNamesUuidAndName) {
    for (const char* f : {"mcjava-1.16.5-compressed.pcap", "mcjava-1.20.4-compressed.pcap", "mcjava-1.21.11-compressed.pcap",
                          "mcjava-26.1-compressed.pcap"}) {
        const std::string out = decoded(f, "Login Success");
        EXPECT_TRUE(has(out, "Login Success uuid=40f5db53-a47a-33ee-b1f6-db0e20deded4 username=\"alice\"\n")) << f << out;
        EXPECT_FALSE(has(out, "uuid_uuid")) << f;
    }
}

TEST(JavaSummaries, JoinGameNamesGameModeAndDimension) {
    EXPECT_TRUE(has(decoded("mcjava-1.21.11-compressed.pcap", "Join Game"),
                    "Join Game entity_id=1 dimension=0 gamemode=creative (1)\n"));
    EXPECT_TRUE(has(decoded("mcjava-1.21.4-compressed.pcap", "Join Game"),
                    "Join Game entity_id=1 dimension=0 gamemode=survival (0)\n"));
    // 1.16 to 1.20.1 name the dimension by its world (the dimension field is the type's NBT).
    EXPECT_TRUE(has(decoded("mcjava-1.19.4-compressed.pcap", "Join Game"),
                    "Join Game entity_id=1 gamemode=1 world_name=\"minecraft:overworld\"\n"));
}

TEST(JavaSummaries, PlayerSaysWhetherOnGround) {
    // 1.16.5's Player keeps minecraft-data's on_ground; 1.21.4's is a flag of Flags (0x01).
    EXPECT_TRUE(has(decoded("mcjava-1.16.5-compressed.pcap", "Player"), "  Player on_ground=true\n"));
    EXPECT_TRUE(has(decoded("mcjava-1.21.4-compressed.pcap", "Player"), "  Player on_ground=true\n"));
    // Serverbound Player Position And Look: x y z as on 1.13.2 (1.14's table calls it Player Position And Rotation).
    EXPECT_TRUE(std::regex_search(decoded("mcjava-1.21.11-compressed.pcap", "Player Position And Look (serverbound)"),
                                  std::regex(R"(Player Position And Look \(serverbound\) x=8\.5 y=66 z=8\.5)")));
}

TEST(JavaSummaries, SpawnPositionAndRegistryData) {
    EXPECT_TRUE(std::regex_search(decoded("mcjava-1.21.4-compressed.pcap", "Spawn Position"),
                                  std::regex(R"(Spawn Position location=\(-?\d+, -?\d+, -?\d+\)\n)")));
    const std::string reg = decoded("mcjava-1.21.11-compressed.pcap", "Registry Data");
    for (const char* id : {"minecraft:worldgen/biome", "minecraft:chat_type", "minecraft:damage_type",
                           "minecraft:dimension_type"})
        EXPECT_TRUE(has(reg, std::string("Registry Data id=\"") + id + "\"\n")) << id << reg;
}

// 1.8 has no teleport id and no Teleport Confirm: the lines say so and do
// not claim "never confirmed" (README-eras.md: 2 teleports, frames 35 and 120).
TEST(JavaSummaries, PreNineTeleportLinesAgree) {
    const RunResult r = run(kBin + " check " + kDir + "eras/mcjava-1.8.9-compressed.pcap");
    EXPECT_TRUE(has(r.out, "teleports: 2, 0 confirmed, 0 never confirmed, 2 without an id (no Teleport Confirm before 1.9)"))
        << r.out;
    EXPECT_TRUE(has(r.out, "    frame 35 (no id: no Teleport Confirm before 1.9), to (10.000, 68.000, 18.000)")) << r.out;
    EXPECT_FALSE(has(r.out, "never confirmed, to")) << r.out;
}

// check's text is a verdict: the columns' coordinates are chunks' job.
TEST(JavaSummaries, CheckListsNoChunkCoordinates) {
    const RunResult r = run(kBin + " check " + kDir + "mcjava-1.13.2-teleport.pcap");
    EXPECT_TRUE(has(r.out, "  chunk columns: 150 sent")) << r.out;
    EXPECT_FALSE(has(r.out, "loaded: (")) << r.out;
    EXPECT_FALSE(has(r.out, "unloaded: (")) << r.out;
}

// 1.18 dropped both the full-chunk flag (gone in 1.17) and the bit mask:
// its rows show "-" there, 1.13.2's the values it sends.
TEST(JavaSummaries, ChunkRowsShowTheFieldsTheReleaseHas) {
    const RunResult r18 = run(kBin + " chunks " + kDir + "eras/mcjava-1.18.2-compressed.pcap");
    ASSERT_EQ(r18.exit_code, 0) << r18.err;
    EXPECT_EQ(r18.out.rfind("Minecraft Java chunk columns (Chunk Data)\n", 0), 0u) << "no blank line before the table";
    EXPECT_TRUE(std::regex_search(r18.out, std::regex(R"(\n +2 +1 +0  -            - +24 )"))) << r18.out.substr(0, 600);
    EXPECT_FALSE(has(r18.out, "0x0000"));
    const RunResult r13 = run(kBin + " chunks " + kDir + "mcjava-1.13.2-teleport.pcap");
    EXPECT_TRUE(std::regex_search(r13.out, std::regex(R"(\n +1 +1 +1  yes     0x001f +5 )"))) << r13.out.substr(0, 600);
}

}  // namespace
}  // namespace blank::test
