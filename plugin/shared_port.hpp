// A port several protocols of the catalog share (the same transport and
// default port: Minecraft Java and Alpha on TCP 25565). One dissector
// holds the port and hands every packet of a conversation to one of them,
// chosen once, as the analyzer's TCP dispatcher chooses:
//  - a connection whose SYN TCP saw: by the client's first payload (the
//    side away from the port the dissector was found by: the preference's,
//    or one given by Decode As): the first protocol, in catalog order,
//    whose looks_like accepts it, else the first that claims it
//    (ProtocolRegistration::claims_on_shared_port: Alpha's Handshake id cut
//    or damaged), else the first of them (Minecraft Java, which reports
//    what it cannot read). A server speaking first goes to the first too.
//  - a connection picked up mid-way (no SYN): the protocol whose test of
//    the client's first payload holds anywhere (a whole Handshake), else
//    both directions are held (at most 64 KB each, shown as held on the
//    first pass) until one protocol's messages read them back to back
//    (core::midstream_choice), then handed to it with what was held
//    (ProtocolRegistration::adopt: it replays them into a stream of its
//    own, stream/own_stream.hpp, and shows them from the second pass).
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
