// RakNet messages decoded from the real captures' bytes (captures/raknet/:
// "clean" = raknet-clean.pcap, jsp-raknet; "native" =
// raknet-native-lossy-10pct.pcap, Oculus RakNet), every value checked by
// hand against the bytes; the seed's layouts from the seed's own examples.
#include <gtest/gtest.h>

#include <cstring>

#include "../support/collect_decoded.hpp"
#include "protocols/raknet/constants.hpp"
#include "protocols/raknet/schema.hpp"

namespace {

using coretest::Collect;
using coretest::from_hex;
using namespace raknet;

Collect decode(Generation g, uint32_t table, const std::string& hex, int64_t security = 0) {
    const std::vector<uint8_t> b = from_hex(hex);
    Collect c;
    core::DecodeContext ctx;
    ctx.table = table;
    int64_t vars[core::kMaxVars] = {security};
    ctx.vars = vars;
    c.summary = core::decode(schema(g), b.data(), b.size(), ctx, c);
    return c;
}

const std::string kMagicHex = "00ffff00fefefefefdfdfdfd12345678";
const std::string kMagicBytes(reinterpret_cast<const char*>(raknet::kMagic), 16);

void expect_clean(const Collect& c) {
    for (const std::string& n : c.finding_names()) ADD_FAILURE() << n;
    EXPECT_TRUE(c.summary.type != nullptr);
}

// ---- offline messages ------------------------------------------------------

// clean frame 1: 01 | time 000001a2072795b1 | magic | client GUID 30b58e84d4ad6212.
TEST(RakNetDecode, UnconnectedPingCurrent) {
    const Collect c = decode(Generation::Current, kPacketTable, "01000001a2072795b1" + kMagicHex + "30b58e84d4ad6212");
    expect_clean(c);
    EXPECT_EQ(c.summary.type->key, std::string("unconnected_ping"));
    EXPECT_EQ(c.num("raknet.id"), 1);
    EXPECT_EQ(c.get("raknet.packet_type"), nullptr);  // offline: no connected bits
    EXPECT_EQ(c.u64("raknet.unconnected_ping.time"), 0x1a2072795b1ull);
    EXPECT_EQ(c.text("raknet.unconnected_ping.magic"), kMagicBytes);
    EXPECT_EQ(c.u64("raknet.unconnected_ping.client_guid"), 0x30b58e84d4ad6212ull);
}

// Seed 002, ID 0x01: ping ID 0x00000000003c6d0d and the magic, 25 bytes.
TEST(RakNetDecode, UnconnectedPingSeed) {
    const std::string hex = "0100000000003c6d0d" + kMagicHex;
    const Collect c = decode(Generation::Seed002, kPacketTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.u64("raknet.unconnected_ping.time"), 0x3c6d0du);
    EXPECT_EQ(c.get("raknet.unconnected_ping.client_guid"), nullptr);
    EXPECT_EQ(evidence(kPacketTable, 0x01, 25), Evidence::Seed002);
    EXPECT_EQ(evidence(kPacketTable, 0x01, 33), Evidence::Current);
    // The current layout reads the seed's ping as truncated (tshark 4.0 too).
    const Collect t = decode(Generation::Current, kPacketTable, hex);
    ASSERT_EQ(t.finding_names().size(), 1u);
    EXPECT_EQ(t.finding_names()[0], "raknet.malformed.truncated");
}

// clean frame 2: 1c | time | server GUID 386b3f7367a1188f | magic | 0066 "MCPE;RakNet capture server;...".
TEST(RakNetDecode, UnconnectedPong) {
    const std::string motd = "MCPE;RakNet capture server;390;1.14.60;0;10;13253860892328930865;Bedrock level;"
                             "Survival;1;19132;19133;";
    ASSERT_EQ(motd.size(), 0x66u);
    std::string hex = "1c000001a2072795b1386b3f7367a1188f" + kMagicHex + "0066";
    for (unsigned char ch : motd) {
        char h[3];
        std::snprintf(h, sizeof h, "%02x", ch);
        hex += h;
    }
    const Collect c = decode(Generation::Current, kPacketTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.u64("raknet.unconnected_pong.time"), 0x1a2072795b1ull);
    EXPECT_EQ(c.u64("raknet.unconnected_pong.server_guid"), 0x386b3f7367a1188full);
    EXPECT_EQ(c.text("raknet.unconnected_pong.server_id"), motd);
}

// Seed 002, ID 0x1C with its example string "MCPE;Steve;2 7;0.11.0;0;20".
TEST(RakNetDecode, UnconnectedPongSeedExample) {
    const std::string s = "MCPE;Steve;2 7;0.11.0;0;20";
    std::string hex = "1c00000000003c6d0d00000000372cdc9e" + kMagicHex + "001a";
    for (unsigned char ch : s) {
        char h[3];
        std::snprintf(h, sizeof h, "%02x", ch);
        hex += h;
    }
    const Collect c = decode(Generation::Seed002, kPacketTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.u64("raknet.unconnected_pong.server_guid"), 0x372cdc9eu);
    EXPECT_EQ(c.text("raknet.unconnected_pong.server_id"), s);
}

// clean frame 3, shortened: 05 | magic | protocol 10 | zero padding.
TEST(RakNetDecode, OpenConnectionRequest1) {
    const Collect c = decode(Generation::Current, kPacketTable, "05" + kMagicHex + "0a" + std::string(2 * 20, '0'));
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.open_connection_request_1.protocol"), 10);
    EXPECT_EQ(c.get("raknet.open_connection_request_1.mtu_padding")->text.size(), 20u);
}

// clean frame 4 (jsp-raknet, no padding): 06 | magic | GUID 386b3f7367a1188f | security 0 | MTU 0x0578 = 1400.
TEST(RakNetDecode, OpenConnectionReply1) {
    const Collect c = decode(Generation::Current, kPacketTable, "06" + kMagicHex + "386b3f7367a1188f000578");
    expect_clean(c);
    EXPECT_EQ(c.u64("raknet.open_connection_reply_1.server_guid"), 0x386b3f7367a1188full);
    EXPECT_EQ(c.num("raknet.open_connection_reply_1.use_security"), 0);
    EXPECT_EQ(c.num("raknet.open_connection_reply_1.mtu"), 1400);
    EXPECT_EQ(c.get("raknet.open_connection_reply_1.padding")->text.size(), 0u);
    // native frame 4: GUID 048955c4faceda45, MTU 0x05d4 = 1492, 1436 bytes of zero padding (1464 in all).
    const Collect n = decode(Generation::Current, kPacketTable,
                             "06" + kMagicHex + "048955c4faceda450005d4" + std::string(2 * 1436, '0'));
    expect_clean(n);
    EXPECT_EQ(n.num("raknet.open_connection_reply_1.mtu"), 1492);
    EXPECT_EQ(n.get("raknet.open_connection_reply_1.padding")->text.size(), 1436u);
}

// clean frame 5: 07 | magic | 04 80fffffe 4abc (127.0.0.1:19132) | MTU 1400 | GUID.
TEST(RakNetDecode, OpenConnectionRequest2) {
    const Collect c = decode(Generation::Current, kPacketTable, "07" + kMagicHex + "0480fffffe4abc057830b58e84d4ad6212");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.address.version"), 4);
    EXPECT_EQ(c.num("raknet.address.ipv4"), double(0x7F000001));
    EXPECT_EQ(c.num("raknet.address.port"), 19132);
    EXPECT_EQ(c.num("raknet.open_connection_request_2.mtu"), 1400);
    EXPECT_EQ(c.u64("raknet.open_connection_request_2.client_guid"), 0x30b58e84d4ad6212ull);
    // After a reply 1 with security, a cookie and the challenge flag come first.
    const Collect s = decode(Generation::Current, kPacketTable,
                             "07" + kMagicHex + "11223344" "00" "0480fffffe4abc057830b58e84d4ad6212", 1);
    expect_clean(s);
    EXPECT_EQ(s.num("raknet.open_connection_request_2.cookie"), double(0x11223344));
    EXPECT_EQ(s.num("raknet.address.port"), 19132);
}

// Seed 002, ID 0x07: "Security + Cookie 0x043f57fefd", port 19132, MTU 1464,
// client ID 0x372cdc9e (34 bytes): the address 192.168.1.2:19132 (the
// five bytes are version 4 and the inverted address).
TEST(RakNetDecode, OpenConnectionRequest2SeedIsAnAddress) {
    const Collect c = decode(Generation::Seed002, kPacketTable, "07" + kMagicHex + "043f57fefd4abc05b800000000372cdc9e");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.address.ipv4"), double(0xC0A80102));
    EXPECT_EQ(c.num("raknet.address.port"), 19132);
    EXPECT_EQ(c.num("raknet.open_connection_request_2.mtu"), 1464);
    EXPECT_EQ(c.u64("raknet.open_connection_request_2.client_guid"), 0x372cdc9eu);
}

// clean frame 6: 08 | magic | GUID | 04 80fffffe cbc5 (127.0.0.1:52165) | MTU 1400 | security 0.
// native frame 6: client 04 80fffffd 4ac5 = 127.0.0.2:19141, MTU 1492.
TEST(RakNetDecode, OpenConnectionReply2Current) {
    const Collect c = decode(Generation::Current, kPacketTable, "08" + kMagicHex + "386b3f7367a1188f0480fffffecbc5057800");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.address.ipv4"), double(0x7F000001));
    EXPECT_EQ(c.num("raknet.address.port"), 52165);
    EXPECT_EQ(c.num("raknet.open_connection_reply_2.mtu"), 1400);
    EXPECT_EQ(c.num("raknet.open_connection_reply_2.use_security"), 0);
    const Collect n = decode(Generation::Current, kPacketTable, "08" + kMagicHex + "048955c4faceda450480fffffd4ac505d400");
    expect_clean(n);
    EXPECT_EQ(n.num("raknet.address.ipv4"), double(0x7F000002));
    EXPECT_EQ(n.num("raknet.address.port"), 19141);
    EXPECT_EQ(n.num("raknet.open_connection_reply_2.mtu"), 1492);
    EXPECT_EQ(evidence(kPacketTable, 0x08, 35), Evidence::Current);
}

// Seed 002, ID 0x08: server ID 0x372cdc9e, client port 46946, MTU 1464, security 0 (30 bytes).
TEST(RakNetDecode, OpenConnectionReply2Seed) {
    const Collect c = decode(Generation::Seed002, kPacketTable, "08" + kMagicHex + "00000000372cdc9eb76205b800");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.open_connection_reply_2.client_port"), 46946);
    EXPECT_EQ(c.num("raknet.open_connection_reply_2.mtu"), 1464);
    EXPECT_EQ(evidence(kPacketTable, 0x08, 30), Evidence::Seed002);
}

// Seed 002's Incompatible Protocol Version body (version 5, magic, server
// ID), under RakNet's id 0x19.
TEST(RakNetDecode, IncompatibleProtocolVersion) {
    const Collect c = decode(Generation::Seed002, kPacketTable, "1905" + kMagicHex + "00000000372cdc9e");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.incompatible_protocol_version.protocol"), 5);
    EXPECT_EQ(c.u64("raknet.incompatible_protocol_version.server_guid"), 0x372cdc9eu);
}

TEST(RakNetDecode, UnknownOfflineIdAndEmpty) {
    // raknet-native's 4-byte socket self-test from port 19132 to itself.
    const Collect c = decode(Generation::Current, kPacketTable, "00000000");
    ASSERT_EQ(c.finding_names().size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "raknet.malformed.unknown_id");
    const Collect e = decode(Generation::Current, kPacketTable, "");
    ASSERT_EQ(e.finding_names().size(), 1u);
    EXPECT_EQ(e.finding_names()[0], "raknet.malformed.empty");
}

// ---- datagrams ---------------------------------------------------------------

// clean frame 7: 80 | seq 000000 | frame 00 (unreliable) 0090 (144 bits = 18
// bytes) | 09 GUID 30b58e84d4ad6212 time 000001a2072796e2 security 00.
TEST(RakNetDecode, DatagramWithConnectionRequest) {
    const Collect c = decode(Generation::Current, kPacketTable, "8000000000009009" "30b58e84d4ad6212" "000001a2072796e2" "00");
    expect_clean(c);
    EXPECT_EQ(c.summary.type->key, std::string("datagram"));
    EXPECT_EQ(c.num("raknet.packet_type"), 0x80);
    EXPECT_EQ(c.num("raknet.packet_type.is_valid"), 1);
    EXPECT_EQ(c.num("raknet.packet_type.is_ack"), 0);
    EXPECT_EQ(c.num("raknet.packet_type.needs_b_and_as"), 0);
    EXPECT_EQ(c.num("raknet.datagram.seq"), 0);
    EXPECT_EQ(c.count("raknet.datagram.flags"), 1u);
    EXPECT_EQ(c.num("raknet.datagram.flags.reliability"), 0);
    EXPECT_EQ(c.num("raknet.datagram.flags.split"), 0);
    EXPECT_EQ(c.num("raknet.datagram.length_bits"), 144);
    EXPECT_EQ(c.get("raknet.datagram.message_index"), nullptr);
    const std::string body = c.text("raknet.datagram.body");
    ASSERT_EQ(body.size(), 18u);
    // The body is a system message: Connection Request.
    std::string hex;
    for (unsigned char ch : body) {
        char h[3];
        std::snprintf(h, sizeof h, "%02x", ch);
        hex += h;
    }
    const Collect m = decode(Generation::Current, kMessageTable, hex);
    expect_clean(m);
    EXPECT_EQ(m.summary.type->key, std::string("connection_request"));
    EXPECT_EQ(m.u64("raknet.connection_request.client_guid"), 0x30b58e84d4ad6212ull);
    EXPECT_EQ(m.u64("raknet.connection_request.time"), 0x1a2072796e2ull);
    EXPECT_EQ(m.num("raknet.connection_request.use_security"), 0);
    EXPECT_EQ(m.get("raknet.connection_request.password")->text.size(), 0u);
}

// native frame 56 (C>S): 84 | seq 0x13 | frame 20 (unreliable sequenced)
// 0188 (392 bits = 49 bytes) seq index 0 order index 8 channel 0 | frame 60
// (reliable ordered) 01c8 (57 bytes) message index 0x12 order index 8 ch 0.
TEST(RakNetDecode, DatagramWithSequencedAndOrderedFrames) {
    const std::string hex =
        "8413000020018800000008000000fe0000000a01c4e30221405f7e9dbcdbfa1938577695b4d3f211304f6e8daccbea0928476685a4c3e2"
        "01203f5e7d9cbbda6001c812000008000000fe0000000b03c5e4032241607f9ebddcfb1a39587796b5d4f31231506f8eadcceb0a294867"
        "86a5c4e30221405f7e9dbcdbfa1938577695b4d3";
    ASSERT_EQ(hex.size(), 260u);
    const Collect c = decode(Generation::Current, kPacketTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.packet_type"), 0x84);
    EXPECT_EQ(c.num("raknet.packet_type.needs_b_and_as"), 1);
    EXPECT_EQ(c.num("raknet.datagram.seq"), 0x13);
    ASSERT_EQ(c.count("raknet.datagram.flags"), 2u);
    EXPECT_EQ(c.num("raknet.datagram.flags.reliability", 0), 1);
    EXPECT_EQ(c.num("raknet.datagram.sequencing_index", 0), 0);
    EXPECT_EQ(c.num("raknet.datagram.order_index", 0), 8);
    EXPECT_EQ(c.num("raknet.datagram.order_channel", 0), 0);
    EXPECT_EQ(c.get("raknet.datagram.body", 0)->text.size(), 49u);
    EXPECT_EQ(c.num("raknet.datagram.flags.reliability", 1), 3);
    EXPECT_EQ(c.num("raknet.datagram.message_index", 0), 0x12);
    EXPECT_EQ(c.num("raknet.datagram.order_index", 1), 8);
    EXPECT_EQ(c.get("raknet.datagram.body", 1)->text.size(), 57u);
    EXPECT_EQ(c.get("raknet.datagram.body", 1)->text[0], '\xfe');
}

// native frame 66 (C>S), first frame: 80 (reliable sequenced) 01f8 (63 bytes)
// message index 0x14 sequencing index 0 order index 0x0a channel 0.
TEST(RakNetDecode, ReliableSequencedFrameHeader) {
    const std::string body(63 * 2, 'a');
    const Collect c = decode(Generation::Current, kPacketTable, "84150000" "8001f8" "140000" "000000" "0a0000" "00" + body);
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.datagram.flags.reliability"), 4);
    EXPECT_EQ(c.num("raknet.datagram.message_index"), 20);
    EXPECT_EQ(c.num("raknet.datagram.sequencing_index"), 0);
    EXPECT_EQ(c.num("raknet.datagram.order_index"), 10);
}

// clean frame 15 (S>C), header: 80 | seq 1 | 70 (reliable ordered + split)
// 29e0 (10720 bits = 1340 bytes) | message 0 | order 0 ch 0 | split count 4,
// id 1, index 0. The body here is cut to 4 bytes: truncated.
TEST(RakNetDecode, SplitFrameHeader) {
    const Collect c = decode(Generation::Current, kPacketTable,
                             "80010000" "7029e0" "000000" "000000" "00" "00000004" "0001" "00000000" "fe000000");
    EXPECT_EQ(c.num("raknet.datagram.flags.split"), 1);
    EXPECT_EQ(c.num("raknet.datagram.length_bits"), 10720);
    EXPECT_EQ(c.num("raknet.datagram.split_count"), 4);
    EXPECT_EQ(c.num("raknet.datagram.split_id"), 1);
    EXPECT_EQ(c.num("raknet.datagram.split_index"), 0);
    ASSERT_EQ(c.finding_names().size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "raknet.malformed.truncated");
}

// ---- ACK / NAK -------------------------------------------------------------------

// clean frame 8: c0 | 1 record | single | #0.  native frame 15: c0 | 1 | range 1..3.
TEST(RakNetDecode, AckRecords) {
    const Collect a = decode(Generation::Current, kPacketTable, "c0000101000000");
    expect_clean(a);
    EXPECT_EQ(a.summary.type->key, std::string("ack"));
    EXPECT_EQ(a.num("raknet.packet_type.is_ack"), 1);
    EXPECT_EQ(a.num("raknet.packet_type.has_b_and_as"), 0);
    EXPECT_EQ(a.num("raknet.ack.record_count"), 1);
    EXPECT_EQ(a.num("raknet.ack.single"), 1);
    EXPECT_EQ(a.num("raknet.ack.min"), 0);
    EXPECT_EQ(a.get("raknet.ack.max"), nullptr);
    const Collect r = decode(Generation::Current, kPacketTable, "c0000100010000030000");
    expect_clean(r);
    EXPECT_EQ(r.num("raknet.ack.single"), 0);
    EXPECT_EQ(r.num("raknet.ack.min"), 1);
    EXPECT_EQ(r.num("raknet.ack.max"), 3);
}

// native frame 78 (S>C): a0 | 2 records | single #0x17 | range #0x19..#0x1a.
TEST(RakNetDecode, NakRecords) {
    const Collect c = decode(Generation::Current, kPacketTable, "a0000201170000001900001a0000");
    expect_clean(c);
    EXPECT_EQ(c.summary.type->key, std::string("nak"));
    EXPECT_EQ(c.num("raknet.packet_type.is_nak"), 1);
    EXPECT_EQ(c.num("raknet.nak.record_count"), 2);
    EXPECT_EQ(c.num("raknet.nak.min", 0), 23);
    EXPECT_EQ(c.num("raknet.nak.single", 1), 0);
    EXPECT_EQ(c.num("raknet.nak.min", 1), 25);
    EXPECT_EQ(c.num("raknet.nak.max"), 26);
}

TEST(RakNetDecode, AckWithArrivalRate) {
    const Collect c = decode(Generation::Current, kPacketTable, "e0" "3f800000" "0001" "01" "050000");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.packet_type.has_b_and_as"), 1);
    EXPECT_EQ(c.num("raknet.ack.arrival_rate"), 1.0);
    EXPECT_EQ(c.num("raknet.ack.min"), 5);
}

TEST(RakNetDecode, AckCountBeyondRecordsIsTruncated) {
    const Collect c = decode(Generation::Current, kPacketTable, "c0000201000000");
    ASSERT_EQ(c.finding_names().size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "raknet.malformed.truncated");
}

// ---- system messages ------------------------------------------------------------

// native frame 9 body: 10 | client 04 80fffffd 4ac5 (127.0.0.2:19141) | index 0 |
// 10 internal addresses (127.0.0.1:19132, then 0.0.0.0:0) | times 0x14e, 0x52e.
TEST(RakNetDecode, ConnectionRequestAccepted) {
    std::string hex = "100480fffffd4ac500000480fffffe4abc";
    for (int i = 0; i < 9; ++i) hex += "04ffffffff0000";
    hex += "000000000000014e000000000000052e";
    const Collect c = decode(Generation::Current, kMessageTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.address.ipv4", 0), double(0x7F000002));
    EXPECT_EQ(c.num("raknet.address.port", 0), 19141);
    EXPECT_EQ(c.num("raknet.connection_request_accepted.system_index"), 0);
    EXPECT_EQ(c.count("raknet.connection_request_accepted.internal_address"), 10u);
    EXPECT_EQ(c.num("raknet.address.ipv4", 1), double(0x7F000001));
    EXPECT_EQ(c.num("raknet.address.port", 1), 19132);
    EXPECT_EQ(c.num("raknet.address.ipv4", 2), 0);
    EXPECT_EQ(c.num("raknet.connection_request_accepted.request_time"), 0x14e);
    EXPECT_EQ(c.num("raknet.connection_request_accepted.accepted_time"), 0x52e);
}

// jsp-raknet writes 20 internal addresses (clean frame 10: New Incoming Connection).
TEST(RakNetDecode, NewIncomingConnectionWithTwentyAddresses) {
    std::string hex = "130480fffffe4abc";
    for (int i = 0; i < 20; ++i) hex += "0480fffffe4abc";
    hex += "000001a2072796e2000001a2072796ec";
    const Collect c = decode(Generation::Current, kMessageTable, hex);
    expect_clean(c);
    EXPECT_EQ(c.count("raknet.new_incoming_connection.internal_address"), 20u);
    EXPECT_EQ(c.u64("raknet.new_incoming_connection.request_time"), 0x1a2072796e2ull);
    EXPECT_EQ(c.u64("raknet.new_incoming_connection.accepted_time"), 0x1a2072796ecull);
}

// native frame 13: pong 03 | ping time 0x159 | pong time 0x543; the seed's
// pong is 03 + identifier 0x0b3d (its example).
TEST(RakNetDecode, ConnectedPongBothLayouts) {
    const Collect c = decode(Generation::Current, kMessageTable, "0300000000000001590000000000000543");
    expect_clean(c);
    EXPECT_EQ(c.num("raknet.connected_pong.ping_time"), 0x159);
    EXPECT_EQ(c.num("raknet.connected_pong.pong_time"), 0x543);
    const Collect s = decode(Generation::Seed002, kMessageTable, "030000000000000b3d");
    expect_clean(s);
    EXPECT_EQ(s.num("raknet.connected_pong.ping_time"), 0x0b3d);
    EXPECT_EQ(evidence(kMessageTable, 0x03, 9), Evidence::Seed002);
    EXPECT_EQ(evidence(kMessageTable, 0x03, 17), Evidence::Current);
    const Collect p = decode(Generation::Seed002, kMessageTable, "000000000000000b3d");
    expect_clean(p);
    EXPECT_EQ(p.num("raknet.connected_ping.time"), 0x0b3d);
}

TEST(RakNetDecode, DisconnectionNotification) {
    const Collect c = decode(Generation::Current, kMessageTable, "15");
    expect_clean(c);
    EXPECT_EQ(c.summary.type->name, std::string("Disconnection Notification"));
}

// Seed 002 "Client Connect (0x09)": clientID, session, unknown byte (18 bytes): RakNet's GUID, time, security.
TEST(RakNetDecode, SeedClientConnectIsAConnectionRequest) {
    const Collect c = decode(Generation::Seed002, kMessageTable, "0900000000372cdc9e000000000000303900");
    expect_clean(c);
    EXPECT_EQ(c.u64("raknet.connection_request.client_guid"), 0x372cdc9eu);
    EXPECT_EQ(c.num("raknet.connection_request.time"), 0x3039);
}

}  // namespace
