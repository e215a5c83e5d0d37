// Decoder visitors that print one packet: summary line, field tree, JSON.
#pragma once

#include "blank/blank_flows.hpp"
#include "protocols/blank/analysis.hpp"
#include "protocols/blank/decoder.hpp"
#include "output.hpp"

namespace blankshark {

// Frame, time, conversation and direction, as every line starts.
void print_line_prefix(Output& out, const BlankPacket& p);
// "10.0.0.2:40000 -> 10.0.0.1:25565, ": a -V tree's sender and receiver
// (nothing without a conversation).
void print_endpoints(Output& out, const Conversation* c, bool from_client);
// "# conversation 2: client A <-> server B (Minecraft Java)": the line decode
// prints before a conversation's first packet shown (`protocol` null: blank's).
void print_conversation_header(Output& out, const Conversation& c, const char* protocol = nullptr);

// Each printer shows the packet's fields and then, when `fa` is given, the
// analysis results of the frame (generated fields and findings).

// Summary line: "ChunkBegin seq=2 ack=1 transmission=1 coords=(0, 0, 0) size=45".
void print_summary(Output& out, const blank::Schema& s, const BlankPacket& p, const blank::FrameAnalysis* fa);
// Indented field tree with findings, like tshark -V.
void print_tree(Output& out, const blank::Schema& s, const BlankPacket& p, const blank::FrameAnalysis* fa);
// One JSON object, one line: every field under its filter name.
void print_json(Output& out, const blank::Schema& s, const BlankPacket& p, const blank::FrameAnalysis* fa);

}  // namespace blankshark
