// The analyzer's TCP: one reassembler for the whole capture, and each
// connection handed to the protocol that claims it, as Wireshark hands a
// conversation to a dissector by port then heuristic. A connection is
// decided on its first delivered bytes:
//   1. the client's bytes on a protocol's port that its looks_like accepts
//      (Java's Handshake or Alpha's 0x02, both on 25565);
//   2. the client's bytes its looks_like accepts on any port (Java's
//      Handshake), or where that test holds on its port only, its
//      looks_like_anywhere (Alpha's whole Handshake);
//      Client bytes that are the start of such a Handshake (sent in
//      pieces) hold the connection until they complete it or cannot;
//   3. a protocol's port, whatever the bytes (a damaged Handshake, a server
//      speaking first), the first such protocol in the claimants' order.
//      A connection picked up mid-way there, when several claimants can
//      read streams without their start (ProtocolInfo::reads_midstream),
//      is held until its bytes read as one of them (pending_claim.hpp).
// A connection no protocol claims is released (the reassembler forgets it).
// The claimant gets every event of its connections, as a tcp::Sink, from
// the first bytes on; its connections are released after their on_close.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/protocol_info.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace blankshark::tcp {

class PendingClaim;

struct Claimant {
    const core::ProtocolInfo* info;  // its heuristic (looks_like)
    uint16_t port;                   // 0: none (its heuristic only)
    Sink* sink;
};

class Dispatcher : public Sink {
public:
    // In order of preference where several could take a connection.
    explicit Dispatcher(std::vector<Claimant> claimants);
    ~Dispatcher() override;

    void feed(const capture::TcpSegment& seg, uint64_t frame, double time) { tcp_.feed(seg, frame, time); }
    // The end of the capture: every connection still open is closed.
    void finish(double end_time) { tcp_.finish(end_time); }
    const Reassembler& reassembler() const { return tcp_; }

    // Sink
    Hint on_new_tuple(const capture::TcpSegment& first, uint64_t frame) override;
    void on_open(Connection&, uint64_t, double) override {}
    void on_data(Connection& conn, Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                 const SegmentOrigin& origin) override;
    void on_gap(Connection& conn, Side dir, uint64_t stream_offset, uint64_t missing, GapReason why, uint64_t frame,
                double time) override;
    void on_fin(Connection& conn, Side dir, uint64_t stream_offset, const SegmentOrigin& origin) override;
    void on_rst(Connection& conn, Side dir, uint64_t frame, double time) override;
    void on_close(Connection& conn, CloseReason why, uint64_t frame, double time) override;
    void on_finding(Connection* conn, Side dir, const FindingInfo& f) override;

private:
    // `by_bytes`: the bytes told (rules 1 and 2), not the port alone;
    // `more_bytes` (if given) set when they are the start of what would
    // tell (Looks::MoreBytes).
    Sink* claim(const Connection& conn, Side dir, const uint8_t* p, uint32_t n, bool& by_bytes,
                bool* more_bytes) const;
    static Sink* owner(const Connection& conn);
    // Held until its bytes tell (null: its port decides at once).
    std::unique_ptr<PendingClaim> contest(const Connection& conn, Sink* port_owner) const;
    // A held connection's protocol, once `decided` (`final`: decide now);
    // null: no protocol's.
    Sink* decide(const Connection& conn, PendingClaim& held, bool final, bool& decided) const;
    // The pending connection's protocol is known: its held events go there
    // (null: it is released).
    void settle(Connection& conn, Sink* to);

    // At most this many connections held at once; beyond, the port decides.
    static constexpr size_t kMaxPending = 256;
    std::vector<Claimant> claimants_;
    std::unordered_map<const Connection*, std::unique_ptr<PendingClaim>> pending_;
    Reassembler tcp_;
};

}  // namespace blankshark::tcp
