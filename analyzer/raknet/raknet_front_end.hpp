// RakNet, and Minecraft Pocket Edition inside it, in the analyzer's
// commands (front_end.hpp): its conversations offered every UDP datagram
// not blank's (raknet_flows.hpp), each UDP packet a unit with the game
// packets it completed, its stats table and report chart.
#pragma once

#include "front_end.hpp"

namespace blankshark {

const FrontEnd& raknet_front_end();

}  // namespace blankshark
