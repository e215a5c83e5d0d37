// Every packet type, built with the encoder and decoded again; raw bytes are
// checked at hand-computed offsets so the pair cannot agree on a mistake.
#include <gtest/gtest.h>

#include <cmath>

#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "collect.hpp"

namespace blank::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

uint16_t at16(const std::vector<uint8_t>& b, size_t off) { return blank::le::u16(&b[off]); }
uint32_t at32(const std::vector<uint8_t>& b, size_t off) { return blank::le::u32(&b[off]); }

TEST(PacketTypes, PingAndPartHaveNoPayload) {
    for (uint8_t t : {0, 3}) {
        auto b = PacketBuilder(t).seq(7).ack(3).hist(0x5).build();
        ASSERT_EQ(b.size(), 16u);
        EXPECT_EQ(at32(b, 0), 0xFB1AB1AFu);
        auto c = decode_bytes(b);
        EXPECT_EQ(c.num("blank.type"), t);
        EXPECT_EQ(c.num("blank.seq"), 7);
        // hist 0b101 with ack 3: bits 0 and 2 -> seqs 2 and 0 acked, 1 missing
        EXPECT_EQ(c.num("blank.ack_hist.acked", 0), 2);
        EXPECT_EQ(c.num("blank.ack_hist.acked", 1), 0);
        EXPECT_EQ(c.num("blank.ack_hist.missing", 0), 1);
        EXPECT_EQ(c.count("blank.ack_hist.missing"), 30u);
        EXPECT_TRUE(c.problems().empty());
    }
}

TEST(PacketTypes, LoginShortNameZeroTerminated) {
    auto b = PacketBuilder(1).text("blank.player.name", "bob").compact().build();
    ASSERT_EQ(b.size(), 16u + 4);  // "bob\0"
    auto c = decode_bytes(b);
    EXPECT_EQ(c.text("blank.player.name"), "bob");
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, Join) {
    auto b = PacketBuilder(2)
                 .set("blank.entity.id", 77)
                 .set("blank.state.chunk.x", -3)
                 .set("blank.state.block.y", 8)      // packu 0.5 -> 32768 (round(0.5 * 65535))
                 .set("blank.state.pitch", -kPi / 2) // packn -1 -> -32767
                 .text("blank.world.name", "default")
                 .build();
    ASSERT_EQ(b.size(), 16u + 78);  // full world-name field, as the game sends
    EXPECT_EQ(at32(b, 16), 77u);
    EXPECT_EQ(int32_t(at32(b, 20)), -3);
    EXPECT_EQ(at16(b, 20 + 14), 32768);
    EXPECT_EQ(int16_t(at16(b, 20 + 38)), -32767);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.entity.id"), 77);
    EXPECT_EQ(c.num("blank.state.chunk.x"), -3);
    EXPECT_NEAR(c.num("blank.state.block.y"), 32768 / 65535.0 * 16, 1e-12);
    EXPECT_NEAR(c.num("blank.state.pitch"), -kPi / 2, 1e-12);
    EXPECT_EQ(c.text("blank.world.name"), "default");
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, PlayerUpdateInputs) {
    auto b = PacketBuilder(4)
                 .set("blank.input.movement.x", 0.5)  // round(0.5 * 32767) = 16384
                 .set("blank.input.actions.primary", 1)
                 .set("blank.input.actions.tertiary", 1)
                 .set("blank.input.slot", 9)
                 .build();
    ASSERT_EQ(b.size(), 16u + 50);
    EXPECT_EQ(at16(b, 16 + 42), 16384);
    EXPECT_EQ(b[16 + 48], 0x05);
    auto c = decode_bytes(b);
    EXPECT_NEAR(c.num("blank.input.movement.x"), 16384 / 32767.0, 1e-12);
    EXPECT_EQ(c.num("blank.input.actions"), 5);
    EXPECT_EQ(c.num("blank.input.actions.primary"), 1);
    EXPECT_EQ(c.num("blank.input.actions.secondary"), 0);
    EXPECT_EQ(c.num("blank.input.actions.tertiary"), 1);
    EXPECT_EQ(c.num("blank.input.slot"), 9);
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, SpawnEntity) {
    auto b = PacketBuilder(5)
                 .set("blank.entity.id", 12)
                 .set("blank.entity.model", 3)
                 .set("blank.entity.bbox.min.x", -0.5)
                 .set("blank.entity.bbox.max.y", 1.75)
                 .set("blank.entity.flags.world_collision", 1)
                 .text("blank.entity.name", "spider")
                 .build();
    ASSERT_EQ(b.size(), 16u + 110);
    EXPECT_EQ(blank::le::f32(&b[16 + 50]), -0.5f);
    EXPECT_EQ(blank::le::f32(&b[16 + 50 + 16]), 1.75f);
    EXPECT_EQ(at32(b, 16 + 74), 1u);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.entity.id"), 12);
    EXPECT_EQ(c.num("blank.entity.model"), 3);
    EXPECT_EQ(c.num("blank.entity.bbox.min.x"), -0.5);
    EXPECT_EQ(c.num("blank.entity.bbox.max.y"), 1.75);
    EXPECT_EQ(c.num("blank.entity.flags.world_collision"), 1);
    EXPECT_EQ(c.text("blank.entity.name"), "spider");
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, DespawnEntity) {
    auto b = PacketBuilder(6).set("blank.entity.id", 0xDEADBEEF).build();
    ASSERT_EQ(b.size(), 20u);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.entity.id"), double(0xDEADBEEF));
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, EntityUpdateChunkIsBasePlusOffset) {
    auto b = PacketBuilder(7)
                 .entries(3)
                 .set("blank.chunk.base.x", 100)
                 .set("blank.chunk.base.y", -5)
                 .set("blank.chunk.base.z", 7)
                 .set("blank.entity.id", 4, 0)
                 .set("blank.entity.id", 9, 2)
                 .set("blank.state.chunk_offset.x", -1, 2)
                 .set("blank.state.chunk_offset.y", 127, 2)
                 .set("blank.state.yaw", kPi, 1)
                 .build();
    ASSERT_EQ(b.size(), 16u + 16 + 3 * 37);
    EXPECT_EQ(at32(b, 16), 3u);                      // count follows the entries
    EXPECT_EQ(at32(b, 16 + 16 + 2 * 37), 9u);        // third entry's ID
    EXPECT_EQ(int8_t(b[16 + 16 + 2 * 37 + 4]), -1);  // its vec3b x
    auto c = decode_bytes(b);
    EXPECT_EQ(c.count("blank.entity.id"), 3u);
    EXPECT_EQ(c.num("blank.entity.id", 2), 9);
    EXPECT_EQ(c.num("blank.state.chunk.x", 0), 100);  // 100 + 0
    EXPECT_EQ(c.num("blank.state.chunk.x", 2), 99);   // 100 + -1
    EXPECT_EQ(c.num("blank.state.chunk.y", 2), 122);  // -5 + 127
    EXPECT_EQ(c.num("blank.state.chunk.z", 2), 7);
    EXPECT_NEAR(c.num("blank.state.yaw", 1), kPi, 1e-12);  // packn 32767
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, PlayerCorrection) {
    auto b = PacketBuilder(8).set("blank.correction.update_seq", 65535).set("blank.state.velocity.y", -9.5).build();
    ASSERT_EQ(b.size(), 16u + 44);
    EXPECT_EQ(at16(b, 16), 65535);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.correction.update_seq"), 65535);
    EXPECT_EQ(c.num("blank.state.velocity.y"), -9.5);
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, ChunkBeginAndData) {
    auto begin = PacketBuilder(9)
                     .set("blank.chunk.transmission", 42)
                     .set("blank.chunk.flags.compressed", 1)
                     .set("blank.chunk.coords.x", -2)
                     .set("blank.chunk.size", 1000)
                     .build();
    ASSERT_EQ(begin.size(), 16u + 24);
    auto c = decode_bytes(begin);
    EXPECT_EQ(c.num("blank.chunk.transmission"), 42);
    EXPECT_EQ(c.num("blank.chunk.flags.compressed"), 1);
    EXPECT_EQ(c.num("blank.chunk.coords.x"), -2);
    EXPECT_EQ(c.num("blank.chunk.size"), 1000);

    const std::string piece(472, 'x');
    auto data = PacketBuilder(10)
                    .set("blank.chunk.transmission", 42)
                    .set("blank.chunk.offset", 472)
                    .set("blank.chunk.piece_size", 472)
                    .text("blank.chunk.data", piece)
                    .build();
    ASSERT_EQ(data.size(), 500u);  // the protocol's maximum packet
    auto d = decode_bytes(data);
    EXPECT_EQ(d.num("blank.chunk.offset"), 472);
    EXPECT_EQ(d.text("blank.chunk.data"), piece);
    EXPECT_TRUE(d.problems().empty());
}

TEST(PacketTypes, BlockUpdateFaceAndTurn) {
    auto b = PacketBuilder(11)
                 .entries(2)
                 .set("blank.block.index", 4095, 1)    // x 15, y 15, z 15
                 .set("blank.block.type", 7, 1)
                 .set("blank.block.orient", 4 * 5 + 3, 1)  // face back (5), turn right (3)
                 .build();
    ASSERT_EQ(b.size(), 16u + 16 + 12);
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.block.count"), 2);
    EXPECT_EQ(c.num("blank.block.pos.x", 1), 15);
    EXPECT_EQ(c.num("blank.block.pos.y", 1), 15);
    EXPECT_EQ(c.num("blank.block.pos.z", 1), 15);
    EXPECT_EQ(c.num("blank.block.orient.face", 1), 5);
    EXPECT_EQ(c.num("blank.block.orient.turn", 1), 3);
    EXPECT_TRUE(c.problems().empty());
}

TEST(PacketTypes, MessageCompactLikeTheGame) {
    auto b = PacketBuilder(12).set("blank.message.type", 1).set("blank.message.referral", 2)
                 .text("blank.message.text", "hi").compact().build();
    ASSERT_EQ(b.size(), 16u + 5 + 3);  // 5 + min(len + 1, 450)
    auto c = decode_bytes(b);
    EXPECT_EQ(c.num("blank.message.type"), 1);
    EXPECT_EQ(c.num("blank.message.referral"), 2);
    EXPECT_EQ(c.text("blank.message.text"), "hi");
    EXPECT_TRUE(c.problems().empty());
}

}  // namespace
}  // namespace blank::test
