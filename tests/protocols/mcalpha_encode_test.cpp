// The core's encoder against seed 001 (wiki.vg "Protocol", 17 December 2010,
// Minecraft Alpha protocol 6): every message of both directions encoded from
// the values of the seed's Example column (where it has one) and compared
// with the bytes written here by hand from the seed's table for that message
// (section named per case): big-endian ("All types in Java ... are
// big-endian"), string = a short length then UTF-8, bool one byte. The
// seed's units: an Absolute Integer is an int in 1/32 block, so the encoder
// takes blocks (133 pixels = 133/32 blocks); a packed angle is a byte in
// 360/256 degree steps (the seed's "252" is the byte FC); velocity is a
// short in 1/32000 block per tick (its "-1343" is FAC1). Doubles and floats
// computed by hand, the doubles' bytes also checked with Python's
// struct.pack('>d'): 6.5 401A000000000000, 7.5 401E000000000000,
// 65.62 405067AE147AE148, 67.24 4050CF5C28F5C28F, 70.0 4051800000000000,
// 71.62 4051E7AE147AE148, 68.25 4051100000000000, 102.5 4059A00000000000,
// 10.5 4025000000000000, 64.0 4050000000000000, -3.5 C00C000000000000;
// floats 90.0 42B40000, -12.5 C1480000, 3.0 40400000. The same bytes are
// what mcalpha_decode_test.cpp decodes to the seed's values; here they are
// written by the encoder.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mc_alpha/directions.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace {

using core::Value;
using namespace mcalpha;

constexpr Side SB = Side::Client;  // serverbound: the client sends it
constexpr Side CB = Side::Server;

struct Case {
    Side dir;
    const char* section;  // seed 001's section
    uint8_t id;
    Value values;
    std::string hex;  // hand-written; spaces only for reading
};

std::vector<uint8_t> bytes_of(const std::string& hex) {
    std::string h;
    for (char ch : hex)
        if (ch != ' ') h += ch;
    return coretest::from_hex(h);
}

Value list(std::vector<Value> v) { return Value::list(std::move(v)); }
Value item(int id, int count, int uses) { return Value{{"item_id", id}, {"item_count", count}, {"uses", uses}}; }
Value empty_slot() { return Value{{"item_id", -1}}; }
std::string times(int n, const std::string& s) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}
double angle(int byte) { return byte * 360.0 / 256; }  // packed angle: the byte times 360/256 degrees
Value bytes(const char* b, size_t n) { return Value::bytes(std::string(b, n)); }

// Player Inventory (0x05), main inventory: 36 slots, the first 64 of item 1.
Value main_inventory() {
    std::vector<Value> slots = {item(1, 64, 0)};
    for (int i = 1; i < 36; ++i) slots.push_back(empty_slot());
    return Value{{"type", -1}, {"count", 36}, {"slots", list(slots)}};
}

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        // Client to Server Packets.
        {SB, "Keep Alive (0x00)", 0x00, Value{}, "00"},
        {SB, "Login Request (0x01): int, string, string, long, byte", 0x01,
         Value{{"protocol_version", 6}, {"username", "TkTech"}, {"password", "Password"}, {"map_seed", 0}, {"dimension", 0}},
         "01 00000006 0006 546b54656368 0008 50617373776f7264 0000000000000000 00"},
        {SB, "Handshake (0x02): string", 0x02, Value{{"username", "TkTech"}}, "02 0006 546b54656368"},
        {SB, "Chat Message (0x03): string", 0x03, Value{{"message", "Hello World!"}}, "03 000c 48656c6c6f20576f726c6421"},
        // Armour (-2), 4 slots: an item is (id short, count byte, uses short), an empty slot the id -1 alone.
        {SB, "Player Inventory (0x05): int, short, payload", 0x05,
         Value{{"type", -2}, {"count", 4}, {"slots", list({item(310, 1, 0), empty_slot(), item(312, 1, 5), empty_slot()})}},
         "05 fffffffe 0004 0136 01 0000 ffff 0138 01 0005 ffff"},
        {SB, "Use Entity? (0x07): int, int, bool", 0x07, Value{{"user", 1298}, {"target", 1805}, {"left_click", 1}},
         "07 00000512 0000070d 01"},
        {SB, "Respawn (0x09)", 0x09, Value{}, "09"},
        {SB, "Player (0x0A): bool", 0x0a, Value{{"on_ground", 1}}, "0a 01"},
        {SB, "Player Position (0x0B): X, Y, Stance, Z double, bool", 0x0b,
         Value{{"x", 102.5}, {"y", 70.0}, {"stance", 71.62}, {"z", 68.25}, {"on_ground", 1}},
         "0b 4059a00000000000 4051800000000000 4051e7ae147ae148 4051100000000000 01"},
        {SB, "Player Look (0x0C): float, float, bool", 0x0c, Value{{"yaw", 90.0}, {"pitch", -12.5}, {"on_ground", 1}},
         "0c 42b40000 c1480000 01"},
        // The client's order X, Y, Stance, Z (rows.cpp: the example's Y and Stance in the order its stance rule allows).
        {SB, "Player Position & Look (0x0D): X, Y, Stance, Z double, Yaw, Pitch float, bool", 0x0d,
         Value{{"x", 6.5}, {"y", 65.62}, {"stance", 67.24}, {"z", 7.5}, {"yaw", 0.0}, {"pitch", 0.0}, {"on_ground", 0}},
         "0d 401a000000000000 405067ae147ae148 4050cf5c28f5c28f 401e000000000000 00000000 00000000 00"},
        {SB, "Player Digging (0x0E): byte, int, byte, int, byte", 0x0e,
         Value{{"status", 1}, {"x", 32}, {"y", 64}, {"z", 32}, {"face", 3}}, "0e 01 00000020 40 00000020 03"},
        {SB, "Player Block Placement (0x0F): short, int, byte, int, byte", 0x0f,
         Value{{"block_id", 1}, {"x", 32}, {"y", 64}, {"z", 32}, {"direction", 3}}, "0f 0001 00000020 40 00000020 03"},
        {SB, "Player Block Placement (0x0F), the special case: X, Y, Z and Direction -1", 0x0f,
         Value{{"block_id", 259}, {"x", -1}, {"y", -1}, {"z", -1}, {"direction", -1}}, "0f 0103 ffffffff ff ffffffff ff"},
        {SB, "Holding Change (0x10): int, short", 0x10, Value{{"unused", 6341424}, {"item_id", 1}}, "10 0060c330 0001"},
        {SB, "Arm Animation (0x12): int, bool", 0x12, Value{{"eid", 55534}, {"animate", 1}}, "12 0000d8ee 01"},
        {SB, "Pickup Spawn (0x15): int, short, byte, 3 Absolute Integers, 3 packed bytes", 0x15,
         Value{{"eid", 157617}, {"item", 4}, {"count", 1}, {"x", 133 / 32.0}, {"y", 913 / 32.0}, {"z", 63552 / 32.0},
               {"rotation", angle(-4)}, {"pitch", angle(25)}, {"roll", angle(12)}},
         "15 000267b1 0004 01 00000085 00000391 0000f840 fc 19 0c"},
        // "Packet 0x3B now being sent from client" (Protocol History, 2010-12-01); the server's layout.
        {SB, "Complex Entities (0x3B): int, short, int, short, payload", 0x3b,
         Value{{"x", 32}, {"y", 64}, {"z", 32}, {"payload_size", 4}, {"payload", bytes("\x1f\x8b\x08\x00", 4)}},
         "3b 00000020 0040 00000020 0004 1f8b0800"},
        {SB, "Disconnect (0xFF): string", 0xff, Value{{"reason", "Quitting"}}, "ff 0008 5175697474696e67"},

        // Server To Client Packets.
        {CB, "Keep Alive (0x00)", 0x00, Value{}, "00"},
        {CB, "Login Response (0x01): int, string, string, long, byte", 0x01,
         Value{{"eid", 1298}, {"unknown_1", ""}, {"unknown_2", ""}, {"map_seed", int64_t(971768181197178410)},
               {"dimension", 0}},
         "01 00000512 0000 0000 0d7c6a031c49062a 00"},
        {CB, "Handshake (0x02): string", 0x02, Value{{"connection_hash", "2e66f1dc032ab5f0"}},
         "02 0010 32653636663164633033326162356630"},
        {CB, "Chat Message (0x03): string", 0x03, Value{{"message", "<Bob> Hello World!"}},
         "03 0012 3c426f623e2048656c6c6f20576f726c6421"},
        {CB, "Time Update (0x04): long", 0x04, Value{{"time", 6000}}, "04 0000000000001770"},
        {CB, "Player Inventory (0x05): main inventory, 36 slots", 0x05, main_inventory(),
         "05 ffffffff 0024 0001 40 0000" + times(35, " ffff")},  // 35 empty slots: the id -1 alone
        {CB, "Spawn Position (0x06): int, int, int", 0x06, Value{{"x", 117}, {"y", 70}, {"z", -46}},
         "06 00000075 00000046 ffffffd2"},
        {CB, "Update Health (0x08): byte", 0x08, Value{{"health", 20}}, "08 14"},
        {CB, "Respawn (0x09)", 0x09, Value{}, "09"},
        // "the Stance and Y are swapped": X, Stance, Y, Z.
        {CB, "Player Position & Look (0x0D): X, Stance, Y, Z double, Yaw, Pitch float, bool", 0x0d,
         Value{{"x", 6.5}, {"stance", 67.24}, {"y", 65.62}, {"z", 7.5}, {"yaw", 0.0}, {"pitch", 0.0}, {"on_ground", 0}},
         "0d 401a000000000000 4050cf5c28f5c28f 405067ae147ae148 401e000000000000 00000000 00000000 00"},
        {CB, "Holding Change (0x10): int, short", 0x10, Value{{"eid", 6341424}, {"item_id", 1}}, "10 0060c330 0001"},
        {CB, "Add To Inventory (0x11): short, byte, short", 0x11, Value{{"item_type", 5}, {"count", 10}, {"life", 0}},
         "11 0005 0a 0000"},
        {CB, "Animation (0x12): int, byte", 0x12, Value{{"eid", 55534}, {"animate", 1}}, "12 0000d8ee 01"},
        {CB, "Named Entity Spawn (0x14): int, string, 3 Absolute Integers, 2 packed bytes, short", 0x14,
         Value{{"eid", 94453}, {"name", "Twdtwd"}, {"x", 784 / 32.0}, {"y", 2131 / 32.0}, {"z", -752 / 32.0},
               {"rotation", 0.0}, {"pitch", 0.0}, {"current_item", 0}},
         "14 000170f5 0006 547764747764 00000310 00000853 fffffd10 00 00 0000"},
        {CB, "Pickup Spawn (0x15)", 0x15,
         Value{{"eid", 157617}, {"item", 4}, {"count", 1}, {"x", 133 / 32.0}, {"y", 913 / 32.0}, {"z", 63552 / 32.0},
               {"rotation", angle(-4)}, {"pitch", angle(25)}, {"roll", angle(12)}},
         "15 000267b1 0004 01 00000085 00000391 0000f840 fc 19 0c"},
        {CB, "Collect Item (0x16): int, int", 0x16, Value{{"collected_eid", 38}, {"collector_eid", 20}},
         "16 00000026 00000014"},
        {CB, "Add Object/Vehicle (0x17): int, byte, 3 Absolute Integers", 0x17,
         Value{{"eid", 62}, {"type", 11}, {"x", 16080 / 32.0}, {"y", 2299 / 32.0}, {"z", 592 / 32.0}},
         "17 0000003e 0b 00003ed0 000008fb 00000250"},
        {CB, "Mob Spawn (0x18): int, byte, 3 Absolute Integers, 2 packed bytes", 0x18,
         Value{{"eid", 446}, {"type", 91}, {"x", 13366 / 32.0}, {"y", 2176 / 32.0}, {"z", 1680 / 32.0},
               {"yaw", angle(-27)}, {"pitch", 0.0}},
         "18 000001be 5b 00003436 00000880 00000690 e5 00"},
        {CB, "Entity Velocity? (0x1C): int, 3 short (x 32000)", 0x1c,
         Value{{"eid", 1805}, {"vx", -1343 / 32000.0}, {"vy", 0.0}, {"vz", 0.0}}, "1c 0000070d fac1 0000 0000"},
        {CB, "Destroy Entity (0x1D): int", 0x1d, Value{{"eid", 446}}, "1d 000001be"},
        {CB, "Entity (0x1E): int", 0x1e, Value{{"eid", 446}}, "1e 000001be"},
        {CB, "Entity Relative Move (0x1F): int, 3 byte", 0x1f,
         Value{{"eid", 459}, {"dx", 1 / 32.0}, {"dy", -7 / 32.0}, {"dz", 5 / 32.0}}, "1f 000001cb 01 f9 05"},
        {CB, "Entity Look (0x20): int, 2 packed bytes", 0x20, Value{{"eid", 459}, {"yaw", angle(126)}, {"pitch", 0.0}},
         "20 000001cb 7e 00"},
        {CB, "Entity Look and Relative Move (0x21): int, 3 byte, 2 packed bytes", 0x21,
         Value{{"eid", 459}, {"dx", 1 / 32.0}, {"dy", -7 / 32.0}, {"dz", 5 / 32.0}, {"yaw", angle(126)}, {"pitch", 0.0}},
         "21 000001cb 01 f9 05 7e 00"},
        {CB, "Entity Teleport (0x22): int, 3 Absolute Integers, 2 packed bytes", 0x22,
         Value{{"eid", 459}, {"x", 14162 / 32.0}, {"y", 2176 / 32.0}, {"z", 1111 / 32.0}, {"yaw", angle(126)},
               {"pitch", 0.0}},
         "22 000001cb 00003752 00000880 00000457 7e 00"},
        {CB, "Entity Status? (0x26): int, byte", 0x26, Value{{"eid", 34353}, {"status", 3}}, "26 00008631 03"},
        {CB, "Attach Entity? (0x27): int, int", 0x27, Value{{"eid", 1298}, {"vehicle_eid", 1805}}, "27 00000512 0000070d"},
        {CB, "Pre-Chunk (0x32): int, int, bool", 0x32, Value{{"x", -9}, {"z", 12}, {"mode", 1}}, "32 fffffff7 0000000c 01"},
        // Compressed size 4 (not the example's 3663): four bytes of data follow.
        {CB, "Map Chunk (0x33): int, short, int, 3 byte, int, byte array", 0x33,
         Value{{"x", 128}, {"y", 0}, {"z", -192}, {"size_x", 15}, {"size_y", 127}, {"size_z", 15}, {"compressed_size", 4},
               {"compressed_data", bytes("\x78\x9c\x03\x00", 4)}},
         "33 00000080 0000 ffffff40 0f 7f 0f 00000004 789c0300"},
        // The seed's example [((8, 7, 4), 11, 0), ((7, 13, 6), 11, 0), ((13, 1, 8), 11, 0), ((7, 6, 6), 11, 0)]:
        // (x, y, z) as the short x << 12 | z << 8 | y ("top 4 bits is X, next 4 bits is Z, bottom 8 bits is Y").
        {CB, "Multi Block Change (0x34): int, int, short, short array, byte array, byte array", 0x34,
         Value{{"chunk_x", -9}, {"chunk_z", 12}, {"array_size", 4},
               {"coordinates", list({Value{{"coordinate", 0x8407}}, Value{{"coordinate", 0x760d}},
                                     Value{{"coordinate", 0xd801}}, Value{{"coordinate", 0x7606}}})},
               {"types", list({Value{{"type", 11}}, Value{{"type", 11}}, Value{{"type", 11}}, Value{{"type", 11}}})},
               {"metadata", list({Value{{"meta", 0}}, Value{{"meta", 0}}, Value{{"meta", 0}}, Value{{"meta", 0}}})}},
         "34 fffffff7 0000000c 0004 8407 760d d801 7606 0b0b0b0b 00000000"},
        {CB, "Block Change (0x35): int, byte, int, byte, byte", 0x35,
         Value{{"x", 502}, {"y", 71}, {"z", 18}, {"block_type", 78}, {"block_metadata", 0}}, "35 000001f6 47 00000012 4e 00"},
        {CB, "Complex Entities (0x3B): int, short, int, short, payload", 0x3b,
         Value{{"x", 32}, {"y", 64}, {"z", 32}, {"payload_size", 4}, {"payload", bytes("\x1f\x8b\x08\x00", 4)}},
         "3b 00000020 0040 00000020 0004 1f8b0800"},
        {CB, "Explosion (0x3C): 3 double, float, int, 3-byte records", 0x3c,
         Value{{"x", 10.5}, {"y", 64.0}, {"z", -3.5}, {"radius", 3.0}, {"record_count", 2},
               {"records", list({Value{{"dx", 1}, {"dy", 0}, {"dz", -1}}, Value{{"dx", 0}, {"dy", 2}, {"dz", 0}}})}},
         "3c 4025000000000000 4050000000000000 c00c000000000000 40400000 00000002 0100ff 000200"},
        {CB, "Kick (0xFF): string", 0xff, Value{{"reason", "The server is full!"}},
         "ff 0013 546865207365727665722069732066756c6c21"},
    };
    return all;
}

TEST(McAlphaEncode, EveryMessageAsItsSeedSectionWritesIt) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(std::string(c.dir == SB ? "client to server: " : "server to client: ") + c.section);
        EXPECT_EQ(core::encode(schema(), table_index(c.dir), c.id, c.values), bytes_of(c.hex));
    }
}

// A changed value changes the bytes: the comparison above can fail.
TEST(McAlphaEncode, AnotherValueOtherBytes) {
    EXPECT_EQ(core::encode(schema(), table_index(CB), 0x06, Value{{"x", 117}, {"y", 71}, {"z", -46}}),
              bytes_of("06 00000075 00000047 ffffffd2"));
    EXPECT_NE(core::encode(schema(), table_index(CB), 0x06, Value{{"x", 117}, {"z", -46}}),
              bytes_of("06 00000075 00000046 ffffffd2"));
}

TEST(McAlphaEncode, EveryIdOfBothTablesHasACase) {
    const core::Schema& s = schema();
    for (uint32_t t = 0; t < kTableCount; ++t) {
        std::set<uint32_t> table, covered;
        for (const core::CompiledType& ct : s.tables[t].by_id)
            if (ct.type) table.insert(ct.type->id);
        for (const Case& c : cases())
            if (table_index(c.dir) == t) covered.insert(c.id);
        EXPECT_EQ(covered, table) << s.tables[t].table->key;
    }
}

}  // namespace
