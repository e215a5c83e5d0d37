// Real packets of the current revision (fa73e36) from
// captures/blank-fa73e36-two-clients.pcap, for what the encoder/decoder round
// trip cannot catch (both sides share the tables, so a wrong offset is wrong
// on both): SpawnEntity, DespawnEntity, Message, an EntityUpdate with a
// non-zero chunk base, a quaternion whose largest component is y. Expected
// values are worked out from the bytes with doc/protocol
// (../shared/seeds/004_8f5e877db6d99b09.txt); the arithmetic is in comments.
#include <gtest/gtest.h>

#include <cmath>

#include "collect.hpp"

namespace blank::test {
namespace {

constexpr double kPi = 3.14159265358979323846;
double packu16(unsigned v) { return v / 65535.0 * 16; }  // vec3u block position: packu x 16

TEST(RealPacketTypes, SpawnEntityFrame32) {
    // header: seq 0x0010, ack 0x000e, type 5 | payload:
    //  0 02000000 id | 4 02000000 model | 8 state: 00000000 01000000 feffffff chunk (0,1,-2),
    //  0068 0008 0038 block, 3x 00000000 velocity, fffff7ff7fffffc7 quat, 0000 pitch, 0000 yaw |
    //  50 000000bf x3, 0000003f x3 bbox | 74 01000000 flags | 78 "spawned" zero-padded to 32
    auto c = decode_bytes(from_hex(
        "afb11afb10000e00ffffffff057f000002000000020000000000000001000000feffffff006800080038000000000000000000000000"
        "fffff7ff7fffffc700000000000000bf000000bf000000bf0000003f0000003f0000003f01000000737061776e6564000000000000000"
        "00000000000000000000000000000000000"));
    ASSERT_EQ(c.summary.payload_len, 110u);
    EXPECT_EQ(c.num("blank.type"), 5);
    EXPECT_EQ(c.num("blank.entity.id"), 2);
    EXPECT_EQ(c.num("blank.entity.model"), 2);
    EXPECT_EQ(c.num("blank.state.chunk.x"), 0);
    EXPECT_EQ(c.num("blank.state.chunk.y"), 1);
    EXPECT_EQ(c.num("blank.state.chunk.z"), -2);  // 0xfffffffe
    EXPECT_NEAR(c.num("blank.state.block.x"), packu16(0x6800), 1e-12);  // 6.50009918...
    EXPECT_NEAR(c.num("blank.state.block.z"), packu16(0x3800), 1e-12);  // 3.50005340...
    EXPECT_EQ(c.num("blank.state.orientation.largest"), 3);            // c7: top bits 11 = w
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);
    // 0xbf000000 = -0.5f, 0x3f000000 = 0.5f: a unit cube around the entity
    for (const char* axis : {"x", "y", "z"}) {
        EXPECT_EQ(c.num(std::string("blank.entity.bbox.min.") + axis), -0.5) << axis;
        EXPECT_EQ(c.num(std::string("blank.entity.bbox.max.") + axis), 0.5) << axis;
    }
    EXPECT_EQ(c.num("blank.entity.flags"), 1);
    EXPECT_EQ(c.num("blank.entity.flags.world_collision"), 1);  // bit 1
    EXPECT_EQ(c.text("blank.entity.name"), "spawned");
    EXPECT_EQ(c.get("blank.entity.name")->length, 32u);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPacketTypes, DespawnEntityFrame1645) {
    // seq 0x02f3 = 755, ack 0x0171 = 369, type 6 | 1c000000: entity 28
    auto c = decode_bytes(from_hex("afb11afbf3027101ffffffff067f00001c000000"));
    EXPECT_EQ(c.num("blank.seq"), 755);
    EXPECT_EQ(c.num("blank.ack"), 369);
    EXPECT_EQ(c.num("blank.type"), 6);
    EXPECT_EQ(c.num("blank.entity.id"), 28);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPacketTypes, ChatMessageFrame3323) {
    // seq 0x0583 = 1411, ack 0x023c = 572, type 12 | 01 chat | 0d000000 referral:
    // entity 13 (bob) | "hi alice, bob here" and its terminating zero (19 bytes)
    auto c = decode_bytes(
        from_hex("afb11afb83053c02ffffffff0c7f0000010d000000686920616c6963652c20626f62206865726500"));
    EXPECT_EQ(c.num("blank.seq"), 1411);
    EXPECT_EQ(c.num("blank.ack"), 572);
    EXPECT_EQ(c.num("blank.message.type"), 1);
    EXPECT_EQ(c.num("blank.message.referral"), 13);
    EXPECT_EQ(c.text("blank.message.text"), "hi alice, bob here");
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPacketTypes, NotificationMessageFrame3) {
    // type 0 notification, referral 0, "player "alice" joined"
    auto c = decode_bytes(from_hex(
        "afb11afb00000100ffffffff0c7f00000000000000706c617965722022616c69636522206a6f696e656400"));
    EXPECT_EQ(c.num("blank.message.type"), 0);
    EXPECT_EQ(c.num("blank.message.referral"), 0);
    EXPECT_EQ(c.text("blank.message.text"), "player \"alice\" joined");
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPacketTypes, EntityUpdateWithChunkBaseFrame472) {
    // seq 0x0119 = 281, ack 0x00bd = 189, type 7 | 0a000000: 10 entities |
    // base ffffffff 00000000 ffffffff = (-1, 0, -1) | 37 bytes per entity:
    // id, vec3b chunk offset, vec3u block, vec3 velocity, quat, pitch, yaw
    auto c = decode_bytes(from_hex(
        "afb11afb1901bd00ffffffff077f00000a000000ffffffff00000000ffffffff"
        "020000000101ff006800080038000000000000000000000000fffff7ff7fffffc700000000"
        "03000000ff030200180058ffe7000000000000000000000000fffff7ff7fffffc700000000"
        "04000000ff0300002800380008000000000000000000000000fffff7ff7fffffc700000000"
        "05000000fe0104ffd7fff7ffe7000000000000000000000000fffff7ff7fffffc700000000"
        "06000000010300ffd7ffc70058000000000000000000000000fffff7ff7fffffc700000000"
        "0700000004fd0300480008ffd7000000000000000000000000fffff7ff7fffffc700000000"
        "08000000060002ffb7ff970048000000000000000000000000fffff7ff7fffffc700000000"
        "0900000006ff010078ff97ff97000000000000000000000000fffff7ff7fffffc700000000"
        "0a00000000fe03ff970008ffa7000000000000000000000000fffff7ff7fffffc700000000"
        "0b0000000200040018fff7ffd7000000000000000000000000fffff7ff7fffffc700000000"));
    ASSERT_EQ(c.summary.payload_len, 386u);  // 16 + 10 x 37
    EXPECT_EQ(c.num("blank.entity.count"), 10);
    EXPECT_EQ(c.num("blank.chunk.base.x"), -1);
    EXPECT_EQ(c.num("blank.chunk.base.y"), 0);
    EXPECT_EQ(c.num("blank.chunk.base.z"), -1);
    EXPECT_EQ(c.count("blank.entity.id"), 10u);
    // Entity 2: offset 01 01 ff = (1, 1, -1); chunk = base + offset = (0, 1, -2),
    // where SpawnEntity (frame 32) put it.
    EXPECT_EQ(c.num("blank.entity.id", 0), 2);
    EXPECT_EQ(c.num("blank.state.chunk_offset.x", 0), 1);
    EXPECT_EQ(c.num("blank.state.chunk_offset.z", 0), -1);
    EXPECT_EQ(c.num("blank.state.chunk.x", 0), 0);
    EXPECT_EQ(c.num("blank.state.chunk.y", 0), 1);
    EXPECT_EQ(c.num("blank.state.chunk.z", 0), -2);
    EXPECT_NEAR(c.num("blank.state.block.x", 0), packu16(0x6800), 1e-12);
    // Entity 3: offset ff 03 02 = (-1, 3, 2) -> chunk (-2, 3, 1); block 0x1800,
    // 0x5800, 0xe7ff -> 1.50002289, 5.50008392, 14.49997711
    EXPECT_EQ(c.num("blank.entity.id", 1), 3);
    EXPECT_EQ(c.num("blank.state.chunk.x", 1), -2);
    EXPECT_EQ(c.num("blank.state.chunk.y", 1), 3);
    EXPECT_EQ(c.num("blank.state.chunk.z", 1), 1);
    EXPECT_NEAR(c.num("blank.state.block.x", 1), packu16(0x1800), 1e-12);
    EXPECT_NEAR(c.num("blank.state.block.y", 1), packu16(0x5800), 1e-12);
    EXPECT_NEAR(c.num("blank.state.block.z", 1), packu16(0xe7ff), 1e-12);
    // The last, entity 11 (0x0b), at 32 + 9 x 37: offset 02 00 04 -> chunk (1, 0, 3);
    // block 0x1800, 0xf7ff, 0xd7ff
    EXPECT_EQ(c.num("blank.entity.id", 9), 11);
    EXPECT_EQ(c.num("blank.state.chunk.x", 9), 1);
    EXPECT_EQ(c.num("blank.state.chunk.y", 9), 0);
    EXPECT_EQ(c.num("blank.state.chunk.z", 9), 3);
    EXPECT_NEAR(c.num("blank.state.block.y", 9), packu16(0xf7ff), 1e-12);
    EXPECT_NEAR(c.num("blank.state.block.z", 9), packu16(0xd7ff), 1e-12);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPacketTypes, QuaternionWithLargestYFrame1140) {
    // PlayerUpdate from client 58287: chunk (-1, 0, -1); block f4ae 0000 eb64;
    // velocity 0xbf97d7d6, 0, 0x406b05ce; quat bytes 2becffff7fffff47, i.e.
    // 0x47ffff7fffffec2b: bits 63-62 = 01 -> y is the largest, bits 61-60 = 0;
    // then x, z, w (y left out) as 20 bits each at shifts 40, 20, 0:
    // x = 0x7ffff = 524287 -> 0, z = 0x7ffff -> 0,
    // w = 0xfec2b = 1043499 -> (1043499 - 524287) x 0.7072 / 524287 = 0.700354436...,
    // y = sqrt(1 - w^2) = 0.713795253...; yaw 0x2aaa = 10922 -> 10922 / 32767 x pi
    auto c = decode_bytes(from_hex(
        "afb11afb28012302ffffffff047f0000ffffffff00000000ffffffffaef4000064ebd6d797bf00000000ce056b402becffff7fffff47"
        "0000aa2a0000000001800000"));
    EXPECT_EQ(c.num("blank.type"), 4);
    EXPECT_EQ(c.num("blank.state.chunk.x"), -1);
    EXPECT_EQ(c.num("blank.state.chunk.z"), -1);
    EXPECT_NEAR(c.num("blank.state.block.x"), packu16(0xf4ae), 1e-12);  // 15.2927138...
    EXPECT_EQ(c.num("blank.state.block.y"), 0);
    EXPECT_NEAR(c.num("blank.state.block.z"), packu16(0xeb64), 1e-12);  // 14.7121385...
    EXPECT_FLOAT_EQ(c.num("blank.state.velocity.x"), -1.1862742900848389f);  // 0xbf97d7d6
    EXPECT_FLOAT_EQ(c.num("blank.state.velocity.z"), 3.672229290008545f);    // 0x406b05ce
    EXPECT_EQ(c.num("blank.state.orientation.largest"), 1);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_EQ(c.num("blank.state.orientation.z"), 0);
    const double w = (0xfec2b - 524287) * 0.7072 / 524287;
    EXPECT_NEAR(c.num("blank.state.orientation.w"), w, 1e-12);
    EXPECT_NEAR(w, 0.7003544364060144, 1e-15);
    EXPECT_NEAR(c.num("blank.state.orientation.y"), std::sqrt(1 - w * w), 1e-12);
    EXPECT_TRUE(c.get("blank.state.orientation.y")->generated);  // the largest is computed, not carried
    EXPECT_EQ(c.num("blank.state.pitch"), 0);
    EXPECT_NEAR(c.num("blank.state.yaw"), 10922 / 32767.0 * kPi, 1e-12);
    EXPECT_EQ(c.num("blank.input.movement.z"), -1);  // 0x8001 = -32767
    EXPECT_TRUE(c.problems().empty());
}

}  // namespace
}  // namespace blank::test
