// A Minecraft Alpha connection as `check` reports it: its player and
// protocol version, messages and bytes per direction, Map Chunks, server
// corrections, keep-alive cadence, entities, the TCP stream (retransmitted
// bytes, gaps, bytes never decoded) and how it ended (Kick or Disconnect
// with its reason, FIN, RST, the capture's end).
#pragma once

#include <cstdint>
#include <string>

#include "mc_alpha/alpha_flows.hpp"
#include "tcp/tcp_summary.hpp"

namespace blankshark {

class AlphaSummary : public tcp::TcpSummary {
public:
    // Every message of the connection, in order.
    void message(const mcalpha::Message& m);
    // The connection's end (after its last message).
    void close(const AlphaConnection& c);

    const char* protocol() const override { return "Minecraft Alpha"; }
    std::string ended() const override;
    void text(Output& out) const override;
    void json(Output& out) const override;
    std::vector<const core::FindingTable*> tables() const override;
    std::string details() const override;
    Figures figures() const override;

private:
    struct Side {
        uint64_t messages = 0, bytes = 0, unframed = 0;
        uint64_t keepalives = 0;
        double keepalive_min = 0, keepalive_max = 0, keepalive_sum = 0;  // intervals, seconds
        uint64_t intervals = 0;
        uint64_t retransmitted = 0, gaps = 0, missing = 0, skipped = 0, resyncs = 0;
        uint64_t fin_frame = 0, rst_frame = 0;
    };
    Side dir_[2];
    mcalpha::ConnectionSummary sum_;
    uint64_t corrections_ = 0, placements_ = 0;
    uint64_t map_chunks_cut_ = 0;  // Map Chunks a gap cut (mcalpha.stream.cut)
    double max_correction_ = 0;
    uint64_t max_correction_frame_ = 0;
    bool midstream_ = false, capture_end_ = false;
};

}  // namespace blankshark
