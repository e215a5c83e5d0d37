// Minecraft Pocket Edition 0.x game packets, by protocol version, as data.
//
// A game packet is the body of a RakNet user message: an id byte and its
// fields, big-endian (seed 002 "Data Packets"). The ids moved between
// releases (0.8 put ChunkData at 0x9F, 0.9 replaced it by FullChunkData at
// 0xBA: design.md), so each protocol version is a core::Version with its
// own table; seed 002's table is protocol 11 (Minecraft PE 0.7.3, "generated
// based on v0.7.3, protocol #11") and, as the seed says those packets work
// with "the current version", protocol 20 (0.10.4). Another release is added as data: its
// id list in a packets_*.cpp and a row in versions.cpp.
//
// A connection's version is the one its Login packet (0x82, in every 0.x
// release) names; before a Login is seen (a capture that starts later) the
// seed's version is used. Every version also knows 0xFE, the game packet
// wrapper of later releases (what today's Bedrock sends), as a message of
// its own: shown with its bytes, not as an unknown id.
#pragma once

#include <cstdint>
#include <vector>

#include "core/message.hpp"

namespace mcpe {

struct VersionInfo {
    int32_t protocol;  // 11
    const char* name;  // "0.7.3"
    core::Version version;
};

// Oldest first.
const std::vector<const VersionInfo*>& versions();
const VersionInfo* find_version(int32_t protocol);
const VersionInfo& nearest_version(int32_t protocol);
const VersionInfo& default_version();  // seed 002's

constexpr uint8_t kLogin = 0x82;
constexpr uint8_t kLoginStatus = 0x83;
constexpr uint8_t kRequestChunk = 0x9D;
constexpr uint8_t kWrapper = 0xFE;

// The message table of seed 002 (packets_seed002.cpp).
core::MessageTable seed002_table();

}  // namespace mcpe
