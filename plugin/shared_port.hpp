// A port several protocols of the catalog share (the same transport and
// default port: Minecraft Java and Alpha on TCP 25565). One dissector
// holds the port and hands every packet of a conversation to one of them,
// chosen once, from the conversation's first payload:
//  - the client's (the side away from the port the dissector was found
//    by: the preference's, or one given by Decode As) that starts as one
//    of them anywhere (Java's whole Handshake or legacy ping, Alpha's
//    whole Handshake); the start of such a Handshake waits for the
//    client's next segment (desegmented, up to 4 KB: what a member then
//    decodes from those bytes is shown in the frame that ended the wait,
//    Wireshark's way with a reassembly);
//  - else (a connection picked up mid-way, a server speaking first) the
//    one whose messages read the most of those bytes back to back
//    (core::midstream_choice, the analyzer's rule);
//  - else the first whose port-only test holds, the first that claims them
//    (ProtocolRegistration::claims_on_shared_port: Alpha's Handshake id cut
//    or damaged), else the first of them (Minecraft Java, which reports
//    what it cannot read).
//
// Its protocol and preference are named by the protocols' port
// preference: "minecraft.tcp.port" is protocol "minecraft"'s.
#pragma once

#include <vector>

#include "protocol_registration.hpp"

namespace plugin {

// The protocol has a dissector and a port of its own (not carried in
// another, a default port) that no other of `parts` (in catalog order,
// nullptr where a protocol has no dissector) has.
bool has_port_alone(const ProtocolRegistration& r, const std::vector<const ProtocolRegistration*>& parts);

// Register phase, after the protocols' own registration: one dissector per
// shared port of `parts`.
void register_shared_ports(const std::vector<const ProtocolRegistration*>& parts);
// Handoff: each takes its port, with its preference.
void handoff_shared_ports();

}  // namespace plugin
