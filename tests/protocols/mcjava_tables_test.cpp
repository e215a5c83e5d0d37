// The Java tables against packet lists written from the documentation (seed
// 003 for 404; the community documentation of 1.14.4 and its protocol
// history for the 1.14 family): every (state, direction, id) has a row with
// that name, and nothing else is there. And every version's schema compiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocols/mc_java/schema.hpp"

namespace {

using namespace mcjava;

struct Listed {
    State state;
    Side dir;
    std::vector<const char*> names;  // by id, from 0
};

constexpr State H = State::Handshaking, S = State::Status, L = State::Login, P = State::Play;
constexpr Side C = Side::Server, V = Side::Client;

// The same in 404 and the 1.14 family.
const std::vector<Listed> kCommon = {
    {H, V, {"Handshake"}},
    {H, C, {}},
    {S, V, {"Request", "Ping"}},
    {S, C, {"Response", "Pong"}},
    {L, V, {"Login Start", "Encryption Response", "Login Plugin Response"}},
    {L, C, {"Disconnect (login)", "Encryption Request", "Login Success", "Set Compression", "Login Plugin Request"}},
};

const Listed k404Clientbound = {P, C, {
    "Spawn Object", "Spawn Experience Orb", "Spawn Global Entity", "Spawn Mob", "Spawn Painting",   // 0x00
    "Spawn Player", "Animation (clientbound)", "Statistics", "Block Break Animation",
    "Update Block Entity", "Block Action", "Block Change", "Boss Bar", "Server Difficulty",          // 0x09
    "Chat Message (clientbound)", "Multi Block Change", "Tab-Complete (clientbound)",
    "Declare Commands", "Confirm Transaction (clientbound)", "Close Window (clientbound)",            // 0x11
    "Open Window", "Window Items", "Window Property", "Set Slot", "Set Cooldown",
    "Plugin Message (clientbound)", "Named Sound Effect", "Disconnect (play)", "Entity Status",       // 0x19
    "NBT Query Response", "Explosion", "Unload Chunk", "Change Game State", "Keep Alive (clientbound)",
    "Chunk Data", "Effect", "Particle", "Join Game", "Map Data", "Entity", "Entity Relative Move",    // 0x22
    "Entity Look And Relative Move", "Entity Look", "Vehicle Move (clientbound)", "Open Sign Editor",
    "Craft Recipe Response", "Player Abilities (clientbound)", "Combat Event", "Player Info",         // 0x2D
    "Face Player", "Player Position And Look (clientbound)", "Use Bed", "Unlock Recipes",
    "Destroy Entities", "Remove Entity Effect", "Resource Pack Send", "Respawn", "Entity Head Look",  // 0x35
    "Select Advancement Tab", "World Border", "Camera", "Held Item Change (clientbound)",
    "Display Scoreboard", "Entity Metadata", "Attach Entity", "Entity Velocity", "Entity Equipment",  // 0x3E
    "Set Experience", "Update Health", "Scoreboard Objective", "Set Passengers", "Teams",
    "Update Score", "Spawn Position", "Time Update", "Title", "Stop Sound", "Sound Effect",           // 0x48
    "Player List Header And Footer", "Collect Item", "Entity Teleport", "Advancements",
    "Entity Properties", "Entity Effect", "Declare Recipes", "Tags",                                 // 0x52
}};

const Listed k404Serverbound = {P, V, {
    "Teleport Confirm", "Query Block NBT", "Chat Message (serverbound)", "Client Status",            // 0x00
    "Client Settings", "Tab-Complete (serverbound)", "Confirm Transaction (serverbound)",
    "Enchant Item", "Click Window", "Close Window (serverbound)", "Plugin Message (serverbound)",     // 0x07
    "Edit Book", "Query Entity NBT", "Use Entity", "Keep Alive (serverbound)", "Player",
    "Player Position", "Player Position And Look (serverbound)", "Player Look",                      // 0x10
    "Vehicle Move (serverbound)", "Steer Boat", "Pick Item", "Craft Recipe Request",
    "Player Abilities (serverbound)", "Player Digging", "Entity Action", "Steer Vehicle",             // 0x17
    "Recipe Book Data", "Name Item", "Resource Pack Status", "Advancement Tab", "Select Trade",
    "Set Beacon Effect", "Held Item Change (serverbound)", "Update Command Block",                    // 0x20
    "Update Command Block Minecart", "Creative Inventory Action", "Update Structure Block",
    "Update Sign", "Animation (serverbound)", "Spectate", "Player Block Placement", "Use Item",       // 0x26
}};

// 1.14.4 (498); 477-490 lack the last one, Acknowledge Player Digging (new
// in 1.14.4-pre1).
const Listed k498Clientbound = {P, C, {
    "Spawn Object", "Spawn Experience Orb", "Spawn Global Entity", "Spawn Mob", "Spawn Painting",   // 0x00
    "Spawn Player", "Animation (clientbound)", "Statistics", "Block Break Animation",
    "Update Block Entity", "Block Action", "Block Change", "Boss Bar", "Server Difficulty",          // 0x09
    "Chat Message (clientbound)", "Multi Block Change", "Tab-Complete (clientbound)",
    "Declare Commands", "Confirm Transaction (clientbound)", "Close Window (clientbound)",            // 0x11
    "Window Items", "Window Property", "Set Slot", "Set Cooldown", "Plugin Message (clientbound)",
    "Named Sound Effect", "Disconnect (play)", "Entity Status", "Explosion", "Unload Chunk",          // 0x19
    "Change Game State", "Open Horse Window", "Keep Alive (clientbound)", "Chunk Data", "Effect",
    "Particle", "Update Light", "Join Game", "Map Data", "Trade List", "Entity Relative Move",        // 0x23
    "Entity Look And Relative Move", "Entity Look", "Entity", "Vehicle Move (clientbound)",
    "Open Book", "Open Window", "Open Sign Editor", "Craft Recipe Response",                         // 0x2D
    "Player Abilities (clientbound)", "Combat Event", "Player Info", "Face Player",
    "Player Position And Look (clientbound)", "Unlock Recipes", "Destroy Entities",                  // 0x35
    "Remove Entity Effect", "Resource Pack Send", "Respawn", "Entity Head Look",
    "Select Advancement Tab", "World Border", "Camera", "Held Item Change (clientbound)",             // 0x3C
    "Update View Position", "Update View Distance", "Display Scoreboard", "Entity Metadata",
    "Attach Entity", "Entity Velocity", "Entity Equipment", "Set Experience", "Update Health",        // 0x44
    "Scoreboard Objective", "Set Passengers", "Teams", "Update Score", "Spawn Position",
    "Time Update", "Title", "Entity Sound Effect", "Sound Effect", "Stop Sound",                     // 0x4E
    "Player List Header And Footer", "NBT Query Response", "Collect Item", "Entity Teleport",
    "Advancements", "Entity Properties", "Entity Effect", "Declare Recipes", "Tags",                 // 0x57
    "Acknowledge Player Digging",
}};

const Listed k477Serverbound = {P, V, {
    "Teleport Confirm", "Query Block NBT", "Set Difficulty", "Chat Message (serverbound)",           // 0x00
    "Client Status", "Client Settings", "Tab-Complete (serverbound)",
    "Confirm Transaction (serverbound)", "Click Window Button", "Click Window",                       // 0x07
    "Close Window (serverbound)", "Plugin Message (serverbound)", "Edit Book", "Query Entity NBT",
    "Use Entity", "Keep Alive (serverbound)", "Lock Difficulty", "Player Position",                  // 0x0E
    "Player Position And Rotation", "Player Rotation", "Player Movement",
    "Vehicle Move (serverbound)", "Steer Boat", "Pick Item", "Craft Recipe Request",                 // 0x15
    "Player Abilities (serverbound)", "Player Digging", "Entity Action", "Steer Vehicle",
    "Recipe Book Data", "Name Item", "Resource Pack Status", "Advancement Tab", "Select Trade",       // 0x1D
    "Set Beacon Effect", "Held Item Change (serverbound)", "Update Command Block",
    "Update Command Block Minecart", "Creative Inventory Action", "Update Jigsaw Block",              // 0x25
    "Update Structure Block", "Update Sign", "Animation (serverbound)", "Spectate",
    "Player Block Placement", "Use Item",                                                            // 0x2C
}};

std::vector<Listed> listed(int32_t protocol) {
    std::vector<Listed> all = kCommon;
    if (protocol == 404) {
        all.push_back(k404Clientbound);
        all.push_back(k404Serverbound);
        return all;
    }
    Listed cb = k498Clientbound;
    if (protocol < 498) cb.names.pop_back();  // no Acknowledge Player Digging
    all.push_back(cb);
    all.push_back(k477Serverbound);
    return all;
}

// The versions whose tables are written by hand.
std::vector<const VersionInfo*> hand_versions() {
    std::vector<const VersionInfo*> hand;
    for (const VersionInfo* v : versions())
        if (v->gen != Generation::Data) hand.push_back(v);
    return hand;
}

TEST(McJavaTables, EveryVersionHasEveryListedPacketAndNothingElse) {
    const int32_t protocols[] = {404, 477, 480, 485, 490, 498};
    ASSERT_EQ(hand_versions().size(), std::size(protocols));
    EXPECT_EQ(versions().size(), std::size(protocols) + data_versions().size());
    for (int32_t protocol : protocols) {
        const VersionInfo* v = find_version(protocol);
        ASSERT_NE(v, nullptr) << protocol;
        size_t listed_total = 0;
        for (const Listed& l : listed(protocol)) {
            const core::MessageTable& t = v->version().tables[table_index(l.state, l.dir)];
            std::map<uint32_t, const core::MessageType*> rows;
            for (size_t i = 0; i < t.count; ++i) rows[t.types[i].id] = &t.types[i];
            EXPECT_EQ(rows.size(), l.names.size()) << protocol << " " << state_name(l.state) << " " << int(l.dir);
            for (uint32_t id = 0; id < l.names.size(); ++id) {
                auto it = rows.find(id);
                if (it == rows.end()) {
                    ADD_FAILURE() << protocol << " " << state_name(l.state) << " " << int(l.dir) << " id " << id
                                  << " (" << l.names[id] << ") missing";
                    continue;
                }
                EXPECT_STREQ(it->second->name, l.names[id]) << protocol << " id " << id;
                EXPECT_NE(it->second->key, nullptr);
            }
            listed_total += l.names.size();
        }
        size_t rows_total = 0;
        for (size_t i = 0; i < v->version().table_count; ++i) rows_total += v->version().tables[i].count;
        EXPECT_EQ(rows_total, listed_total) << protocol;
    }
}

TEST(McJavaTables, EverySchemaCompiles) {
    for (const VersionInfo* v : versions()) {
        try {
            const core::Schema& s = schema(*v);
            EXPECT_GT(s.fields.size(), 500u) << v->name;
        } catch (const std::logic_error& e) {
            ADD_FAILURE() << v->name << ": " << e.what();
        }
    }
}

// The most summary fields one decoding of the rows can show (a switch: its
// fullest case; named types are not the packet's summary).
size_t summaries(const core::Layout& l) {
    size_t n = 0;
    for (size_t i = 0; i < l.count; ++i) {
        const core::Field& f = l.fields[i];
        n += f.summary;
        if (f.kind == core::Kind::Type) continue;
        size_t most = summaries(f.sub);
        for (size_t c = 0; c < f.cases.count; ++c) most = std::max(most, summaries(f.cases.cases[c].layout));
        n += most;
    }
    return n;
}

TEST(McJavaTables, OneToThreeSummaryFields) {
    for (const VersionInfo* v : versions())
        for (size_t t = 0; t < v->version().table_count; ++t)
            for (size_t m = 0; m < v->version().tables[t].count; ++m) {
                const core::MessageType& ty = v->version().tables[t].types[m];
                EXPECT_LE(summaries(ty.payload), 3u) << v->name << " " << ty.name;
            }
}

TEST(McJavaTables, ConnectionFieldsKeepTheirNames) {
    // connection.cpp reads these by name.
    for (const VersionInfo* v : hand_versions()) {
        const core::Schema& s = schema(*v);
        for (const char* f : {"mcjava.handshake.sb.handshake.protocol_version", "mcjava.handshake.sb.handshake.next_state",
                              "mcjava.login.cb.set_compression.threshold", "mcjava.play.cb.join_game.dimension",
                              "mcjava.play.cb.respawn.dimension"})
            EXPECT_NE(s.find(f), nullptr) << v->name << " " << f;
    }
    // The tables generated from minecraft-data name the state machine's
    // fields alike (the dimension is an identifier or NBT from 1.16 on:
    // nothing the 1.13.2/1.14 chunk rows need).
    for (const VersionInfo* v : data_versions()) {
        const core::Schema& s = schema(*v);
        for (const char* f : {"mcjava.handshake.sb.handshake.protocol_version", "mcjava.handshake.sb.handshake.next_state",
                              "mcjava.login.cb.set_compression.threshold", "mcjava.login.sb.encryption_response.shared_secret",
                              "mcjava.login.cb.encryption_request.verify_token"})
            EXPECT_NE(s.find(f), nullptr) << v->name << " " << f;
    }
}

}  // namespace
