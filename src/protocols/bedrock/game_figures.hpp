// What a Bedrock session's own packets say about its play, as a desync is
// debugged: Network Stack Latency round trips (the server's request to the
// client's echo of its timestamp), Player Auth Input ticks (a jump: inputs
// the client never sent, a stall), the server's movement corrections
// (Correct Player Move Prediction: how far from the client's input of that
// tick) and teleports (Move Player, mode teleport: how far from the last
// input). Fed every packet of every batch, in each direction's order, at
// the frame where RakNet completed its batch (what the receiver saw).
// Sub-chunks (1.18+): each position a Subchunk Request asks (origin plus
// offset) until a Subchunk answers it; at the end, a request none of whose
// sub-chunks was answered is a note. Resource pack transfers: each pack the server offers (Resource Pack Data
// Info), its chunks the client asks (again: a note) and those that
// arrive; at the end, a pack with chunks never received is a warning.
// Memory is bounded: the requests awaiting an echo and the inputs a
// correction may name are rings; kMaxPacks packs of kMaxChunks chunks are
// followed (chunks past it are counted, not tracked one by one).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "batch.hpp"
#include "core/schema.hpp"
#include "core/side.hpp"
#include "findings.hpp"

namespace bedrock {

// A packet's figure (Batch::figures: only the packets that have one).
struct PacketFigure {
    enum class Kind : uint8_t { LatencyEcho, Input, Correction, Teleport, PackRequest, PackChunk, SubChunks };
    uint32_t index = 0;     // the packet's place in its batch, from 0
    Kind kind = Kind::Input;
    int64_t tick = 0;       // Input: its tick; Correction, Teleport: the tick of the input it is measured from;
                            // PackRequest: how many times the chunk was asked, this one included
    int64_t tick_step = 0;  // Input: its tick minus the previous input's (1: none skipped; 0: the first)
    uint64_t frame = 0;     // the request (echo), the previous input (input), the input measured from,
                            // the chunk's first request (PackChunk; 0: never asked), the request of the
                            // first sub-chunk answered (SubChunks; 0: none asked)
    double ms = 0;          // the round trip; since the previous input; since the input measured from;
                            // since the chunk was first asked
    double distance = 0;    // Correction, Teleport: blocks between the two positions
    uint32_t answered = 0;  // SubChunks: entries that answer a request
};

struct FigureStats {
    uint64_t requests = 0, round_trips = 0;    // Network Stack Latency asking a response; echoes matched
    double rtt_min = 0, rtt_max = 0, rtt_sum = 0;
    uint64_t inputs = 0, tick_jumps = 0, ticks_skipped = 0;
    double input_gap_max = 0;                  // ms between two inputs, the longest
    uint64_t corrections = 0, teleports = 0;
    double correction_max = 0;                 // blocks
    uint64_t level_chunks = 0, subchunk_requests = 0, subchunks_asked = 0, subchunk_answers = 0,
             subchunks_answered = 0, subchunks_unasked = 0;  // answered without a request
    uint64_t subchunk_results[8] = {};         // by result: 1 success, 6 success_all_air, others errors (7: any other)
};

// One resource pack's transfer.
struct PackTransfer {
    std::string id;                 // "uuid_version"
    uint64_t frame = 0;             // its Resource Pack Data Info
    uint32_t chunk_count = 0, max_chunk_size = 0;
    uint64_t size = 0;
    uint64_t requests = 0, repeated = 0, received = 0, duplicates = 0, bytes = 0;
    struct Chunk {
        uint64_t asked_frame = 0;   // its first request
        double asked_time = 0;
        uint8_t asked = 0, got = 0;  // times (saturating)
    };
    std::vector<Chunk> chunks;      // the first kMaxChunks
    // Chunks never received (of the first kMaxChunks), the first of them in `first`.
    uint64_t missing(uint32_t* first = nullptr) const {
        uint64_t n = 0;
        for (size_t i = chunks.size(); i-- > 0;)
            if (!chunks[i].got) ++n, first && (*first = uint32_t(i));
        return n;
    }
};

class GameFigures {
public:
    // One packet (`p`, of a batch whose bytes are `data`) read with `s`:
    // its figure appended to `figures`, a finding to `findings`.
    void packet(const core::Schema& s, core::Side from, const uint8_t* data, const PacketSpan& p, uint32_t index,
                uint64_t frame, double time, std::vector<PacketFigure>& figures,
                std::vector<core::Finding>& findings);
    // The end of the capture: a pack with chunks never received (findings via `out`).
    template <class Out>
    void finish(Out&& out) const {
        for (const SubRequest& r : sub_requests_) {
            if (r.answered || !r.entries) continue;
            core::Finding f{FindingCode::SubChunksUnanswered};
            f.a = r.entries;
            f.frame = r.frame;
            out(f);
        }
        for (const PackTransfer& p : packs_) {
            uint32_t first = 0;
            const uint64_t missing = p.missing(&first);
            if (!missing) continue;
            core::Finding f{FindingCode::PackIncomplete};
            f.a = int64_t(missing);
            f.b = p.chunk_count;
            f.c = first;
            f.what = p.id.c_str();
            f.frame = p.frame;
            out(f);
        }
    }
    const FigureStats& stats() const { return st_; }
    const std::vector<PackTransfer>& packs() const { return packs_; }
    uint64_t subchunks_unanswered() const { return pending_.size() + untracked_; }
    // The requests none of whose sub-chunks was answered: frame, entries.
    std::vector<std::pair<uint64_t, uint32_t>> unanswered_requests() const {
        std::vector<std::pair<uint64_t, uint32_t>> v;
        for (const SubRequest& r : sub_requests_)
            if (!r.answered && r.entries) v.emplace_back(r.frame, r.entries);
        return v;
    }

    static constexpr uint16_t kMovePlayer = 19, kResourcePackDataInfo = 82, kResourcePackChunkData = 83,
                              kResourcePackChunkRequest = 84, kNetworkStackLatency = 115, kPlayerAuthInput = 144,
                              kCorrectPlayerMovePrediction = 161;
    static bool wanted(uint16_t id) {
        return id == kMovePlayer || id == kNetworkStackLatency || id == kPlayerAuthInput ||
               id == kCorrectPlayerMovePrediction || (id >= kResourcePackDataInfo && id <= kResourcePackChunkRequest) ||
               id == kLevelChunk || id == kSubChunk || id == kSubChunkRequest;
    }
    static constexpr uint16_t kLevelChunk = 58, kSubChunk = 174, kSubChunkRequest = 175;
    static constexpr size_t kMaxPacks = 64;
    static constexpr size_t kMaxSubRequests = 1u << 16, kMaxPending = 1u << 18;  // then counted, not tracked
    static constexpr uint32_t kMaxChunks = 4096;  // 1 MB chunks (the game's usual): a 4 GB pack

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
    std::vector<PackTransfer> packs_;
    struct SubRequest {
        uint64_t frame = 0;
        double time = 0;
        uint32_t entries = 0, answered = 0;
    };
    std::vector<SubRequest> sub_requests_;
    std::unordered_map<uint64_t, uint32_t> pending_;  // a position asked: its request (index)
    uint64_t untracked_ = 0;                          // positions asked past kMaxPending
    std::vector<int32_t> offsets_;                    // a packet's (x, y, z[, result]) entries, reused
    const Input* input_of(int64_t tick) const;
    PackTransfer* pack(std::string_view id);
};

}  // namespace bedrock
