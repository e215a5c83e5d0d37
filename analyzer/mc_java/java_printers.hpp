// `blankshark decode` for Minecraft Java packets: a summary line, the field
// tree (framing fields, then the packet's, then the chunk contents of a
// Chunk Data), or one JSON object per packet with nested objects for
// groups and lists for arrays, keyed by the plugin's filter names.
#pragma once

#include "capture_stream.hpp"
#include "mc_java/java_flows.hpp"
#include "output.hpp"

namespace blankshark {

void print_java_summary(Output& out, const JavaPacket& p);
void print_java_tree(Output& out, const JavaPacket& p);
void print_java_json(Output& out, const JavaPacket& p);

// The packet's name: "Chunk Data", "Unknown 0x7f", "Encrypted data", ...
std::string java_packet_name(const mcjava::Packet& p);

}  // namespace blankshark
