// Who sent a packet: client or server. Conversations are told apart by the
// packet types only one side sends (design.md: direction is decided from the
// server endpoint, the destination of Login).
#pragma once

#include <cstdint>

namespace blank {

enum class Role : uint8_t { Unknown, Client, Server };

// The role of the sender as implied by the packet type, if any. Ping, Part,
// Message and ChunkBegin (a client re-request) are sent by both sides.
inline Role sender_role(uint8_t type) {
    switch (type) {
    case 1: case 4: return Role::Client;                            // Login, PlayerUpdate
    case 2: case 5: case 6: case 7: case 8: case 10: case 11: return Role::Server;
    default: return Role::Unknown;
    }
}

inline const char* role_name(Role r) {
    return r == Role::Client ? "client" : r == Role::Server ? "server" : "unknown";
}

}  // namespace blank
