// A protocol's heuristic dissector, the same for every protocol: when the
// protocol's test (ProtocolInfo::looks_like) accepts a payload (a
// datagram, a TCP segment, whatever the port), the conversation is pinned
// to the protocol's dissector, so its later packets go there without a
// test, and this packet is dissected by it.
#pragma once

#include <cstddef>

#include <epan/packet.h>

namespace plugin {

// Adds the heuristic of the catalog's protocol `index`
// (catalog::protocols()[index], which has a looks_like) to its transport's
// list ("udp", "tcp") as "<filter name>_<transport>" ("blank_udp",
// "mcjava_tcp"), enabled, handing what it accepts to `handle`.
void add_heuristic(size_t index, int proto, dissector_handle_t handle);

}  // namespace plugin
