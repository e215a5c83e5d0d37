// A UDP protocol's claim on datagrams (blank's flows, RakNet's): CaptureStream
// offers each datagram to the claimants in turn, and each takes those that
// are its own (its port, its conversations, its heuristic).
#pragma once

#include <cstdint>

#include "capture_reader.hpp"
#include "link_layer.hpp"

namespace blankshark {

class UdpClaimant {
public:
    virtual ~UdpClaimant() = default;
    // Whether the datagram was taken.
    virtual bool offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) = 0;
};

}  // namespace blankshark
