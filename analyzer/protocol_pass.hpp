// One protocol's part of one pass over a capture: its flows, on the
// transport they claim (TCP through the dispatcher, UDP datagrams offered),
// handing every unit to the pass' listener. Made by the protocol's front
// end (front_end.hpp) for each file.
#pragma once

#include <cstdint>
#include <memory>

#include "protocols/mc_java/analysis.hpp"
#include "tcp/tcp_sink.hpp"
#include "udp_claimant.hpp"
#include "unit.hpp"

namespace blankshark {

class CaptureStream;
struct StreamOptions;

struct PassSetup {
    PassSetup(CaptureStream& s, const StreamOptions& o, UnitListener& l) : stream(s), options(o), listener(l) {}
    CaptureStream& stream;  // the conversations, numbered across protocols
    const StreamOptions& options;
    UnitListener& listener;
    bool summaries = true;  // keep each conversation's summary for check (decode needs none)
    mcjava::AnalysisConfig java;  // Minecraft Java connections' analysis settings
};

class ProtocolPass {
public:
    virtual ~ProtocolPass() = default;
    // Its claim on TCP connections (the dispatcher's claimant), or on UDP
    // datagrams, or null.
    virtual tcp::Sink* tcp() { return nullptr; }
    virtual UdpClaimant* udp() { return nullptr; }
    // After the capture's last frame and the transport's end: what is known
    // only at the end, as units.
    virtual void finish(uint64_t frames, double end_time) = 0;
    // What the file's reports must keep after the pass (text that findings
    // point into), or null.
    virtual std::shared_ptr<void> keep() { return nullptr; }
};

}  // namespace blankshark
