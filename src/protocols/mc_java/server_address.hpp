// The Handshake's server address: the host the client connected to (wiki.vg
// "Handshake": a String of at most 255 characters), and, after a NUL, what
// a proxy or a mod loader added to it:
//
//   host\0client address\0player UUID[\0profile properties]
//       BungeeCord's IP forwarding and Velocity's legacy forwarding: the
//       address the player connected to the proxy from, its UUID as 32 hex
//       digits, and (Velocity always, BungeeCord with an online-mode
//       profile) its profile properties as a JSON array (the skin);
//   host\0FML\0, host\0FML2\0, host\0FML3\0
//       a Forge client (1.7-1.12, 1.13-1.17, 1.18 on).
//
// Shown as such rather than as one strange host; the whole text stays the
// server_address filter field.
#pragma once

#include <vector>

#include "core/describe.hpp"

namespace mcjava {

core::describe::F server_address();
// A generated release's Handshake: its plain server address becomes the above.
void describe_server_address(std::vector<core::describe::F>& rows);

}  // namespace mcjava
