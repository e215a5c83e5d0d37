// Minecraft Java packets decoded from real bytes (the bundled 1.14.4
// captures) and checked by hand against the protocol documentation.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

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

// The Handshake's server address with what a proxy or Forge added after a
// NUL, as BungeeCord's ServerConnector and Velocity's legacy forwarding
// write it (host \0 client address \0 UUID without dashes [\0 properties
// JSON]), and a Forge client (host \0 FML2 \0). Bytes written by hand: id 0,
// protocol 340 (d4 02), the address's VarInt length and text, port 25565
// (63dd), next state 2; on 1.12.2 (generated tables) and 1.14.4 (hand).
std::string handshake_hex(int32_t protocol, const std::string& address) {
    std::string hex = "00";
    for (uint32_t v = uint32_t(protocol);; v >>= 7) {
        char b[3];
        std::snprintf(b, sizeof b, "%02x", (v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        hex += b;
        if (v <= 0x7f) break;
    }
    char len[5];
    std::snprintf(len, sizeof len, "%02x", unsigned(address.size()));  // < 128
    hex += len;
    for (unsigned char c : address) {
        char b[3];
        std::snprintf(b, sizeof b, "%02x", c);
        hex += b;
    }
    return hex + "63dd02";
}

TEST(McJavaDecode, HandshakeForwardedByAProxy) {
    using std::string_literals::operator""s;
    const std::string uuid = "069a79f444e94726a5befca90e38aaf5";
    const std::string props = R"([{"name":"textures","value":"e30="}])";
    for (int32_t protocol : {340, 498}) {
        SCOPED_TRACE(protocol);
        const std::string bungee = "mc.example.org\0"s + "203.0.113.7\0"s + uuid + "\0"s + props;
        const Collect c = decode(*find_version(protocol), State::Handshaking, Side::Client, handshake_hex(protocol, bungee));
        for (auto& n : c.finding_names()) ADD_FAILURE() << n;
        const std::string at = "mcjava.handshake.sb.handshake.server_address";
        EXPECT_EQ(c.text(at), bungee);  // the whole field, as sent
        EXPECT_EQ(c.text(at + ".host"), "mc.example.org");
        EXPECT_EQ(c.text(at + ".client_address"), "203.0.113.7");
        EXPECT_EQ(c.text(at + ".player_uuid"), uuid);
        EXPECT_EQ(c.text(at + ".properties"), props);
        EXPECT_EQ(c.get(at + ".forge_marker"), nullptr);
        EXPECT_EQ(c.num("mcjava.handshake.sb.handshake.next_state"), 2);
        // BungeeCord without an online-mode profile: no properties.
        const Collect b = decode(*find_version(protocol), State::Handshaking, Side::Client,
                                 handshake_hex(protocol, "mc.example.org\0"s + "203.0.113.7\0"s + uuid));
        for (auto& n : b.finding_names()) ADD_FAILURE() << n;
        EXPECT_EQ(b.text(at + ".player_uuid"), uuid);
        EXPECT_EQ(b.text(at + ".properties"), "");
        // A Forge client.
        const Collect f = decode(*find_version(protocol), State::Handshaking, Side::Client,
                                 handshake_hex(protocol, "mc.example.org\0FML2\0"s));
        for (auto& n : f.finding_names()) ADD_FAILURE() << n;
        EXPECT_EQ(f.text(at + ".host"), "mc.example.org");
        EXPECT_EQ(f.text(at + ".forge_marker"), "FML2");
        EXPECT_EQ(f.get(at + ".client_address"), nullptr);
        // A plain host: only itself.
        const Collect h = decode(*find_version(protocol), State::Handshaking, Side::Client,
                                 handshake_hex(protocol, "mc.example.org"));
        EXPECT_TRUE(h.findings.empty());
        EXPECT_EQ(h.text(at + ".host"), "mc.example.org");
        EXPECT_EQ(h.get(at + ".forwarding"), nullptr);
        EXPECT_EQ(h.get(at + ".forge_marker"), nullptr);
    }
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
