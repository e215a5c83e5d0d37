#include "simulator.hpp"

#include <algorithm>
#include <cmath>

#include "core/encoder.hpp"
#include "schema.hpp"
#include "terrain.hpp"

namespace mcalpha::sim {
namespace {

using core::Value;

constexpr double kTick = 0.05;      // the client's 20 updates per second
constexpr double kServerLag = 0.01; // the server's answer within a tick
constexpr double kEyeHeight = 1.62; // stance - y of a standing player
constexpr int64_t kMapSeed = 971768181197178410;  // the seed's Login Response example

// Absolute Integers are written from blocks by the encoder (1/32 block).
class Script {
public:
    std::vector<Record> out;
    double t = kStart;

    void at(double time) { t = time; }
    void wait(double s) { t += s; }
    void c(uint8_t id, const Value& v = Value()) { add(Side::Client, id, v); }
    void s(uint8_t id, const Value& v = Value()) { add(Side::Server, id, v); }
    void raw(Side d, std::vector<uint8_t> b) { out.push_back({t, d, std::move(b)}); }

    std::vector<Record> done() {
        std::stable_sort(out.begin(), out.end(), [](const Record& a, const Record& b) { return a.time < b.time; });
        return std::move(out);
    }

private:
    void add(Side d, uint8_t id, const Value& v) {
        out.push_back({t, d, core::encode(schema(), table_index(d), id, v)});
    }
};

Value slot(int item, int count, int uses) { return Value{{"item_id", item}, {"item_count", count}, {"uses", uses}}; }
Value empty_slot() { return Value{{"item_id", -1}}; }

Value inventory(int type, std::vector<Value> items, size_t slots) {
    while (items.size() < slots) items.push_back(empty_slot());
    return Value{{"type", type}, {"slots", Value::list(std::move(items))}};
}

Value column(int32_t cx, int32_t cz) {
    return Value{{"x", cx * 16}, {"y", 0}, {"z", cz * 16}, {"size_x", 15}, {"size_y", 127}, {"size_z", 15},
                 {"compressed_data", Value::bytes(zlib_compress(column_data(cx, cz)))}};
}

void load_column(Script& sc, int32_t cx, int32_t cz) {
    sc.s(kPreChunk, Value{{"x", cx}, {"z", cz}, {"mode", 1}});
    sc.s(kMapChunk, column(cx, cz));
}

Value ppl_server(double x, double y, double z) {
    return Value{{"x", x}, {"stance", y + kEyeHeight}, {"y", y}, {"z", z}, {"yaw", 0.0}, {"pitch", 0.0}, {"on_ground", 0}};
}
Value ppl_client(double x, double y, double z, double yaw) {
    return Value{{"x", x}, {"y", y}, {"stance", y + kEyeHeight}, {"z", z}, {"yaw", yaw}, {"pitch", 0.0}, {"on_ground", 1}};
}
Value position(double x, double y, double z) {
    return Value{{"x", x}, {"y", y}, {"stance", y + kEyeHeight}, {"z", z}, {"on_ground", 1}};
}

void login(Script& sc, int version) {
    sc.c(kHandshake, Value{{"username", "alice"}});
    sc.wait(0.004);
    sc.s(kHandshake, Value{{"connection_hash", "-"}});
    sc.wait(0.006);
    sc.c(kLogin, Value{{"protocol_version", version}, {"username", "alice"}, {"password", ""}, {"map_seed", 0},
                       {"dimension", 0}});
    sc.wait(0.02);
    sc.s(kLogin, Value{{"eid", kPlayerEid}, {"unknown_1", ""}, {"unknown_2", ""}, {"map_seed", kMapSeed},
                       {"dimension", 0}});
}

Value entity_at(int32_t eid, double x, double y, double z) {
    return Value{{"eid", eid}, {"x", x}, {"y", y}, {"z", z}};
}

// The server's scripted events of tick k (other players, mobs, items, world).
void server_tick(Script& sc, int k) {
    if (k % 20 == 0) {
        sc.s(kKeepAlive);
        sc.s(kTimeUpdate, Value{{"time", 6000 + k}});
    }
    if (k == 5) {
        Value bob = entity_at(kBobEid, 120.5, 70, -40.5);
        bob.set("name", "bob");
        bob.set("rotation", 90.0);
        bob.set("current_item", 0);
        sc.s(kNamedEntitySpawn, bob);
    }
    if (k == 6) {
        Value sheep = entity_at(kSheepEid, 110.5, 70, -50.5);
        sheep.set("type", 91);
        sc.s(kMobSpawn, sheep);
        Value pig = entity_at(kPigEid, 112.5, 70, -52.5);
        pig.set("type", 90);
        pig.set("yaw", -37.96875);
        sc.s(kMobSpawn, pig);
    }
    if (k == 7) sc.s(kEntity, Value{{"eid", kSheepEid}});
    if (k >= 8 && k < 200 && k % 2 == 0 && k != 100) {
        const double step = (k / 2 % 4 < 2 ? 4 : -4) / 32.0;
        if (k % 6 == 0)
            sc.s(kEntityLookMove, Value{{"eid", kBobEid}, {"dx", step}, {"dy", 0.0}, {"dz", 0.0}, {"yaw", double(k % 256)}, {"pitch", 0.0}});
        else if (k % 6 == 2)
            sc.s(kEntityRelativeMove, Value{{"eid", kBobEid}, {"dx", 0.0}, {"dy", 0.0}, {"dz", step}});
        else
            sc.s(kEntityLook, Value{{"eid", kBobEid}, {"yaw", 45.0}, {"pitch", -11.25}});
    }
    if (k == 100) sc.s(kEntityTeleport, Value{{"eid", kBobEid}, {"x", 126.5}, {"y", 70}, {"z", -39.5}, {"yaw", 180.0}, {"pitch", 0.0}});
    if (k % 10 == 3 && k > 6 && k < 160) sc.s(kEntityRelativeMove, Value{{"eid", kSheepEid}, {"dx", 0.09375}, {"dy", 0.0}, {"dz", -0.0625}});
    if (k == 30) sc.s(kEntityVelocity, Value{{"eid", kSheepEid}, {"vx", -0.04196875}, {"vy", 0.0}, {"vz", 0.0}});
    if (k == 26) sc.s(kChat, Value{{"message", "<alice> Hello World!"}});
    if (k == 40) sc.s(kChat, Value{{"message", "<bob> hi alice"}});
    if (k == 63) sc.s(kBlockChange, Value{{"x", 120}, {"y", 69}, {"z", -45}, {"block_type", 0}, {"block_metadata", 0}});
    if (k == 64) {
        Value item = entity_at(kItemEid, 120.5, 69.5, -44.5);
        item.set("item", kDirt);
        item.set("count", 1);
        item.set("rotation", 16 * 360.0 / 256);
        sc.s(kPickupSpawn, item);
    }
    if (k == 70) sc.s(kCollectItem, Value{{"collected_eid", kItemEid}, {"collector_eid", kPlayerEid}});
    if (k == 71) {
        sc.s(kDestroyEntity, Value{{"eid", kItemEid}});
        sc.s(kAddToInventory, Value{{"item_type", kDirt}, {"count", 1}, {"life", 0}});
    }
    if (k == 76) sc.s(kBlockChange, Value{{"x", 120}, {"y", 69}, {"z", -45}, {"block_type", kCobblestone}, {"block_metadata", 0}});
    if (k == 77) sc.s(kAnimation, Value{{"eid", kBobEid}, {"animate", 1}});
    if (k == 81) sc.s(kHoldingChange, Value{{"eid", kBobEid}, {"item_id", kCobblestone}});
    if (k == 85) {
        Value cart = entity_at(kCartEid, 125.5, 70, -40.5);
        cart.set("type", 10);
        sc.s(kAddObject, cart);
    }
    if (k == 86) sc.s(kAttachEntity, Value{{"eid", kBobEid}, {"vehicle_eid", kCartEid}});
    if (k > 86 && k < 96 && k % 2 == 1) sc.s(kEntityRelativeMove, Value{{"eid", kCartEid}, {"dx", 0.25}, {"dy", 0.0}, {"dz", 0.0}});
    if (k == 88) sc.s(kEntityVelocity, Value{{"eid", kCartEid}, {"vx", 0.25}, {"vy", 0.0}, {"vz", 0.0}});
    if (k == 96) sc.s(kAttachEntity, Value{{"eid", kBobEid}, {"vehicle_eid", -1}});
    if (k == 101) {
        // The seed's Multi Block Change example: ((8, 7, 4), 11, 0), ((7, 13, 6), 11, 0),
        // ((13, 1, 8), 11, 0), ((7, 6, 6), 11, 0), as (x, y, z) -> x << 12 | z << 8 | y.
        auto xyz = [](int x, int y, int z) { return Value(x << 12 | z << 8 | y); };
        sc.s(kMultiBlockChange, Value{{"chunk_x", kSpawnX >> 4}, {"chunk_z", kSpawnZ >> 4},
                                      {"coordinates", Value::list({xyz(8, 7, 4), xyz(7, 13, 6), xyz(13, 1, 8), xyz(7, 6, 6)})},
                                      {"types", Value::list({11, 11, 11, 11})},
                                      {"metadata", Value::list({0, 0, 0, 0})}});
    }
    if (k == 105)
        sc.s(kComplexEntities, Value{{"x", 118}, {"y", 70}, {"z", -44},
                                     {"payload", Value::bytes(gzip_compress(chest_nbt(118, 70, -44, kCobblestone, 32)))}});
    if (k == 110) {
        std::vector<Value> records;
        for (int i = 0; i < 6; ++i) records.push_back(Value{{"dx", i % 3 - 1}, {"dy", i / 3 - 1}, {"dz", 1 - i % 2}});
        sc.s(kExplosion, Value{{"x", 125.5}, {"y", 70.0}, {"z", -40.5}, {"radius", 3.0}, {"records", Value::list(records)}});
    }
    if (k == 113) sc.s(kEntityStatus, Value{{"eid", kSheepEid}, {"status", 2}});
    if (k == 114) sc.s(kUpdateHealth, Value{{"health", 18}});
    if (k == 121) {
        // The player crossed into column x 8: columns x 10 load, x 5 unload.
        const int32_t cz0 = kSpawnZ >> 4;
        for (int32_t cz = cz0 - kColumnsAround; cz <= cz0 + kColumnsAround; ++cz) {
            sc.s(kPreChunk, Value{{"x", (kSpawnX >> 4) - kColumnsAround}, {"z", cz}, {"mode", 0}});
            load_column(sc, (kSpawnX >> 4) + kColumnsAround + 1, cz);
        }
    }
    if (k == 160) sc.s(kEntityStatus, Value{{"eid", kPigEid}, {"status", 3}});
    if (k == 161) sc.s(kDestroyEntity, Value{{"eid", kPigEid}});
    if (k == 170) sc.s(kUpdateHealth, Value{{"health", 0}});
    if (k == 200) sc.s(kDestroyEntity, Value{{"eid", kBobEid}});
}

}  // namespace

std::vector<Record> session() {
    Script sc;
    login(sc, kProtocolVersion);
    sc.wait(0.001);
    sc.s(kTimeUpdate, Value{{"time", 6000}});
    sc.s(kSpawnPosition, Value{{"x", kSpawnX}, {"y", kSpawnY}, {"z", kSpawnZ}});
    sc.s(kPlayerInventory, inventory(-1, {slot(270, 1, 3), slot(kDirt, 64, 0), slot(kCobblestone, 32, 0)}, 36));
    sc.s(kPlayerInventory, inventory(-2, {}, 4));
    sc.s(kPlayerInventory, inventory(-3, {}, 4));
    const int32_t cx0 = kSpawnX >> 4, cz0 = kSpawnZ >> 4;
    for (int32_t cx = cx0 - kColumnsAround; cx <= cx0 + kColumnsAround; ++cx)
        for (int32_t cz = cz0 - kColumnsAround; cz <= cz0 + kColumnsAround; ++cz) {
            sc.wait(0.002);
            load_column(sc, cx, cz);
        }
    sc.wait(0.01);
    double x = kSpawnX + 0.5, y = kSpawnY, z = kSpawnZ + 0.5;
    sc.s(kPlayerPositionLook, ppl_server(x, y, z));
    sc.wait(0.02);
    sc.c(kPlayerPositionLook, ppl_client(x, y, z, 0));
    const double t0 = sc.t + kTick;

    bool echo = false;  // the client answers a server position with its own
    for (int k = 0; k <= 220; ++k) {
        sc.at(t0 + k * kTick);
        // The client: one movement message per tick.
        const bool walking = k >= 20 && k < 120;
        double server_x = 0;
        bool correct = false;
        if (echo) {
            sc.c(kPlayerPositionLook, ppl_client(x, y, z, 270));
            echo = false;
        } else if (walking) {
            double claimed = x + 0.2;
            if (k == 50) {  // the client claims a jump: pulled back
                server_x = claimed;
                claimed += kFarCorrection;
                correct = true;
            } else if (k == 90) {  // a small disagreement
                server_x = claimed - kSmallCorrection;
                correct = true;
            }
            if (k % 20 == 0)
                sc.c(kPlayerPositionLook, ppl_client(claimed, y, z, 270));
            else
                sc.c(kPlayerPosition, position(claimed, y, z));
            x = claimed;
        } else if (k % 7 == 0) {
            sc.c(kPlayerLook, Value{{"yaw", double(k)}, {"pitch", -5.0}, {"on_ground", 1}});
        } else {
            sc.c(kPlayer, Value{{"on_ground", 1}});
        }
        if (k % 20 == 10) sc.c(kKeepAlive);
        if (k == 25) sc.c(kChat, Value{{"message", "Hello World!"}});
        if (k >= 60 && k <= 63)
            sc.c(kPlayerDigging, Value{{"status", k == 60 ? 0 : k == 63 ? 3 : 1}, {"x", 120}, {"y", 69}, {"z", -45}, {"face", 1}});
        if (k == 75) {
            sc.c(kBlockPlacement, Value{{"block_id", kCobblestone}, {"x", 120}, {"y", 68}, {"z", -45}, {"direction", 1}});
            sc.c(kAnimation, Value{{"eid", kPlayerEid}, {"animate", 1}});
        }
        if (k == 80) sc.c(kHoldingChange, Value{{"unused", 0}, {"item_id", kCobblestone}});
        if (k == 112) sc.c(kUseEntity, Value{{"user", kPlayerEid}, {"target", kSheepEid}, {"left_click", 1}});
        if (k == 140) sc.c(kPlayerInventory, inventory(-3, {slot(kLog, 1, 0)}, 4));
        if (k == 145)  // the client updates the chest it opened (sent by clients since 2010-12-01)
            sc.c(kComplexEntities, Value{{"x", 118}, {"y", 70}, {"z", -44},
                                         {"payload", Value::bytes(gzip_compress(chest_nbt(118, 70, -44, kCobblestone, 31)))}});
        if (k == 150) {
            Value drop = entity_at(1701, x, y + 1.5, z);
            drop.set("item", kCobblestone);
            drop.set("count", 1);
            sc.c(kPickupSpawn, drop);
        }
        if (k == 175) sc.c(kRespawn);

        // The server, within the tick.
        sc.at(t0 + k * kTick + kServerLag);
        if (correct) {
            x = server_x;
            sc.s(kPlayerPositionLook, ppl_server(x, y, z));
            echo = true;
        }
        if (k == 176) {
            sc.s(kRespawn);
            x = kSpawnX + 0.5;
            z = kSpawnZ + 0.5;
            sc.s(kPlayerPositionLook, ppl_server(x, y, z));
            echo = true;
        }
        if (k == 179) sc.s(kUpdateHealth, Value{{"health", 20}});
        server_tick(sc, k);
        if (k == 220) sc.s(kKick, Value{{"reason", kKickReason}});
    }
    return sc.done();
}

std::vector<Record> anomalies() {
    Script sc;
    sc.c(kHandshake, Value{{"username", "mallory"}});
    sc.wait(0.002);
    sc.c(kPlayer, Value{{"on_ground", 1}});  // before the login: out of place
    sc.wait(0.004);
    sc.s(kHandshake, Value{{"connection_hash", "+"}});
    sc.wait(0.006);
    sc.c(kLogin, Value{{"protocol_version", 5}, {"username", "mallory"}, {"password", "hunter2"}, {"map_seed", 0},
                       {"dimension", 0}});
    sc.wait(0.02);
    sc.s(kLogin, Value{{"eid", kPlayerEid}, {"unknown_1", ""}, {"unknown_2", ""}, {"map_seed", kMapSeed}, {"dimension", 0}});
    sc.wait(0.01);
    sc.s(kPlayerInventory, inventory(-1, {slot(kDirt, 64, 0)}, 35));  // 35 slots: main has 36
    sc.s(kPlayerPositionLook, ppl_server(0.5, 70, 0.5));
    sc.wait(0.02);
    sc.c(kPlayerPositionLook, ppl_client(0.5, 70, 0.5, 0));
    sc.wait(0.05);
    sc.s(kHandshake, Value{{"connection_hash", "-"}});  // during play: out of place

    // Chunks: a column announced twice, one never announced, a region that
    // leaves its chunk, data of the wrong size, data that is not zlib, a
    // region larger than a column, unloads of unknown and unloaded columns.
    sc.s(kPreChunk, Value{{"x", 0}, {"z", 0}, {"mode", 1}});
    sc.s(kMapChunk, column(0, 0));
    sc.s(kPreChunk, Value{{"x", 0}, {"z", 0}, {"mode", 1}});
    sc.s(kMapChunk, column(20, 20));  // never announced
    sc.s(kMapChunk, [] {
        Value v = column(0, 0);
        v.set("x", 8);  // x 8..23 crosses into column 1
        return v;
    }());
    sc.s(kPreChunk, Value{{"x", 1}, {"z", 0}, {"mode", 1}});
    sc.s(kMapChunk, Value{{"x", 16}, {"y", 0}, {"z", 0}, {"size_x", 15}, {"size_y", 127}, {"size_z", 15},
                          {"compressed_data", Value::bytes(zlib_compress(region_data(1, 0, 0, 0, 0, 16, 64, 16)))}});
    sc.s(kPreChunk, Value{{"x", 2}, {"z", 0}, {"mode", 1}});
    sc.s(kMapChunk, Value{{"x", 32}, {"y", 0}, {"z", 0}, {"size_x", 15}, {"size_y", 127}, {"size_z", 15},
                          {"compressed_data", Value::bytes("\x78\x9c not deflate data")}});
    sc.s(kMapChunk, Value{{"x", 48}, {"y", 0}, {"z", 0}, {"size_x", 255}, {"size_y", 127}, {"size_z", 255},
                          {"compressed_data", Value::bytes(zlib_compress(std::vector<uint8_t>(64, 0)))}});
    sc.s(kPreChunk, Value{{"x", 30}, {"z", 30}, {"mode", 0}});
    sc.s(kPreChunk, Value{{"x", 1}, {"z", 0}, {"mode", 0}});
    sc.s(kPreChunk, Value{{"x", 1}, {"z", 0}, {"mode", 0}});

    // Entities: a move for an entity never spawned, a spawn twice, a destroy
    // twice, a mob type the seed does not list.
    sc.wait(0.05);
    sc.s(kEntityRelativeMove, Value{{"eid", 9999}, {"dx", 0.125}, {"dy", 0.0}, {"dz", 0.0}});
    Value mob = entity_at(2000, 4.5, 70, 4.5);
    mob.set("type", 91);
    sc.s(kMobSpawn, mob);
    sc.s(kDestroyEntity, Value{{"eid", 2000}});
    sc.s(kDestroyEntity, Value{{"eid", 2000}});
    mob.set("eid", 2001);
    sc.s(kMobSpawn, mob);
    sc.s(kMobSpawn, mob);
    mob.set("eid", 2002);
    mob.set("type", 50);
    sc.s(kMobSpawn, mob);
    sc.s(kComplexEntities, Value{{"x", 1}, {"y", 70}, {"z", 1}, {"payload", Value::bytes(chest_nbt(1, 70, 1, 4, 1))}});

    // An id the seed does not know, then an impossible count: the server's
    // stream cannot be cut until three clean messages follow each other.
    sc.wait(0.05);
    sc.raw(Side::Server, {0x99, 0x00, 0x00, 0x01});
    for (int i = 0; i < 4; ++i) sc.s(kTimeUpdate, Value{{"time", 7000 + 20 * i}});
    sc.s(kExplosion, Value{{"x", 1.5}, {"y", 70.0}, {"z", 1.5}, {"radius", 3.0}, {"record_count", -1}});
    for (int i = 0; i < 4; ++i) sc.s(kEntityLook, Value{{"eid", 2001}, {"yaw", 90.0}, {"pitch", 0.0}});

    // Movement: a far correction, an illegal stance; a chat message over 100
    // characters; a client silent for 61 s.
    sc.wait(0.05);
    sc.c(kPlayerPosition, position(10.5, 70, 0.5));
    sc.wait(0.01);
    sc.s(kPlayerPositionLook, ppl_server(0.5, 70, 0.5));
    sc.wait(0.04);
    sc.c(kPlayerPositionLook, ppl_client(0.5, 70, 0.5, 0));
    sc.c(kChat, Value{{"message", std::string(120, 'a')}});
    sc.wait(61);
    sc.c(kPlayerPosition, Value{{"x", 0.5}, {"y", 70.0}, {"stance", 72.0}, {"z", 0.5}, {"on_ground", 1}});
    sc.wait(0.01);
    sc.s(kKick, Value{{"reason", "Illegal stance"}});
    sc.s(kChat, Value{{"message", "<server> after the kick"}});
    sc.wait(0.01);
    sc.c(kKick, Value{{"reason", "Quitting"}});
    return sc.done();
}

}  // namespace mcalpha::sim
