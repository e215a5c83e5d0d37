// Minecraft Java Edition in the analyzer's commands (front_end.hpp): its
// connections through the TCP dispatcher (java_flows.hpp), each packet a
// unit, each connection's summary for check, its stats table.
#pragma once

#include "front_end.hpp"

namespace blankshark {

const FrontEnd& java_front_end();

}  // namespace blankshark
