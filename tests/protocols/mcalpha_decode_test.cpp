// Every message of seed 001, both directions, decoded from bytes written by
// hand from the seed's tables (its example values where it gives them; the
// seed's "Total Size" is each message's length), then measured: the length
// parsing finds is the message's, and every prefix of it needs more.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/measure.hpp"
#include "../support/collect_decoded.hpp"
#include "protocols/mc_alpha/directions.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace {

using coretest::Collect;
using coretest::from_hex;
using namespace mcalpha;

struct Expect {
    const char* field;  // under mcalpha.<sb|cb>.<message>.
    double num;
    const char* text = nullptr;
};

struct Case {
    Side dir;
    const char* message;  // the message's key
    const char* hex;
    size_t seed_size;     // the seed's "Total Size" (strings and arrays included)
    std::vector<Expect> fields;
};

constexpr Side SB = Side::Client;
constexpr Side CB = Side::Server;

// Hand-written: id, then each field big-endian as the seed lists them.
const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        {SB, "keep_alive", "00", 1, {}},
        {SB, "login_request", "01" "00000006" "0006" "546b54656368" "0008" "50617373776f7264" "0000000000000000" "00", 18 + 14,
         {{"protocol_version", 6}, {"username", 0, "TkTech"}, {"password", 0, "Password"}, {"map_seed", 0}, {"dimension", 0}}},
        {SB, "handshake", "02" "0006" "546b54656368", 3 + 6, {{"username", 0, "TkTech"}}},
        // The seed: "1 byte header [0x03], 2 byte short [string length], N byte string".
        {SB, "chat", "03" "000c" "48656c6c6f20576f726c6421", 3 + 12, {{"message", 0, "Hello World!"}}},
        // Armour: 4 slots, two empty (-1: no count, no uses).
        {SB, "player_inventory", "05" "fffffffe" "0004" "0136" "01" "0000" "ffff" "0138" "01" "0005" "ffff", 7 + 14,
         {{"type", -2}, {"count", 4}, {"item_id", 310}, {"item_count", 1}, {"uses", 0}}},
        {SB, "use_entity", "07" "00000512" "0000070d" "01", 10, {{"user", 1298}, {"target", 1805}, {"left_click", 1}}},
        {SB, "respawn", "09", 1, {}},
        {SB, "player", "0a" "01", 2, {{"on_ground", 1}}},
        // X 102.5, Y 70, Stance 71.62, Z 68.25: the client's order.
        {SB, "player_position", "0b" "4059a00000000000" "4051800000000000" "4051e7ae147ae148" "4051100000000000" "01", 34,
         {{"x", 102.5}, {"y", 70}, {"stance", 71.62}, {"z", 68.25}, {"on_ground", 1}}},
        {SB, "player_look", "0c" "42b40000" "c1480000" "01", 10, {{"yaw", 90}, {"pitch", -12.5}, {"on_ground", 1}}},
        // The client's order X, Y, Stance, Z (Y 65.62, stance 67.24: the seed's
        // example values put in the order its own stance rule allows).
        {SB, "player_position_look", "0d" "401a000000000000" "405067ae147ae148" "4050cf5c28f5c28f" "401e000000000000"
             "00000000" "00000000" "00", 42,
         {{"x", 6.5}, {"y", 65.62}, {"stance", 67.24}, {"z", 7.5}, {"yaw", 0}, {"pitch", 0}, {"on_ground", 0}}},
        {SB, "player_digging", "0e" "01" "00000020" "40" "00000020" "03", 12,
         {{"status", 1}, {"x", 32}, {"y", 64}, {"z", 32}, {"face", 3}}},
        {SB, "player_block_placement", "0f" "0001" "00000020" "40" "00000020" "03", 13,
         {{"block_id", 1}, {"x", 32}, {"y", 64}, {"z", 32}, {"direction", 3}}},
        // The special case: X, Y, Z and Direction -1 (update the held item).
        {SB, "player_block_placement", "0f" "0103" "ffffffff" "ff" "ffffffff" "ff", 13,
         {{"block_id", 259}, {"x", -1}, {"y", -1}, {"z", -1}, {"direction", -1}}},
        {SB, "holding_change", "10" "0060c330" "0001", 7, {{"unused", 6341424}, {"item_id", 1}}},
        {SB, "arm_animation", "12" "0000d8ee" "01", 6, {{"eid", 55534}, {"animate", 1}}},
        // Rotation 252 as the seed prints it is the byte fc: -4 x 360/256 degrees.
        {SB, "pickup_spawn", "15" "000267b1" "0004" "01" "00000085" "00000391" "0000f840" "fc" "19" "0c", 23,
         {{"eid", 157617}, {"item", 4}, {"count", 1}, {"x", 133 / 32.0}, {"y", 913 / 32.0}, {"z", 63552 / 32.0},
          {"rotation", -4 * 360 / 256.0}, {"pitch", 25 * 360 / 256.0}, {"roll", 12 * 360 / 256.0}}},
        {SB, "complex_entities", "3b" "00000020" "0040" "00000020" "0004" "1f8b0800", 13 + 4,
         {{"x", 32}, {"y", 64}, {"z", 32}, {"payload_size", 4}}},
        {SB, "disconnect", "ff" "0008" "5175697474696e67", 3 + 8, {{"reason", 0, "Quitting"}}},

        {CB, "keep_alive", "00", 1, {}},
        {CB, "login_response", "01" "00000512" "0000" "0000" "0d7c6a031c49062a" "00", 18,
         {{"eid", 1298}, {"unknown_1", 0, ""}, {"unknown_2", 0, ""}, {"map_seed", 971768181197178410.0}, {"dimension", 0}}},
        {CB, "handshake", "02" "0010" "32653636663164633033326162356630", 3 + 16, {{"connection_hash", 0, "2e66f1dc032ab5f0"}}},
        {CB, "chat", "03" "0012" "3c426f623e2048656c6c6f20576f726c6421", 3 + 18, {{"message", 0, "<Bob> Hello World!"}}},
        {CB, "time_update", "04" "0000000000001770", 9, {{"time", 6000}}},
        // Main inventory: 36 slots, the first 64 of item 1, the rest empty.
        {CB, "player_inventory", "05" "ffffffff" "0024" "0001" "40" "0000"
             "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
         7 + 5 + 35 * 2, {{"type", -1}, {"count", 36}, {"item_id", 1}, {"item_count", 64}}},
        {CB, "spawn_position", "06" "00000075" "00000046" "ffffffd2", 13, {{"x", 117}, {"y", 70}, {"z", -46}}},
        {CB, "update_health", "08" "14", 2, {{"health", 20}}},
        {CB, "respawn", "09", 1, {}},
        // The server's order X, Stance, Y, Z with the seed's example values.
        {CB, "player_position_look", "0d" "401a000000000000" "4050cf5c28f5c28f" "405067ae147ae148" "401e000000000000"
             "00000000" "00000000" "00", 42,
         {{"x", 6.5}, {"stance", 67.24}, {"y", 65.62}, {"z", 7.5}, {"yaw", 0}, {"pitch", 0}, {"on_ground", 0}}},
        {CB, "holding_change", "10" "0060c330" "0001", 7, {{"eid", 6341424}, {"item_id", 1}}},
        {CB, "add_to_inventory", "11" "0005" "0a" "0000", 6, {{"item_type", 5}, {"count", 10}, {"life", 0}}},
        {CB, "animation", "12" "0000d8ee" "01", 6, {{"eid", 55534}, {"animate", 1}}},
        {CB, "named_entity_spawn", "14" "000170f5" "0006" "547764747764" "00000310" "00000853" "fffffd10" "00" "00" "0000",
         23 + 6,
         {{"eid", 94453}, {"name", 0, "Twdtwd"}, {"x", 784 / 32.0}, {"y", 2131 / 32.0}, {"z", -752 / 32.0},
          {"rotation", 0}, {"pitch", 0}, {"current_item", 0}}},
        {CB, "pickup_spawn", "15" "000267b1" "0004" "01" "00000085" "00000391" "0000f840" "fc" "19" "0c", 23,
         {{"eid", 157617}, {"item", 4}, {"count", 1}, {"x", 133 / 32.0}}},
        {CB, "collect_item", "16" "00000026" "00000014", 9, {{"collected_eid", 38}, {"collector_eid", 20}}},
        {CB, "add_object", "17" "0000003e" "0b" "00003ed0" "000008fb" "00000250", 18,
         {{"eid", 62}, {"type", 11}, {"x", 16080 / 32.0}, {"y", 2299 / 32.0}, {"z", 592 / 32.0}}},
        {CB, "mob_spawn", "18" "000001be" "5b" "00003436" "00000880" "00000690" "e5" "00", 20,
         {{"eid", 446}, {"type", 91}, {"x", 13366 / 32.0}, {"y", 68}, {"z", 52.5}, {"yaw", -27 * 360 / 256.0}, {"pitch", 0}}},
        // "-1343 would move (-1343 / 32000) = -0.04196875 blocks per tick"
        {CB, "entity_velocity", "1c" "0000070d" "fac1" "0000" "0000", 11,
         {{"eid", 1805}, {"vx", -0.04196875}, {"vy", 0}, {"vz", 0}}},
        {CB, "destroy_entity", "1d" "000001be", 5, {{"eid", 446}}},
        {CB, "entity", "1e" "000001be", 5, {{"eid", 446}}},
        {CB, "entity_relative_move", "1f" "000001cb" "01" "f9" "05", 8,
         {{"eid", 459}, {"dx", 1 / 32.0}, {"dy", -7 / 32.0}, {"dz", 5 / 32.0}}},
        {CB, "entity_look", "20" "000001cb" "7e" "00", 7, {{"eid", 459}, {"yaw", 126 * 360 / 256.0}, {"pitch", 0}}},
        {CB, "entity_look_move", "21" "000001cb" "01" "f9" "05" "7e" "00", 10,
         {{"eid", 459}, {"dx", 1 / 32.0}, {"dy", -7 / 32.0}, {"dz", 5 / 32.0}, {"yaw", 177.1875}, {"pitch", 0}}},
        {CB, "entity_teleport", "22" "000001cb" "00003752" "00000880" "00000457" "7e" "00", 19,
         {{"eid", 459}, {"x", 14162 / 32.0}, {"y", 68}, {"z", 1111 / 32.0}, {"yaw", 177.1875}}},
        {CB, "entity_status", "26" "00008631" "03", 6, {{"eid", 34353}, {"status", 3}}},
        {CB, "attach_entity", "27" "00000512" "0000070d", 9, {{"eid", 1298}, {"vehicle_eid", 1805}}},
        {CB, "pre_chunk", "32" "fffffff7" "0000000c" "01", 10, {{"x", -9}, {"z", 12}, {"mode", 1}}},
        {CB, "map_chunk", "33" "00000080" "0000" "ffffff40" "0f" "7f" "0f" "00000004" "789c0300", 18 + 4,
         {{"x", 128}, {"y", 0}, {"z", -192}, {"size_x", 15}, {"size_y", 127}, {"size_z", 15}, {"compressed_size", 4}}},
        // The seed's example decomposed: ((8, 7, 4), 11, 0), ((7, 13, 6), 11, 0),
        // ((13, 1, 8), 11, 0), ((7, 6, 6), 11, 0) as (x, y, z), type, metadata;
        // the short is x << 12 | z << 8 | y.
        {CB, "multi_block_change", "34" "fffffff7" "0000000c" "0004" "8407" "760d" "d801" "7606" "0b0b0b0b" "00000000",
         11 + 4 * 4,
         {{"chunk_x", -9}, {"chunk_z", 12}, {"array_size", 4}, {"coordinate", 0x8407}, {"coordinate.x", 8},
          {"coordinate.z", 4}, {"coordinate.y", 7}, {"type", 11}, {"meta", 0}}},
        {CB, "block_change", "35" "000001f6" "47" "00000012" "4e" "00", 12,
         {{"x", 502}, {"y", 71}, {"z", 18}, {"block_type", 78}, {"block_metadata", 0}}},
        {CB, "complex_entities", "3b" "00000020" "0040" "00000020" "0004" "1f8b0800", 13 + 4,
         {{"x", 32}, {"y", 64}, {"z", 32}, {"payload_size", 4}}},
        {CB, "explosion", "3c" "4025000000000000" "4050000000000000" "c00c000000000000" "40400000" "00000002" "0100ff" "000200",
         33 + 3 * 2,
         {{"x", 10.5}, {"y", 64}, {"z", -3.5}, {"radius", 3}, {"record_count", 2}, {"dx", 1}, {"dz", -1}}},
        {CB, "kick", "ff" "0013" "546865207365727665722069732066756c6c21", 3 + 19, {{"reason", 0, "The server is full!"}}},
    };
    return all;
}

std::string prefix_of(const Case& c) {
    return std::string("mcalpha.") + (c.dir == SB ? "sb." : "cb.") + c.message + ".";
}

TEST(McAlphaDecode, EveryMessageOfTheSeedFromHandWrittenBytes) {
    const core::Schema& s = schema();
    for (const Case& c : cases()) {
        SCOPED_TRACE(prefix_of(c));
        const std::vector<uint8_t> b = from_hex(c.hex);
        EXPECT_EQ(b.size(), c.seed_size);
        Collect col;
        core::DecodeContext ctx;
        ctx.table = table_index(c.dir);
        col.summary = core::decode(s, b.data(), b.size(), ctx, col);
        ASSERT_TRUE(col.summary.type);
        EXPECT_STREQ(col.summary.type->key, c.message);
        for (const std::string& f : col.finding_names()) ADD_FAILURE() << "finding " << f;
        for (const Expect& e : c.fields) {
            const std::string abbrev = prefix_of(c) + e.field;
            ASSERT_TRUE(col.get(abbrev)) << abbrev;
            if (e.text)
                EXPECT_EQ(col.text(abbrev), e.text) << abbrev;
            else
                EXPECT_NEAR(col.num(abbrev), e.num, 1e-9 * (1 + std::abs(e.num))) << abbrev;
        }
    }
}

TEST(McAlphaDecode, EveryIdOfBothTablesHasACase) {
    const core::Schema& s = schema();
    for (uint32_t t = 0; t < kTableCount; ++t)
        for (const core::CompiledType& ct : s.tables[t].by_id) {
            if (!ct.type) continue;
            bool found = false;
            for (const Case& c : cases())
                found |= table_index(c.dir) == t && std::string(c.message) == ct.type->key;
            EXPECT_TRUE(found) << s.tables[t].table->key << " " << ct.type->key;
        }
}

// connection.cpp and framing.cpp read these rows by key; front ends show
// at most three summary fields of a message.
TEST(McAlphaDecode, TheRowsTheAnalysesReadAndAtMostThreeSummaries) {
    const core::Schema& s = schema();
    for (const char* f : {"mcalpha.sb.login_request.protocol_version", "mcalpha.sb.login_request.username",
                          "mcalpha.sb.player_position.stance", "mcalpha.sb.player_position_look.stance",
                          "mcalpha.cb.player_position_look.stance", "mcalpha.cb.login_response.eid",
                          "mcalpha.cb.map_chunk.compressed_data", "mcalpha.cb.map_chunk.size_y",
                          "mcalpha.cb.pre_chunk.mode", "mcalpha.cb.attach_entity.vehicle_eid",
                          "mcalpha.cb.collect_item.collector_eid", "mcalpha.sb.use_entity.target",
                          "mcalpha.cb.complex_entities.payload", "mcalpha.cb.kick.reason", "mcalpha.sb.disconnect.reason",
                          "mcalpha.cb.player_inventory.type", "mcalpha.cb.player_inventory.count"})
        EXPECT_NE(s.find(f), nullptr) << f;
    for (const core::CompiledTable& t : s.tables)
        for (const core::CompiledType& ct : t.by_id) {
            if (!ct.type) continue;
            size_t n = 0;
            for (size_t i = 0; i < ct.type->payload.count; ++i) n += ct.type->payload.fields[i].summary;
            EXPECT_LE(n, 3u) << ct.type->name;
        }
}

TEST(McAlphaMeasure, EveryMessageMeasuresToItsLengthAndEveryPrefixNeedsMore) {
    const core::Schema& s = schema();
    for (const Case& c : cases()) {
        SCOPED_TRACE(prefix_of(c));
        std::vector<uint8_t> b = from_hex(c.hex);
        core::DecodeContext ctx;
        ctx.table = table_index(c.dir);
        for (size_t n = 0; n < b.size(); ++n) {
            const core::Measured m = core::measure_message(s, b.data(), n, ctx, kMaxMessage);
            ASSERT_EQ(m.result.status, core::Measure::NeedMore) << n;
            EXPECT_GT(m.result.length, n);
            EXPECT_LE(m.result.length, b.size());
        }
        // Followed by the start of another message: the same length.
        const size_t len = b.size();
        b.insert(b.end(), {0x0d, 0x40, 0x1a});
        const core::Measured m = core::measure_message(s, b.data(), b.size(), ctx, kMaxMessage);
        ASSERT_EQ(m.result.status, core::Measure::Complete);
        EXPECT_EQ(m.result.length, len);
        EXPECT_EQ(m.summary.findings, 0u);
    }
}

TEST(McAlphaMeasure, AStringLengthAsksForTheWholeString) {
    const auto b = from_hex("03" "000c" "4865");  // "He" of 12 bytes
    core::DecodeContext ctx;
    ctx.table = table_index(SB);
    const core::Measured m = core::measure_message(schema(), b.data(), b.size(), ctx, kMaxMessage);
    EXPECT_EQ(m.result.status, core::Measure::NeedMore);
    EXPECT_EQ(m.result.length, 15u);
}

}  // namespace
