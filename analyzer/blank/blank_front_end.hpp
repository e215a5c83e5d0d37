// blank's front end (front_end.hpp): its UDP conversations (blank_flows.hpp)
// analysed by the core's blank::ConversationAnalysis, its packets as units,
// its options, stats table, chunk transmissions and report charts.
#pragma once

#include "front_end.hpp"

namespace blankshark {

const FrontEnd& blank_front_end();

}  // namespace blankshark
