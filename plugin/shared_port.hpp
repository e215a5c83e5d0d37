// A port several protocols of the catalog share (the same transport and
// default port: Minecraft Java and Alpha on TCP 25565). One dissector
// holds the port and hands every packet of a conversation to one of them,
// chosen once, from the first payload the client sends (the side away from
// the port the dissector was found by: the preference's, or one given by
// Decode As): the first protocol, in catalog order, whose looks_like
// accepts those bytes, else the first that claims them on a shared port
// (ProtocolRegistration::claims_on_shared_port: Alpha's Handshake id cut
// or damaged), else the first of them (Minecraft Java, which reports what
// it cannot read). A server speaking first goes to the first too.
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
