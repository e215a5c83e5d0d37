// Minecraft Java packets decoded from real bytes (the bundled 1.14.4
// captures) and checked by hand against the protocol documentation.
#include <gtest/gtest.h>

#include "../support/collect_decoded.hpp"
#include "protocols/mc_java/schema.hpp"

namespace {

using coretest::Collect;
using coretest::from_hex;
using namespace mcjava;

Collect decode(const VersionInfo& v, State s, Side d, const std::string& hex) {
    const std::vector<uint8_t> b = from_hex(hex);
    Collect c;
    core::DecodeContext ctx;
    ctx.table = table_index(s, d);
    c.summary = core::decode(schema(v), b.data(), b.size(), ctx, c);
    return c;
}

// mcjava-1.14.4-status-only.pcap, connection 1, first client packet
// (length 0x10 stripped): id 0, protocol f2 03 = 498, "127.0.0.1", 0x63dd =
// 25565, next state 1.
TEST(McJavaDecode, Handshake) {
    const Collect c = decode(*find_version(498), State::Handshaking, Side::Client,
                             "00f203093132372e302e302e3163dd01");
    EXPECT_TRUE(c.findings.empty()) << c.finding_names().size();
    EXPECT_EQ(c.num("mcjava.packet_id"), 0);
    EXPECT_EQ(c.num("mcjava.handshake.sb.handshake.protocol_version"), 498);
    EXPECT_EQ(c.text("mcjava.handshake.sb.handshake.server_address"), "127.0.0.1");
    EXPECT_EQ(c.num("mcjava.handshake.sb.handshake.server_port"), 25565);
    EXPECT_EQ(c.num("mcjava.handshake.sb.handshake.next_state"), 1);
    EXPECT_EQ(c.summary.type->name, std::string("Handshake"));
}

TEST(McJavaDecode, StatusPong) {
    const Collect c = decode(*find_version(498), State::Status, Side::Server, "010000000000000000");
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.num("mcjava.status.cb.pong.payload"), 0);
}

TEST(McJavaDecode, TruncatedStringIsAFinding) {
    // Handshake whose address claims 9 bytes but carries 3.
    const Collect c = decode(*find_version(498), State::Handshaking, Side::Client, "00f20309313237");
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "mcjava.malformed.truncated");
    EXPECT_TRUE(c.summary.truncated);
}

TEST(McJavaDecode, NbtCompound) {
    // Chunk Data heightmaps as the 1.14.4 server writes them, shortened: a
    // compound "" with one long array MOTION_BLOCKING of 2 longs.
    // 0a 0000 | 0c 000f "MOTION_BLOCKING" 00000002 <16 bytes> | 00
    const std::string motion = "4d4f54494f4e5f424c4f434b494e47";
    const Collect c = decode(*find_version(498), State::Play, Side::Server,
                             "21" "00000001" "fffffffe" "00" "00" "0a0000" "0c000f" + motion +
                                 "00000002" "0102030405060708" "1112131415161718" "00" "00" "00");
    for (auto& n : c.finding_names()) ADD_FAILURE() << n;
    EXPECT_EQ(c.num("mcjava.play.cb.chunk_data.x"), 1);
    EXPECT_EQ(c.num("mcjava.play.cb.chunk_data.z"), -2);
    EXPECT_EQ(c.num("mcjava.nbt.type"), 10);
    EXPECT_EQ(c.text("mcjava.nbt.name", 1), "MOTION_BLOCKING");
    EXPECT_EQ(c.num("mcjava.nbt.type", 1), 12);
    EXPECT_EQ(c.num("mcjava.nbt.long", 0), double(0x0102030405060708));
    EXPECT_EQ(c.count("mcjava.nbt.long"), 2u);
}

}  // namespace
