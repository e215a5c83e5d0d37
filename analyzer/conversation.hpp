// A conversation: one client and one server speaking one of the protocols
// (a TCP connection, a RakNet or blank endpoint pair), numbered across all
// protocols in order of first packet (CaptureStream hands them out).
#pragma once

#include <cstdint>

#include "link_layer.hpp"

namespace blankshark {

using capture::Endpoint;

class FrontEnd;

struct Conversation {
    uint32_t id = 0;  // 1-based, in order of first packet
    Endpoint server, client;
    uint64_t first_frame = 0;
    uint64_t packets = 0;
    const FrontEnd* protocol = nullptr;  // the protocol it speaks (front_end.hpp)
};

}  // namespace blankshark
