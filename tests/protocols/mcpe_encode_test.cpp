// The core's encoder against seed 002 ("Pocket Minecraft Protocol", section 7
// "Data Packets", protocol 11): every game packet id of the table encoded
// from values and compared with bytes written here by hand, field by field
// in the order and with the types of the seed's table for that packet
// (section named per case). Integers big-endian (seed: no byte order given;
// packets_seed002.cpp says why), string8 = a big-endian short length then the
// bytes, floats IEEE 754 single big-endian, computed by hand:
//   0.5 3F000000   1.0 3F800000   1.5 3FC00000   2.0 40000000   2.5 40200000
//   3.0 40400000   4.0 40800000   10.0 41200000  64.0 42800000  65.0 42820000
//   90.0 42B40000  180.0 43340000 128.5 43008000 (1.00390625 x 2^7)
//   -1.0 BF800000  -3.25 C0500000 -45.0 C2340000 (1.40625 x 2^5)
// Where the seed leaves a field's layout open (a "byte[]" of no length, the
// inventory slots, entity metadata) the reading is packets_seed002.cpp's,
// named in the case. The seed has no example bytes for its data packets,
// so every value here is chosen, non-zero where it can be (a field written
// in the wrong place or not at all then shows). Each hand-written packet
// must also decode without a finding to its last byte.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mcpe/schema.hpp"

namespace {

using core::Value;
using coretest::Collect;

struct Case {
    const char* section;  // seed 002's section
    uint8_t id;
    Value values;
    std::string hex;      // hand-written; spaces only for reading
    std::string tail = {};  // raw bytes after hex (long arrays)
};

std::vector<uint8_t> bytes_of(const Case& c) {
    std::string h;
    for (char ch : c.hex)
        if (ch != ' ') h += ch;
    std::vector<uint8_t> b = coretest::from_hex(h);
    b.insert(b.end(), c.tail.begin(), c.tail.end());
    return b;
}

Value list(std::vector<Value> v) { return Value::list(std::move(v)); }
Value metadata(std::vector<Value> entries) { return Value{{"entry", list(std::move(entries))}}; }
Value slot(int id, int count, int meta) { return Value{{"slot", Value{{"id", id}, {"count", count}, {"meta", meta}}}}; }

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        {"7.1 LoginPacket: Username string8, Protocol #1 int, Protocol #2 int, ClientID int, Realms Data string8", 0x82,
         Value{{"username", "Steve"}, {"protocol1", 11}, {"protocol2", 12}, {"client_id", 0x372cdc9e}, {"realms_data", "r"}},
         "82 0005 5374657665 0000000b 0000000c 372cdc9e 0001 72"},
        {"7.2 LoginStatusPacket: Status int", 0x83, Value{{"status", 2}}, "83 00000002"},
        {"7.3 ReadyPacket: bits[8] Status byte", 0x84, Value{{"status", 1}}, "84 01"},
        {"7.4 MessagePacket: Message string8", 0x85, Value{{"message", "Hi"}}, "85 0002 4869"},
        {"7.5 SetTimePacket: Time int", 0x86, Value{{"time", 12000}}, "86 00002ee0"},
        {"7.6 StartGamePacket: seed, unknown, gamemode, entity ID int; X Y Z float", 0x87,
         Value{{"seed", 0x12345678}, {"unknown", 1}, {"gamemode", 1}, {"entity_id", 42}, {"x", 128.5}, {"y", 64.0},
               {"z", -3.25}},
         "87 12345678 00000001 00000001 0000002a 43008000 42800000 c0500000"},
        // Metadata: key (type << 5 | index) 0x00 = a byte at index 0, then 0x7F (types.hpp).
        {"7.7 AddMobPacket: Entity ID int, Type int, X Y Z float, yaw pitch byte, Metadata", 0x88,
         Value{{"entity_id", 7}, {"type", 32}, {"x", 1.5}, {"y", 65.0}, {"z", 2.5}, {"yaw", -64}, {"pitch", 10},
               {"metadata", metadata({Value{{"key", 0x00}, {"byte", 1}}})}},
         "88 00000007 00000020 3fc00000 42820000 40200000 c0 0a 00 01 7f"},
        // Metadata key 0x21: a short (type 1) at index 1, 300 = 0x012C little-endian.
        {"7.8 AddPlayerPacket: Client ID long, Username string8, Entity ID int, X Y Z float, Yaw Pitch byte, "
         "two Unknown short, Metadata", 0x89,
         Value{{"client_id", 0x372cdc9e}, {"username", "Alex"}, {"entity_id", 2}, {"x", 10.0}, {"y", 64.0}, {"z", -1.0},
               {"yaw", 64}, {"pitch", -10}, {"unknown1", 1}, {"unknown2", 2},
               {"metadata", metadata({Value{{"key", 0x21}, {"short", 300}}})}},
         "89 00000000372cdc9e 0004 416c6578 00000002 41200000 42800000 bf800000 40 f6 0001 0002 21 2c01 7f"},
        {"7.9 RemovePlayerPacket: entity ID int, Client ID long", 0x8a, Value{{"entity_id", 2}, {"client_id", 0x372cdc9e}},
         "8a 00000002 00000000372cdc9e"},
        // "Did? int: if this int > 0 you can send the next parameter": the speeds follow.
        {"7.10 AddEntityPacket: Entity ID int, Type byte, X Y Z float, Did int, SpeedX Y Z short", 0x8c,
         Value{{"entity_id", 9}, {"type", 80}, {"x", 1.0}, {"y", 2.0}, {"z", 3.0}, {"did", 1}, {"speed_x", 100},
               {"speed_y", -50}, {"speed_z", 25}},
         "8c 00000009 50 3f800000 40000000 40400000 00000001 0064 ffce 0019"},
        {"7.10 AddEntityPacket with Did 0: no speeds", 0x8c,
         Value{{"entity_id", 9}, {"type", 80}, {"x", 1.0}, {"y", 2.0}, {"z", 3.0}, {"did", 0}},
         "8c 00000009 50 3f800000 40000000 40400000 00000000"},
        {"7.11 RemoveEntityPacket: Entity ID int", 0x8d, Value{{"entity_id", 9}}, "8d 00000009"},
        {"7.12 AddItemEntityPacket: Entity ID int, Block short, Stack byte, Meta short, X Y Z float, Yaw Pitch Roll byte",
         0x8e,
         Value{{"entity_id", 11}, {"block", 264}, {"stack", 3}, {"meta", 5}, {"x", 0.5}, {"y", 64.0}, {"z", 0.5},
               {"yaw", 1}, {"pitch", 2}, {"roll", 3}},
         "8e 0000000b 0108 03 0005 3f000000 42800000 3f000000 01 02 03"},
        {"7.13 TakeItemEntityPacket: Target int, Entity ID int", 0x8f, Value{{"target", 2}, {"entity_id", 11}},
         "8f 00000002 0000000b"},
        {"7.14 MoveEntityPacket: Entity ID int, X Y Z float", 0x90,
         Value{{"entity_id", 7}, {"x", 1.0}, {"y", 2.0}, {"z", 3.0}}, "90 00000007 3f800000 40000000 40400000"},
        {"7.15 MoveEntityPacket_PosRot: Entity ID int, X Y Z Yaw Pitch float", 0x93,
         Value{{"entity_id", 7}, {"x", 1.0}, {"y", 2.0}, {"z", 3.0}, {"yaw", 90.0}, {"pitch", -45.0}},
         "93 00000007 3f800000 40000000 40400000 42b40000 c2340000"},
        {"7.16 MovePlayerPacket: Entity ID int, X Y Z Yaw Pitch float", 0x94,
         Value{{"entity_id", 2}, {"x", 128.5}, {"y", 64.0}, {"z", 128.5}, {"yaw", 180.0}, {"pitch", 10.0}},
         "94 00000002 43008000 42800000 43008000 43340000 41200000"},
        // Block 245: unsigned (packets_seed002.cpp: ids above 127 exist).
        {"7.17 PlaceBlockPacket: Entity iD int, X int, Z int, Y byte, Block Meta Face byte", 0x95,
         Value{{"entity_id", 2}, {"x", 130}, {"z", -7}, {"y", 64}, {"block", 245}, {"meta", 3}, {"face", 1}},
         "95 00000002 00000082 fffffff9 40 f5 03 01"},
        {"7.18 RemoveBlockPacket: Entity ID int, X int, Z int, Y byte", 0x96,
         Value{{"entity_id", 2}, {"x", 130}, {"z", -7}, {"y", 64}}, "96 00000002 00000082 fffffff9 40"},
        {"7.19 UpdateBlockPacket: Entiy ID int, X int, Z int, Y Block Meta byte", 0x97,
         Value{{"entity_id", 1}, {"x", 130}, {"z", -7}, {"y", 63}, {"block", 1}, {"meta", 2}},
         "97 00000001 00000082 fffffff9 3f 01 02"},
        {"7.20 AddPaintingPacket: Entity ID, X, Y, Z, Direction int, Title string8", 0x98,
         Value{{"entity_id", 20}, {"x", 5}, {"y", 70}, {"z", 5}, {"direction", 2}, {"title", "Kebab"}},
         "98 00000014 00000005 00000046 00000005 00000002 0005 4b65626162"},
        // Count int, then Count records of three bytes (packets_seed002.cpp).
        {"7.21 ExplodePacket: X Y Z Radius float, Count int, records (x, y, z) byte", 0x99,
         Value{{"x", 10.0}, {"y", 64.0}, {"z", 10.0}, {"radius", 4.0}, {"count", 2},
               {"records", list({Value{{"dx", 1}, {"dy", 0}, {"dz", -1}}, Value{{"dx", 0}, {"dy", -1}, {"dz", 0}}})}},
         "99 41200000 42800000 41200000 40800000 00000002 01 00 ff 00 ff 00"},
        {"7.22 LevelEventPacket: four Unknown? short, Unknown? int", 0x9a,
         Value{{"event", 1001}, {"x", 10}, {"y", 64}, {"z", 11}, {"data", 5}}, "9a 03e9 000a 0040 000b 00000005"},
        {"7.23 TileEventPacket: X Y Z Case 1 Case 2 int", 0x9b,
         Value{{"x", 10}, {"y", 64}, {"z", 11}, {"case1", 1}, {"case2", 2}},
         "9b 0000000a 00000040 0000000b 00000001 00000002"},
        {"7.24 EntityEventPacket: Entity ID int, Event byte", 0x9c, Value{{"entity_id", 7}, {"event", 2}}, "9c 00000007 02"},
        {"7.25 RequestChunkPacket: X int, Z int", 0x9d, Value{{"x", 3}, {"z", -2}}, "9d 00000003 fffffffe"},
        // The unnamed byte counts sections: 4096 block ids and 2048 meta bytes each (packets_seed002.cpp).
        {"7.26 ChunkDataPacket: X int, Z int, byte, Data? byte[], Data? byte[]", 0x9e,
         Value{{"x", 3}, {"z", -2}, {"sections", 1}, {"blocks", Value::bytes(4096, 0x01)},
               {"metas", Value::bytes(2048, 0x12)}},
         "9e 00000003 fffffffe 01", std::string(4096, '\x01') + std::string(2048, '\x12')},
        {"7.27 PlayerEquipmentPacket: Entity ID int, Block short, Meta short, Slot byte", 0x9f,
         Value{{"entity_id", 2}, {"block", 276}, {"meta", 1}, {"slot", 3}}, "9f 00000002 0114 0001 03"},
        {"7.28 PlayerArmorEquipmentPacket: Entity ID int, Slot 1-4 byte", 0xa0,
         Value{{"entity_id", 2}, {"slot1", 1}, {"slot2", 2}, {"slot3", 3}, {"slot4", 4}}, "a0 00000002 01 02 03 04"},
        // Action byte[]: what the 8 bytes after it leave (packets_seed002.cpp), one byte here.
        {"7.29 InteractPacket: Action byte[], entity ID int, Target int", 0xa1,
         Value{{"action", Value::bytes(std::string("\x02", 1))}, {"entity_id", 1}, {"target", 3}},
         "a1 02 00000001 00000003"},
        // Block byte[]: what the 29 bytes after it leave (packets_seed002.cpp), one byte here.
        {"7.30 UseItemPacket: X Y Z Face int, Block byte[], Meta byte, Entity ID int, Fx Fy Fz PosX PosY PosZ float",
         0xa2,
         Value{{"x", 130}, {"y", 63}, {"z", 130}, {"face", 1}, {"block", Value::bytes(std::string("\x04", 1))},
               {"meta", 2}, {"entity_id", 17}, {"fx", 0.5}, {"fy", 1.0}, {"fz", 0.5}, {"pos_x", 128.5}, {"pos_y", 64.0},
               {"pos_z", 128.5}},
         "a2 00000082 0000003f 00000082 00000001 04 02 00000011 3f000000 3f800000 3f000000 43008000 42800000 43008000"},
        {"7.31 PlayerActionPacket: Action X Y Z Face Entity ID int", 0xa3,
         Value{{"action", 2}, {"x", 10}, {"y", 63}, {"z", 11}, {"face", 1}, {"entity_id", 3}},
         "a3 00000002 0000000a 0000003f 0000000b 00000001 00000003"},
        {"7.32 HurtArmorPacket: Health byte", 0xa5, Value{{"health", 18}}, "a5 12"},
        // Metadata key 0x42: an int (type 2) at index 2, 0x12345678 little-endian.
        {"7.33 SetEntityDataPacket: Entity ID int, Metadata byte[]", 0xa6,
         Value{{"entity_id", 7}, {"metadata", metadata({Value{{"key", 0x42}, {"int", 0x12345678}}})}},
         "a6 00000007 42 78563412 7f"},
        {"7.34 SetEntityMotionPacket: Unknown? byte, Entity ID int, X Y Z short", 0xa7,
         Value{{"unknown", 1}, {"entity_id", 7}, {"x", 400}, {"y", 16}, {"z", -400}}, "a7 01 00000007 0190 0010 fe70"},
        {"7.35 SetRidingPacket: a int, b int", 0xa8, Value{{"a", 2}, {"b", 9}}, "a8 00000002 00000009"},
        {"7.36 SetHealthPacket: Health byte", 0xa9, Value{{"health", 20}}, "a9 14"},
        {"7.37 SetSpawnPositionPacket: X int, Z int, Y byte", 0xaa, Value{{"x", 128}, {"z", -128}, {"y", 64}},
         "aa 00000080 ffffff80 40"},
        {"7.38 AnimatePacket: Action byte, Entity ID int", 0xab, Value{{"action", 1}, {"entity_id", 2}}, "ab 01 00000002"},
        {"7.39 RespawnPacket: Entity ID int, X Y Z float", 0xac,
         Value{{"entity_id", 2}, {"x", 128.5}, {"y", 64.0}, {"z", 128.5}}, "ac 00000002 43008000 42800000 43008000"},
        // Slots byte[]: Count slots of (id short, count byte, meta short); Items byte[]: the slots
        // after them (armour), to the end (packets_seed002.cpp).
        {"7.40 SendInventoryPacket: Entity ID int, Windows ID byte, Count short, Slots byte[], Items byte[]", 0xad,
         Value{{"entity_id", 2}, {"window_id", 1}, {"count", 2}, {"slots", list({slot(1, 64, 0), slot(17, 10, 2)})},
               {"items", list({slot(298, 1, 0)})}},
         "ad 00000002 01 0002 0001 40 0000 0011 0a 0002 012a 01 0000"},
        {"7.41 DropItemPacket: Entity ID int, Unknown? byte, Block short, Stack byte, Meta short", 0xae,
         Value{{"entity_id", 2}, {"unknown", 1}, {"block", 3}, {"stack", 5}, {"meta", 1}}, "ae 00000002 01 0003 05 0001"},
        {"7.42 ContainerOpenPacket: Window ID, Type, Slot byte, Title string8", 0xaf,
         Value{{"window_id", 1}, {"type", 2}, {"slot", 27}, {"title", "Chest"}}, "af 01 02 1b 0005 4368657374"},
        {"7.43 ContainerClosePacket: Window ID byte", 0xb0, Value{{"window_id", 1}}, "b0 01"},
        {"7.44 ContainerSetSlotPacket: Window ID byte, Slot short, Block short, Stack byte, Meta short", 0xb1,
         Value{{"window_id", 1}, {"slot", 3}, {"block", 4}, {"stack", 64}, {"meta", 1}}, "b1 01 0003 0004 40 0001"},
        {"7.45 ContainerSetDataPacket: Window ID byte, Property short, Value short", 0xb2,
         Value{{"window_id", 2}, {"property", 1}, {"value", 150}}, "b2 02 0001 0096"},
        // Items byte[]: Count slots (packets_seed002.cpp).
        {"7.46 ContainerSetContentPacket: Window ID byte, Count short, Items byte[]", 0xb3,
         Value{{"window_id", 1}, {"count", 1}, {"items", list({slot(4, 64, 3)})}}, "b3 01 0001 0004 40 0003"},
        {"7.47 ContainerAckPacket: Window ID byte, Unknown? short", 0xb4, Value{{"window_id", 1}, {"unknown", 7}},
         "b4 01 0007"},
        {"7.48 ChatPacket: Message string8", 0xb5, Value{{"message", "<Steve> hi"}}, "b5 000a 3c53746576653e206869"},
        {"7.49 SignUpdatePacket: X short, Y byte, Z short, Lines string8", 0xb6,
         Value{{"x", 10}, {"y", 65}, {"z", -4}, {"lines", "a\nb"}}, "b6 000a 41 fffc 0003 610a62"},
        // The page lists no field after the header row: the bytes are Flags, to the end.
        {"7.50 AdventureSettingsPacket: Flags byte[]", 0xb7, Value{{"flags", Value::bytes(std::string("\0\0\0\x21", 4))}},
         "b7 00000021"},
        // Not in the seed: the 0xFE wrapper of later releases (captures/raknet), opaque bytes to the end.
        {"(not seed 002) 0xFE game packet wrapper", 0xfe, Value{{"payload", Value::bytes(std::string("\x03\xba\xd9", 3))}},
         "fe 03bad9"},
    };
    return all;
}

const core::Schema& s() { return mcpe::schema(mcpe::default_version()); }

TEST(McpeEncode, EveryPacketAsItsSeedSectionWritesIt) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.section);
        const std::vector<uint8_t> want = bytes_of(c);
        EXPECT_EQ(core::encode(s(), 0, c.id, c.values), want);
        // The hand-written bytes are one whole packet of that id to the decoder.
        Collect col;
        col.summary = core::decode(s(), want.data(), want.size(), core::DecodeContext{}, col);
        ASSERT_NE(col.summary.type, nullptr);
        EXPECT_EQ(col.summary.id, c.id);
        EXPECT_EQ(col.summary.end, want.size());
        for (const std::string& f : col.finding_names()) ADD_FAILURE() << "finding " << f;
    }
}

// A field given the wrong value, or left out, changes the bytes: the
// comparison above can fail.
TEST(McpeEncode, AFieldLeftOutIsWrittenAsZero) {
    const std::vector<uint8_t> b = core::encode(s(), 0, 0x9c, Value{{"entity_id", 7}});
    EXPECT_EQ(b, coretest::from_hex("9c0000000700"));
    for (const Case& c : cases()) {
        if (c.id == 0x9c) {
            EXPECT_NE(b, bytes_of(c));
        }
    }
}

TEST(McpeEncode, EveryIdOfTheTableHasACase) {
    std::set<uint32_t> table, covered;
    for (const core::CompiledType& t : s().tables[0].by_id)
        if (t.type) table.insert(t.type->id);
    for (const Case& c : cases()) covered.insert(c.id);
    EXPECT_EQ(table.size(), 51u);  // the seed's 50 data packets and the 0xFE wrapper
    EXPECT_EQ(covered, table);
}

}  // namespace
