// What a Bedrock session's own packets say about its play, as a desync is
// debugged: Network Stack Latency round trips (the server's request to the
// client's echo of its timestamp), Player Auth Input ticks (a jump: inputs
// the client never sent, a stall), the server's movement corrections
// (Correct Player Move Prediction: how far from the client's input of that
// tick) and teleports (Move Player, mode teleport: how far from the last
// input). Fed every packet of every batch, in each direction's order, at
// the frame where RakNet completed its batch (what the receiver saw).
// Memory is bounded: the requests awaiting an echo and the inputs a
// correction may name are rings.
#pragma once

#include <cstdint>
#include <vector>

#include "batch.hpp"
#include "core/schema.hpp"
#include "core/side.hpp"

namespace bedrock {

// A packet's figure (Batch::figures: only the packets that have one).
struct PacketFigure {
    enum class Kind : uint8_t { LatencyEcho, Input, Correction, Teleport };
    uint32_t index = 0;     // the packet's place in its batch, from 0
    Kind kind = Kind::Input;
    int64_t tick = 0;       // Input: its tick; Correction, Teleport: the tick of the input it is measured from
    int64_t tick_step = 0;  // Input: its tick minus the previous input's (1: none skipped; 0: the first)
    uint64_t frame = 0;     // the request (echo), the previous input (input), the input measured from
    double ms = 0;          // the round trip; since the previous input; since the input measured from
    double distance = 0;    // Correction, Teleport: blocks between the two positions
};

struct FigureStats {
    uint64_t requests = 0, round_trips = 0;    // Network Stack Latency asking a response; echoes matched
    double rtt_min = 0, rtt_max = 0, rtt_sum = 0;
    uint64_t inputs = 0, tick_jumps = 0, ticks_skipped = 0;
    double input_gap_max = 0;                  // ms between two inputs, the longest
    uint64_t corrections = 0, teleports = 0;
    double correction_max = 0;                 // blocks
};

class GameFigures {
public:
    // One packet (`p`, of a batch whose bytes are `data`) read with `s`:
    // its figure appended to `figures`, a finding to `findings`.
    void packet(const core::Schema& s, core::Side from, const uint8_t* data, const PacketSpan& p, uint32_t index,
                uint64_t frame, double time, std::vector<PacketFigure>& figures,
                std::vector<core::Finding>& findings);
    const FigureStats& stats() const { return st_; }

    static constexpr uint16_t kMovePlayer = 19, kNetworkStackLatency = 115, kPlayerAuthInput = 144,
                              kCorrectPlayerMovePrediction = 161;
    static bool wanted(uint16_t id) {
        return id == kMovePlayer || id == kNetworkStackLatency || id == kPlayerAuthInput ||
               id == kCorrectPlayerMovePrediction;
    }

private:
    struct Request {
        uint64_t timestamp = 0, frame = 0;
        double time = 0;
        bool used = true;
    };
    struct Input {
        int64_t tick = 0;
        double x = 0, y = 0, z = 0;
        uint64_t frame = 0;
        double time = 0;
    };
    static constexpr uint32_t kRequests = 32, kInputs = 128;
    Request requests_[kRequests];
    uint32_t next_request_ = 0;
    Input inputs_[kInputs];
    uint64_t ninputs_ = 0;
    FigureStats st_;
    const Input* input_of(int64_t tick) const;
};

}  // namespace bedrock
