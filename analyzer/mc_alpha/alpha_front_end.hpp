// Minecraft Alpha in the analyzer's commands (front_end.hpp): its
// connections through the TCP dispatcher (alpha_flows.hpp), each message a
// unit and each connection event (how it ended, bytes never decoded) an
// event, each connection's summary for check, its stats table.
#pragma once

#include "front_end.hpp"

namespace blankshark {

const FrontEnd& alpha_front_end();

}  // namespace blankshark
