// A connection picked up mid-way (no SYN, no Handshake) on a port where
// several protocols could be speaking (Minecraft Java and Alpha share
// 25565; a --port may point one of them elsewhere): its events are held
// until its bytes read as one protocol's messages (ProtocolInfo::
// reads_midstream: Java's VarInt frames that some release decodes, Alpha's
// messages that parse back to back; core::midstream_choice), then
// replayed to that protocol's sink as they came. Bounded: kMaxHeld bytes
// per direction; at the bound, or when the connection closes, the best
// reading wins, else the port's owner. Also what holds a connection whose
// client sent the start of a Handshake in pieces (first_bytes()).
#pragma once

#include <cstdint>
#include <vector>

#include "tcp/tcp_dispatcher.hpp"
#include "tcp/tcp_sink.hpp"

namespace blankshark::tcp {

class PendingClaim {
public:
    static constexpr size_t kMaxHeld = 64 * 1024;

    // `candidates`: the claimants whose reads_midstream may read it;
    // `fallback`: the sink its port gives it to.
    PendingClaim(std::vector<const Claimant*> candidates, Sink* fallback)
        : candidates_(std::move(candidates)), fallback_(fallback) {}
    // Held for the client's first bytes instead (the start of a Handshake
    // that tells the protocol; the dispatcher judges them, not decide()).
    PendingClaim() = default;
    bool first_bytes() const { return candidates_.empty(); }
    const uint8_t* client_bytes() const { return bytes_[int(Side::Client)].data(); }
    size_t client_length() const { return contiguous_[int(Side::Client)]; }

    // Held (false: the bound; decide() now, then pass this event on).
    bool data(Side d, const uint8_t* p, uint32_t n, uint64_t offset, const SegmentOrigin& o);
    void gap(Side d, uint64_t offset, uint64_t missing, GapReason why, uint64_t frame, double time);
    void fin(Side d, uint64_t offset, const SegmentOrigin& o);
    void rst(Side d, uint64_t frame, double time);
    void finding(Side d, const FindingInfo& f);

    // The sink whose protocol the bytes read as, once clear (null: not
    // yet); `final`: decide now on what is held.
    Sink* decide(bool final);
    // Replays every held event to `to`.
    void replay(Connection& conn, Sink& to) const;

private:
    enum class Kind : uint8_t { Data, Gap, Fin, Rst, Finding };
    struct Event {
        Kind kind;
        Side dir;
        uint64_t offset = 0, length = 0;
        SegmentOrigin origin;
        GapReason why = GapReason::EndOfCapture;
        FindingInfo finding;
        size_t at = 0;  // Data: into bytes_[dir]
    };
    std::vector<const Claimant*> candidates_;
    Sink* fallback_ = nullptr;
    std::vector<Event> events_;
    std::vector<uint8_t> bytes_[2];
    size_t contiguous_[2] = {0, 0};
    bool broken_[2] = {false, false};
    size_t judged_[2] = {0, 0};  // bytes at the last judgement (judged again once doubled)
};

}  // namespace blankshark::tcp
