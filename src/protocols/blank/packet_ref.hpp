// Where a blank packet is, for findings and links: its frame, time and the
// header's seq.
#pragma once

#include <cstdint>

namespace blank {

struct PacketRef {
    uint64_t frame;
    double time;  // s
    uint16_t seq;
};

}  // namespace blank
