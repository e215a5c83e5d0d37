// `blankshark decode` for Minecraft Alpha messages: a summary line, the
// field tree (the message's fields, then the generated fields of the
// analyses: state, length, Map Chunk contents, corrections, ...), or one
// JSON object per message keyed by the plugin's filter names.
#pragma once

#include <string>

#include "mc_alpha/alpha_flows.hpp"
#include "capture_stream.hpp"
#include "output.hpp"

namespace blankshark {

void print_alpha_summary(Output& out, const AlphaMessage& m);
void print_alpha_tree(Output& out, const AlphaMessage& m);
void print_alpha_json(Output& out, const AlphaMessage& m);
// A connection event (how it ended, bytes never decoded): one line / object.
void print_alpha_event(Output& out, const AlphaMessage& m, bool json);

// The message's name: "Map Chunk", "Unframed 0x99", "Incomplete message"
// (in `buf` when it is made up; no allocation per message).
struct AlphaName {
    char text[32];
};
const char* alpha_message_name(const mcalpha::Message& m, AlphaName& buf);

}  // namespace blankshark
