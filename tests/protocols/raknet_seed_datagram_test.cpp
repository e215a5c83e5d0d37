// Seed 002's RakNet datagrams ("Custom Packet (0x80-0x8F)" and "Packet
// Encapsulation format") written byte by byte by hand, then compared with
// what raknet/builder.hpp (the core's encoder, what the MCPE simulator
// writes its sessions with) writes from the same frames, decoded by the
// decoder and fed to raknet::Session. Where the seed is silent the bytes
// follow real RakNet as captures/raknet/ shows it (datagram_rows.cpp lists
// the decisions): the 3-byte counts are little-endian u24; 0x60's "Unknown
// 4 bytes" are the order index (u24 LE) and the channel; the split fields
// (0x10 in the encapsulation id; the seed documents none) are split count
// u32, split id u16, split index u32, big-endian, after the reliability
// fields, as in raknet-clean.pcap frame 15 (70 29e0 000000 000000 00
// 00000004 0001 00000000, raknet_decode_test SplitFrameHeader).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/raknet/builder.hpp"
#include "protocols/raknet/schema.hpp"
#include "protocols/raknet/session.hpp"

namespace {

using coretest::Collect;
using namespace raknet;

std::vector<uint8_t> hx(const std::string& spaced) {
    std::string h;
    for (char ch : spaced)
        if (ch != ' ') h += ch;
    return coretest::from_hex(h);
}

std::string str(const std::vector<uint8_t>& b) { return std::string(b.begin(), b.end()); }

Collect decode(uint32_t table, const std::vector<uint8_t>& b) {
    Collect c;
    core::DecodeContext ctx;
    ctx.table = table;
    c.summary = core::decode(schema(Generation::Seed002), b.data(), b.size(), ctx, c);
    for (const std::string& n : c.finding_names()) ADD_FAILURE() << n;
    return c;
}

// The seed's own example, whole. "Custom Packet": 0x80-0x8F, Count 3 bytes
// (its example 0), then the payload, whose example is "0x40009000000009...";
// encapsulation 0x40: length short 0x0090 (144 bits, "in bits, not bytes",
// excluding the headers: 18 bytes), Count 3 bytes 0x000000, then the data
// packet "0x09d92145...". 0x09 is "Client Connect", 18 bytes: clientID
// int64, session int64, unknown byte. The seed shows its first three bytes
// after the id (d9 21 45); the rest is written here: clientID
// d921455c7c3a0001, session 0000000000000b3d, unknown 00.
//   84 | 000000 | 40 0090 000000 | 09 d921455c7c3a0001 0000000000000b3d 00
// raknet_detect_test.cpp uses the example's first 12 bytes as what the
// offline-message heuristic must not take; here it is a datagram.
const std::string kSeedExample = "84 000000 40 0090 000000 09 d921455c7c3a0001 0000000000000b3d 00";

TEST(RakNetSeedDatagram, TheSeedsOwnExampleAsTheEncoderWritesIt) {
    const std::vector<uint8_t> want = hx(kSeedExample);
    ASSERT_EQ(want.size(), 4u + 6u + 18u);
    FrameSpec f;
    f.reliability = Reliability::Reliable;  // 0x40 = reliability 2 << 5
    f.message_index = 0;
    f.body = hx("09 d921455c7c3a0001 0000000000000b3d 00");
    EXPECT_EQ(encode_datagram(Generation::Seed002, 0, {f}, 0x84), want);

    const Collect c = decode(kPacketTable, want);
    EXPECT_EQ(c.summary.type->key, std::string("datagram"));
    EXPECT_EQ(c.num("raknet.datagram.seq"), 0);
    ASSERT_EQ(c.count("raknet.datagram.flags"), 1u);
    EXPECT_EQ(c.num("raknet.datagram.flags.reliability"), 2);
    EXPECT_EQ(c.num("raknet.datagram.length_bits"), 144);
    EXPECT_EQ(c.num("raknet.datagram.message_index"), 0);
    const std::string body = c.text("raknet.datagram.body");
    ASSERT_EQ(body.size(), 18u);
    // The body is seed 002's Client Connect: RakNet's Connection Request.
    const Collect m = decode(kMessageTable, std::vector<uint8_t>(body.begin(), body.end()));
    EXPECT_EQ(m.summary.type->key, std::string("connection_request"));
    EXPECT_EQ(m.u64("raknet.connection_request.client_guid"), 0xd921455c7c3a0001ull);
    EXPECT_EQ(m.num("raknet.connection_request.time"), 0xb3d);
}

// One datagram with an ordered message and a split one, by hand:
//   84 050000                      datagram, number 5 (u24 LE)
//   60 0028 030000 010000 00       0x60 reliable ordered, 40 bits = 5 bytes,
//                                  message index 3, order index 1, channel 0
//      85 0002 4869                MCPE MessagePacket (7.4) "Hi"
//   70 0038 040000 020000 00       0x60 | 0x10 split, 56 bits = 7 bytes,
//      00000002 0007 00000000      message index 4, order index 2, ch 0;
//      b5 000a 3c537465            split count 2, id 7, index 0: the first 7
//                                  bytes of ChatPacket (7.48) "<Steve> hi"
//   70 0030 050000 020000 00       the same message's second piece, 48 bits
//      00000002 0007 00000001      = 6 bytes, message index 5, the same
//      76653e206869                order index 2: "ve> hi"
const std::string kSplitAndOrdered =
    "84 050000"
    " 60 0028 030000 010000 00 85 0002 4869"
    " 70 0038 040000 020000 00 00000002 0007 00000000 b5000a3c537465"
    " 70 0030 050000 020000 00 00000002 0007 00000001 76653e206869";

std::vector<FrameSpec> split_and_ordered_frames() {
    FrameSpec hi;
    hi.reliability = Reliability::ReliableOrdered;
    hi.message_index = 3;
    hi.order_index = 1;
    hi.body = hx("85 0002 4869");
    std::vector<FrameSpec> frames = {hi};
    const std::vector<uint8_t> pieces[2] = {hx("b5000a3c537465"), hx("76653e206869")};
    for (uint32_t i = 0; i < 2; ++i) {
        FrameSpec f;
        f.reliability = Reliability::ReliableOrdered;
        f.message_index = 4 + i;
        f.order_index = 2;
        f.split = true;
        f.split_count = 2;
        f.split_id = 7;
        f.split_index = i;
        f.body = pieces[i];
        frames.push_back(f);
    }
    return frames;
}

TEST(RakNetSeedDatagram, SplitAndOrderedFramesAsTheEncoderWritesThem) {
    const std::vector<uint8_t> want = hx(kSplitAndOrdered);
    ASSERT_EQ(want.size(), 4u + (10 + 5) + (20 + 7) + (20 + 6));
    EXPECT_EQ(encode_datagram(Generation::Seed002, 5, split_and_ordered_frames(), 0x84), want);
}

TEST(RakNetSeedDatagram, SplitAndOrderedFramesDecoded) {
    const Collect c = decode(kPacketTable, hx(kSplitAndOrdered));
    EXPECT_EQ(c.summary.end, hx(kSplitAndOrdered).size());
    EXPECT_EQ(c.num("raknet.datagram.seq"), 5);
    ASSERT_EQ(c.count("raknet.datagram.flags"), 3u);
    const double message_index[] = {3, 4, 5}, order_index[] = {1, 2, 2}, bits[] = {40, 56, 48};
    for (size_t i = 0; i < 3; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(c.num("raknet.datagram.flags.reliability", i), 3);
        EXPECT_EQ(c.num("raknet.datagram.flags.split", i), i == 0 ? 0 : 1);
        EXPECT_EQ(c.num("raknet.datagram.length_bits", i), bits[i]);
        EXPECT_EQ(c.num("raknet.datagram.message_index", i), message_index[i]);
        EXPECT_EQ(c.num("raknet.datagram.order_index", i), order_index[i]);
        EXPECT_EQ(c.num("raknet.datagram.order_channel", i), 0);
    }
    ASSERT_EQ(c.count("raknet.datagram.split_count"), 2u);
    for (size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(c.num("raknet.datagram.split_count", i), 2);
        EXPECT_EQ(c.num("raknet.datagram.split_id", i), 7);
        EXPECT_EQ(c.num("raknet.datagram.split_index", i), double(i));
    }
    EXPECT_EQ(c.get("raknet.datagram.body", 0)->text, str(hx("85 0002 4869")));
    EXPECT_EQ(c.get("raknet.datagram.body", 1)->text, str(hx("b5000a3c537465")));
    EXPECT_EQ(c.get("raknet.datagram.body", 2)->text, str(hx("76653e206869")));
}

struct Messages : Sink {
    std::vector<std::string> bytes;
    std::vector<std::string> findings;
    void packet(const PacketResult& p) override {
        for (const MessageResult& m : p.messages) bytes.emplace_back(reinterpret_cast<const char*>(m.data), m.len);
        for (const core::Finding& f : p.findings) findings.push_back(core::finding_info(f.code).name);
    }
    void link(const Link&) override {}
    void finding(const core::Finding& f) override { findings.push_back(core::finding_info(f.code).name); }
};

// The session hands on two messages: "Hi" whole, and the two pieces joined
// (7 + 6 = 13 bytes), which MCPE's decoder reads as ChatPacket "<Steve> hi".
TEST(RakNetSeedDatagram, TheSessionJoinsTheSplitMessage) {
    Session s{Options()};
    Messages out;
    const std::vector<uint8_t> d = hx(kSplitAndOrdered);
    s.packet(Side::Client, d.data(), uint32_t(d.size()), core::Origin{1, 1.0}, out);
    // Datagram 5 with no handshake before it: the session says it joined a
    // connection under way, and nothing else (no hole, no bad fragment).
    EXPECT_EQ(out.findings, std::vector<std::string>{"raknet.seq.mid_start"});
    ASSERT_EQ(out.bytes.size(), 2u);
    EXPECT_EQ(out.bytes[0], str(hx("85 0002 4869")));
    EXPECT_EQ(out.bytes[1], str(hx("b5 000a 3c53746576653e206869")));
    Collect chat;
    const std::string& m = out.bytes[1];
    chat.summary = core::decode(mcpe::schema(mcpe::default_version()), reinterpret_cast<const uint8_t*>(m.data()),
                                m.size(), core::DecodeContext{}, chat);
    EXPECT_EQ(chat.text("mcpe.chat.message"), "<Steve> hi");
}

}  // namespace
