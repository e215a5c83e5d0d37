// `blankshark decode` for RakNet packets and the MCPE game packets they
// carry: a summary line (the packet, its datagram verdict, its messages),
// the field tree with the analysis' generated fields (-V), or a JSON object
// per UDP packet (--json), with the plugin's field names. One pass: what
// later frames tell about a packet (ACKed in, resent in) is check's.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "output.hpp"
#include "raknet/raknet_flows.hpp"

namespace blankshark {

struct RaknetPrint {
    const RaknetConnection* conn;
    const raknet::PacketResult* p;
    const std::vector<mcpe::GamePacket>* games;  // those p completed
    double time;
};

void print_raknet_conversation_header(Output& out, const RaknetConnection& c);
void print_raknet_summary(Output& out, const RaknetPrint& r);
void print_raknet_tree(Output& out, const RaknetPrint& r);
void print_raknet_json(Output& out, const RaknetPrint& r);

// The name decode -t compares for the packet's messages: game packets and
// system messages (and the packet's own: "datagram", "ack", ...).
bool raknet_packet_has_name(const RaknetPrint& r, const std::set<std::string>& keys);
// A name -t accepts for RakNet / MCPE: a message type's name as
// packet_name_key() gives it, or its key ("chunk_data", "connected_pong").
bool raknet_packet_known(const std::string& key);

}  // namespace blankshark
