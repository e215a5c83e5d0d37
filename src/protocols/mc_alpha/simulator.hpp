// Crafted Minecraft Alpha traffic: there is no living implementation of
// seed 001's protocol, so the captures in captures/mc_alpha/ are made from
// scripted sessions whose messages the core's encoder writes from the
// seed's tables (encoder.hpp), as (time, direction, bytes) records; the
// capture writer (tests/tools/mcalpha_make_captures.cpp) puts them into a
// TCP connection.
//
//  session()    a healthy session: handshake and login, inventories, 5 x 5
//               chunk columns around the seed's example spawn (117, 70, -46)
//               with real zlib Map Chunks, walking with two corrections
//               (a small and a far one), other players, mobs, objects,
//               items picked up, digging and building, chat, a chest (gzip
//               NBT), an explosion, columns loaded and unloaded as the
//               player walks, death and respawn, keep-alives both ways,
//               then a Kick ("The server is full!", the seed's example).
//  anomalies()  one of each thing the analysis reports (the README of
//               captures/mc_alpha lists them), then a Disconnect.
#pragma once

#include <cstdint>
#include <vector>

#include "directions.hpp"

namespace mcalpha::sim {

struct Record {
    double time;            // seconds since the epoch
    Side dir;
    std::vector<uint8_t> bytes;  // one whole message
};

// What the session holds, for tests to check against.
constexpr double kStart = 1292544000.0;  // 2010-12-17 00:00:00 UTC, the seed's revision date
constexpr int32_t kPlayerEid = 1298;     // the seed's Login Response example
constexpr int32_t kBobEid = 1500, kSheepEid = 1600, kPigEid = 1601, kItemEid = 1700, kCartEid = 1800;
constexpr int32_t kSpawnX = 117, kSpawnY = 70, kSpawnZ = -46;
constexpr int kColumnsAround = 2;        // columns cx-2..cx+2, cz-2..cz+2 around the spawn's
constexpr double kSmallCorrection = 0.3; // blocks
constexpr double kFarCorrection = 2.5;   // blocks
constexpr const char* kKickReason = "The server is full!";

std::vector<Record> session();
std::vector<Record> anomalies();

}  // namespace mcalpha::sim
