// What a TCP protocol's flows keep of each connection's TCP side for the
// reports, whatever the protocol: its conversation, how it ended, each
// direction's FIN / RST and counters. A protocol's connection record
// derives from it and adds its session (tcp/session_flows.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "tcp/tcp_sink.hpp"
#include "tcp/tcp_stats.hpp"

namespace blankshark {

struct Conversation;

namespace tcp {

struct FlowRecord {
    Conversation* conv = nullptr;
    const Connection* tcp = nullptr;  // null once released
    bool midstream = false;
    CloseReason close = CloseReason::EndOfCapture;
    bool fin[2] = {false, false}, rst[2] = {false, false};
    // The FIN's own segment (also when held behind a hole) and the RST's, per direction.
    uint64_t fin_frame[2] = {0, 0}, rst_frame[2] = {0, 0};
    StreamStats stats[2];        // copied at the close
    // The connection's first segment and its last one up to its close (the
    // FIN or RST that ends it, or the capture's end), copied at the close:
    // its span, whatever of it could be decoded.
    double first_time = 0, last_time = 0;
    uint64_t tcp_findings = 0;   // conflicting retransmissions and the like
    size_t slot = 0;             // its place in its flows' records (SessionFlows)
};

}  // namespace tcp
}  // namespace blankshark
