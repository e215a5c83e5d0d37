// What a pass over a capture looks for, in words: each protocol's port, then
// what it recognises on any port ("UDP port 12354 (blank), TCP port 25565
// (Minecraft Java), ...; on any port: blank's tag, a Minecraft Java
// Handshake, ..."). Said when a capture holds nothing of any protocol.
#pragma once

#include <string>

#include "capture_stream.hpp"

namespace blankshark {

std::string recognition_text(const StreamOptions& opt);

}  // namespace blankshark
