// What every protocol's printed packet starts with: decode's line prefix
// (frame, time, conversation, direction), a -V tree's sender and receiver,
// and the header line decode prints before a conversation's first packet.
#pragma once

#include <cstdint>

#include "capture_stream.hpp"
#include "item_visitors.hpp"
#include "output.hpp"

namespace blankshark {

// "   1234   12.345678   1 C>S  ": frame, seconds since the capture's first
// frame, conversation id (0: none), `arrow` ("C>S", "S>C", "?>?", ...).
void print_line_prefix(Output& out, uint64_t frame, double time, const Conversation* c, const char* arrow);
// The rest of decode's summary line after the prefix: the unit's `name`,
// the summary fields `v` collected, `markers` (" [gap]", ...), its worst
// finding, the newline.
void end_summary_line(Output& out, std::string_view name, const SummaryVisitor& v, std::string_view markers = {});
// "10.0.0.2:40000 -> 10.0.0.1:25565, ": a -V tree's sender and receiver
// (nothing without a conversation).
void print_endpoints(Output& out, const Conversation* c, bool from_client);
// The same from a unit's own sender and receiver.
void print_endpoints(Output& out, const capture::Endpoint& from, const capture::Endpoint& to);
// The end of a -V tree's first line for a unit of a stream protocol:
// ", frames 12-14" when it spans several frames (`first` its first byte's),
// then the newline.
void end_tree_head(Output& out, uint64_t first, uint64_t last);
// "# conversation 2: client A <-> server B (Minecraft Java)": the line decode
// prints before a conversation's first packet shown.
void print_conversation_header(Output& out, const Conversation& c, const char* protocol);

}  // namespace blankshark
