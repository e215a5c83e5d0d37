// The older protocol revisions (GitHub issue 6): their tables, packets built
// with the encoder, packets written by hand from each revision's doc/protocol
// and net.cpp (arithmetic in comments), real packets of the 933ca0f capture,
// and per-conversation detection from packet lengths.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "collect.hpp"
#include "protocols/blank/revision_detect.hpp"
#include "core/inflater.hpp"

namespace blank::test {
namespace {

constexpr double kPi = 3.14159265358979323846;

const Revision& rev(const char* name) {
    const Revision* r = find_revision(name);
    if (!r) throw std::invalid_argument(name);
    return *r;
}

Collect decode_as(const Revision& r, const std::vector<uint8_t>& b) {
    Collect c;
    c.summary = decode(schema(r), b.data(), b.size(), c);
    return c;
}

std::vector<std::string> names(const std::vector<const Revision*>& rs) {
    std::vector<std::string> out;
    for (const Revision* r : rs) out.push_back(r->name);
    return out;
}

uint32_t at32(const std::vector<uint8_t>& b, size_t off) { return blank::le::u32(&b[off]); }
float atf(const std::vector<uint8_t>& b, size_t off) { return blank::le::f32(&b[off]); }

// Tables ----------------------------------------------------------------------

TEST(Revisions, OldestFirstCurrentLast) {
    EXPECT_EQ(names(revisions()), (std::vector<std::string>{"933ca0f", "9240fdf", "4da2ae6", "ca90ec4", "7c5e04a",
                                                            "808d9db", "33b37e7", "da06ac1", "fa73e36"}));
    EXPECT_EQ(revisions().back(), &current_revision());
    EXPECT_STREQ(current_revision().name, "fa73e36");
    for (const Revision* r : revisions()) {
        const Schema& s = schema(*r);  // compiles: one type per abbreviation
        EXPECT_EQ(&revision_of(s), r);
        EXPECT_EQ(s.tables[0].by_id.size(), r->type_count) << r->name;
    }
}

TEST(Revisions, MessageFromCa90ec4ChunkSizeFrom9240fdfExactChunkDataFrom56069d4) {
    struct E { const char* name; size_t types; uint32_t chunk; bool padded; };
    for (E e : {E{"933ca0f", 12, 20480, true}, E{"9240fdf", 12, 20484, true}, E{"4da2ae6", 12, 20484, true},
                E{"ca90ec4", 13, 20484, true}, E{"7c5e04a", 13, 20484, true}, E{"808d9db", 13, 20484, true},
                E{"33b37e7", 13, 20484, true}, E{"da06ac1", 13, 20484, true}, E{"fa73e36", 13, 20484, false}}) {
        const Revision& r = rev(e.name);
        EXPECT_EQ(r.type_count, e.types) << e.name;
        EXPECT_EQ(r.chunk_size, e.chunk) << e.name;
        EXPECT_EQ(r.chunk_data_padded, e.padded) << e.name;
        EXPECT_EQ(r.types[10].length.rule, e.padded ? LengthRule::Fixed : LengthRule::Range) << e.name;
    }
    // What the 933ca0f capture shows in the header padding.
    EXPECT_EQ(rev("933ca0f").padding_expected[0], 0x7e);
}

// Length rules, from each revision's doc/protocol and Packet.hpp MAX_LEN:
// 933ca0f: Join 68-100, PlayerUpdate 76, SpawnEntity 100-132, EntityUpdate
// 4 + 68 n (n 1..7: 72..480), PlayerCorrection 2 + 64 = 66; 7c5e04a: Join
// 54-86, PlayerUpdate 62, SpawnEntity 87-118, EntityUpdate 16 + 45 n (n
// 1..10: 61..466), PlayerCorrection 2 + 50 = 52; 33b37e7 on: as fa73e36.
// ChunkData: always 484 until 56069d4, then 12-484.
TEST(Revisions, DocumentedLengths) {
    struct L { uint8_t t; uint16_t min, max; };
    const std::vector<L> old64 = {{0, 0, 0},    {1, 0, 32},   {2, 68, 100}, {3, 0, 0},     {4, 76, 76},  {5, 100, 132},
                                  {6, 4, 4},    {7, 72, 480}, {8, 66, 66},  {9, 24, 24},   {10, 484, 484},
                                  {11, 22, 484}};
    const std::vector<L> old50 = {{0, 0, 0},    {1, 0, 32},   {2, 54, 86},  {3, 0, 0},     {4, 62, 62},  {5, 87, 118},
                                  {6, 4, 4},    {7, 61, 466}, {8, 52, 52},  {9, 24, 24},   {10, 484, 484},
                                  {11, 22, 484}, {12, 6, 455}};
    const std::vector<L> old42 = {{0, 0, 0},    {1, 0, 32},   {2, 47, 78},  {3, 0, 0},     {4, 50, 50},  {5, 79, 110},
                                  {6, 4, 4},    {7, 53, 460}, {8, 44, 44},  {9, 24, 24},   {10, 484, 484},
                                  {11, 22, 484}, {12, 6, 455}};
    std::vector<L> ca90ec4 = old64;
    ca90ec4.push_back({12, 6, 455});
    const std::map<std::string, std::vector<L>> all = {{"933ca0f", old64}, {"9240fdf", old64}, {"4da2ae6", old64},
                                                       {"ca90ec4", ca90ec4}, {"7c5e04a", old50}, {"808d9db", old50},
                                                       {"33b37e7", old42},  {"da06ac1", old42}};
    for (const auto& [name, lengths] : all) {
        const Schema& s = schema(rev(name.c_str()));
        ASSERT_EQ(s.tables[0].by_id.size(), lengths.size()) << name;
        for (L l : lengths) {
            EXPECT_EQ(packet_type(s, l.t)->length.min, l.min) << name << " type " << int(l.t);
            EXPECT_EQ(packet_type(s, l.t)->length.max, l.max) << name << " type " << int(l.t);
        }
    }
    EXPECT_EQ(packet_type(schema(rev("933ca0f")), 7)->length.stride, 68);
    EXPECT_EQ(packet_type(schema(rev("7c5e04a")), 7)->length.stride, 45);
    EXPECT_EQ(packet_type(schema(rev("33b37e7")), 7)->length.stride, 37);
}

// Rows that did not change are the fa73e36 rows themselves, not copies.
TEST(Revisions, UnchangedRowsAreShared) {
    const Revision& cur = current_revision();
    for (const Revision* r : revisions()) {
        EXPECT_EQ(r->header, cur.header) << r->name;
        for (uint8_t t : {0, 1, 3, 6, 9, 11}) EXPECT_EQ(r->types[t].payload.fields, cur.types[t].payload.fields);
        if (r->type_count > 12) {
            EXPECT_EQ(r->types[12].payload.fields, cur.types[12].payload.fields) << r->name;
        }
    }
    // da06ac1 differs from fa73e36 in ChunkData only.
    for (uint8_t t = 0; t < 13; ++t)
        EXPECT_EQ(rev("da06ac1").types[t].payload.fields == cur.types[t].payload.fields, t != 10) << int(t);
    // 933ca0f and 9240fdf are one table; 4da2ae6 is ca90ec4 without Message.
    EXPECT_EQ(rev("933ca0f").types, rev("9240fdf").types);
    EXPECT_EQ(rev("4da2ae6").types, rev("ca90ec4").types);
}

// One abbreviation, one meaning, one type across every revision, so a front
// end can register the union. The one exception: the block position is a
// vec3 of f32 (Float) in the 64-byte state and a packu (Double) later.
TEST(Revisions, OneAbbreviationOneTypeAcrossRevisions) {
    std::map<std::string, std::pair<ValueClass, std::string>> seen;
    std::set<std::string> mixed;
    for (const Revision* r : revisions()) {
        for (const FieldInfo& f : schema(*r).fields) {
            const bool integer = f.vclass == ValueClass::Uint || f.vclass == ValueClass::Int;
            auto [it, fresh] = seen.emplace(f.abbrev, std::make_pair(f.vclass, r->name));
            if (fresh) continue;
            if (it->second.first != f.vclass) {
                mixed.insert(f.abbrev);
                continue;
            }
            if (integer) {
                const FieldInfo* first = schema(rev(it->second.second.c_str())).find(f.abbrev);
                EXPECT_EQ(first->bits, f.bits) << f.abbrev << " in " << r->name;
            }
        }
    }
    EXPECT_EQ(mixed, (std::set<std::string>{"blank.state.block.x", "blank.state.block.y", "blank.state.block.z"}));
    for (const char* a : {"blank.state.orientation.w", "blank.state.orientation.x", "blank.state.angular_velocity.x",
                          "blank.state.reserved", "blank.entity.skeleton", "blank.input.pitch", "blank.input.yaw",
                          "blank.state.velocity.y", "blank.chunk.data"})
        EXPECT_TRUE(seen.count(a)) << a;
    // Units follow the game's world time: milliseconds until 4da2ae6.
    EXPECT_STREQ(schema(rev("933ca0f")).find("blank.state.velocity.x")->unit, "blocks/ms");
    EXPECT_STREQ(schema(rev("9240fdf")).find("blank.state.angular_velocity.x")->unit, "rad/ms");
    EXPECT_STREQ(schema(rev("4da2ae6")).find("blank.state.velocity.x")->unit, "blocks/s");
    EXPECT_STREQ(schema(rev("7c5e04a")).find("blank.state.angular_velocity.x")->unit, "rad/s");
    EXPECT_EQ(schema(rev("808d9db")).find("blank.state.angular_velocity.x"), nullptr);
    EXPECT_EQ(schema(rev("33b37e7")).find("blank.input.pitch"), nullptr);
    EXPECT_NE(schema(rev("33b37e7")).find("blank.state.pitch"), nullptr);
}

// The analysis (chunks, sequence, corrections) finds its fields in every revision.
TEST(Revisions, AnalysisRunsOnEveryRevision) {
    for (const Revision* r : revisions()) {
        ConversationAnalysis a(AnalysisConfig{}, r);
        FrameAnalysis fa;
        uint64_t frame = 0;
        for (uint8_t type : {4, 8, 9, 10}) {  // PlayerUpdate, PlayerCorrection, ChunkBegin, ChunkData
            const auto pkt = PacketBuilder(type, schema(*r)).seq(uint16_t(frame)).build();
            EXPECT_NO_THROW(a.on_packet(frame + 1, 0.01 * double(frame + 1),
                                        type == 4 ? Role::Client : Role::Server, pkt.data(), uint32_t(pkt.size()), fa))
                << r->name;
            EXPECT_EQ(fa.schema, &schema(*r));
        }
    }
}

// Every packet type of every older revision, built and decoded ---------------

struct Sample {
    const char* abbrev;
    double value;
    uint32_t index;
};

TEST(Revisions, EveryPacketTypeRoundTrips) {
    const std::vector<Sample> nums = {
        {"blank.entity.id", 77, 0},           {"blank.entity.id", 78, 1},        {"blank.state.chunk.x", -3, 0},
        {"blank.state.chunk.z", 1000, 0},     {"blank.state.block.y", 8, 0},     {"blank.state.velocity.y", -9.5, 0},
        // a unit quaternion with one clear largest component (q and -q are one rotation)
        {"blank.state.orientation.w", 0.8, 0}, {"blank.state.orientation.x", -0.36, 0},
        {"blank.state.orientation.y", 0.48, 0}, {"blank.state.orientation.z", 0, 0},
        {"blank.state.angular_velocity.z", 0.25, 0}, {"blank.state.pitch", kPi / 4, 0},
        {"blank.input.pitch", -kPi / 4, 0},   {"blank.input.yaw", kPi / 2, 0},   {"blank.input.movement.x", 0.5, 0},
        {"blank.input.actions", 6, 0},        {"blank.input.slot", 3, 0},        {"blank.entity.skeleton", 4, 0},
        {"blank.entity.model", 5, 0},         {"blank.entity.bbox.min.x", -0.5, 0}, {"blank.entity.flags", 1, 0},
        {"blank.correction.update_seq", 513, 0}, {"blank.chunk.base.x", -3, 0},
        {"blank.chunk.base.z", 1000, 0}, {"blank.chunk.transmission", 9, 0},
        {"blank.chunk.size", 130, 0},         {"blank.chunk.offset", 472, 0},    {"blank.chunk.piece_size", 3, 0},
        {"blank.chunk.coords.y", -7, 0},      {"blank.block.type", 12, 0},       {"blank.message.type", 1, 0},
    };
    const std::vector<std::pair<const char*, const char*>> texts = {
        {"blank.player.name", "oldie"}, {"blank.world.name", "default"}, {"blank.entity.name", "chaser"},
        {"blank.message.text", "hello"}, {"blank.chunk.data", "abc"}};
    for (const Revision* r : revisions()) {
        const Schema& s = schema(*r);
        for (uint8_t t = 0; t < s.tables[0].by_id.size(); ++t) {
            PacketBuilder b(t, s);
            b.entries(2);
            for (const Sample& n : nums)
                if (s.find(n.abbrev)) b.set(n.abbrev, n.value, n.index);
            for (const auto& [a, v] : texts)
                if (s.find(a)) b.text(a, v);
            const auto bytes = b.build();
            const LengthSpec& len = packet_type(s, t)->length;
            EXPECT_GE(bytes.size() - 16, len.min) << r->name << " " << type_name(s, t);
            EXPECT_LE(bytes.size() - 16, len.max) << r->name << " " << type_name(s, t);
            const Collect c = decode_as(*r, bytes);
            EXPECT_EQ(c.summary.type, t);
            EXPECT_TRUE(c.problems().empty()) << r->name << " " << type_name(s, t);
            for (const Sample& n : nums) {
                const size_t occurrences = c.count(n.abbrev);
                if (occurrences <= n.index) continue;  // not in this packet type
                EXPECT_NEAR(c.num(n.abbrev, n.index), n.value, 2e-3)
                    << r->name << " " << type_name(s, t) << " " << n.abbrev;
            }
            for (const auto& [a, v] : texts) {
                if (c.get(a)) {
                    EXPECT_EQ(c.text(a).substr(0, std::string(v).size()), v) << r->name << " " << a;
                }
            }
        }
    }
}

// Where the fields are, from each revision's doc: the entity state's size and
// the offsets of what follows it.
TEST(Revisions, BuiltPacketsPutFieldsAtTheDocumentedOffsets) {
    struct O {
        const char* name;
        uint16_t state;          // entity state bytes
        uint16_t velocity;       // inside the state
        uint16_t world_name;     // Join
        uint16_t actions;        // PlayerUpdate
        uint16_t spawn_flags;    // SpawnEntity
        uint16_t entry_base, entry;  // EntityUpdate: first entry, entry size
    };
    for (O o : {O{"933ca0f", 64, 24, 68, 74, 96, 4, 68}, O{"4da2ae6", 64, 24, 68, 74, 96, 4, 68},
                O{"7c5e04a", 50, 18, 54, 60, 82, 16, 45}, O{"808d9db", 50, 18, 54, 60, 82, 16, 45},
                O{"33b37e7", 42, 18, 46, 48, 74, 16, 37}, O{"da06ac1", 42, 18, 46, 48, 74, 16, 37}}) {
        const Schema& s = schema(rev(o.name));
        auto join = PacketBuilder(2, s).text("blank.world.name", "w").set("blank.state.velocity.z", 2.5).build();
        EXPECT_EQ(join[16 + o.world_name], 'w') << o.name;
        EXPECT_EQ(atf(join, 16 + 4 + o.velocity + 8), 2.5f) << o.name;  // Join: state at 4
        auto pu = PacketBuilder(4, s).set("blank.input.actions", 5).build();
        EXPECT_EQ(pu[16 + o.actions], 5) << o.name;
        auto spawn = PacketBuilder(5, s).set("blank.entity.flags.world_collision", 1).build();
        EXPECT_EQ(at32(spawn, 16 + o.spawn_flags), 1u) << o.name;
        auto eu = PacketBuilder(7, s).entries(2).set("blank.entity.id", 44, 1).build();
        EXPECT_EQ(eu.size(), 16u + o.entry_base + 2u * o.entry) << o.name;
        EXPECT_EQ(at32(eu, 16 + o.entry_base + o.entry), 44u) << o.name;
        auto corr = PacketBuilder(8, s).build();
        EXPECT_EQ(corr.size(), 16u + 2 + o.state) << o.name;
    }
}

// The float quaternion is written x y z w; the builder's default is identity.
TEST(Revisions, FloatQuaternionInGlmOrder) {
    const Schema& s = schema(rev("933ca0f"));
    auto b = PacketBuilder(4, s).build();  // PlayerUpdate: state at 0, quaternion at 36
    EXPECT_EQ(atf(b, 16 + 36), 0.0f);
    EXPECT_EQ(atf(b, 16 + 48), 1.0f);  // w last
    b = PacketBuilder(4, s).set("blank.state.orientation.x", 0.25).set("blank.state.orientation.w", -0.75).build();
    EXPECT_EQ(atf(b, 16 + 36), 0.25f);
    EXPECT_EQ(atf(b, 16 + 48), -0.75f);
    const Collect c = decode_as(rev("933ca0f"), b);
    const Value* q = c.get("blank.state.orientation");
    ASSERT_NE(q, nullptr);
    EXPECT_EQ(q->offset, 16u + 36);
    EXPECT_EQ(q->length, 16u);
    const Value* x = c.get("blank.state.orientation.x");
    const Value* w = c.get("blank.state.orientation.w");
    EXPECT_EQ(x->offset, 16u + 36);  // each component over its own 4 bytes
    EXPECT_EQ(w->offset, 16u + 48);
    EXPECT_EQ(w->length, 4u);
    EXPECT_FALSE(w->generated);
    EXPECT_EQ(w->num, -0.75);
    EXPECT_EQ(c.count("blank.state.orientation.largest"), 0u);
}

// Hand-written packets, one per revision ---------------------------------------

// 933ca0f PlayerUpdate, 76 bytes (doc: state 0, movement 64, pitch 70, yaw
// 72, actions 74, slot 75; state = vec3i, vec3, vec3, quat x y z w, vec3).
TEST(Revisions, HandWritten933ca0fPlayerUpdate) {
    const auto b = from_hex(
        "afb11afb" "0500" "0300" "ffffffff" "04" "7e0000"
        "01000000" "feffffff" "03000000"  // chunk (1, -2, 3)
        "0000003f" "00000040" "00007c41"  // block 0x3f000000 = 0.5, 0x40000000 = 2, 0x417c0000 = 1.96875 * 2^3 = 15.75
        "0000803e" "00000000" "000000bf"  // velocity 0.25, 0, -0.5 blocks/ms
        "00000000" "00000000" "9a99193f" "cdcc4c3f"  // quat x 0, y 0, z 0.6f, w 0.8f
        "00000000" "0000003c" "00000000"  // angular velocity y = 0x3c000000 = 2^-7 = 0.0078125 rad/ms
        "ff7f" "0000" "0180"              // movement 32767, 0, -32767 -> 1, 0, -1
        "00c0"                            // pitch -16384 -> -16384 / 32767 * pi/2 = -0.78542
        "ab2a"                            // yaw 0x2aab = 10923 -> 10923 / 32767 * pi = 1.04727
        "03" "07");                       // actions primary + secondary, slot 7
    ASSERT_EQ(b.size(), 16u + 76);
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.seq"), 5);
    EXPECT_EQ(c.num("blank.state.chunk.x"), 1);
    EXPECT_EQ(c.num("blank.state.chunk.y"), -2);
    EXPECT_EQ(c.num("blank.state.chunk.z"), 3);
    EXPECT_EQ(c.num("blank.state.block.x"), 0.5);
    EXPECT_EQ(c.num("blank.state.block.z"), 15.75);
    EXPECT_EQ(c.num("blank.state.velocity.x"), 0.25);
    EXPECT_EQ(c.num("blank.state.velocity.z"), -0.5);
    EXPECT_NEAR(c.num("blank.state.orientation.w"), 0.8, 1e-7);
    EXPECT_NEAR(c.num("blank.state.orientation.z"), 0.6, 1e-7);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_EQ(c.num("blank.state.angular_velocity.y"), 0.0078125);
    EXPECT_NEAR(c.num("blank.input.movement.x"), 1, 1e-12);
    EXPECT_NEAR(c.num("blank.input.movement.z"), -1, 1e-12);
    EXPECT_NEAR(c.num("blank.input.pitch"), -0.78542, 1e-5);
    EXPECT_NEAR(c.num("blank.input.yaw"), 1.04727, 1e-5);
    EXPECT_EQ(c.num("blank.input.actions.primary"), 1);
    EXPECT_EQ(c.num("blank.input.actions.secondary"), 1);
    EXPECT_EQ(c.num("blank.input.actions.tertiary"), 0);
    EXPECT_EQ(c.num("blank.input.slot"), 7);
    EXPECT_TRUE(c.problems().empty());
    // The same bytes are not a fa73e36 PlayerUpdate (50 bytes).
    EXPECT_TRUE(decode_as(current_revision(), b).has(FindingCode::BadLength));
}

// 9240fdf PlayerCorrection, 66 bytes: update seq at 0, 64-byte state at 2.
TEST(Revisions, HandWritten9240fdfPlayerCorrection) {
    const auto b = from_hex(
        "afb11afb" "2000" "1000" "ffffffff" "08" "000000"
        "3412"                                        // update seq 0x1234 = 4660
        "00000000" "00000000" "00000000"              // chunk 0
        "00000041" "00000041" "00000041"              // block 0x41000000 = 8 (x3)
        "00000000" "000080bc" "00000000"              // velocity y = 0xbc800000 = -2^-6 = -0.015625 blocks/ms
        "00000000" "00000000" "00000000" "0000803f"  // identity: w = 1.0f last
        "00000000" "00000000" "00000000");            // no rotation
    ASSERT_EQ(b.size(), 16u + 66);
    const Collect c = decode_as(rev("9240fdf"), b);
    EXPECT_EQ(c.num("blank.correction.update_seq"), 4660);
    EXPECT_EQ(c.num("blank.state.block.y"), 8);
    EXPECT_EQ(c.num("blank.state.velocity.y"), -0.015625);
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);
    EXPECT_EQ(c.findings.size(), 0u);  // zero padding: not even the comment
}

// 4da2ae6 EntityUpdate with one entry: 4 + 68 = 72 bytes (world time in s).
TEST(Revisions, HandWritten4da2ae6EntityUpdate) {
    const auto b = from_hex(
        "afb11afb" "0900" "0400" "ffffffff" "07" "000000"
        "01000000"                                    // one entity
        "09000000"                                    // ID 9
        "ffffffff" "00000000" "02000000"              // chunk (-1, 0, 2)
        "0000803f" "00000040" "00004040"              // block 1, 2, 3 (0x40400000 = 1.5 * 2)
        "0000a040" "00000000" "00000000"              // velocity x 0x40a00000 = 1.25 * 4 = 5 blocks/s
        "00000000" "00000000" "00000000" "0000803f"  // identity
        "00000000" "00004040" "00000000");            // angular velocity y 3 rad/s
    ASSERT_EQ(b.size(), 16u + 72);
    const Collect c = decode_as(rev("4da2ae6"), b);
    EXPECT_EQ(c.num("blank.entity.count"), 1);
    EXPECT_EQ(c.num("blank.entity.id"), 9);
    EXPECT_EQ(c.num("blank.state.chunk.x"), -1);
    EXPECT_EQ(c.num("blank.state.chunk.z"), 2);
    EXPECT_EQ(c.num("blank.state.block.z"), 3);
    EXPECT_EQ(c.num("blank.state.velocity.x"), 5);
    EXPECT_EQ(c.num("blank.state.angular_velocity.y"), 3);
    EXPECT_STREQ(schema(rev("4da2ae6")).find("blank.state.velocity.x")->unit, "blocks/s");
    EXPECT_TRUE(c.problems().empty());
}

// ca90ec4 Message: type 1 (chat), referral 5, "hi" + NUL = 1 + 4 + 3 = 8 bytes.
TEST(Revisions, HandWrittenCa90ec4Message) {
    const auto b = from_hex("afb11afb" "0000" "ffff" "ffffffff" "0c" "000000" "01" "05000000" "686900");
    const Collect c = decode_as(rev("ca90ec4"), b);
    EXPECT_EQ(c.num("blank.message.type"), 1);
    EXPECT_EQ(c.num("blank.message.referral"), 5);
    EXPECT_EQ(c.text("blank.message.text"), "hi");
    EXPECT_TRUE(c.problems().empty());
    // Before ca90ec4 there is no type 12.
    EXPECT_TRUE(decode_as(rev("4da2ae6"), b).has(FindingCode::UnknownType));
}

// 7c5e04a EntityUpdate: count, chunk base, one entry of 4 + 41 = 45 bytes:
// vec3b chunk offset, vec3u block by 16, vec3 velocity, 4 x packn w x y z,
// vec3 angular velocity. 16 + 45 = 61.
TEST(Revisions, HandWritten7c5e04aEntityUpdate) {
    const auto b = from_hex(
        "afb11afb" "0a00" "0500" "ffffffff" "07" "000000"
        "01000000"                        // one entity
        "0a000000" "ffffffff" "00000000"  // base (10, -1, 0)
        "03000000"                        // ID 3
        "01" "00" "ff"                    // offset (1, 0, -1) -> chunk (11, -1, -1)
        "0080" "0000" "ffff"              // block 32768/65535*16 = 8.000122, 0, 65535/65535*16 = 16
        "00000000" "00000000" "00002040"  // velocity z 0x40200000 = 1.25 * 2 = 2.5
        "825a" "0000" "825a" "0000"       // w 0x5a82 = 23170 / 32767 = 0.707114, x 0, y 0.707114, z 0
        "00000000" "0000003f" "00000000");  // angular velocity y 0.5
    ASSERT_EQ(b.size(), 16u + 61);
    const Collect c = decode_as(rev("7c5e04a"), b);
    EXPECT_EQ(c.num("blank.state.chunk.x"), 11);
    EXPECT_EQ(c.num("blank.state.chunk.y"), -1);
    EXPECT_EQ(c.num("blank.state.chunk.z"), -1);
    EXPECT_NEAR(c.num("blank.state.block.x"), 8.000122, 1e-6);
    EXPECT_EQ(c.num("blank.state.block.z"), 16);
    EXPECT_EQ(c.num("blank.state.velocity.z"), 2.5);
    EXPECT_NEAR(c.num("blank.state.orientation.w"), 0.707114, 1e-6);
    EXPECT_NEAR(c.num("blank.state.orientation.y"), 0.707114, 1e-6);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_EQ(c.num("blank.state.angular_velocity.y"), 0.5);
    const Value* w = c.get("blank.state.orientation.w");
    EXPECT_EQ(w->offset, 16u + 16 + 4 + 21);  // a real 2-byte field: entry + 4 + 21
    EXPECT_EQ(w->length, 2u);
    EXPECT_TRUE(c.problems().empty());
}

// 808d9db PlayerCorrection: 2 + 50 = 52; bytes 38..49 of the state are
// reserved and hold whatever the buffer held.
TEST(Revisions, HandWritten808d9dbPlayerCorrection) {
    const auto b = from_hex(
        "afb11afb" "3000" "2000" "ffffffff" "08" "000000"
        "0700"                            // update seq 7
        "00000000" "01000000" "00000000"  // chunk (0, 1, 0)
        "0000" "ffff" "0000"              // block y 65535/65535*16 = 16
        "00000000" "00000000" "00000000"  // velocity 0
        "ff7f" "0000" "0000" "0000"       // w 32767/32767 = 1
        "deadbeef0011223344556677");      // reserved
    ASSERT_EQ(b.size(), 16u + 52);
    const Collect c = decode_as(rev("808d9db"), b);
    EXPECT_EQ(c.num("blank.correction.update_seq"), 7);
    EXPECT_EQ(c.num("blank.state.chunk.y"), 1);
    EXPECT_EQ(c.num("blank.state.block.y"), 16);
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);
    EXPECT_EQ(c.text("blank.state.reserved"), std::string("\xde\xad\xbe\xef\x00\x11\x22\x33\x44\x55\x66\x77", 12));
    EXPECT_EQ(c.get("blank.state.reserved")->offset, 16u + 2 + 38);
    EXPECT_TRUE(c.problems().empty());
    // 7c5e04a reads the same 12 bytes as angular velocity.
    EXPECT_EQ(decode_as(rev("7c5e04a"), b).count("blank.state.angular_velocity.x"), 1u);
}

// 33b37e7 PlayerUpdate, 50 bytes: 42-byte state (packn quaternion, pitch 38,
// yaw 40), movement 42, actions 48, slot 49.
TEST(Revisions, HandWritten33b37e7PlayerUpdate) {
    const auto b = from_hex(
        "afb11afb" "4000" "3000" "ffffffff" "04" "000000"
        "00000000" "00000000" "00000000"  // chunk 0
        "0000" "0000" "0000"              // block 0
        "00000000" "00000000" "00000000"  // velocity 0
        "0000" "0000" "0000" "ff7f"       // w 0, x 0, y 0, z 32767 -> 1
        "0180"                            // pitch -32767 -> -pi/2
        "0040"                            // yaw 0x4000 = 16384 -> 16384 / 32767 * pi = 1.570844
        "0000" "0000" "ff7f"              // movement z 1
        "04" "01");                       // tertiary, slot 1
    ASSERT_EQ(b.size(), 16u + 50);
    const Collect c = decode_as(rev("33b37e7"), b);
    EXPECT_EQ(c.num("blank.state.orientation.z"), 1);
    EXPECT_EQ(c.num("blank.state.orientation.w"), 0);
    EXPECT_NEAR(c.num("blank.state.pitch"), -kPi / 2, 1e-12);
    EXPECT_NEAR(c.num("blank.state.yaw"), 1.570844, 1e-6);
    EXPECT_NEAR(c.num("blank.input.movement.z"), 1, 1e-12);
    EXPECT_EQ(c.num("blank.input.actions.tertiary"), 1);
    EXPECT_EQ(c.num("blank.input.slot"), 1);
    EXPECT_TRUE(c.problems().empty());
    // da06ac1 reads the 8 quaternion bytes as the packed form: ff7f in the top
    // bytes -> largest index 0x7f >> 6 = 1 (y), pad bits 0x7f >> 4 & 3 = 3.
    EXPECT_TRUE(decode_as(rev("da06ac1"), b).has(FindingCode::QuatPadBits));
}

// da06ac1 ChunkData: always 484 bytes; piece size 10 at offset 2 * 472 = 944
// (0x3b0), then 462 stale bytes. Not a violation before 56069d4.
TEST(Revisions, HandWrittenDa06ac1ChunkDataIsFullLength) {
    auto b = from_hex("afb11afb" "5000" "4000" "ffffffff" "0a" "000000"
                      "07000000" "b0030000" "0a000000"  // transmission 7, offset 944, piece 10
                      "30313233343536373839");          // "0123456789"
    b.resize(16 + 484, 0xee);
    const Collect c = decode_as(rev("da06ac1"), b);
    EXPECT_EQ(c.num("blank.chunk.transmission"), 7);
    EXPECT_EQ(c.num("blank.chunk.offset"), 944);
    EXPECT_EQ(c.num("blank.chunk.piece_size"), 10);
    EXPECT_EQ(c.text("blank.chunk.data").substr(0, 10), "0123456789");
    EXPECT_EQ(c.get("blank.chunk.data")->length, 472u);  // the consumer takes piece_size of them
    EXPECT_TRUE(c.problems().empty());
    // fa73e36 sends exactly the piece: there the same packet is malformed.
    EXPECT_TRUE(decode_as(current_revision(), b).has(FindingCode::PieceSizeMismatch));
}

// Real packets of blank-933ca0f-first-8s.pcap ---------------------------------
// (tshark -r FILE -Y frame.number==N -T fields -e udp.payload)

TEST(RealOldPackets, LoginFrame2) {
    const auto b = from_hex("afb11afb0100ffffffffffff017e00006f6c646965000000000000000000000000000000000000000000000000000000");
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.seq"), 1);
    EXPECT_EQ(c.num("blank.ack"), 65535);
    EXPECT_EQ(c.text("blank.player.name"), "oldie");
    EXPECT_EQ(c.text("blank.padding"), std::string("\x7e\0\0", 3));
    EXPECT_TRUE(c.problems().empty());
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.findings[0].code, FindingCode::PaddingNonZero);
}

TEST(RealOldPackets, JoinFrame3) {
    // 100 bytes: ID 1, state (0 0 0 | 0 0 0 | 0 0 0 | quat 0 0 0 0x3f800000 | 0 0 0), "default" at 68.
    const auto b = from_hex(
        "afb11afb00000100ffffffff027e0000010000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000803f00000000000000000000000064656661756c7400000000000000000000000000000000000000"
        "000000000000");
    ASSERT_EQ(b.size(), 16u + 100);
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.type"), 2);
    EXPECT_EQ(c.num("blank.entity.id"), 1);
    EXPECT_EQ(c.text("blank.world.name"), "default");
    EXPECT_EQ(c.get("blank.world.name")->offset, 16u + 68);
    EXPECT_EQ(c.num("blank.state.chunk.x"), 0);
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);  // identity: the 4th float (x y z w)
    EXPECT_EQ(c.get("blank.state.orientation.w")->offset, 16u + 4 + 36 + 12);
    EXPECT_EQ(c.num("blank.state.orientation.x"), 0);
    EXPECT_TRUE(c.problems().empty());
    EXPECT_EQ(c.findings.size(), 1u);  // the padding comment
    // As fa73e36 (Join 47-78) it is too long.
    EXPECT_TRUE(decode_as(current_revision(), b).has(FindingCode::BadLength));
}

TEST(RealOldPackets, PlayerUpdateFrame4) {
    // 76 bytes, the idle player: everything 0 but w = 1.0f at state 48.
    const auto b = from_hex(
        "afb11afb02000000ffffffff047e0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000803f000000000000000000000000000000000000000000000000");
    ASSERT_EQ(b.size(), 16u + 76);
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.seq"), 2);
    EXPECT_EQ(c.num("blank.ack"), 0);
    EXPECT_EQ(c.num("blank.state.orientation.w"), 1);
    EXPECT_EQ(c.num("blank.state.velocity.y"), 0);
    EXPECT_EQ(c.num("blank.input.movement.x"), 0);
    EXPECT_EQ(c.num("blank.input.pitch"), 0);
    EXPECT_EQ(c.num("blank.input.yaw"), 0);
    EXPECT_EQ(c.num("blank.input.actions"), 0);
    EXPECT_EQ(c.num("blank.input.slot"), 0);
    EXPECT_TRUE(c.problems().empty());
    EXPECT_EQ(c.findings.size(), 1u);
}

TEST(RealOldPackets, SpawnEntityFrame15) {
    const auto b = from_hex(
        "afb11afb03000a00ffffffff057e00000200000003000000000000000000000000000000fad20b3ffad20b3ffad20b3fa62f3d3ba62f3d"
        "3ba62f3d3bb737063bb737063900000000ddff7f3fbd378639bd37863700000000000000bf000000bf000000bf0000003f0000003f0000"
        "003f010000006368617365720000000000000000000000000000000000000000000000000000");
    ASSERT_EQ(b.size(), 16u + 132);
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.entity.id"), 2);
    EXPECT_EQ(c.num("blank.entity.skeleton"), 3);
    // block 0x3f0bd2fa: 2^-1 * (1 + 0x0bd2fa / 2^23) = 0.5 * 1.092376 = 0.546188
    EXPECT_NEAR(c.num("blank.state.block.x"), 0.546188, 1e-6);
    // velocity 0x3b3d2fa6: 2^-9 * 1.478017 = 0.0028868 per axis; * sqrt(3) = 0.005 blocks/ms = 5 blocks/s
    EXPECT_NEAR(c.num("blank.state.velocity.z"), 0.0028868, 1e-7);
    // quat x 0x3b0637b7 = 2^-9 * 1.048575 = 0.002048, w 0x3f7fffdd = 0.5 * 1.999996 = 0.999998
    EXPECT_NEAR(c.num("blank.state.orientation.x"), 0.002048, 1e-6);
    EXPECT_NEAR(c.num("blank.state.orientation.w"), 0.999998, 1e-6);
    EXPECT_EQ(c.num("blank.state.orientation.z"), 0);
    // angular velocity x 0x398637bd = 2^-12 * 1.048576 = 0.000256 rad/ms
    EXPECT_NEAR(c.num("blank.state.angular_velocity.x"), 0.000256, 1e-9);
    EXPECT_EQ(c.num("blank.entity.bbox.min.x"), -0.5);  // 0xbf000000
    EXPECT_EQ(c.num("blank.entity.bbox.max.z"), 0.5);   // 0x3f000000
    EXPECT_EQ(c.num("blank.entity.flags.world_collision"), 1);
    EXPECT_EQ(c.text("blank.entity.name"), "chaser");
    EXPECT_TRUE(c.problems().empty());
    EXPECT_EQ(c.findings.size(), 1u);
}

TEST(RealOldPackets, EntityUpdateFrame43ThreeEntries) {
    // 4 + 3 * 68 = 208 bytes.
    const auto b = from_hex(
        "afb11afb15001300ffffffff077e00000300000002000000000000000000000000000000c43d763fc43d763fc43d763fa62f3d3ba62f3d"
        "3ba62f3d3bacc2a73cacc2a73a0000000038f27f3fbd378639bd378637000000000300000002000000000000000000000020b89d3eee7c"
        "fe3eee7cfe3e7f0a03bb660601b8660601b8a9b1103cf97a913c000000001af37f3f20f040398ffcc13900000000040000000500000003"
        "000000000000000000003f0000003f0000003f000000000000000000000000f5aeb03b46c5a73b0000000030fe7f3f60afb039acc5a739"
        "00000000");
    ASSERT_EQ(b.size(), 16u + 208);
    const Collect c = decode_as(rev("933ca0f"), b);
    EXPECT_EQ(c.num("blank.seq"), 21);  // 0x15
    EXPECT_EQ(c.num("blank.entity.count"), 3);
    ASSERT_EQ(c.count("blank.entity.id"), 3u);
    EXPECT_EQ(c.num("blank.entity.id", 0), 2);
    EXPECT_EQ(c.num("blank.entity.id", 1), 3);
    EXPECT_EQ(c.num("blank.entity.id", 2), 4);
    // entry 0 (payload 4): block 0x3f763dc4 = 0.5 * 1.923760 = 0.961880; velocity as frame 15
    EXPECT_NEAR(c.num("blank.state.block.x", 0), 0.961880, 1e-6);
    EXPECT_NEAR(c.num("blank.state.velocity.y", 0), 0.0028868, 1e-7);
    // quat x 0x3ca7c2ac = 2^-6 * 1.310628 = 0.020479, w 0x3f7ff238 = 0.5 * 1.999579 = 0.999790
    EXPECT_NEAR(c.num("blank.state.orientation.x", 0), 0.020479, 1e-6);
    EXPECT_NEAR(c.num("blank.state.orientation.w", 0), 0.999790, 1e-6);
    // entry 1 (payload 72): chunk (2, 0, 0), block x 0x3e9db820 = 2^-2 * 1.232182 = 0.308045
    EXPECT_EQ(c.num("blank.state.chunk.x", 1), 2);
    EXPECT_NEAR(c.num("blank.state.block.x", 1), 0.308045, 1e-6);
    // entry 2 (payload 140): chunk (5, 3, 0), block 0x3f000000 = 0.5 each, at rest
    EXPECT_EQ(c.num("blank.state.chunk.x", 2), 5);
    EXPECT_EQ(c.num("blank.state.chunk.y", 2), 3);
    EXPECT_EQ(c.num("blank.state.chunk.z", 2), 0);
    EXPECT_EQ(c.num("blank.state.block.y", 2), 0.5);
    EXPECT_EQ(c.num("blank.state.velocity.x", 2), 0);
    EXPECT_EQ(c.get("blank.entity.id", 2)->offset, 16u + 4 + 2 * 68);
    EXPECT_TRUE(c.problems().empty());
    EXPECT_EQ(c.findings.size(), 1u);
}

TEST(RealOldPackets, ChunkFrames12And13InflateTo20480) {
    // ChunkBegin: transmission 1, compressed, chunk (-3, -3, -3), 0x82 = 130 bytes.
    const Collect begin =
        decode_as(rev("933ca0f"), from_hex("afb11afb01000900ffffffff097e00000100000001000000fdfffffffdfffffffdffffff82000000"));
    EXPECT_EQ(begin.num("blank.chunk.transmission"), 1);
    EXPECT_EQ(begin.num("blank.chunk.flags.compressed"), 1);
    EXPECT_EQ(begin.num("blank.chunk.coords.z"), -3);
    EXPECT_EQ(begin.num("blank.chunk.size"), 130);
    EXPECT_TRUE(begin.problems().empty());
    // ChunkData: the whole 130-byte stream in one 484-byte packet.
    auto data = from_hex(
        "afb11afb02000900ffffffff0a7e0000010000000000000082000000789cedd0410ec3200c04408c69fbff1f37b961a4e612a96da21909"
        "09d617d6ad0100000000000000000000000000000067bd9603004015bffe005f171fee77b5f48d3e05fbfd6e3b38ee1b3da720f7e0e20b58"
        "be5ffa44ab7dfbf61c5390bdceafe05cdf1c8f291859e7ffe8a86f5bfac6d2b72f7d737b3ea760649dbf017aed0141");
    ASSERT_EQ(data.size(), 16u + 12 + 130);
    data.resize(16 + 484, 0);  // the rest of frame 13 (zeros and stale bytes; not checked here)
    const Collect c = decode_as(rev("933ca0f"), data);
    EXPECT_EQ(c.num("blank.chunk.piece_size"), 130);
    EXPECT_TRUE(c.problems().empty());
    const std::string piece = c.text("blank.chunk.data").substr(0, 130);
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(reinterpret_cast<const uint8_t*>(piece.data()), piece.size(), 1 << 16),
              core::Inflater::Result::Ok);
    EXPECT_EQ(inf.out_size(), rev("933ca0f").chunk_size);  // 4096 x 4 + 4096 = 20480
}

// Detection -------------------------------------------------------------------

// The blank packets of a pcap (Ethernet, IPv4, UDP), as the game sent them.
std::vector<std::vector<uint8_t>> read_pcap(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<uint8_t> f((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::vector<uint8_t>> out;
    if (f.size() < 24 || blank::le::u32(&f[0]) != 0xa1b2c3d4 || blank::le::u32(&f[20]) != 1) return out;
    for (size_t at = 24; at + 16 <= f.size();) {
        const uint32_t caplen = blank::le::u32(&f[at + 8]);
        const uint8_t* p = &f[at + 16];
        at += 16 + caplen;
        if (at > f.size() || caplen < 42 || p[12] != 0x08 || p[13] != 0x00 || p[23] != 17) continue;
        const size_t udp = 14 + size_t(p[14] & 15) * 4;
        const size_t len = size_t(p[udp + 4]) << 8 | p[udp + 5];
        if (len < 8 || udp + len > caplen) continue;
        out.emplace_back(p + udp + 8, p + udp + len);
    }
    return out;
}

std::string capture(const char* name) {
    return std::string(BLANKSHARK_CAPTURES) + "/" + name;
}

TEST(Detection, RealOldCapture) {
    const auto packets = read_pcap(capture("blank-933ca0f-first-8s.pcap"));
    ASSERT_EQ(packets.size(), 2114u);
    RevisionDetector d;
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_EQ(d.candidates().size(), revisions().size());
    std::vector<uint8_t> stream;  // transmission 1, for its inflated size
    for (size_t i = 0; i < packets.size(); ++i) {
        const auto& p = packets[i];
        ASSERT_TRUE(looks_like_blank(p.data(), p.size()));
        d.packet(p[12], uint32_t(p.size() - 16));
        if (i == 2) {  // Ping, Login, then the 100-byte Join: the 64-byte state
            EXPECT_EQ(names(d.candidates()), (std::vector<std::string>{"933ca0f", "9240fdf", "4da2ae6", "ca90ec4"}));
        }
        if (p[12] == 10 && blank::le::u32(&p[16]) == 1) {
            const uint32_t piece = blank::le::u32(&p[24]);
            stream.insert(stream.end(), p.begin() + 28, p.begin() + 28 + piece);
        }
    }
    // Lengths alone cannot tell 933ca0f from 9240fdf (chunk size only) or
    // from 4da2ae6/ca90ec4 (velocity units; ca90ec4's Message is never sent).
    EXPECT_EQ(names(d.candidates()), (std::vector<std::string>{"933ca0f", "9240fdf", "4da2ae6", "ca90ec4"}));
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_EQ(d.last_change(), 3u);  // settled at the Join
    EXPECT_STREQ(d.decode_with().name, "ca90ec4");
    // Its first chunk: 130 bytes that inflate to 20480.
    core::Inflater inf;
    ASSERT_EQ(inf.inflate(stream.data(), stream.size(), 1 << 16), core::Inflater::Result::Ok);
    d.chunk(uint32_t(inf.out_size()));
    EXPECT_EQ(d.state(), Detection::Detected);
    EXPECT_TRUE(d.exact());
    ASSERT_NE(d.revision(), nullptr);
    EXPECT_STREQ(d.revision()->name, "933ca0f");
    EXPECT_STREQ(d.decode_with().name, "933ca0f");
    // And everything in it decodes with no finding but the padding comment.
    size_t problems = 0;
    for (const auto& p : packets) problems += decode_as(*d.revision(), p).problems().size();
    EXPECT_EQ(problems, 0u);
}

TEST(Detection, RealCurrentCapture) {
    const auto packets = read_pcap(capture("blank-fa73e36-clean-session.pcap"));
    ASSERT_EQ(packets.size(), 4082u);
    RevisionDetector d;
    for (const auto& p : packets) d.packet(p[12], uint32_t(p.size() - 16));
    EXPECT_EQ(d.state(), Detection::Detected);
    EXPECT_TRUE(d.exact());
    EXPECT_EQ(d.revision(), &current_revision());
}

TEST(Detection, Fa73e36Sequence) {
    RevisionDetector d;
    d.packet(0, 0);    // Ping: every revision
    d.packet(1, 32);   // Login: every revision
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_EQ(d.candidates().size(), 9u);
    d.packet(2, 78);   // Join: 78 is also legal in 68-100 and 54-86
    EXPECT_EQ(d.candidates().size(), 9u);
    d.packet(4, 50);   // PlayerUpdate 50: the 42-byte state
    EXPECT_EQ(names(d.candidates()), (std::vector<std::string>{"33b37e7", "da06ac1", "fa73e36"}));
    d.packet(5, 110);  // SpawnEntity: tells nothing new
    d.packet(9, 24);   // ChunkBegin
    d.packet(10, 484); // a full piece: fits all three
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    d.packet(10, 12 + 130);  // the last piece of a transmission: only since 56069d4
    EXPECT_EQ(d.state(), Detection::Detected);
    EXPECT_STREQ(d.revision()->name, "fa73e36");
    EXPECT_TRUE(d.exact());
}

TEST(Detection, UntellingPacketsStayAmbiguous) {
    RevisionDetector d;
    for (int i = 0; i < 50; ++i) {
        d.packet(0, 0);      // Ping
        d.packet(9, 24);     // ChunkBegin
        d.packet(10, 484);   // ChunkData (full)
        d.packet(3, 0);      // Part
        d.packet(11, 22);    // BlockUpdate, one block
        d.packet(6, 4);      // DespawnEntity
    }
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_EQ(d.candidates().size(), 9u);
    EXPECT_EQ(d.revision(), nullptr);
    EXPECT_EQ(d.last_change(), 0u);
    d.packet(4, 76);  // a 64-byte-state PlayerUpdate
    EXPECT_EQ(names(d.candidates()), (std::vector<std::string>{"933ca0f", "9240fdf", "4da2ae6", "ca90ec4"}));
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_FALSE(d.chunk_size_settled());
    d.packet(12, 20);  // a Message: only ca90ec4
    EXPECT_EQ(d.state(), Detection::Detected);
    EXPECT_STREQ(d.revision()->name, "ca90ec4");
    EXPECT_EQ(d.last_change(), 302u);
}

TEST(Detection, EquivalentCandidatesAreDetectedAsTheOldest) {
    // 933ca0f and 9240fdf differ in chunk size only: Detected, not exact.
    RevisionDetector d({&rev("933ca0f"), &rev("9240fdf"), &rev("4da2ae6")});
    d.packet(4, 76);
    EXPECT_EQ(d.state(), Detection::Ambiguous);  // 4da2ae6: other velocity units
    RevisionDetector e({&rev("933ca0f"), &rev("9240fdf")});
    e.packet(4, 76);
    EXPECT_EQ(e.state(), Detection::Detected);
    EXPECT_FALSE(e.exact());
    EXPECT_FALSE(e.chunk_size_settled());
    EXPECT_STREQ(e.revision()->name, "933ca0f");
    e.chunk(20484);
    EXPECT_STREQ(e.revision()->name, "9240fdf");
    EXPECT_TRUE(e.exact());
    // 4da2ae6 and ca90ec4: ca90ec4 only adds Message.
    RevisionDetector f({&rev("4da2ae6"), &rev("ca90ec4")});
    EXPECT_EQ(f.state(), Detection::Detected);
    EXPECT_STREQ(f.revision()->name, "4da2ae6");
}

TEST(Detection, Equivalence) {
    EXPECT_TRUE(equivalent(rev("933ca0f"), rev("9240fdf")));
    EXPECT_TRUE(equivalent(rev("4da2ae6"), rev("ca90ec4")));
    EXPECT_FALSE(equivalent(rev("9240fdf"), rev("4da2ae6")));  // velocity units
    EXPECT_FALSE(equivalent(rev("9240fdf"), rev("ca90ec4")));
    EXPECT_FALSE(equivalent(rev("7c5e04a"), rev("808d9db")));  // angular velocity vs reserved
    EXPECT_FALSE(equivalent(rev("33b37e7"), rev("da06ac1")));  // quaternion form
    EXPECT_FALSE(equivalent(rev("da06ac1"), rev("fa73e36")));  // ChunkData length
    for (const Revision* r : revisions()) EXPECT_TRUE(equivalent(*r, *r));
}

TEST(Detection, LengthPairsNoPacketCanSplit) {
    // Same length rules for every type: these pairs stay Ambiguous forever.
    for (auto [a, b] : {std::pair{"9240fdf", "4da2ae6"}, std::pair{"7c5e04a", "808d9db"},
                        std::pair{"33b37e7", "da06ac1"}}) {
        for (uint8_t t = 0; t < 13; ++t)
            for (uint32_t n = 0; n <= 484; ++n) ASSERT_EQ(fits(rev(a), t, n), fits(rev(b), t, n)) << a << b << int(t);
    }
    RevisionDetector d;
    d.packet(8, 52);  // a 50-byte-state PlayerCorrection
    EXPECT_EQ(names(d.candidates()), (std::vector<std::string>{"7c5e04a", "808d9db"}));
    EXPECT_EQ(d.state(), Detection::Ambiguous);
    EXPECT_STREQ(d.decode_with().name, "808d9db");  // the newer one
}

TEST(Detection, NothingFits) {
    RevisionDetector d;
    d.packet(4, 76);  // 64-byte state
    d.packet(4, 50);  // 42-byte state
    EXPECT_EQ(d.state(), Detection::None);
    EXPECT_TRUE(d.candidates().empty());
    EXPECT_EQ(&d.decode_with(), &current_revision());
    d.packet(0, 0);
    EXPECT_EQ(d.state(), Detection::None);  // final
    RevisionDetector u;
    u.packet(13, 0);  // no revision has type 13
    EXPECT_EQ(u.state(), Detection::None);
    EXPECT_STREQ(detection_name(u.state()), "none");
}

TEST(Detection, FitsFollowsTheLengthRules) {
    const Revision& old = rev("933ca0f");
    EXPECT_TRUE(fits(old, 7, 4 + 68));
    EXPECT_TRUE(fits(old, 7, 4 + 7 * 68));
    EXPECT_FALSE(fits(old, 7, 4 + 8 * 68));  // at most 7
    EXPECT_FALSE(fits(old, 7, 4 + 68 + 1));
    EXPECT_FALSE(fits(old, 7, 4));          // at least 1
    EXPECT_FALSE(fits(old, 12, 8));         // no Message
    EXPECT_TRUE(fits(old, 2, 68));          // doc: 68-100
    EXPECT_FALSE(fits(old, 10, 483));       // ChunkData always 484
    EXPECT_TRUE(fits(current_revision(), 10, 483));
}

TEST(Detection, FindRevision) {
    EXPECT_EQ(find_revision("933ca0f"), &rev("933ca0f"));
    EXPECT_STREQ(find_revision("933CA0F")->name, "933ca0f");
    EXPECT_STREQ(find_revision("old")->name, "933ca0f");
    EXPECT_EQ(find_revision("current"), &current_revision());
    EXPECT_EQ(find_revision("new"), &current_revision());
    EXPECT_EQ(find_revision("56069d4"), &current_revision());
    EXPECT_EQ(find_revision("fa73e3600dee"), &current_revision());
    EXPECT_STREQ(find_revision("933ca0fe6c660e482edd45742d981f2de59a32df")->name, "933ca0f");
    EXPECT_STREQ(find_revision("da06ac178d2c")->name, "da06ac1");
    EXPECT_EQ(find_revision("933ca0"), nullptr);  // shorter than a short hash
    EXPECT_EQ(find_revision("933ca0fX"), nullptr);
    EXPECT_EQ(find_revision(""), nullptr);
    EXPECT_EQ(find_revision("28585b1"), nullptr);  // not a revision of its own
    for (const Revision* r : revisions()) EXPECT_EQ(find_revision(r->name), r);
}

}  // namespace
}  // namespace blank::test
