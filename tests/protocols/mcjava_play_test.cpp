// The trickiest play packets of 404 and the 1.14 family, decoded from bytes
// written by hand from the protocol documentation (seed 003 for 404, the
// community documentation of 1.14.4) and checked field by field. Strings are
// written as their length byte and their bytes ("02 7470" is "tp").
#include <gtest/gtest.h>

#include "../support/collect_decoded.hpp"
#include "protocols/mc_java/play_values.hpp"
#include "protocols/mc_java/schema.hpp"

namespace {

using coretest::Collect;
using coretest::from_hex;
using namespace mcjava;

Collect play(int32_t protocol, Side d, const std::string& hex) {
    const std::vector<uint8_t> b = from_hex(hex);
    Collect c;
    core::DecodeContext ctx;
    ctx.table = table_index(State::Play, d);
    c.summary = core::decode(schema(*find_version(protocol)), b.data(), b.size(), ctx, c);
    return c;
}
Collect cb(int32_t protocol, const std::string& hex) { return play(protocol, Side::Server, hex); }
Collect sb(int32_t protocol, const std::string& hex) { return play(protocol, Side::Client, hex); }

// Every finding is a failure of the test that decoded the packet.
void clean(const Collect& c) {
    for (const std::string& n : c.finding_names()) ADD_FAILURE() << "finding " << n;
    EXPECT_NE(c.summary.type, nullptr);
}

TEST(McJavaPlay, DeclareCommandsDoubleArgument) {
    // root -> literal "tp" -> argument "distance" (brigadier:double, -1.5 to
    // 100, executable, suggestions minecraft:ask_server); root index 0.
    const std::string hex =
        "11" "03"
        "00" "0101"                                      // root: type 0, children [1]
        "01" "0102" "027470"                             // literal: type 1, children [2], "tp"
        "16" "00" "0864697374616e6365"                   // argument | executable | suggestions, no children
        "106272696761646965723a646f75626c65"             // parser brigadier:double
        "03" "bff8000000000000" "4059000000000000"       // min and max present: -1.5, 100.0
        "146d696e6563726166743a61736b5f736572766572"     // suggestions minecraft:ask_server
        "00";                                            // root index
    for (int32_t protocol : {404, 498}) {
        const Collect c = cb(protocol, hex);
        clean(c);
        const std::string p = "mcjava.play.cb.declare_commands.";
        EXPECT_EQ(c.num(p + "count"), 3);
        EXPECT_EQ(c.num(p + "flags.type", 0), 0);
        EXPECT_EQ(c.num(p + "flags.type", 1), 1);
        EXPECT_EQ(c.num(p + "flags.type", 2), 2);
        EXPECT_EQ(c.num(p + "flags.executable", 2), 1);
        EXPECT_EQ(c.num(p + "flags.has_suggestions", 2), 1);
        EXPECT_EQ(c.num(p + "child", 0), 1);
        EXPECT_EQ(c.num(p + "child", 1), 2);
        EXPECT_EQ(c.text(p + "name", 0), "tp");
        EXPECT_EQ(c.text(p + "name", 1), "distance");
        EXPECT_EQ(c.text(p + "parser"), "brigadier:double");
        EXPECT_EQ(c.num(p + "double.flags.has_min"), 1);
        EXPECT_EQ(c.num(p + "double.min"), -1.5);
        EXPECT_EQ(c.num(p + "double.max"), 100.0);
        EXPECT_EQ(c.text(p + "suggestions"), "minecraft:ask_server");
        EXPECT_EQ(c.count(p + "redirect"), 0u);
        EXPECT_EQ(c.num(p + "root_index"), 0);
    }
}

// The same three recipes in both generations: shapeless (2 accepted items),
// shaped 2x1 (the second cell empty), and a cooking one.
const char* kShapeless = "00" "01" "02" "01050100" "01060100" "01070200";  // group "", 1 ingredient of 2 items, result
const char* kShaped = "02" "01" "00" "01" "01050100" "00" "01080100";     // 2 x 1, group "", cells, result
const char* kCooking = "00" "01" "01090100" "010a0100" "3dcccccd" "c801";   // ingredient, result, 0.1 xp, 200 ticks

TEST(McJavaPlay, DeclareRecipes404) {
    // 404: recipe id, then the type without namespace.
    const Collect c = cb(404, std::string("54") + "03" +
                                  "03783a61" "126372616674696e675f73686170656c657373" + kShapeless +
                                  "03783a62" "0f6372616674696e675f736861706564" + kShaped +
                                  "03783a63" "08736d656c74696e67" + kCooking);
    clean(c);
    const std::string p = "mcjava.play.cb.declare_recipes.";
    EXPECT_EQ(c.num(p + "count"), 3);
    EXPECT_EQ(c.text(p + "recipe_id", 0), "x:a");
    EXPECT_EQ(c.text(p + "type", 1), "crafting_shaped");
    EXPECT_EQ(c.num(p + "width"), 2);
    EXPECT_EQ(c.num(p + "height"), 1);
    EXPECT_EQ(c.count(p + "item"), 3u);             // accepted items: 2 shapeless + 1 shaped
    EXPECT_EQ(c.count(p + "ingredient.item"), 1u);  // smelting's
    EXPECT_EQ(c.num(p + "experience"), double(0.1f));
    EXPECT_EQ(c.num(p + "cooking_time"), 200);
    // Items in order: shapeless 5 6 -> 7, shaped 5 -> 8, smelting 9 -> 10.
    const int items[] = {5, 6, 7, 5, 8, 9, 10};
    for (size_t i = 0; i < 7; ++i) EXPECT_EQ(c.num("mcjava.slot.item_id", i), items[i]) << i;
    EXPECT_EQ(c.num("mcjava.slot.count", 2), 2);
}

TEST(McJavaPlay, DeclareRecipes498) {
    // 1.14: the namespaced type first; blasting is a cooking recipe.
    const Collect c = cb(498, std::string("5a") + "03" +
                                  "1c6d696e6563726166743a6372616674696e675f73686170656c657373" "03783a61" + kShapeless +
                                  "196d696e6563726166743a6372616674696e675f736861706564" "03783a62" + kShaped +
                                  "126d696e6563726166743a626c617374696e67" "03783a63" + kCooking);
    clean(c);
    const std::string p = "mcjava.play.cb.declare_recipes.";
    EXPECT_EQ(c.text(p + "type", 2), "minecraft:blasting");
    EXPECT_EQ(c.text(p + "recipe_id", 2), "x:c");
    EXPECT_EQ(c.num(p + "cooking_time"), 200);
    EXPECT_EQ(c.num("mcjava.slot.item_id", 6), 10);
}

TEST(McJavaPlay, PlayerInfoAddWithProperties) {
    const Collect c = cb(498,
                         "33" "00" "01"
                         "0123456789abcdef0123456789abcdef"         // UUID
                         "03626f62"                                 // "bob"
                         "01" "087465787475726573" "046533303d"     // 1 property "textures" = "e30="
                         "01" "0463326c6e"                          // signed: "c2ln"
                         "01" "ac02" "00");                         // creative, ping 300, no display name
    clean(c);
    const std::string p = "mcjava.play.cb.player_info.";
    EXPECT_EQ(c.num(p + "action"), 0);
    EXPECT_EQ(c.text(p + "name"), "bob");
    EXPECT_EQ(c.text(p + "property_name"), "textures");
    EXPECT_EQ(c.text(p + "property_value"), "e30=");
    EXPECT_EQ(c.num(p + "is_signed"), 1);
    EXPECT_EQ(c.text(p + "signature"), "c2ln");
    EXPECT_EQ(c.num(p + "gamemode"), 1);
    EXPECT_EQ(c.num(p + "ping"), 300);
    EXPECT_EQ(c.num(p + "has_display_name"), 0);
}

TEST(McJavaPlay, BossBarAdd) {
    const Collect c = cb(404,
                         "0c" "00112233445566778899aabbccddeeff" "00"
                         "0f7b2274657874223a22426f7373227d"   // {"text":"Boss"}
                         "3f000000" "02" "01" "05");          // health 0.5, red, 6 notches, darken sky + fog
    clean(c);
    const std::string p = "mcjava.play.cb.boss_bar.";
    EXPECT_EQ(c.text(p + "title"), "{\"text\":\"Boss\"}");
    EXPECT_EQ(c.num(p + "health"), 0.5);
    EXPECT_EQ(c.num(p + "color"), 2);
    EXPECT_EQ(c.num(p + "division"), 1);
    EXPECT_EQ(c.num(p + "flags.darken_sky"), 1);
    EXPECT_EQ(c.num(p + "flags.dragon_bar"), 0);
    EXPECT_EQ(c.num(p + "flags.create_fog"), 1);
}

TEST(McJavaPlay, MapWithIconsAndData) {
    // map 7, scale 2, tracking; one icon (white arrow at 16, -16, facing 8,
    // named "X"); 2 columns x 1 row at (5, 6), colors 0x22 0x23.
    const std::string icons = "01" "00" "10" "f0" "08" "01" "0c7b2274657874223a2258227d";
    const std::string data = "02" "01" "05" "06" "02" "2223";
    for (int32_t protocol : {404, 498}) {
        const std::string locked = protocol == 404 ? "" : "00";  // 1.14 added the locked flag
        const Collect c = cb(protocol, "26" "07" "02" "01" + locked + icons + data);
        clean(c);
        const std::string p = "mcjava.play.cb.map_data.";
        EXPECT_EQ(c.num(p + "map_id"), 7);
        EXPECT_EQ(c.count(p + "locked"), protocol == 404 ? 0u : 1u);
        EXPECT_EQ(c.num(p + "type"), 0);
        EXPECT_EQ(c.num(p + "x"), 16);
        EXPECT_EQ(c.num(p + "z"), -16);
        EXPECT_EQ(c.num(p + "direction"), 8);
        EXPECT_EQ(c.text(p + "display_name"), "{\"text\":\"X\"}");
        EXPECT_EQ(c.num(p + "columns"), 2);
        EXPECT_EQ(c.num(p + "rows"), 1);
        EXPECT_EQ(c.num(p + "offset_x"), 5);
        EXPECT_EQ(c.num(p + "offset_z"), 6);
        EXPECT_EQ(c.text(p + "data"), "\x22\x23");
    }
    // No columns: nothing after them.
    clean(cb(498, "26" "07" "02" "00" "00" "00" "00"));
}

TEST(McJavaPlay, TradeListByRelease) {
    // One trade: 12 of item 517 for item 10; 0 of 12 uses, 2 xp, special
    // price -2, multiplier 0.05; then level 1, 0 experience, a villager.
    const std::string offer = "0185040c00" "010a0100" "00" "00" "00000000" "0000000c" "00000002" "fffffffe" "3d4ccccd";
    const std::string head = "27" "01" "01";
    const std::string tail = "01" "00" "01";
    // 477-485: nothing more.
    for (int32_t protocol : {477, 480, 485}) {
        const Collect c = cb(protocol, head + offer + tail);
        clean(c);
        EXPECT_EQ(c.count("mcjava.play.cb.trade_list.demand"), 0u);
        EXPECT_EQ(c.count("mcjava.play.cb.trade_list.can_restock"), 0u);
    }
    // 490 (1.14.3): Can restock at the end.
    {
        const Collect c = cb(490, head + offer + tail + "01");
        clean(c);
        EXPECT_EQ(c.num("mcjava.play.cb.trade_list.can_restock"), 1);
    }
    // 498 (1.14.4): Demand after the price multiplier too.
    const Collect c = cb(498, head + offer + "00000003" + tail + "01");
    clean(c);
    const std::string p = "mcjava.play.cb.trade_list.";
    EXPECT_EQ(c.num(p + "size"), 1);
    EXPECT_EQ(c.num("mcjava.slot.item_id", 0), 517);
    EXPECT_EQ(c.num("mcjava.slot.count", 0), 12);
    EXPECT_EQ(c.num(p + "has_second_item"), 0);
    EXPECT_EQ(c.num(p + "max_uses"), 12);
    EXPECT_EQ(c.num(p + "special_price"), -2);
    EXPECT_EQ(c.num(p + "price_multiplier"), double(0.05f));
    EXPECT_EQ(c.num(p + "demand"), 3);
    EXPECT_EQ(c.num(p + "villager_level"), 1);
    EXPECT_EQ(c.num(p + "can_restock"), 1);
    // 485's bytes are 8 short for 498 (no demand, no can restock): a finding.
    EXPECT_FALSE(cb(498, head + offer + tail).findings.empty());
}

TEST(McJavaPlay, EntityMetadataParticleVillagerPose) {
    // 1.14: index 10 particle dust (id 14: r 1, g 0, b 0.5, scale 1);
    // index 16 villager data (type 2, profession 5, level 3); index 6 pose
    // sleeping (2); end.
    const Collect c = cb(498,
                         "43" "05"
                         "0a" "0f" "0e" "3f800000" "00000000" "3f000000" "3f800000"
                         "10" "10" "02" "05" "03"
                         "06" "12" "02"
                         "ff");
    clean(c);
    EXPECT_EQ(c.num("mcjava.play.cb.entity_metadata.entity_id"), 5);
    EXPECT_EQ(c.num("mcjava.metadata.particle_id"), 14);
    EXPECT_EQ(c.num("mcjava.metadata.red"), 1.0);
    EXPECT_EQ(c.num("mcjava.metadata.blue"), 0.5);
    EXPECT_EQ(c.num("mcjava.metadata.scale"), 1.0);
    EXPECT_EQ(c.num("mcjava.metadata.villager.type"), 2);
    EXPECT_EQ(c.num("mcjava.metadata.villager.profession"), 5);
    EXPECT_EQ(c.num("mcjava.metadata.villager.level"), 3);
    EXPECT_EQ(c.num("mcjava.metadata.pose"), 2);
    // 404: dust is particle 11, and there is no villager data type.
    const Collect d = cb(404, "3f" "05" "0a" "0f" "0b" "3f800000" "00000000" "3f000000" "3f800000" "ff");
    clean(d);
    EXPECT_EQ(d.num("mcjava.metadata.particle_id"), 11);
    EXPECT_EQ(d.num("mcjava.metadata.scale"), 1.0);
}

TEST(McJavaPlay, Tags) {
    const std::string blocks = "01" "0e6d696e6563726166743a6c6f6773" "02" "21" "8001";  // logs: 33, 128
    const std::string items = "00";
    const std::string fluids = "01" "0f6d696e6563726166743a7761746572" "01" "01";      // water: 1
    const std::string entities = "01" "136d696e6563726166743a736b656c65746f6e73" "02" "0506";
    const Collect c = cb(498, "5b" + blocks + items + fluids + entities);
    clean(c);
    const std::string p = "mcjava.play.cb.tags.";
    EXPECT_EQ(c.text(p + "block_tags.name"), "minecraft:logs");
    EXPECT_EQ(c.num(p + "block_tags.block_id", 1), 128);
    EXPECT_EQ(c.count(p + "item_tags.name"), 0u);
    EXPECT_EQ(c.num(p + "fluid_tags.fluid_id"), 1);
    EXPECT_EQ(c.text(p + "entity_tags.name"), "minecraft:skeletons");
    EXPECT_EQ(c.num(p + "entity_tags.entity_type", 1), 6);
    // 404 has no entity tags.
    const Collect d = cb(404, "55" + blocks + items + fluids);
    clean(d);
    EXPECT_EQ(d.count(p + "entity_tags.name"), 0u);
}

TEST(McJavaPlay, Advancements) {
    const Collect c = cb(498,
                         "57" "01"
                         "01" "03613a62"                        // 1 advancement "a:b"
                         "01" "03613a72"                        // parent "a:r"
                         "01" "03225422" "03224422"             // display: title "T", description "D"
                         "01010100" "01"                        // icon item 1, frame challenge
                         "00000003" "03613a74"                  // background + toast; background "a:t"
                         "3f800000" "40000000"                  // x 1, y 2
                         "01" "0163"                            // criteria: "c"
                         "01" "01" "0163"                       // requirements: [["c"]]
                         "00"                                   // nothing removed
                         "01" "03613a62" "01" "0163" "01" "000000000000007b");  // progress: "c" at 123
    clean(c);
    const std::string p = "mcjava.play.cb.advancements.";
    EXPECT_EQ(c.num(p + "reset"), 1);
    EXPECT_EQ(c.text(p + "key"), "a:b");
    EXPECT_EQ(c.text(p + "parent_id"), "a:r");
    EXPECT_EQ(c.text(p + "title"), "\"T\"");
    EXPECT_EQ(c.num(p + "frame_type"), 1);
    EXPECT_EQ(c.num(p + "flags.has_background"), 1);
    EXPECT_EQ(c.num(p + "flags.hidden"), 0);
    EXPECT_EQ(c.text(p + "background_texture"), "a:t");
    EXPECT_EQ(c.num(p + "y"), 2.0);
    EXPECT_EQ(c.text(p + "criterion"), "c");
    EXPECT_EQ(c.text(p + "requirement"), "c");
    EXPECT_EQ(c.text(p + "progress_id"), "a:b");
    EXPECT_EQ(c.num(p + "date"), 123);
}

TEST(McJavaPlay, MultiBlockChange) {
    // Chunk (-1, 2): (3, 64, 10) -> state 1, (15, 255, 0) -> state 128.
    for (int32_t protocol : {404, 498}) {
        const Collect c = cb(protocol, "0f" "ffffffff" "00000002" "02" "3a" "40" "01" "f0" "ff" "8001");
        clean(c);
        const std::string p = "mcjava.play.cb.multi_block_change.";
        EXPECT_EQ(c.num(p + "chunk_x"), -1);
        EXPECT_EQ(c.num(p + "record_count"), 2);
        EXPECT_EQ(c.num(p + "horizontal_position.x", 0), 3);
        EXPECT_EQ(c.num(p + "horizontal_position.z", 0), 10);
        EXPECT_EQ(c.num(p + "y", 0), 64);
        EXPECT_EQ(c.num(p + "horizontal_position.x", 1), 15);
        EXPECT_EQ(c.num(p + "horizontal_position.z", 1), 0);
        EXPECT_EQ(c.num(p + "y", 1), 255);
        EXPECT_EQ(c.num(p + "block_id", 1), 128);
    }
}

TEST(McJavaPlay, WindowItemsWithNbt) {
    // Window 0, 2 slots: empty; item 269 x1 with {Damage: 5}.
    const Collect c = cb(498, "14" "00" "0002" "00" "01" "8d02" "01" "0a0000" "03000644616d616765" "00000005" "00");
    clean(c);
    EXPECT_EQ(c.num("mcjava.play.cb.window_items.count"), 2);
    EXPECT_EQ(c.num("mcjava.slot.present", 0), 0);
    EXPECT_EQ(c.num("mcjava.slot.present", 1), 1);
    EXPECT_EQ(c.num("mcjava.slot.item_id"), 269);
    EXPECT_EQ(c.text("mcjava.nbt.name", 1), "Damage");
    EXPECT_EQ(c.num("mcjava.nbt.int"), 5);
    // 404: Window Items is 0x15, same layout.
    clean(cb(404, "15" "00" "0002" "00" "01" "8d02" "01" "0a0000" "03000644616d616765" "00000005" "00"));
}

TEST(McJavaPlay, UseEntity) {
    // interact at (0.5, 1, -0.25) with the off hand
    const Collect c = sb(498, "0e" "2a" "02" "3f000000" "3f800000" "be800000" "01");
    clean(c);
    const std::string p = "mcjava.play.sb.use_entity.";
    EXPECT_EQ(c.num(p + "target"), 42);
    EXPECT_EQ(c.num(p + "type"), 2);
    EXPECT_EQ(c.num(p + "target_x"), 0.5);
    EXPECT_EQ(c.num(p + "target_z"), -0.25);
    EXPECT_EQ(c.num(p + "hand"), 1);
    // attack: nothing after the type; interact: the hand (404 id 0x0D).
    clean(sb(498, "0e" "2a" "01"));
    const Collect d = sb(404, "0d" "2a" "00" "00");
    clean(d);
    EXPECT_EQ(d.num(p + "hand"), 0);
}

TEST(McJavaPlay, UnknownEnumValueIsAFinding) {
    // Boss Bar color 7 is not a color.
    const Collect c = cb(498, "0c" "00112233445566778899aabbccddeeff" "04" "07" "00");
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "mcjava.unknown_value");
}

TEST(McJavaPlay, RespawnFollowsTheDimension) {
    // 404 Respawn to the nether: difficulty hard, survival, "default".
    const Collect c = cb(404, "38" "ffffffff" "03" "00" "0764656661756c74");
    clean(c);
    EXPECT_EQ(c.num("mcjava.play.cb.respawn.dimension"), -1);
    EXPECT_EQ(c.num("mcjava.play.cb.respawn.difficulty"), 3);
    // 1.14: no difficulty.
    clean(cb(498, "3a" "00000001" "01" "0764656661756c74"));
    const core::Node* n = schema(*find_version(498)).node("mcjava.play.cb.respawn.dimension");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->save, kVarDimension);
}

}  // namespace
