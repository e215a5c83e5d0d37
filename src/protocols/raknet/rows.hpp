// The rows of RakNet's messages, by area; versions.cpp assembles them into
// each generation's tables. Layouts follow RakNet's source (RakPeer.cpp,
// ReliabilityLayer.cpp, BitStream.h) and seed 002; where the seed
// contradicts itself, real RakNet wins and the file says why.
#pragma once

#include <vector>

#include "core/describe.hpp"
#include "versions.hpp"

namespace raknet {

// A system address: version byte, then IPv4 (inverted bytes) and port, or
// RakNet's sockaddr_in6 (shared by offline and system messages).
const core::TypeDef* address_type();

// Offline messages and the connected packets (datagram, ACK, NAK): the
// UDP payload table.
std::vector<core::describe::M> offline_messages(Generation g);
std::vector<core::describe::M> connected_packets();
// System messages inside frames.
std::vector<core::describe::M> system_messages(Generation g);
// The header: the first byte, and for connected packets its bits.
core::Layout header_rows();

}  // namespace raknet
