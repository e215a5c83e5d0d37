// The tables generated from minecraft-data (src/protocols/mc_java/mcdata)
// against what is known without them: the hand tables written from the
// protocol document (1.13.2, 404) and from the community documentation of
// 1.14.x (477-498), packet by packet; and keep-alive ids of the releases
// people play, from the community protocol documentation of each release.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "../support/collect_decoded.hpp"
#include "protocols/mc_java/mcdata/field_list.hpp"
#include "protocols/mc_java/mcdata/message_tables.hpp"
#include "protocols/mc_java/mcdata/tables.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/versions.hpp"

#ifndef BLANKSHARK_CAPTURES
#define BLANKSHARK_CAPTURES "captures"
#endif

namespace {

using namespace mcjava;

const mcdata::Release* release(const char* name) {
    for (const mcdata::Release& r : mcdata::releases())
        if (std::strcmp(r.name, name) == 0) return &r;
    return nullptr;
}

const mcdata::Description* description_of(int32_t protocol) {
    for (const mcdata::Release& r : mcdata::releases())
        if (r.protocol == protocol) return &mcdata::descriptions()[r.description];
    return nullptr;
}

using Where = std::tuple<std::string, Side, uint32_t>;  // state, direction, id

TEST(McJavaMcData, EveryReleaseFrom18ToTheNewestThePackageKnows) {
    EXPECT_STREQ(mcdata::source(), "minecraft-data 3.119.0");
    const auto all = mcdata::releases();
    ASSERT_EQ(all.size(), 55u);  // the package's release names from 1.8, snapshots left out
    EXPECT_STREQ(all[0].name, "1.8");
    EXPECT_EQ(all[0].protocol, 47);
    EXPECT_STREQ(all[all.size() - 1].name, "26.1");
    EXPECT_EQ(all[all.size() - 1].protocol, 775);
    // The releases the bundled captures of every era will be made with
    // (1.8.9 speaks 1.8's protocol 47).
    for (auto [name, protocol] : {std::pair{"1.12.2", 340}, {"1.16.5", 754}, {"1.18.2", 758}, {"1.19.4", 762},
                                  {"1.20.4", 765}, {"1.21.11", 774}, {"1.13.2", 404}, {"1.14.4", 498}}) {
        const mcdata::Release* r = release(name);
        ASSERT_NE(r, nullptr) << name;
        EXPECT_EQ(r->protocol, protocol) << name;
    }
    int32_t previous = 0;
    for (const mcdata::Release& r : all) {
        EXPECT_GE(r.protocol, previous) << r.name;  // oldest first
        previous = r.protocol;
        ASSERT_LT(r.description, mcdata::descriptions().size());
    }
}

TEST(McJavaMcData, EveryLayoutAndNamedTypeIsThere) {
    size_t packets = 0;
    for (const mcdata::Description& d : mcdata::descriptions()) {
        for (const mcdata::Packet& p : mcdata::packets(d)) {
            ASSERT_NE(mcdata::layout(p.layout), nullptr) << d.path << " " << p.theirs;
            EXPECT_NE(*p.key, '\0');
            ++packets;
        }
        bool varint = false;
        for (const mcdata::NamedType& t : mcdata::named_types(d)) {
            ASSERT_NE(mcdata::layout(t.layout), nullptr) << d.path << " " << t.name;
            varint |= *t.scope == '\0' && std::strcmp(t.name, "varint") == 0;
        }
        EXPECT_TRUE(varint) << d.path;
    }
    EXPECT_EQ(packets, 7371u);
}

// The independent counter of the bundled captures reads minecraft-data with
// its own code (captures/minecraft-java/tools/count.py --extract-ids): its
// id -> name maps are the generator's, for every protocol number and table.
TEST(McJavaMcData, TheIndependentCountersIdsAreTheSame) {
    std::ifstream in(std::string(BLANKSHARK_CAPTURES) + "/minecraft-java/tools/mcdata-ids.json");
    ASSERT_TRUE(in) << "mcdata-ids.json";
    const nlohmann::json j = nlohmann::json::parse(in);
    EXPECT_EQ(j.at("minecraft_data"), "3.119.0");
    size_t compared = 0, protocols = 0;
    for (auto p = j.at("protocols").begin(); p != j.at("protocols").end(); ++p) {
        const mcdata::Description* d = description_of(std::stoi(p.key()));
        ASSERT_NE(d, nullptr) << p.key();
        ++protocols;
        std::map<std::string, std::map<uint32_t, std::string>> ours;  // "play/cb" -> id -> name
        for (const mcdata::Packet& k : mcdata::packets(*d)) {
            const std::string state = std::strcmp(k.state, "handshaking") == 0 ? "handshake" : k.state;
            ours[state + (k.dir == Side::Client ? "/sb" : "/cb")][k.id] = k.theirs;
        }
        for (auto t = p.value().at("names").begin(); t != p.value().at("names").end(); ++t) {
            const nlohmann::json& names = j.at("pool").at(t.value().get<size_t>());
            EXPECT_EQ(names.size(), ours[t.key()].size()) << p.key() << " " << t.key();
            for (auto n = names.begin(); n != names.end(); ++n) {
                EXPECT_EQ(ours[t.key()][uint32_t(std::stoul(n.key(), nullptr, 0))], n.value().get<std::string>())
                    << p.key() << " " << t.key() << " " << n.key();
                ++compared;
            }
        }
    }
    EXPECT_EQ(protocols, 46u);  // every protocol number from 47 to 775
    // The 7371 packets of the 43 descriptions, once per protocol number that
    // speaks them (316 shares 315's description, 753 and 754 share 751's).
    EXPECT_EQ(compared, 7797u);
}

// Keep Alive's ids (play state), from the community protocol documentation
// (wiki.vg's page of each release): they move with every release.
TEST(McJavaMcData, KeepAliveIdsOfTheReleasesPeoplePlay) {
    struct Known {
        const char* release;
        uint32_t clientbound, serverbound;
    };
    for (const Known& k : {Known{"1.8", 0x00, 0x00}, {"1.12.2", 0x1F, 0x0B}, {"1.16.5", 0x1F, 0x10},
                           {"1.18.2", 0x21, 0x0F}, {"1.19.4", 0x23, 0x12}, {"1.20.2", 0x24, 0x14},
                           {"1.20.4", 0x24, 0x15}, {"1.21.4", 0x27, 0x1A}}) {
        const mcdata::Release* r = release(k.release);
        ASSERT_NE(r, nullptr) << k.release;
        std::map<Side, uint32_t> ids;
        for (const mcdata::Packet& p : mcdata::packets(mcdata::descriptions()[r->description]))
            if (std::strcmp(p.state, "play") == 0 && std::strcmp(p.key, "keep_alive") == 0) ids[p.dir] = p.id;
        EXPECT_EQ(ids[Side::Server], k.clientbound) << k.release;
        EXPECT_EQ(ids[Side::Client], k.serverbound) << k.release;
    }
}

TEST(McJavaMcData, TheConfigurationStateFrom1202) {
    for (const mcdata::Description& d : mcdata::descriptions()) {
        bool finish = false;
        for (const mcdata::Packet& p : mcdata::packets(d))
            finish |= std::strcmp(p.state, "configuration") == 0 && std::strcmp(p.theirs, "finish_configuration") == 0;
        EXPECT_EQ(finish, d.protocol >= 764) << d.path;
    }
}

// Every packet of the hand tables of 404 and 477-498 is in the generated
// table of the same release at the same (state, direction, id) with the
// same filter key and display name, and nothing more is there, except:
//  - the legacy server list ping (0xFE in handshaking), which
//    minecraft-data lists as a packet and blankshark reads before framing
//    (it is not VarInt-framed; mcjava::Connection's LegacyPing);
//  - four serverbound play packets the 1.14 hand tables call by the names
//    the community documentation gave them in 1.14, where the generated
//    tables keep the protocol document's 1.13.2 names so that a filter is
//    the same on every version (same id, same layout, same meaning).
// minecraft-data has no 1.14.2 (485): its hand table is compared with
// nothing.
TEST(McJavaMcData, TheHandTablesOf404And477To498AgreePacketByPacket) {
    const std::map<std::string, std::string> renamed_in_114 = {
        {"click_window_button", "enchant_item"}, {"movement", "player"},
        {"rotation", "look"}, {"position_rotation", "position_look"}};
    size_t compared = 0, renames = 0;
    for (const VersionInfo* v : versions()) {
        if (v->gen == Generation::Data) continue;  // the hand-written ones
        const mcdata::Description* d = description_of(v->protocol);
        if (v->protocol == 485) {
            EXPECT_EQ(d, nullptr);
            continue;
        }
        ASSERT_NE(d, nullptr) << v->name;
        std::map<Where, const mcdata::Packet*> generated;
        for (const mcdata::Packet& p : mcdata::packets(*d)) generated[{p.state, p.dir, p.id}] = &p;
        std::set<Where> hand;
        for (uint32_t s = 0; s < kStateCount; ++s)
            for (Side dir : {Side::Client, Side::Server}) {
                const core::MessageTable& t = v->version().tables[table_index(State(s), dir)];
                for (size_t i = 0; i < t.count; ++i) {
                    const core::MessageType& m = t.types[i];
                    const Where w{state_name(State(s)), dir, m.id};
                    hand.insert(w);
                    auto g = generated.find(w);
                    if (g == generated.end()) {
                        ADD_FAILURE() << v->name << " " << m.name << " is not in minecraft-data";
                        continue;
                    }
                    ++compared;
                    auto r = renamed_in_114.find(m.key);
                    if (v->protocol >= 477 && r != renamed_in_114.end()) {
                        EXPECT_EQ(r->second, g->second->key) << v->name;
                        ++renames;
                        continue;
                    }
                    EXPECT_STREQ(g->second->key, m.key) << v->name << " " << m.name;
                    EXPECT_STREQ(g->second->name, m.name) << v->name << " " << m.key;
                }
            }
        for (const auto& [w, p] : generated) {
            if (!hand.count(w)) {
                EXPECT_STREQ(p->key, "legacy_server_list_ping") << v->name << " only in minecraft-data";
            }
        }
    }
    EXPECT_EQ(compared, 142u + 3 * 151u + 152u);  // 404; 477, 480, 490; 498 (Acknowledge Player Digging)
    EXPECT_EQ(renames, 4u * 4u);
}

// Every field of the hand tables of 404 and 477-498 has its name in the
// generated table of the same release (fields.tsv maps minecraft-data's),
// wherever the two give a level as many fields: the same place, the same
// name, level by level down. The levels that differ are listed with why
// (the hand tables count an array in a field of their own, split a vector
// minecraft-data keeps as one, or write a switch's cases otherwise).
struct LevelDiff {
    std::set<std::string> where;  // "play.cb statistics", "play.cb advancements advancement_mapping/"
    size_t fields = 0;            // fields compared by name
};

void compare_level(const char* table, const char* packet, const std::string& path, const core::Layout& hand,
                   const core::Layout& gen, LevelDiff& out) {
    if (hand.count != gen.count) {
        out.where.insert(std::string(table) + " " + packet + (path.empty() ? "" : " " + path));
        return;
    }
    for (size_t i = 0; i < hand.count; ++i) {
        const core::Field& h = hand.fields[i];
        const core::Field& g = gen.fields[i];
        ++out.fields;
        if (h.kind == core::Kind::Option && g.kind == core::Kind::Switch) continue;  // Stop Sound's flags
        EXPECT_STREQ(g.key, h.key) << table << " " << packet << " " << path << i;
        if (h.sub.count && g.sub.count && h.kind == g.kind) compare_level(table, packet, path + g.key + "/", h.sub, g.sub, out);
    }
}

TEST(McJavaMcData, TheHandTablesOf404And477To498AgreeFieldByField) {
    LevelDiff diff;
    for (const VersionInfo* v : versions()) {
        if (v->gen == Generation::Data || v->protocol == 485) continue;
        const mcdata::Description* d = description_of(v->protocol);
        ASSERT_NE(d, nullptr) << v->name;
        std::vector<core::MessageTable> hand(v->version().tables, v->version().tables + 2 * kStateCount);
        std::vector<core::MessageTable> gen(2 * kStateCount);
        mcdata::add_message_tables(gen, *d, &hand);
        for (size_t t = 0; t < hand.size(); ++t)
            for (size_t i = 0; i < hand[t].count; ++i) {
                const core::MessageType& m = hand[t].types[i];
                for (size_t j = 0; j < gen[t].count; ++j)
                    if (gen[t].types[j].id == m.id)
                        compare_level(hand[t].key, gen[t].types[j].key, "", m.payload, gen[t].types[j].payload, diff);
            }
    }
    EXPECT_GT(diff.fields, 2000u);  // 2290: the hand tables' fields at levels of the same length
    const std::set<std::string> differ = {
        // a count of their own before an array minecraft-data prefixes
        "play.cb declare_commands", "play.cb declare_recipes", "play.cb destroy_entities",
        "play.cb multi_block_change", "play.cb player_info", "play.cb statistics", "play.cb trade_list",
        "play.cb window_items",
        // one switch per action where minecraft-data has one per field
        "play.cb boss_bar", "play.cb combat_event", "play.cb scoreboard_objective", "play.cb teams",
        "play.cb title", "play.cb world_border", "play.sb use_entity",
        // the entity of an option as its own flag and option; a map's or a
        // login plugin's data as an option on a field of its own
        "play.cb face_player", "play.cb map_data", "login.sb login_plugin_response",
        // 1.14's light as two arrays, minecraft-data's as the bytes
        "play.cb update_light",
        // an advancement's fields where minecraft-data groups them; a
        // section's block count (1.14+) ahead of the palette, light after it
        // in minecraft-data's 1.13 rows
        "play.cb advancements advancements/", "play.cb chunk_data data/sections/",
    };
    EXPECT_EQ(diff.where, differ);
}

// Every release's layouts written as the core's rows and compiled: none
// shown as its bytes.
TEST(McJavaMcData, EveryDescriptionTranslatesAndCompiles) {
    std::vector<std::string> failures;
    for (const mcdata::Description& d : mcdata::descriptions()) {
        std::vector<core::MessageTable> tables(kTableCount);
        std::vector<std::string> here;
        mcdata::add_message_tables(tables, d, nullptr, &here);
        for (const std::string& f : here) failures.push_back(std::string(d.path) + " " + f);
    }
    EXPECT_TRUE(failures.empty()) << failures.front();
    const auto& data = data_versions();
    ASSERT_EQ(data.size(), 41u);  // 46 protocol numbers from 47 to 775, less the five also written by hand
    EXPECT_EQ(data.front()->protocol, 47);
    EXPECT_STREQ(data.back()->name, "26.1");
    for (const VersionInfo* v : data) {
        EXPECT_EQ(find_version(v->protocol), v) << v->name;  // what a Handshake naming it chooses
        try {
            EXPECT_GT(schema(*v).fields.size(), 500u) << v->name;
        } catch (const std::logic_error& e) {
            ADD_FAILURE() << v->name << ": " << e.what();
        }
    }
}

const VersionInfo& data_version(int32_t protocol) {
    for (const VersionInfo* v : data_versions())
        if (v->protocol == protocol) return *v;
    throw std::logic_error("no data version " + std::to_string(protocol));
}

coretest::Collect decode(const VersionInfo& v, State s, Side d, const std::string& hex) {
    const std::vector<uint8_t> b = coretest::from_hex(hex);
    coretest::Collect c;
    core::DecodeContext ctx;
    ctx.table = table_index(s, d);
    c.summary = core::decode(schema(v), b.data(), b.size(), ctx, c);
    return c;
}

// A field keeps its name on every release where it means the same
// (fields.tsv): 1.12.2's Entity Relative Move (0x26, wiki.vg) is in blocks
// as 1.13.2's, dx 4096/4096 = 1 block; 1.8's (0x15) moves in 1/32 blocks,
// another unit, and keeps its own name. 1.12.2's Scoreboard Objective
// (0x42): remove "kill", under 1.13.2's names.
TEST(McJavaMcData, AFieldKeepsTheHandTablesNameOnEveryRelease) {
    const std::string p = "mcjava.play.cb.entity_relative_move.";
    const auto c12 = decode(data_version(340), State::Play, Side::Server, "26" "05" "1000" "f800" "0000" "01");
    EXPECT_TRUE(c12.findings.empty());
    ASSERT_NE(c12.get(p + "dx"), nullptr);
    EXPECT_EQ(c12.get(p + "dx")->num, 1.0);
    EXPECT_EQ(c12.get(p + "dy")->num, -0.5);
    EXPECT_EQ(c12.get(p + "d_x"), nullptr);
    const auto c18 = decode(data_version(47), State::Play, Side::Server, "15" "05" "20" "f0" "00" "01");
    EXPECT_TRUE(c18.findings.empty());
    EXPECT_EQ(c18.get(p + "dx"), nullptr);
    ASSERT_NE(c18.get(p + "dx_int"), nullptr);
    EXPECT_EQ(c18.get(p + "dx_int")->num, 32);
    EXPECT_EQ(c18.get(p + "dy_int")->num, -16);
    const auto score = decode(data_version(340), State::Play, Side::Server, "42" "046b696c6c" "01");
    EXPECT_TRUE(score.findings.empty());
    ASSERT_NE(score.get("mcjava.play.cb.scoreboard_objective.objective_name"), nullptr);
    EXPECT_EQ(score.get("mcjava.play.cb.scoreboard_objective.objective_name")->text, "kill");
    EXPECT_EQ(score.get("mcjava.play.cb.scoreboard_objective.mode")->num, 1);
    EXPECT_EQ(score.get("mcjava.play.cb.scoreboard_objective.name"), nullptr);
    // minecraft-data's one velocity vector is the hand tables' vx, vy, vz in
    // 1/8000 block per tick: 1.20.4's Set Entity Velocity of entity 5,
    // x 8000, y 0, z -8000.
    const core::MessageType* m =
        core::find_type(data_version(765).version().tables[table_index(State::Play, Side::Server)], "entity_velocity");
    ASSERT_NE(m, nullptr);
    char id[3];
    std::snprintf(id, sizeof id, "%02x", m->id);
    const auto v = decode(data_version(765), State::Play, Side::Server, std::string(id) + "05" "1f40" "0000" "e0c0");
    EXPECT_TRUE(v.findings.empty());
    ASSERT_NE(v.get("mcjava.play.cb.entity_velocity.vx"), nullptr);
    EXPECT_EQ(v.get("mcjava.play.cb.entity_velocity.vx")->num, 1.0);
    EXPECT_EQ(v.get("mcjava.play.cb.entity_velocity.vz")->num, -1.0);
    EXPECT_EQ(v.get("mcjava.vec3i16.x"), nullptr);
}

// Packets written by hand from the community protocol documentation of
// each release, decoded with the generated tables.
TEST(McJavaMcData, KeepAliveIsAVarIntIn18AndALongIn1204) {
    // One name for both: an integer keeps its name whatever its width (the
    // filter is registered at its widest, 64 bits).
    const auto c18 = decode(data_version(47), State::Play, Side::Server, "002a");
    EXPECT_TRUE(c18.findings.empty());
    EXPECT_EQ(c18.get("mcjava.play.cb.keep_alive.keep_alive_id_int"), nullptr);
    ASSERT_NE(c18.get("mcjava.play.cb.keep_alive.keep_alive_id"), nullptr);
    EXPECT_EQ(c18.get("mcjava.play.cb.keep_alive.keep_alive_id")->num, 42);
    const auto c20 = decode(data_version(765), State::Play, Side::Server, "240000000000000539");
    EXPECT_TRUE(c20.findings.empty());
    ASSERT_NE(c20.get("mcjava.play.cb.keep_alive.keep_alive_id"), nullptr);
    EXPECT_EQ(c20.get("mcjava.play.cb.keep_alive.keep_alive_id")->num, 1337);
    EXPECT_FALSE(c20.summary.truncated);
}

// 1.20.4 Synchronize Player Position (0x3E): x 8.5, y 64, z -3.25 (f64),
// yaw 90 and pitch 0 (f32), flags 0, teleport id 3; and its confirm.
TEST(McJavaMcData, TeleportAndItsConfirmIn1204) {
    const auto c = decode(data_version(765), State::Play, Side::Server,
                          "3e" "4021000000000000" "4050000000000000" "c00a000000000000" "42b40000" "00000000" "00" "03");
    EXPECT_TRUE(c.findings.empty());
    const std::string p = "mcjava.play.cb.player_position_look.";
    ASSERT_NE(c.get(p + "teleport_id"), nullptr);
    EXPECT_EQ(c.get(p + "x")->num, 8.5);
    EXPECT_EQ(c.get(p + "y")->num, 64.0);
    EXPECT_EQ(c.get(p + "z")->num, -3.25);
    EXPECT_EQ(c.get(p + "yaw")->num, 90.0);
    EXPECT_EQ(c.get(p + "teleport_id")->num, 3);
    const auto confirm = decode(data_version(765), State::Play, Side::Client, "0003");
    ASSERT_NE(confirm.get("mcjava.play.sb.teleport_confirm.teleport_id"), nullptr);
    EXPECT_EQ(confirm.get("mcjava.play.sb.teleport_confirm.teleport_id")->num, 3);
}

// 1.8 entity metadata: each entry's first byte packs type (3 bits) and
// index (5 bits), 0x7F ends the list. Entity 5, entry type 0 (byte) index
// 0, value 0x20.
TEST(McJavaMcData, EntityMetadataOf18WithItsBitfieldAndEnd) {
    const auto c = decode(data_version(47), State::Play, Side::Server, "1c05" "00" "20" "7f");
    EXPECT_TRUE(c.findings.empty());
    EXPECT_FALSE(c.summary.truncated);  // and no byte left over: the 0x7F end is read
    EXPECT_EQ(c.get("mcjava.play.cb.entity_metadata.entity_id")->num, 5);
    const coretest::Value* value = nullptr;
    for (const coretest::Value& v : c.values)
        if (v.abbrev.rfind("mcjava.entity_metadata.value", 0) == 0) value = &v;
    ASSERT_NE(value, nullptr);
    EXPECT_EQ(value->num, 32);
}

// 1.20.4 Set Equipment (0x59): entity 5, slot 0 (top bit set: more follow)
// empty, slot 5 (the last) with item 1 x64 and no NBT.
TEST(McJavaMcData, EquipmentEndsAtTheFirstSlotWithoutItsTopBit) {
    const auto c = decode(data_version(765), State::Play, Side::Server, "59" "05" "8000" "0501014000");
    EXPECT_TRUE(c.findings.empty());
    EXPECT_FALSE(c.summary.truncated);
    EXPECT_EQ(c.get("mcjava.play.cb.entity_equipment.entity_id")->num, 5);
    // (A byte here, a VarInt in the newest releases: one name for both.)
    size_t slots = 0;
    for (const coretest::Value& v : c.values) slots += v.abbrev == "mcjava.play.cb.entity_equipment.slot";
    EXPECT_EQ(slots, 2u);
    ASSERT_NE(c.get("mcjava.slot.item_count"), nullptr);
    EXPECT_EQ(c.get("mcjava.slot.item_count")->num, 64);
    // Cut after the first entry: a last entry is still owed.
    const auto cut = decode(data_version(765), State::Play, Side::Server, "59" "05" "8000");
    EXPECT_FALSE(cut.findings.empty());
}

}  // namespace

// Switches on a switch's or an option's value (ProtoDef compares with the
// chosen leaf's value; an absent option matches no case). 1.20.3 Update
// Score (0x5F, wiki.vg): entity "bob", objective "kill", value 7, no
// display name, then an optional number format (VarInt: 0 blank, 1 styled,
// 2 fixed) and, for 1 and 2, its NBT.
TEST(McJavaMcData, ScoreNumberFormatChoosesItsStylingIn1203) {
    const std::string head = "5f" "03626f62" "046b696c6c" "07" "00";
    const std::string p = "mcjava.play.cb.update_score.";
    // styled: a compound {color: "red"}
    const auto styled = decode(data_version(765), State::Play, Side::Server,
                               head + "01" "01" "0a" "08" "0005636f6c6f72" "0003726564" "00");
    EXPECT_TRUE(styled.findings.empty());
    EXPECT_FALSE(styled.summary.truncated);
    ASSERT_NE(styled.get(p + "number_format"), nullptr);
    EXPECT_EQ(styled.get(p + "number_format")->num, 1);
    EXPECT_EQ(styled.get(p + "value")->num, 7);
    bool red = false;
    for (const coretest::Value& v : styled.values) red |= v.text == "red";
    EXPECT_TRUE(red);
    // fixed: a string tag "hi"
    const auto fixed = decode(data_version(765), State::Play, Side::Server, head + "01" "02" "08" "00026869");
    EXPECT_TRUE(fixed.findings.empty());
    EXPECT_FALSE(fixed.summary.truncated);
    bool hi = false;
    for (const coretest::Value& v : fixed.values) hi |= v.text == "hi";
    EXPECT_TRUE(hi);
    // blank: nothing follows; and no number format at all: nothing either,
    // the byte after it is left over
    EXPECT_TRUE(decode(data_version(765), State::Play, Side::Server, head + "01" "00").findings.empty());
    const auto none = decode(data_version(765), State::Play, Side::Server, head + "00");
    EXPECT_TRUE(none.findings.empty());
    EXPECT_EQ(none.get(p + "number_format"), nullptr);
    EXPECT_FALSE(decode(data_version(765), State::Play, Side::Server, head + "00" "08").findings.empty());
}

// 1.20.3 Update Objectives (0x5C): the number format is an option inside a
// switch on the action, its styling a switch on it inside another.
// Create "obj" shown as "Hi", type 0 (integer), fixed format "5"; remove.
TEST(McJavaMcData, ObjectiveNumberFormatInsideTheActionsSwitchIn1203) {
    const std::string p = "mcjava.play.cb.scoreboard_objective.";
    const auto create = decode(data_version(765), State::Play, Side::Server,
                               "5c" "036f626a" "00" "0800024869" "00" "01" "02" "08000135");
    EXPECT_TRUE(create.findings.empty());
    EXPECT_FALSE(create.summary.truncated);
    ASSERT_NE(create.get(p + "number_format"), nullptr);
    EXPECT_EQ(create.get(p + "number_format")->num, 2);
    bool five = false;
    for (const coretest::Value& v : create.values) five |= v.text == "5";
    EXPECT_TRUE(five);
    const auto remove = decode(data_version(765), State::Play, Side::Server, "5c" "036f626a" "01");
    EXPECT_TRUE(remove.findings.empty());
    EXPECT_EQ(remove.get(p + "number_format"), nullptr);
}

// A name some release gives another type is "<name>_<type>", an integer's
// type being "int" whatever its width: 1.8's 16-bit chunk mask and 1.9's
// VarInt are the hand tables' bit_mask, 1.17's array of longs beside them
// bit_mask_array; the command parsers' 32- and 64-bit min (beside the double
// one) one min_int; 1.20.3's NBT text components beside the text of before
// "_nbt", the named type's last word.
TEST(McJavaMcData, AnIntegerRenamedIsOneIntName) {
    const core::FieldTypes& t = mcdata::field_types();
    const std::string chunk = "mcjava.play.cb.chunk_data.bit_mask";
    ASSERT_TRUE(t.count(chunk));
    EXPECT_EQ(t.at(chunk).vclass, core::ValueClass::Uint);  // a mask shown in hex
    EXPECT_TRUE(t.count(chunk + "_array"));
    EXPECT_FALSE(t.count(chunk + "_int") || t.count(chunk + "_u16") || t.count(chunk + "_varint"));
    EXPECT_FALSE(t.count("mcjava.play.cb.chunk_data.bit_map") || t.count("mcjava.play.cb.chunk_data.bit_map_int"));
    ASSERT_TRUE(t.count("mcjava.play.cb.disconnect.reason_nbt"));
    EXPECT_EQ(t.at("mcjava.play.cb.disconnect.reason").vclass, core::ValueClass::String);
    const std::string min = "mcjava.command_node.extra_node_data.properties.min";
    ASSERT_TRUE(t.count(min + "_int"));
    EXPECT_EQ(t.at(min + "_int").bits, 64);
    EXPECT_EQ(t.at(min).vclass, core::ValueClass::Double);
    EXPECT_FALSE(t.count(min + "_i32") || t.count(min + "_i64"));
}
