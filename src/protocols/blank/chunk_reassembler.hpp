// Reassembles the chunk transmissions of one conversation.
//
// The server's ChunkTransmitter (src/server/net.cpp in the game) sends one
// chunk at a time: a ChunkBegin (id, flags, coordinates, data size), then
// pieces of at most 472 bytes at offsets i*472; a lost ChunkBegin or piece
// is sent again with the same id/offset under a NEW seq; starting a new
// chunk aborts the current one, so incomplete transmissions are normal. The
// client may send ChunkBegin itself to re-request a chunk (only its
// coordinates count); the server answers with a new transmission.
//
// Pieces are accepted in any order, before their ChunkBegin, duplicated or
// resent; a completed transmission is inflated (zlib) and checked against
// the chunk size, then its buffers are freed (ChunkLimits::inflate off: not
// inflated; defer_to(): inflated by an InflateQueue, maybe on another thread). Memory is bounded by
// ChunkLimits; what goes past them is a finding, never an allocation of
// what a packet claims.
#pragma once

#include <cstdint>
#include <array>
#include <climits>
#include <deque>
#include <map>
#include <unordered_map>
#include <vector>

#include "chunk_contents.hpp"
#include "finding_sink.hpp"
#include "findings.hpp"
#include "inflate_queue.hpp"
#include "packet_ref.hpp"

namespace blank {

struct ChunkLimits {
    size_t max_live = 64;          // transmissions reassembled at once
    uint32_t max_size = 1u << 16;  // largest data size accepted (a chunk is 20484 bytes)
    size_t max_rerequests = 256;   // client re-requests remembered
    // Ended transmissions kept in transmissions(). SIZE_MAX: every one (the
    // plugin and `blankshark chunks` show each). Otherwise the oldest ended
    // ones beyond this many are dropped, so memory does not grow with the
    // capture; summary() still counts them. A late copy of a ChunkBegin or
    // piece of a dropped transmission is then treated as of an unknown one.
    size_t keep_ended = SIZE_MAX;
    // Inflate completed transmissions (and check their size, summarize their
    // contents). Off: a transmission with every byte is Complete as it is,
    // inflated_size 0, contents invalid, no finding about its bytes, and no
    // chunk-size evidence for the revision detection.
    bool inflate = true;
};

// Counts over every transmission of a conversation, kept whatever
// ChunkLimits::keep_ended drops. States are final after finish(); before,
// transmissions still open (or waiting for their inflation) count as open.
struct ChunkTotals {
    uint64_t transmissions = 0;
    uint64_t with_begin = 0;                            // begin_seen
    uint64_t complete = 0, failed = 0, incomplete = 0;  // by state
    uint64_t pieces_before_begin = 0;  // ChunkData receipts before their ChunkBegin, or without one
    uint64_t resent = 0, begins_resent = 0, duplicates = 0;  // sums of the Transmission fields
    uint64_t rerequests = 0;                            // the client's ChunkBegin re-requests

    uint64_t open() const { return transmissions - complete - failed - incomplete; }
    uint64_t without_begin() const { return transmissions - with_begin; }
    // ChunkBegin seen, not Complete (failed, incomplete or still open).
    uint64_t not_complete() const { return with_begin - complete; }
    uint64_t resends() const { return resent + begins_resent; }
    bool operator==(const ChunkTotals& o) const;
};

enum class TxState : uint8_t {
    Open,        // still being reassembled
    Complete,    // every byte seen, inflated to a chunk
    Failed,      // every byte seen, but it is not a valid chunk
    Incomplete,  // never completed (superseded, evicted, or the capture ended)
};
const char* tx_state_name(TxState s);

struct ByteRange {
    uint32_t begin, end;  // [begin, end)
};

// One receipt of a ChunkBegin or a piece.
struct Receipt {
    uint64_t frame;
    uint16_t seq;
    uint32_t offset, length;  // pieces; a ChunkBegin has length 0
    bool is_begin;
};

struct Transmission {
    uint32_t number = 0;  // 1-based, in order of first appearance
    uint32_t id = 0;
    bool begin_seen = false;
    uint32_t flags = 0;
    int32_t coords[3] = {0, 0, 0};
    uint32_t size = 0;  // announced (compressed) size
    uint64_t begin_frame = 0, first_frame = 0, last_frame = 0, complete_frame = 0;
    double first_time = 0, last_time = 0;
    uint32_t pieces = 0, resent = 0, duplicates = 0, begins_resent = 0;
    uint64_t rerequest_frame = 0;  // the client's re-request this answers
    uint64_t first_data_frame = 0;
    bool data_before_begin = false;
    uint32_t superseded_by = 0;    // number of the transmission that replaced it
    const char* end_reason = nullptr;  // why it is Incomplete / Failed
    TxState state = TxState::Open;
    uint32_t inflated_size = 0;
    ChunkSummary contents;
    std::vector<Receipt> receipts;    // every ChunkBegin and piece, in arrival order
    std::vector<ByteRange> covered;   // sorted, merged

    bool compressed() const { return flags & 1; }
    uint32_t bytes_covered() const;
    // Byte ranges of [0, size) never received (size unknown: up to the highest byte seen).
    std::vector<ByteRange> missing() const;

private:
    friend class ChunkReassembler;
    std::vector<uint8_t> data_;  // freed once the transmission ends
};

// What one ChunkBegin / ChunkData did.
struct ChunkEvent {
    const Transmission* tx = nullptr;
    uint64_t resend_of = 0;     // frame of the first copy, when resent under a new seq
    uint64_t duplicate_of = 0;  // frame of the same packet, when duplicated
    bool completed = false;     // this packet completed the transmission
    // Completed, and its inflation deferred (defer_to): state (still Open),
    // inflated_size and contents are set when the result is applied.
    bool deferred = false;
    // When completed: the reassembled and (if compressed) inflated bytes,
    // valid until the next call.
    const std::vector<uint8_t>* reassembled = nullptr;
    const uint8_t* inflated = nullptr;
    uint32_t inflated_len = 0;
};

// Told when a deferred inflation result has been applied (the conversation's
// revision detection uses the inflated size). `t` is null when keep_ended
// dropped the transmission meanwhile.
class ChunkApplyHook {
public:
    virtual ~ChunkApplyHook() = default;
    virtual void chunk_applied(const Transmission* t, bool compressed, const ChunkOutcome& r, const PacketRef& p,
                               FindingSink& sink) = 0;
};

class ChunkReassembler : public InflateClient {
public:
    explicit ChunkReassembler(uint32_t chunk_size, ChunkLimits limits = {})
        : chunk_size_(chunk_size), limits_(limits) {}
    ~ChunkReassembler() override;
    ChunkReassembler(const ChunkReassembler&) = delete;
    ChunkReassembler& operator=(const ChunkReassembler&) = delete;

    // Deferred inflation (the analyzer; null, the default: inline). A
    // compressed transmission completed by a piece while the chunk size is
    // known goes to `q`: the packet's ChunkEvent says completed and
    // deferred, the transmission is retired at once (later copies are late
    // copies, as inline) but stays Open until the result is applied; then
    // its state, end_reason, inflated_size and contents are set and the
    // findings of the inline path (ChunkInflateFailed, ChunkTrailingData,
    // ChunkWrongSize; frame = the completing frame) go to deferred findings
    // (take_deferred_findings), at most as many as the completing frame's
    // sink had room for. Completions by a ChunkBegin, uncompressed ones and
    // those before the chunk size is known are inflated inline.
    void defer_to(InflateQueue* q, ChunkApplyHook* hook = nullptr);
    // Findings of deferred results applied since the last call (they are
    // about earlier frames; each has its frame). finish() hands them on too.
    void take_deferred_findings(std::vector<Finding>& out);
    void inflated(uint64_t token, const ChunkOutcome& r) override;  // InflateClient

    // A ChunkBegin from the server (or, from_client, a re-request).
    ChunkEvent begin(const PacketRef& p, bool from_client, uint32_t id, uint32_t flags, const int32_t coords[3],
                     uint32_t size, FindingSink& sink);
    ChunkEvent data(const PacketRef& p, uint32_t id, uint32_t offset, const uint8_t* bytes, uint32_t len,
                    FindingSink& sink);
    // End of capture: what is still open never completed. With a queue: every
    // pending result is applied first and its findings go to `sink`; the
    // queue is then let go of (it may be destroyed before this reassembler;
    // without finish(), it must outlive it).
    void finish(FindingSink& sink);
    // The findings finish() reports for a transmission still open at the end
    // (a front end that cannot call finish() in order, like Wireshark's
    // later passes, asks for them per transmission).
    static void end_of_capture_findings(const Transmission& t, FindingSink& sink);

    // Every transmission seen, in order of first appearance (Transmission::number
    // ascending). Stable addresses with the default keep_ended; with a limit,
    // the oldest ended ones are dropped and references are valid until the
    // next begin() / data() / finish().
    const std::deque<Transmission>& transmissions() const { return all_; }
    // Counts over every transmission, dropped ones included.
    const ChunkTotals& summary() const { return totals_; }
    // The size of an inflated chunk in the conversation's revision (0: not
    // known yet, any size up to kMaxChunkBytes is accepted).
    void set_chunk_size(uint32_t n) { chunk_size_ = n; }
    static constexpr uint32_t kMaxChunkBytes = 20484;

private:
    Transmission& create(const PacketRef& p, uint32_t id);
    Transmission* by_number(uint32_t number);
    void set_state(Transmission& t, TxState state);
    void add_receipt(Transmission& t, const Receipt& r);
    void prune();  // keep_ended
    Transmission* live(uint32_t id);
    Transmission* recent(uint32_t id);  // the newest ended transmission with this id
    void classify(Transmission& t, const PacketRef& p, bool is_begin, uint32_t offset, ChunkEvent& ev,
                  FindingSink& sink);
    void store(Transmission& t, const PacketRef& p, uint32_t offset, const uint8_t* bytes, uint32_t len,
               FindingSink& sink);
    bool try_complete(Transmission& t, const PacketRef& p, ChunkEvent& ev, FindingSink& sink, bool by_piece = false);
    void conclude(Transmission* t, uint32_t id, const ChunkOutcome& r, uint32_t chunk_size, const PacketRef& p,
                  FindingSink& sink, bool retired);
    void count_state(TxState from, TxState to);
    void retire(Transmission& t);
    void end(Transmission& t, TxState state, const char* reason, FindingSink& sink);
    void evict_if_needed(const PacketRef& p, FindingSink& sink);

    uint32_t chunk_size_;
    ChunkLimits limits_;
    std::deque<Transmission> all_;
    std::unordered_map<uint32_t, uint32_t> live_;   // id -> number
    std::unordered_map<uint32_t, uint32_t> ended_;  // id -> number of the newest ended one (may be dropped)
    uint32_t created_ = 0;
    ChunkTotals totals_;
    std::map<std::array<int32_t, 3>, uint64_t> rerequests_;  // coords -> frame of the client's ChunkBegin
    std::vector<uint8_t> reassembled_;  // the last completed transmission's bytes
    core::Inflater inflater_;           // and their inflation
    // Deferred inflation.
    InflateQueue* queue_ = nullptr;
    ChunkApplyHook* hook_ = nullptr;
    struct Pending {
        uint32_t number, id, chunk_size;
        PacketRef p;  // the completing packet
        bool compressed;
        size_t room;  // findings its frame still had room for
    };
    std::deque<Pending> pending_;    // submitted, in order
    std::vector<Finding> deferred_;  // findings of applied results, not yet taken
};

}  // namespace blank
