// The name both front ends show for a Minecraft Java packet (Info column,
// decode lines, stats rows): its type's ("Chunk Data"), or what it is when it
// has none ("Encrypted data", "Legacy ping answer", "Unknown 0x7f").
#pragma once

#include <cstddef>

#include "connection.hpp"

namespace mcjava {

// `buf` (at least 32 bytes) holds the text when it is not a constant.
const char* packet_name(const Packet& p, char* buf, size_t cap);

}  // namespace mcjava
