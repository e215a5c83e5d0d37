// Who sent a packet: client or server. Conversations are told apart by the
// packet types only one side sends (design.md: direction is decided from the
// server endpoint, the destination of Login).
#pragma once

#include <cstdint>

#include "protocol.hpp"

namespace blank {

enum class Role : uint8_t { Unknown, Client, Server };

// The role of the sender as implied by the packet type, if any. Ping, Part,
// Message and ChunkBegin (a client re-request) are sent by both sides.
inline Role sender_role(uint8_t t) {
    switch (t) {
    case type::Login: case type::PlayerUpdate: return Role::Client;
    case type::Join: case type::SpawnEntity: case type::DespawnEntity: case type::EntityUpdate:
    case type::PlayerCorrection: case type::ChunkData: case type::BlockUpdate: return Role::Server;
    default: return Role::Unknown;
    }
}

// Decides, at the first packet of a conversation, whether its sender is the
// server: by what the packet type implies (`type`: the header's, -1 without
// a whole header); failing that the side on the blank port; failing that
// the lower port (clients use ephemeral ports).
inline bool first_sender_is_server(int type, uint16_t src_port, uint16_t dst_port, uint16_t blank_port) {
    if (type >= 0) {
        const Role r = sender_role(uint8_t(type));
        if (r != Role::Unknown) return r == Role::Server;
    }
    if (src_port == blank_port) return true;
    if (dst_port == blank_port) return false;
    return src_port < dst_port;
}

inline const char* role_name(Role r) {
    return r == Role::Client ? "client" : r == Role::Server ? "server" : "unknown";
}

}  // namespace blank
