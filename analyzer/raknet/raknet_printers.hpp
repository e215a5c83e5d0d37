// `blankshark decode` for RakNet packets and the MCPE game packets or
// Bedrock batches they carry: a summary line (the packet, its datagram verdict, its messages),
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
    const std::vector<mcpe::GamePacket>* games;    // those p completed
    const std::vector<bedrock::Batch>* batches;    // the Bedrock batches p handed on
    double time;
};

void print_raknet_summary(Output& out, const RaknetPrint& r);
void print_raknet_tree(Output& out, const RaknetPrint& r);
void print_raknet_json(Output& out, const RaknetPrint& r);

// Whether decode -t shows the packet: one of its messages (game packets,
// system messages, the packet's own: "datagram", "ack", ...) has one of the
// names (as packet_name_key() gives them), keys or ids.
bool raknet_packet_matches(const RaknetPrint& r, const std::set<std::string>& keys, const std::set<uint32_t>& ids);

}  // namespace blankshark
