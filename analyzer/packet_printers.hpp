// Decoder visitors that print one packet: summary line, field tree, JSON.
#pragma once

#include "blank_stream.hpp"
#include "decoder.hpp"
#include "output.hpp"

namespace blankshark {

// Frame, time, conversation and direction, as every line starts.
void print_line_prefix(Output& out, const BlankPacket& p);
void print_conversation_header(Output& out, const Conversation& c);

// Summary line: "ChunkBegin seq=2 ack=1 transmission=1 coords=(0, 0, 0) size=45".
void print_summary(Output& out, const blank::Schema& s, const BlankPacket& p);
// Indented field tree with findings, like tshark -V.
void print_tree(Output& out, const blank::Schema& s, const BlankPacket& p);
// One JSON object, one line: every field under its filter name.
void print_json(Output& out, const blank::Schema& s, const BlankPacket& p);

}  // namespace blankshark
