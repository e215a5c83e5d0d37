// Real packets from ../shared/captures (two-clients), decoded and compared
// with values computed by hand from doc/protocol (arithmetic in comments).
#include <gtest/gtest.h>

#include <cmath>

#include "collect.hpp"

namespace blank::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

TEST(RealPackets, ChunkBeginFrame5) {
    // afb11afb 0200 0100 ffffffff 09 7f0000 | 01000000 01000000 00000000x3 2d000000
    auto c = decode_bytes(from_hex("afb11afb02000100ffffffff097f000001000000010000000000000000000000000000002d000000"));
    EXPECT_TRUE(c.summary.header_ok);
    EXPECT_EQ(c.num("blank.tag"), double(0xFB1AB1AF));
    EXPECT_EQ(c.num("blank.seq"), 2);
    EXPECT_EQ(c.num("blank.ack"), 1);
    EXPECT_EQ(c.num("blank.ack_hist"), double(0xFFFFFFFFu));
    EXPECT_EQ(c.num("blank.type"), 9);
    EXPECT_EQ(c.text("blank.padding"), std::string("\x7f\0\0", 3));
    EXPECT_EQ(c.num("blank.chunk.transmission"), 1);
    EXPECT_EQ(c.num("blank.chunk.flags"), 1);
    EXPECT_EQ(c.num("blank.chunk.flags.compressed"), 1);
    EXPECT_EQ(c.num("blank.chunk.coords.x"), 0);
    EXPECT_EQ(c.num("blank.chunk.coords.y"), 0);
    EXPECT_EQ(c.num("blank.chunk.coords.z"), 0);
    EXPECT_EQ(c.num("blank.chunk.size"), 45);  // 0x2d
    // Every history bit set: seqs ack-1 .. ack-32 = 0, 65535, ..., 65505.
    EXPECT_EQ(c.count("blank.ack_hist.acked"), 32u);
    EXPECT_EQ(c.count("blank.ack_hist.missing"), 0u);
    EXPECT_EQ(c.num("blank.ack_hist.acked", 0), 0);
    EXPECT_EQ(c.num("blank.ack_hist.acked", 1), 65535);
    EXPECT_EQ(c.num("blank.ack_hist.acked", 31), 65505);
    // Only the padding comment: 7f 00 00 is what the game leaves there.
    EXPECT_TRUE(c.problems().empty());
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.findings[0].code, FindingCode::PaddingNonZero);
    EXPECT_EQ(c.findings[0].severity(), Severity::Comment);
}

TEST(RealPackets, EntityUpdateFrame35) {
    auto c = decode_bytes(from_hex(
        "afb11afb12000f00ffffffff077f000001000000000000000000000000000000020000000001fe006800080038000000000000000000"
        "000000fffff7ff7fffffc700000000"));
    EXPECT_EQ(c.num("blank.seq"), 18);  // 0x0012
    EXPECT_EQ(c.num("blank.ack"), 15);  // 0x000f
    EXPECT_EQ(c.num("blank.entity.count"), 1);
    EXPECT_EQ(c.num("blank.chunk.base.x"), 0);
    EXPECT_EQ(c.num("blank.entity.id"), 2);
    // vec3b 00 01 fe = (0, 1, -2); base (0, 0, 0) so the chunk is the same.
    EXPECT_EQ(c.num("blank.state.chunk_offset.y"), 1);
    EXPECT_EQ(c.num("blank.state.chunk_offset.z"), -2);
    EXPECT_EQ(c.num("blank.state.chunk.z"), -2);
    EXPECT_TRUE(c.get("blank.state.chunk.z")->length == 1);
    // packu 0x6800 = 26624: 26624 / 65535 * 16 = 6.50009918...
    EXPECT_NEAR(c.num("blank.state.block.x"), 6.5000991836423285, 1e-12);
    EXPECT_NEAR(c.num("blank.state.block.y"), 0.5000076295109483, 1e-12);  // 0x0800 = 2048
    EXPECT_NEAR(c.num("blank.state.block.z"), 3.5000534065766384, 1e-12);  // 0x3800 = 14336
    // fffff7ff7fffffc7: largest index 3 (w), low 60 bits 0x7FFFF7FFFF7FFFF -> identity
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_EQ(c.num("blank.state.orientation.largest"), 3);
    EXPECT_TRUE(c.get("blank.state.orientation.w")->generated);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPackets, PlayerUpdateFrame800) {
    auto c = decode_bytes(from_hex(
        "afb11afbf200a501ffffffff047f0000ffffffff00000000ffffffffe4f70000e4d7e8e3cebd0000000021c3153effff177e9affffc7"
        "0000aa2a0000000001800000"));
    EXPECT_EQ(c.num("blank.type"), 4);
    EXPECT_EQ(c.num("blank.state.chunk.x"), -1);
    EXPECT_EQ(c.num("blank.state.chunk.z"), -1);
    EXPECT_NEAR(c.num("blank.state.block.x"), 63460 / 65535.0 * 16, 1e-12);  // 0xf7e4
    EXPECT_NEAR(c.num("blank.state.block.z"), 55268 / 65535.0 * 16, 1e-12);  // 0xd7e4
    EXPECT_FLOAT_EQ(c.num("blank.state.velocity.x"), -0.10102063417434692f);  // 0xbdcee3e8
    EXPECT_FLOAT_EQ(c.num("blank.state.velocity.z"), 0.14625217020511627f);   // 0x3e15c321
    // 0xc7ffff9a7e17ffff: largest 3 (w); x = 0x7ffff -> 0; y = 0x9a7e1 = 632801:
    // (632801 - 524287) * 0.7072 / 524287 = 0.146372...; z = 0; w = sqrt(1 - y^2)
    EXPECT_NEAR(c.num("blank.state.orientation.y"), 0.14637231287443708, 1e-12);
    EXPECT_NEAR(c.num("blank.state.orientation.w"), 0.9892295719517225, 1e-12);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_EQ(c.num("blank.state.pitch"), 0);
    EXPECT_NEAR(c.num("blank.state.yaw"), 10922 / 32767.0 * kPi, 1e-12);  // 0x2aaa, about pi/3
    EXPECT_EQ(c.num("blank.input.movement.z"), -1);  // 0x8001 = -32767
    EXPECT_EQ(c.num("blank.input.actions"), 0);
    EXPECT_EQ(c.num("blank.input.actions.primary"), 0);
    EXPECT_EQ(c.num("blank.input.slot"), 0);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPackets, PlayerCorrectionFrame486) {
    auto c = decode_bytes(from_hex(
        "afb11afb2201c200ffffffff087f0000c200ffffffff00000000ffffffffccff000054fd06f77fbe00000000704216c0fffff7ff7fffffc7"
        "0000a906"));
    EXPECT_EQ(c.num("blank.correction.update_seq"), 194);
    EXPECT_EQ(c.num("blank.state.chunk.x"), -1);
    EXPECT_NEAR(c.num("blank.state.block.x"), 65484 / 65535.0 * 16, 1e-12);
    EXPECT_FLOAT_EQ(c.num("blank.state.velocity.z"), -2.3478050231933594f);
    EXPECT_NEAR(c.num("blank.state.yaw"), 1705 / 32767.0 * kPi, 1e-12);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPackets, BlockUpdateFrame3227) {
    auto c = decode_bytes(from_hex("afb11afb5e053102ffffffff0b7f000002000000010000000100000001000000e408000000c0"));
    EXPECT_EQ(c.num("blank.chunk.coords.x"), 2);
    EXPECT_EQ(c.num("blank.chunk.coords.y"), 1);
    EXPECT_EQ(c.num("blank.chunk.coords.z"), 1);
    EXPECT_EQ(c.num("blank.block.count"), 1);
    EXPECT_EQ(c.num("blank.block.index"), 2276);  // 0x08e4
    EXPECT_EQ(c.num("blank.block.pos.x"), 4);     // 2276 % 16
    EXPECT_EQ(c.num("blank.block.pos.y"), 14);    // 2276 / 16 = 142, % 16
    EXPECT_EQ(c.num("blank.block.pos.z"), 8);     // 2276 / 256
    EXPECT_EQ(c.num("blank.block.type"), 0);
    EXPECT_EQ(c.num("blank.block.orient.face"), 0);
    EXPECT_EQ(c.num("blank.block.unused"), 0xc0);
    EXPECT_TRUE(c.problems().empty());
}

TEST(RealPackets, LoginHasFullNameField) {
    // The game sends the whole 32-byte field, zero-padded.
    auto b = from_hex("afb11afb0100ffffffffffff017f0000616c696365");
    b.resize(16 + 32, 0);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.text("blank.player.name"), "alice");
    EXPECT_EQ(c.get("blank.player.name")->length, 32u);
    EXPECT_TRUE(c.problems().empty());
}

}  // namespace
}  // namespace blank::test
