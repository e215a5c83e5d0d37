// The RakNet conversations of a capture: UDP datagrams to or from the
// RakNet port (--port raknet=N, 19132), or of a conversation whose packet is
// a RakNet offline message (the core's heuristic, raknet/detect.hpp; the
// plugin's too), each conversation with its own mcpe::Session (in its
// RaknetSummary), fed in capture order. A socket's packet to itself (the
// self-test RakNet sends from the server port) belongs to none. User
// messages go to Bedrock's game layer first (its 0xFE batches), the rest to
// MCPE's.
//
// A conversation ends once the capture has gone on for RakNet's timeout
// (raknet::Options::silence_seconds) past its last packet, whether it said
// Disconnect or not: its session is finished then (its end-of-connection
// findings go out) and everything only reading needed is released, so
// memory follows the conversations open, not all ever seen. A later
// datagram of the same endpoints starts a new conversation, as it does for
// the peers (RakNet has dropped the old one).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "endpoint_pair.hpp"
#include "link_layer.hpp"
#include "raknet/raknet_summary.hpp"
#include "slot_pool.hpp"
#include "udp_claimant.hpp"

namespace blankshark {

struct Conversation;

struct RaknetConnection {
    Conversation* conv = nullptr;
    capture::Endpoint client, server;
    std::shared_ptr<RaknetSummary> summary;  // owns the session (null once ended: the listener took it)
    bool open = true;                        // false once finished and released
};

// What the commands get, per connection.
class RaknetListener {
public:
    virtual ~RaknetListener() = default;
    virtual void game_packet(RaknetConnection&, const mcpe::GamePacket&) {}   // before its UDP packet's result
    virtual void bedrock_batch(RaknetConnection&, const bedrock::Batch&) {}   // the same
    virtual void packet(RaknetConnection&, const raknet::PacketResult&) {}
    virtual void link(RaknetConnection&, const raknet::Link&) {}
    virtual void game_link(RaknetConnection&, const mcpe::Link&) {}
    virtual void late_finding(RaknetConnection&, const core::Finding&) {}    // on frame f.frame, earlier
    // It is over (after its last late finding); its summary is let go next.
    virtual void ended(RaknetConnection&) {}
};

class RaknetFlows : public UdpClaimant {
public:
    // A new conversation (nullptr: no room; its datagrams are taken, counted
    // and not followed).
    using NewConversation =
        std::function<Conversation*(const capture::Endpoint& client, const capture::Endpoint& server, uint64_t frame)>;
    RaknetFlows(uint16_t port, NewConversation new_conversation, RaknetListener& listener,
                const bedrock::KeyLog* keys = nullptr)
        : port_(port), new_conversation_(std::move(new_conversation)), listener_(listener), keys_(keys) {}

    // Feeds the datagram if it is RakNet's (true), else leaves it (false).
    bool offer(const capture::Frame& f, const capture::UdpDatagram& d, double time) override;
    // The end of the capture: every open session's end-of-capture results.
    void finish(uint64_t last_frame, double last_time);
    size_t open_conversations() const { return by_key_.size(); }
    // An ended conversation's entry is taken again by a later one, once the
    // listener's ended() returned (check has written it then); off: every
    // entry stays to the end (for listeners that keep pointers to them).
    void let_go(bool on) { let_go_ = on; }

private:
    class Relay;
    // A conversation and its place among the open ones, least recently
    // heard from first (an intrusive list: moving one costs no allocation).
    struct Entry {
        RaknetConnection c;
        capture::EndpointPair key;
        uint64_t begun = 0;  // its place in the order conversations began
        Entry *older = nullptr, *newer = nullptr;
    };
    void heard(Entry& e);                 // to the newest end
    void end(Entry& e, uint64_t frame, double time);
    void end_silent(double now);          // every conversation silent for the timeout at `now`

    uint16_t port_;
    NewConversation new_conversation_;
    RaknetListener& listener_;
    const bedrock::KeyLog* keys_;  // Bedrock's keys (not owned; null: none)
    double now_ = 0;               // the latest time offered
    SlotPool<Entry> conns_;        // every conversation (a listener keeps pointers to them;
                                   // let_go: an ended one's is taken again)
    bool let_go_ = false;
    uint64_t begun_ = 0;
    Entry *oldest_ = nullptr, *newest_ = nullptr;
    std::unordered_map<capture::EndpointPair, Entry*, capture::EndpointPairHash> by_key_;  // the open ones
};

}  // namespace blankshark
