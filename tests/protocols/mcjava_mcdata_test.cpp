// The tables generated from minecraft-data (src/protocols/mc_java/mcdata)
// against what is known without them: the hand tables written from the
// protocol document (1.13.2, 404) and from the community documentation of
// 1.14.x (477-498), packet by packet; and keep-alive ids of the releases
// people play, from the community protocol documentation of each release.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "protocols/mc_java/mcdata/tables.hpp"
#include "protocols/mc_java/versions.hpp"

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
                const core::MessageTable& t = v->version.tables[table_index(State(s), dir)];
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

}  // namespace
