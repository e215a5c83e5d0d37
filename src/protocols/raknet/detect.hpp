// Whether a UDP payload on an unknown port opens a RakNet conversation: an
// offline message (first byte below 0x80) carrying the offline magic that
// one of the versions' tables decodes without a finding. What both front
// ends' heuristics ask; datagrams, ACKs and NAKs are too generic to tell.
#pragma once

#include <cstdint>

namespace raknet {

bool looks_like_offline_message(const uint8_t* p, uint32_t len);

}  // namespace raknet
