// The connection states of Minecraft Java Edition and the message table
// each (state, direction) selects. Handshaking → Status (next state 1) or
// Login (2) → Play after Login Success; from 1.20.2 Login → Configuration
// → Play, and Play may go back to Configuration.
#pragma once

#include <cstdint>

#include "core/side.hpp"

namespace mcjava {

// Numbered as before 1.20.2 added configuration (mcjava.state == 3 is play).
enum class State : uint8_t { Handshaking, Status, Login, Play, Configuration };
using core::Side;  // Client: serverbound, Server: clientbound

constexpr uint32_t kStateCount = 5;
// The states in the order a connection goes through them.
constexpr State kStatesInOrder[kStateCount] = {State::Handshaking, State::Status, State::Login,
                                               State::Configuration, State::Play};
constexpr uint32_t kTableCount = kStateCount * 2;

// The index of the (state, direction) table in every version's table list.
constexpr uint32_t table_index(State s, Side d) { return uint32_t(s) * 2 + uint32_t(d); }

inline const char* state_name(State s) {
    switch (s) {
    case State::Handshaking: return "handshaking";  // the protocol's name for the state
    case State::Status: return "status";
    case State::Login: return "login";
    case State::Configuration: return "configuration";
    case State::Play: return "play";
    }
    return "?";
}
inline const char* direction_name(Side d) { return d == Side::Client ? "serverbound" : "clientbound"; }

// Handshake next_state values.
constexpr int64_t kNextStatus = 1;
constexpr int64_t kNextLogin = 2;
constexpr int64_t kNextTransfer = 3;  // 1.20.5: a login after a transfer

// The largest packet (Length VarInt value) and uncompressed packet the
// vanilla implementation accepts.
constexpr uint32_t kMaxPacketLength = 2097151;   // 3-byte VarInt
constexpr uint32_t kMaxDataLength = 8388608;     // 2^23

constexpr uint16_t kDefaultPort = 25565;

}  // namespace mcjava
