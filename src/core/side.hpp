// Which end of a connection sent something: the client (a Minecraft
// "serverbound" packet, TCP's client-to-server direction) or the server.
// One type for every protocol and both front ends; 0 and 1, so it indexes
// per-direction arrays.
#pragma once

#include <cstdint>

namespace core {

enum class Side : uint8_t { Client = 0, Server = 1 };

constexpr Side other(Side s) { return s == Side::Client ? Side::Server : Side::Client; }
// As decode lines and Wireshark's Info column show a direction.
constexpr const char* arrow(Side s) { return s == Side::Client ? "C>S" : "S>C"; }

}  // namespace core
