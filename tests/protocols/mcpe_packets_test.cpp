// Every game packet of seed 002 (protocol 11, MCPE 0.7.3) decoded from bytes
// written by hand here (big-endian, field by field in the seed's order, with
// a tiny byte writer independent of the core's encoder), every field's
// value checked; then each packet written by the core's encoder from the
// same values must give the same bytes.
#include <gtest/gtest.h>

#include <cstring>

#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mcpe/chunk_summary.hpp"
#include "protocols/mcpe/schema.hpp"

namespace {

using coretest::Collect;
using namespace mcpe;

// Big-endian bytes, written by hand.
struct B {
    std::vector<uint8_t> b;
    B& u8(uint8_t v) { b.push_back(v); return *this; }
    B& i8(int8_t v) { return u8(uint8_t(v)); }
    B& i16(int16_t v) { return u8(uint8_t(uint16_t(v) >> 8)).u8(uint8_t(v)); }
    B& i32(int32_t v) { return i16(int16_t(uint32_t(v) >> 16)).i16(int16_t(v)); }
    B& u64(uint64_t v) { return i32(int32_t(v >> 32)).i32(int32_t(v)); }
    B& f32(float f) {
        uint32_t x;
        std::memcpy(&x, &f, 4);
        return i32(int32_t(x));
    }
    B& str(const std::string& s) {
        i16(int16_t(s.size()));
        b.insert(b.end(), s.begin(), s.end());
        return *this;
    }
    // Little-endian, for entity metadata (types.hpp: PocketMine writes it so).
    B& le16(int16_t v) { return u8(uint8_t(v)).u8(uint8_t(uint16_t(v) >> 8)); }
    B& le32(int32_t v) { return le16(int16_t(v)).le16(int16_t(uint32_t(v) >> 16)); }
    B& lef32(float f) {
        uint32_t x;
        std::memcpy(&x, &f, 4);
        return le32(int32_t(x));
    }
    B& lestr(const std::string& s) {
        le16(int16_t(s.size()));
        b.insert(b.end(), s.begin(), s.end());
        return *this;
    }
    B& raw(std::initializer_list<uint8_t> x) { b.insert(b.end(), x); return *this; }
    B& fill(size_t n, uint8_t v) { b.insert(b.end(), n, v); return *this; }
};

const core::Schema& s() { return schema(default_version()); }

Collect decode(const std::vector<uint8_t>& b) {
    Collect c;
    c.summary = core::decode(s(), b.data(), b.size(), core::DecodeContext{}, c);
    for (const std::string& n : c.finding_names()) ADD_FAILURE() << n;
    return c;
}

std::string key(const Collect& c) { return c.summary.type && c.summary.type->key ? c.summary.type->key : "?"; }

// Encodes `values` as message `id` and expects the hand-written bytes.
void same_bytes(uint8_t id, const core::Value& values, const std::vector<uint8_t>& expect) {
    EXPECT_EQ(core::encode(s(), 0, id, values), expect) << "encoder, id " << int(id);
}

using core::Value;

TEST(McpePackets, VersionIsTheSeeds) {
    EXPECT_EQ(default_version().protocol, 11);
    EXPECT_EQ(find_version(11), &default_version());
    // Protocol 20 (0.10.4), the seed's "current version", has the seed's table too.
    ASSERT_NE(find_version(20), nullptr);
    EXPECT_STREQ(find_version(20)->name, "0.10.4");
    EXPECT_EQ(&nearest_version(19), find_version(20));
    EXPECT_EQ(&nearest_version(14), &default_version());
    EXPECT_EQ(s().tables.size(), 1u);
    // Every packet of the seed's contents list, and the 0xFE wrapper.
    const uint8_t ids[] = {0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8c, 0x8d, 0x8e, 0x8f, 0x90,
                           0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0,
                           0xa1, 0xa2, 0xa3, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf,
                           0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xfe};
    size_t n = 0;
    for (const core::CompiledType& t : s().tables[0].by_id) n += t.type != nullptr;
    EXPECT_EQ(n, sizeof ids);
    for (uint8_t id : ids) EXPECT_NE(s().type(0, id), nullptr) << int(id);
}

TEST(McpePackets, LoginAndStatus) {
    const auto b = B().u8(0x82).str("Steve").i32(11).i32(11).i32(0x372cdc9e).str("").b;
    const Collect c = decode(b);
    EXPECT_EQ(key(c), "login");
    EXPECT_EQ(c.text("mcpe.login.username"), "Steve");
    EXPECT_EQ(c.num("mcpe.login.protocol1"), 11);
    EXPECT_EQ(c.num("mcpe.login.protocol2"), 11);
    EXPECT_EQ(c.num("mcpe.login.client_id"), 0x372cdc9e);
    EXPECT_EQ(c.text("mcpe.login.realms_data"), "");
    same_bytes(0x82, Value{{"username", "Steve"}, {"protocol1", 11}, {"protocol2", 11}, {"client_id", 0x372cdc9e},
                           {"realms_data", ""}}, b);
    for (int status : {0, 1, 2}) {
        const Collect st = decode(B().u8(0x83).i32(status).b);
        EXPECT_EQ(st.num("mcpe.login_status.status"), status);
    }
    const Collect r = decode(B().u8(0x84).u8(0x01).b);
    EXPECT_EQ(r.num("mcpe.ready.status"), 1);
    const Collect m = decode(B().u8(0x85).str("Hello world").b);
    EXPECT_EQ(m.text("mcpe.message.message"), "Hello world");
    const Collect t = decode(B().u8(0x86).i32(12000).b);
    EXPECT_EQ(t.num("mcpe.set_time.time"), 12000);
}

TEST(McpePackets, StartGame) {
    const auto b = B().u8(0x87).i32(-559038737).i32(1).i32(0).i32(42).f32(128.5f).f32(64.0f).f32(-3.25f).b;
    const Collect c = decode(b);
    EXPECT_EQ(key(c), "start_game");
    EXPECT_EQ(c.num("mcpe.start_game.seed"), -559038737);
    EXPECT_EQ(c.num("mcpe.start_game.unknown"), 1);
    EXPECT_EQ(c.num("mcpe.start_game.gamemode"), 0);
    EXPECT_EQ(c.num("mcpe.start_game.entity_id"), 42);
    EXPECT_EQ(c.num("mcpe.start_game.x"), 128.5);
    EXPECT_EQ(c.num("mcpe.start_game.y"), 64.0);
    EXPECT_EQ(c.num("mcpe.start_game.z"), -3.25);
    same_bytes(0x87, Value{{"seed", -559038737}, {"unknown", 1}, {"gamemode", 0}, {"entity_id", 42}, {"x", 128.5},
                           {"y", 64.0}, {"z", -3.25}}, b);
}

// Metadata: 0x00 byte index 0 = 0 (flags), 0x21 short index 1 = 300 (air),
// 0x84 string index 4 = "Zombie"?, 0xA6 slot index 6, 0xC7 position index 7, then 0x7F.
// Every multi-byte value inside metadata little-endian (types.hpp), the
// packet's own fields big-endian.
TEST(McpePackets, AddMobWithMetadata) {
    const auto b = B().u8(0x88).i32(7).i32(32).f32(1.5f).f32(65.0f).f32(2.5f).i8(-64).i8(10)
                       .u8(0x00).i8(0).u8(0x21).le16(300).u8(0x84).lestr("Zombie").u8(0xA6).le16(267).u8(1).le16(0)
                       .u8(0xC7).le32(1).le32(2).le32(3).u8(0x7F).b;
    const Collect c = decode(b);
    EXPECT_EQ(key(c), "add_mob");
    EXPECT_EQ(c.num("mcpe.add_mob.entity_id"), 7);
    EXPECT_EQ(c.num("mcpe.add_mob.type"), 32);
    EXPECT_EQ(c.num("mcpe.add_mob.x"), 1.5);
    EXPECT_EQ(c.num("mcpe.add_mob.y"), 65.0);
    EXPECT_EQ(c.num("mcpe.add_mob.z"), 2.5);
    EXPECT_EQ(c.num("mcpe.add_mob.yaw"), -64);
    EXPECT_EQ(c.num("mcpe.add_mob.pitch"), 10);
    EXPECT_EQ(c.count("mcpe.metadata.key"), 5u);
    EXPECT_EQ(c.num("mcpe.metadata.key.type", 1), 1);
    EXPECT_EQ(c.num("mcpe.metadata.key.index", 1), 1);
    EXPECT_EQ(c.num("mcpe.metadata.byte"), 0);
    EXPECT_EQ(c.num("mcpe.metadata.short"), 300);
    EXPECT_EQ(c.text("mcpe.metadata.string"), "Zombie");
    EXPECT_EQ(c.num("mcpe.metadata_slot.id"), 267);
    EXPECT_EQ(c.num("mcpe.metadata_slot.count"), 1);
    EXPECT_EQ(c.num("mcpe.metadata.z"), 3);
    same_bytes(0x88, Value{{"entity_id", 7}, {"type", 32}, {"x", 1.5}, {"y", 65.0}, {"z", 2.5}, {"yaw", -64}, {"pitch", 10},
                           {"metadata", Value{{"entry", Value::list({
                               Value{{"key", 0x00}, {"byte", 0}}, Value{{"key", 0x21}, {"short", 300}},
                               Value{{"key", 0x84}, {"string", "Zombie"}},
                               Value{{"key", 0xA6}, {"slot", Value{{"id", 267}, {"count", 1}, {"meta", 0}}}},
                               Value{{"key", 0xC7}, {"x", 1}, {"y", 2}, {"z", 3}}})}}}},
               b);
}

// Entity metadata byte order, by hand from the bytes. SetEntityData (0xA6),
// entity 7, then:
//   21 2C 01     key 0x21 = type 1 (short) << 5 | index 1; the short 300 =
//                0x012C written little-endian 2C 01 (big-endian these
//                bytes would be 0x2C01 = 11265)
//   42 78 56 34 12   key 0x42 = type 2 (int) << 5 | index 2; 0x12345678 =
//                305419896, little-endian
//   63 00 00 00 3F   key 0x63 = type 3 (float) << 5 | index 3; 0.5 is
//                0x3F000000, little-endian 00 00 00 3F
//   7F           the end
TEST(McpePackets, MetadataIsLittleEndian) {
    const std::vector<uint8_t> b = {0xa6, 0x00, 0x00, 0x00, 0x07, 0x21, 0x2C, 0x01, 0x42, 0x78, 0x56, 0x34, 0x12,
                                    0x63, 0x00, 0x00, 0x00, 0x3F, 0x7F};
    const Collect c = decode(b);
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.num("mcpe.set_entity_data.entity_id"), 7);
    EXPECT_EQ(c.count("mcpe.metadata.key"), 3u);
    EXPECT_EQ(c.num("mcpe.metadata.key.type", 0), 1);
    EXPECT_EQ(c.num("mcpe.metadata.key.index", 0), 1);
    EXPECT_EQ(c.num("mcpe.metadata.short"), 300);
    EXPECT_EQ(c.num("mcpe.metadata.int"), 305419896);
    EXPECT_EQ(c.num("mcpe.metadata.float"), 0.5);
}

TEST(McpePackets, PlayersAndEntities) {
    {
        const auto b = B().u8(0x89).u64(0x00000000372cdc9eull).str("Alex").i32(2).f32(10).f32(70).f32(-10).i8(0).i8(0)
                           .i16(0).i16(0).u8(0x7F).b;
        const Collect c = decode(b);
        EXPECT_EQ(key(c), "add_player");
        EXPECT_EQ(c.u64("mcpe.add_player.client_id"), 0x372cdc9eu);
        EXPECT_EQ(c.text("mcpe.add_player.username"), "Alex");
        EXPECT_EQ(c.num("mcpe.add_player.entity_id"), 2);
        EXPECT_EQ(c.num("mcpe.add_player.x"), 10);
        EXPECT_EQ(c.num("mcpe.add_player.y"), 70);
        EXPECT_EQ(c.num("mcpe.add_player.z"), -10);
        EXPECT_EQ(c.num("mcpe.add_player.unknown1"), 0);
        EXPECT_EQ(c.num("mcpe.add_player.unknown2"), 0);
        EXPECT_EQ(c.count("mcpe.metadata.key"), 0u);
    }
    {
        const Collect c = decode(B().u8(0x8a).i32(2).u64(0x372cdc9e).b);
        EXPECT_EQ(c.num("mcpe.remove_player.entity_id"), 2);
        EXPECT_EQ(c.u64("mcpe.remove_player.client_id"), 0x372cdc9eu);
    }
    {
        // Did > 0: the speeds follow; Did 0: they do not.
        const Collect c = decode(B().u8(0x8c).i32(9).i8(80).f32(1).f32(2).f32(3).i32(1).i16(100).i16(-50).i16(25).b);
        EXPECT_EQ(key(c), "add_entity");
        EXPECT_EQ(c.num("mcpe.add_entity.type"), 80);
        EXPECT_EQ(c.num("mcpe.add_entity.did"), 1);
        EXPECT_EQ(c.num("mcpe.add_entity.speed_x"), 100);
        EXPECT_EQ(c.num("mcpe.add_entity.speed_y"), -50);
        EXPECT_EQ(c.num("mcpe.add_entity.speed_z"), 25);
        const Collect n = decode(B().u8(0x8c).i32(9).i8(80).f32(1).f32(2).f32(3).i32(0).b);
        EXPECT_EQ(n.get("mcpe.add_entity.speed_x"), nullptr);
    }
    EXPECT_EQ(decode(B().u8(0x8d).i32(9).b).num("mcpe.remove_entity.entity_id"), 9);
    {
        const Collect c = decode(B().u8(0x8e).i32(11).i16(264).i8(3).i16(0).f32(0.5f).f32(64).f32(0.5f).i8(1).i8(2).i8(3).b);
        EXPECT_EQ(key(c), "add_item_entity");
        EXPECT_EQ(c.num("mcpe.add_item_entity.block"), 264);
        EXPECT_EQ(c.num("mcpe.add_item_entity.stack"), 3);
        EXPECT_EQ(c.num("mcpe.add_item_entity.meta"), 0);
        EXPECT_EQ(c.num("mcpe.add_item_entity.x"), 0.5);
        EXPECT_EQ(c.num("mcpe.add_item_entity.roll"), 3);
    }
    {
        const Collect c = decode(B().u8(0x8f).i32(2).i32(11).b);
        EXPECT_EQ(c.num("mcpe.take_item_entity.target"), 2);
        EXPECT_EQ(c.num("mcpe.take_item_entity.entity_id"), 11);
    }
    {
        const Collect c = decode(B().u8(0x90).i32(7).f32(1).f32(2).f32(3).b);
        EXPECT_EQ(key(c), "move_entity");
        EXPECT_EQ(c.num("mcpe.move_entity.z"), 3);
    }
    {
        const Collect c = decode(B().u8(0x93).i32(7).f32(1).f32(2).f32(3).f32(90).f32(-45).b);
        EXPECT_EQ(key(c), "move_entity_posrot");
        EXPECT_EQ(c.num("mcpe.move_entity_posrot.yaw"), 90);
        EXPECT_EQ(c.num("mcpe.move_entity_posrot.pitch"), -45);
    }
    {
        const auto b = B().u8(0x94).i32(2).f32(128.5f).f32(65.62f).f32(128.5f).f32(180).f32(10).b;
        const Collect c = decode(b);
        EXPECT_EQ(key(c), "move_player");
        EXPECT_FLOAT_EQ(float(c.num("mcpe.move_player.y")), 65.62f);
        EXPECT_EQ(c.num("mcpe.move_player.yaw"), 180);
        same_bytes(0x94, Value{{"entity_id", 2}, {"x", 128.5}, {"y", double(65.62f)}, {"z", 128.5}, {"yaw", 180},
                               {"pitch", 10}}, b);
    }
}

TEST(McpePackets, Blocks) {
    {
        const Collect c = decode(B().u8(0x95).i32(2).i32(130).i32(-7).u8(64).u8(245).u8(3).u8(1).b);
        EXPECT_EQ(key(c), "place_block");
        EXPECT_EQ(c.num("mcpe.place_block.x"), 130);
        EXPECT_EQ(c.num("mcpe.place_block.z"), -7);
        EXPECT_EQ(c.num("mcpe.place_block.y"), 64);
        EXPECT_EQ(c.num("mcpe.place_block.block"), 245);  // unsigned: ids above 127 exist
        EXPECT_EQ(c.num("mcpe.place_block.meta"), 3);
        EXPECT_EQ(c.num("mcpe.place_block.face"), 1);
    }
    {
        const Collect c = decode(B().u8(0x96).i32(2).i32(130).i32(-7).u8(64).b);
        EXPECT_EQ(key(c), "remove_block");
        EXPECT_EQ(c.num("mcpe.remove_block.y"), 64);
    }
    {
        const Collect c = decode(B().u8(0x97).i32(0).i32(130).i32(-7).u8(63).u8(1).u8(0).b);
        EXPECT_EQ(key(c), "update_block");
        EXPECT_EQ(c.num("mcpe.update_block.block"), 1);
        EXPECT_EQ(c.num("mcpe.update_block.y"), 63);
    }
    {
        const Collect c = decode(B().u8(0x98).i32(20).i32(5).i32(70).i32(5).i32(2).str("Kebab").b);
        EXPECT_EQ(key(c), "add_painting");
        EXPECT_EQ(c.num("mcpe.add_painting.direction"), 2);
        EXPECT_EQ(c.text("mcpe.add_painting.title"), "Kebab");
    }
    {
        const Collect c = decode(B().u8(0x99).f32(10).f32(64).f32(10).f32(4).i32(2).i8(1).i8(0).i8(-1).i8(0).i8(-1).i8(0).b);
        EXPECT_EQ(key(c), "explode");
        EXPECT_EQ(c.num("mcpe.explode.radius"), 4);
        EXPECT_EQ(c.num("mcpe.explode.count"), 2);
        EXPECT_EQ(c.count("mcpe.explode.dx"), 2u);
        EXPECT_EQ(c.num("mcpe.explode.dx", 0), 1);
        EXPECT_EQ(c.num("mcpe.explode.dz", 0), -1);
        EXPECT_EQ(c.num("mcpe.explode.dy", 1), -1);
    }
    {
        const Collect c = decode(B().u8(0x9a).i16(1001).i16(10).i16(64).i16(10).i32(0).b);
        EXPECT_EQ(key(c), "level_event");
        EXPECT_EQ(c.num("mcpe.level_event.event"), 1001);
        EXPECT_EQ(c.num("mcpe.level_event.data"), 0);
    }
    {
        const Collect c = decode(B().u8(0x9b).i32(10).i32(64).i32(10).i32(1).i32(2).b);
        EXPECT_EQ(key(c), "tile_event");
        EXPECT_EQ(c.num("mcpe.tile_event.case1"), 1);
        EXPECT_EQ(c.num("mcpe.tile_event.case2"), 2);
    }
    {
        const Collect c = decode(B().u8(0x9c).i32(7).i8(2).b);
        EXPECT_EQ(key(c), "entity_event");
        EXPECT_EQ(c.num("mcpe.entity_event.event"), 2);
    }
}

// RequestChunk (x, z) and ChunkData as the seed's page writes it: X int,
// Z int, an unnamed byte (the section count), then two byte arrays: the
// block ids (4096 = 16 x 16 x 16 per section) and the metas (2048 bytes per
// section, two nibbles a byte). Two sections here: 1 + 4 + 4 + 1 + 8192 +
// 4096 = 12298 bytes, every byte accounted for.
TEST(McpePackets, ChunkRequestAndData) {
    const Collect r = decode(B().u8(0x9d).i32(3).i32(-2).b);
    EXPECT_EQ(key(r), "request_chunk");
    EXPECT_EQ(r.num("mcpe.request_chunk.x"), 3);
    EXPECT_EQ(r.num("mcpe.request_chunk.z"), -2);
    B d;
    d.u8(0x9e).i32(3).i32(-2).u8(2);
    d.fill(4096, 1).fill(4096, 2);  // section 0 stone, section 1 grass
    d.fill(2048, 0).fill(2048, 0x12);
    ASSERT_EQ(d.b.size(), 12298u);
    const Collect c = decode(d.b);
    EXPECT_EQ(key(c), "chunk_data");
    EXPECT_EQ(c.num("mcpe.chunk_data.x"), 3);
    EXPECT_EQ(c.num("mcpe.chunk_data.z"), -2);
    EXPECT_EQ(c.num("mcpe.chunk_data.sections"), 2);
    EXPECT_EQ(c.get("mcpe.chunk_data.blocks")->text.size(), 8192u);
    EXPECT_EQ(c.get("mcpe.chunk_data.blocks")->text[4096], '\x02');
    EXPECT_EQ(c.get("mcpe.chunk_data.metas")->text.size(), 4096u);
    EXPECT_EQ(c.get("mcpe.chunk_data.metas")->text[2048], '\x12');
    std::vector<uint8_t> back = core::encode(s(), 0, 0x9e, Value{{"x", 3}, {"z", -2}, {"sections", 2},
        {"blocks", Value::bytes(std::string(4096, '\x01') + std::string(4096, '\x02'))},
        {"metas", Value::bytes(std::string(2048, '\x00') + std::string(2048, '\x12'))}});
    EXPECT_EQ(back, d.b);
    // The summary: 2 sections (mask 0x03, the lowest two assumed), 8192 ids,
    // all non-air, 2 distinct, stone and grass 4096 each (the first found wins).
    ChunkSummary sum;
    ASSERT_TRUE(summarize_chunk(s(), d.b.data(), uint32_t(d.b.size()), sum));
    EXPECT_EQ(sum.sections, 2u);
    EXPECT_EQ(sum.section_mask, 0x03);
    EXPECT_EQ(sum.columns, 256u);
    EXPECT_EQ(sum.blocks, 8192u);
    EXPECT_EQ(sum.non_air, 8192u);
    EXPECT_EQ(sum.distinct, 2u);
    EXPECT_EQ(sum.common_block, 1);
    EXPECT_TRUE(sum.complete);
    // A section short: the metas run past the end, the summary not complete.
    d.b.pop_back();
    Collect t;
    t.summary = core::decode(s(), d.b.data(), d.b.size(), core::DecodeContext{}, t);
    ASSERT_EQ(t.finding_names().size(), 1u);
    EXPECT_EQ(t.finding_names()[0], "mcpe.malformed.truncated");
    ASSERT_TRUE(summarize_chunk(s(), d.b.data(), uint32_t(d.b.size()), sum));
    EXPECT_FALSE(sum.complete);
}

TEST(McpePackets, Equipment) {
    {
        const Collect c = decode(B().u8(0x9f).i32(2).i16(276).i16(0).i8(0).b);
        EXPECT_EQ(key(c), "player_equipment");
        EXPECT_EQ(c.num("mcpe.player_equipment.block"), 276);
        EXPECT_EQ(c.num("mcpe.player_equipment.slot"), 0);
    }
    {
        const Collect c = decode(B().u8(0xa0).i32(2).i8(0).i8(1).i8(2).i8(3).b);
        EXPECT_EQ(key(c), "player_armor_equipment");
        EXPECT_EQ(c.num("mcpe.player_armor_equipment.slot4"), 3);
    }
    {
        // Action byte[]: what entity ID and Target (8 bytes) leave: 1 byte here.
        const Collect c = decode(B().u8(0xa1).i8(1).i32(2).i32(7).b);
        EXPECT_EQ(key(c), "interact");
        EXPECT_EQ(c.text("mcpe.interact.action"), std::string("\x01"));
        EXPECT_EQ(c.num("mcpe.interact.entity_id"), 2);
        EXPECT_EQ(c.num("mcpe.interact.target"), 7);
    }
    {
        // Block byte[] of two bytes (this earlier test wrote it as a short
        // 4): the open length takes both, every later field stays in place.
        const Collect c = decode(B().u8(0xa2).i32(10).i32(63).i32(10).i32(1).i16(4).u8(0).i32(2)
                                     .f32(0.5f).f32(1).f32(0.5f).f32(10.5f).f32(65.62f).f32(10.5f).b);
        EXPECT_EQ(key(c), "use_item");
        EXPECT_EQ(c.num("mcpe.use_item.face"), 1);
        EXPECT_EQ(c.text("mcpe.use_item.block"), std::string("\x00\x04", 2));
        EXPECT_EQ(c.num("mcpe.use_item.entity_id"), 2);
        EXPECT_EQ(c.num("mcpe.use_item.fy"), 1);
        EXPECT_EQ(c.num("mcpe.use_item.pos_x"), 10.5);
    }
    {
        const Collect c = decode(B().u8(0xa3).i32(0).i32(10).i32(63).i32(10).i32(1).i32(2).b);
        EXPECT_EQ(key(c), "player_action");
        EXPECT_EQ(c.num("mcpe.player_action.y"), 63);
        EXPECT_EQ(c.num("mcpe.player_action.entity_id"), 2);
    }
    EXPECT_EQ(decode(B().u8(0xa5).i8(18).b).num("mcpe.hurt_armor.health"), 18);
}

// UseItemPacket (0xA2) with a one-byte Block, written byte by byte from the
// seed's table: X int, Y int, Z int, Face int, Block byte[], Meta byte,
// Entity ID int, Fx Fy Fz float, PosX PosY PosZ float. 47 bytes: the id,
// 16 for the four ints, Block, then 1 + 4 + 24 = 29 bytes of fixed fields,
// so Block = 47 - 1 - 16 - 29 = 1 byte.
//   A2
//   00 00 00 82   X = 130           00 00 00 3F   Y = 63
//   00 00 00 82   Z = 130           00 00 00 01   Face = 1
//   04            Block = one byte 0x04 (cobblestone)
//   00            Meta = 0
//   00 00 00 11   Entity ID = 0x11 = 17
//   3F 00 00 00   Fx = 0.5 (sign 0, exponent 126, mantissa 0: 2^-1)
//   3F 80 00 00   Fy = 1.0 (exponent 127)
//   3F 00 00 00   Fz = 0.5
//   43 01 00 00   PosX = 129.0 (exponent 134 = 2^7, mantissa 0x010000 / 2^23 = 1/128: 128 + 1)
//   42 83 3D 71   PosY = 65.62f (exponent 133 = 2^6; 65.62 / 64 = 1.02531..., mantissa 0x033D71)
//   43 01 40 00   PosZ = 129.25 (128 * (1 + 0x014000 / 2^23) = 128 + 1 + 0.25)
// Read with Block as a short, Entity ID would be 00 00 11 3F = 4415 and Fx
// 00 00 00 3F = 8.8e-44, and PosZ would run past the end.
TEST(McpePackets, UseItemWithOneByteBlock) {
    const std::vector<uint8_t> b = {0xA2, 0x00, 0x00, 0x00, 0x82, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x82,
                                    0x00, 0x00, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00, 0x11, 0x3F, 0x00, 0x00,
                                    0x00, 0x3F, 0x80, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x43, 0x01, 0x00, 0x00,
                                    0x42, 0x83, 0x3D, 0x71, 0x43, 0x01, 0x40, 0x00};
    ASSERT_EQ(b.size(), 47u);
    const Collect c = decode(b);  // fails the test on any finding
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(key(c), "use_item");
    EXPECT_EQ(c.num("mcpe.use_item.x"), 130);
    EXPECT_EQ(c.num("mcpe.use_item.y"), 63);
    EXPECT_EQ(c.num("mcpe.use_item.z"), 130);
    EXPECT_EQ(c.num("mcpe.use_item.face"), 1);
    EXPECT_EQ(c.text("mcpe.use_item.block"), std::string("\x04"));
    EXPECT_EQ(c.num("mcpe.use_item.meta"), 0);
    EXPECT_EQ(c.num("mcpe.use_item.entity_id"), 17);
    EXPECT_EQ(c.num("mcpe.use_item.fx"), 0.5);
    EXPECT_EQ(c.num("mcpe.use_item.fy"), 1.0);
    EXPECT_EQ(c.num("mcpe.use_item.fz"), 0.5);
    EXPECT_EQ(c.num("mcpe.use_item.pos_x"), 129.0);
    EXPECT_FLOAT_EQ(float(c.num("mcpe.use_item.pos_y")), 65.62f);
    EXPECT_EQ(c.num("mcpe.use_item.pos_z"), 129.25);
    EXPECT_EQ(c.summary.end, 47u);
    // The encoder writes the same bytes from the same values.
    same_bytes(0xa2, Value{{"x", 130}, {"y", 63}, {"z", 130}, {"face", 1}, {"block", Value::bytes(std::string("\x04", 1))},
                           {"meta", 0}, {"entity_id", 17}, {"fx", 0.5}, {"fy", 1.0}, {"fz", 0.5}, {"pos_x", 129.0},
                           {"pos_y", double(65.62f)}, {"pos_z", 129.25}}, b);
}

// InteractPacket (0xA1): Action byte[], entity ID int, Target int. 10 bytes:
// the id, then Action = 10 - 1 - 8 = 1 byte.
//   A1  02  00 00 00 01 (entity 1)  00 00 00 03 (target 3)
TEST(McpePackets, InteractWithOneByteAction) {
    const std::vector<uint8_t> b = {0xA1, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x03};
    const Collect c = decode(b);
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.text("mcpe.interact.action"), std::string("\x02"));
    EXPECT_EQ(c.num("mcpe.interact.entity_id"), 1);
    EXPECT_EQ(c.num("mcpe.interact.target"), 3);
}

TEST(McpePackets, EntityState) {
    {
        const Collect c = decode(B().u8(0xa6).i32(7).u8(0x00).i8(1).u8(0x7F).b);
        EXPECT_EQ(key(c), "set_entity_data");
        EXPECT_EQ(c.num("mcpe.set_entity_data.entity_id"), 7);
        EXPECT_EQ(c.num("mcpe.metadata.byte"), 1);
    }
    {
        const Collect c = decode(B().u8(0xa7).i8(0).i32(7).i16(400).i16(0).i16(-400).b);
        EXPECT_EQ(key(c), "set_entity_motion");
        EXPECT_EQ(c.num("mcpe.set_entity_motion.x"), 400);
        EXPECT_EQ(c.num("mcpe.set_entity_motion.z"), -400);
    }
    {
        const Collect c = decode(B().u8(0xa8).i32(2).i32(9).b);
        EXPECT_EQ(c.num("mcpe.set_riding.a"), 2);
        EXPECT_EQ(c.num("mcpe.set_riding.b"), 9);
    }
    EXPECT_EQ(decode(B().u8(0xa9).i8(20).b).num("mcpe.set_health.health"), 20);
    {
        const Collect c = decode(B().u8(0xaa).i32(128).i32(128).u8(64).b);
        EXPECT_EQ(key(c), "set_spawn_position");
        EXPECT_EQ(c.num("mcpe.set_spawn_position.y"), 64);
    }
    {
        const Collect c = decode(B().u8(0xab).i8(1).i32(2).b);
        EXPECT_EQ(key(c), "animate");
        EXPECT_EQ(c.num("mcpe.animate.action"), 1);
    }
    {
        const Collect c = decode(B().u8(0xac).i32(2).f32(128.5f).f32(64).f32(128.5f).b);
        EXPECT_EQ(key(c), "respawn");
        EXPECT_EQ(c.num("mcpe.respawn.y"), 64);
    }
}

TEST(McpePackets, Inventory) {
    {
        // Two slots, then four armour slots.
        B b;
        b.u8(0xad).i32(2).i8(0).i16(2).i16(1).u8(64).i16(0).i16(17).u8(10).i16(2);
        for (int i = 0; i < 4; ++i) b.i16(int16_t(298 + i)).u8(1).i16(0);
        const Collect c = decode(b.b);
        EXPECT_EQ(key(c), "send_inventory");
        EXPECT_EQ(c.num("mcpe.send_inventory.count"), 2);
        EXPECT_EQ(c.count("mcpe.slot.id"), 6u);
        EXPECT_EQ(c.num("mcpe.slot.id", 1), 17);
        EXPECT_EQ(c.num("mcpe.slot.meta", 1), 2);
        EXPECT_EQ(c.num("mcpe.slot.id", 5), 301);
    }
    {
        const Collect c = decode(B().u8(0xae).i32(2).i8(0).i16(3).i8(5).i16(0).b);
        EXPECT_EQ(key(c), "drop_item");
        EXPECT_EQ(c.num("mcpe.drop_item.block"), 3);
        EXPECT_EQ(c.num("mcpe.drop_item.stack"), 5);
    }
    {
        const Collect c = decode(B().u8(0xaf).i8(1).i8(0).i8(27).str("Chest").b);
        EXPECT_EQ(key(c), "container_open");
        EXPECT_EQ(c.num("mcpe.container_open.slot"), 27);
        EXPECT_EQ(c.text("mcpe.container_open.title"), "Chest");
    }
    EXPECT_EQ(decode(B().u8(0xb0).i8(1).b).num("mcpe.container_close.window_id"), 1);
    {
        const Collect c = decode(B().u8(0xb1).i8(1).i16(3).i16(4).i8(64).i16(0).b);
        EXPECT_EQ(key(c), "container_set_slot");
        EXPECT_EQ(c.num("mcpe.container_set_slot.slot"), 3);
        EXPECT_EQ(c.num("mcpe.container_set_slot.block"), 4);
        EXPECT_EQ(c.num("mcpe.container_set_slot.stack"), 64);
    }
    {
        const Collect c = decode(B().u8(0xb2).i8(2).i16(0).i16(150).b);
        EXPECT_EQ(key(c), "container_set_data");
        EXPECT_EQ(c.num("mcpe.container_set_data.value"), 150);
    }
    {
        const Collect c = decode(B().u8(0xb3).i8(1).i16(1).i16(4).u8(64).i16(0).b);
        EXPECT_EQ(key(c), "container_set_content");
        EXPECT_EQ(c.num("mcpe.container_set_content.count"), 1);
        EXPECT_EQ(c.num("mcpe.slot.count"), 64);
    }
    {
        const Collect c = decode(B().u8(0xb4).i8(1).i16(7).b);
        EXPECT_EQ(key(c), "container_ack");
        EXPECT_EQ(c.num("mcpe.container_ack.unknown"), 7);
    }
}

TEST(McpePackets, ChatSignsSettingsAndTheWrapper) {
    EXPECT_EQ(decode(B().u8(0xb5).str("<Steve> hi").b).text("mcpe.chat.message"), "<Steve> hi");
    {
        const Collect c = decode(B().u8(0xb6).i16(10).u8(65).i16(-4).str("Line 1\nLine 2").b);
        EXPECT_EQ(key(c), "sign_update");
        EXPECT_EQ(c.num("mcpe.sign_update.z"), -4);
        EXPECT_EQ(c.text("mcpe.sign_update.lines"), "Line 1\nLine 2");
    }
    {
        const Collect c = decode(B().u8(0xb7).raw({0x00, 0x00, 0x00, 0x21}).b);
        EXPECT_EQ(key(c), "adventure_settings");
        EXPECT_EQ(c.text("mcpe.adventure_settings.flags"), std::string("\x00\x00\x00\x21", 4));
    }
    {
        // Today's traffic (captures/raknet): 0xFE and opaque bytes.
        const Collect c = decode(B().u8(0xfe).raw({0x00, 0x00, 0x00, 0x03, 0xba, 0xd9}).b);
        EXPECT_EQ(key(c), "wrapper");
        EXPECT_EQ(c.get("mcpe.wrapper.payload")->text.size(), 6u);
    }
}

TEST(McpePackets, UnknownIdAndTruncation) {
    Collect c;
    const auto b = B().u8(0x91).i32(1).b;
    c.summary = core::decode(s(), b.data(), b.size(), core::DecodeContext{}, c);
    ASSERT_EQ(c.finding_names().size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "mcpe.malformed.unknown_id");
    Collect t;
    const auto cut = B().u8(0x87).i32(1).b;
    t.summary = core::decode(s(), cut.data(), cut.size(), core::DecodeContext{}, t);
    ASSERT_EQ(t.finding_names().size(), 1u);
    EXPECT_EQ(t.finding_names()[0], "mcpe.malformed.truncated");
}

}  // namespace
