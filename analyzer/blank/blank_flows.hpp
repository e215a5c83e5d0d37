// blank's claim on UDP datagrams, offered first: a datagram is blank's when
// it uses the blank port or starts with the tag (as the plugin's port +
// heuristic), and so is every later datagram of such a conversation (the
// plugin pins the conversation the same way), so a corrupt tag shows as
// malformed. Each is handed to a callback with its conversation and the
// sender's role.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>

#include "capture_stream.hpp"
#include "endpoint_pair.hpp"
#include "protocols/blank/roles.hpp"
#include "udp_claimant.hpp"

namespace blankshark {

struct BlankPacket {
    const capture::Frame* frame;
    const capture::UdpDatagram* udp;
    double time;               // seconds since the capture's first frame
    Conversation* conv;        // null: beyond the conversation limit
    blank::Role sender;        // role of udp->src
    const uint8_t* data;
    uint32_t len;
};

class BlankFlows final : public UdpClaimant {
public:
    using Callback = std::function<void(const BlankPacket&)>;
    // A pair's conversation is the stream's (none past its max_conversations:
    // its packets still come, without one).
    BlankFlows(CaptureStream& stream, uint16_t port, Callback on_packet);

    bool offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) override;
    // blank datagrams taken so far.
    uint64_t packets() const { return packets_; }

private:
    CaptureStream& stream_;
    uint16_t port_;
    Callback on_packet_;
    std::unordered_map<capture::EndpointPair, Conversation*, capture::EndpointPairHash> convs_;
    uint64_t packets_ = 0;
};

// A pass over a capture that reads blank only (decode's first pass, tests).
StreamResult run_blank(CaptureStream& stream, const CaptureFiles& files, const BlankFlows::Callback& on_packet);

}  // namespace blankshark
