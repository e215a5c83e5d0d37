// Minecraft Java's charts in `blankshark report`, per connection, from its
// analysis (protocols/mc_java/analysis.hpp): Keep Alive and status ping
// answer times, teleports and their distance, chunk columns loaded.
#pragma once

#include "output.hpp"
#include "protocols/mc_java/analysis.hpp"

namespace blankshark {

// Between the connection's first and last packet (seconds since the
// capture's first frame).
void java_charts(Output& out, const mcjava::Analysis& a, double first_time, double last_time);

}  // namespace blankshark
