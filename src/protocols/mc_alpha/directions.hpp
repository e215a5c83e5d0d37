// Minecraft Alpha SMP (seed 001, wiki.vg of 17 December 2010): the two
// directions of a connection, the message table each selects, the
// connection's states, and the protocol's constants.
//
// One table per direction, no table per state: the seed's layouts depend on
// the direction only (Login and Handshake differ by direction, not by
// state), and since a message's length is known only by parsing it, a
// state-dependent table would turn a message sent in an unexpected state
// into an unknown id and lose the rest of the stream. The connection tracks
// login → play itself and reports messages out of place as findings.
#pragma once

#include <cstdint>

#include "core/side.hpp"

namespace mcalpha {

using core::Side;  // Client: a message the client sends
enum class State : uint8_t { Login, Play };

constexpr uint32_t kTableCount = 2;
constexpr uint32_t table_index(Side d) { return uint32_t(d); }

inline const char* direction_name(Side d) { return d == Side::Client ? "client to server" : "server to client"; }
inline const char* state_name(State s) { return s == State::Login ? "login" : "play"; }

constexpr uint16_t kDefaultPort = 25565;
// "The latest version of the protocol is 6" (seed, Login Request).
constexpr int32_t kProtocolVersion = 6;

// The largest message the framing holds (a message longer is an impossible
// length and stops the direction): Map Chunk's data for a whole chunk is
// 16 x 128 x 16 x 2.5 = 81920 bytes before deflate; 1 MiB leaves room for
// any region a real server sends and for the 65535-byte strings.
constexpr uint32_t kMaxMessage = 1 << 20;

// Message ids (seed 001; both directions unless noted).
enum Id : uint8_t {
    kKeepAlive = 0x00,
    kLogin = 0x01,            // Login Request (C>S) / Login Response (S>C)
    kHandshake = 0x02,
    kChat = 0x03,
    kTimeUpdate = 0x04,       // S>C
    kPlayerInventory = 0x05,
    kSpawnPosition = 0x06,    // S>C
    kUseEntity = 0x07,        // C>S
    kUpdateHealth = 0x08,     // S>C
    kRespawn = 0x09,
    kPlayer = 0x0A,           // C>S
    kPlayerPosition = 0x0B,   // C>S
    kPlayerLook = 0x0C,       // C>S
    kPlayerPositionLook = 0x0D,
    kPlayerDigging = 0x0E,    // C>S
    kBlockPlacement = 0x0F,   // C>S
    kHoldingChange = 0x10,
    kAddToInventory = 0x11,   // S>C
    kAnimation = 0x12,
    kNamedEntitySpawn = 0x14, // S>C
    kPickupSpawn = 0x15,
    kCollectItem = 0x16,      // S>C
    kAddObject = 0x17,        // S>C
    kMobSpawn = 0x18,         // S>C
    kEntityVelocity = 0x1C,   // S>C
    kDestroyEntity = 0x1D,    // S>C
    kEntity = 0x1E,           // S>C
    kEntityRelativeMove = 0x1F,
    kEntityLook = 0x20,
    kEntityLookMove = 0x21,
    kEntityTeleport = 0x22,
    kEntityStatus = 0x26,
    kAttachEntity = 0x27,
    kPreChunk = 0x32,
    kMapChunk = 0x33,
    kMultiBlockChange = 0x34,
    kBlockChange = 0x35,
    kComplexEntities = 0x3B,  // S>C, and C>S since 2010-12-01 (seed, Protocol History)
    kExplosion = 0x3C,
    kKick = 0xFF,             // Kick (S>C) / Disconnect (C>S)
};

}  // namespace mcalpha
