// A UDP protocol's claim on datagrams (RakNet's flows): CaptureStream offers
// it every datagram that is not blank's, and it takes those that are its own
// (its port, its conversations, its heuristic).
#pragma once

#include <cstdint>

#include "link_layer.hpp"

namespace blankshark {

class UdpClaimant {
public:
    virtual ~UdpClaimant() = default;
    // Whether the datagram was taken.
    virtual bool offer(const capture::UdpDatagram& d, uint64_t frame, double time) = 0;
};

}  // namespace blankshark
