// One RakNet connection (a client endpoint and a server endpoint), analysed
// in capture order: what the Wireshark plugin (first pass) and the analyzer
// both feed, so each is a thin adapter.
//
//   raknet::Session s;                                // one per UDP conversation
//   for every UDP payload of the conversation, in capture order:
//       s.packet(side, bytes, len, {frame, time}, sink);
//   s.finish({last frame, last time of the capture}, sink);
//
// For every payload the Sink receives one PacketResult (results.hpp): the
// packet's kind, the RakNet version and decoder variables to decode it with
// (core::decode(schema(*r.version), bytes, len, r.context(kPacketTable)),
// frame bodies with r.context(kMessageTable)), its datagram number's
// verdict (in order, gap, out of order, duplicate, resent, reused), its
// frames and what became of each (message, fragment, resend of frame N
// after the NAK in frame M, repeated, dropped), the messages it completed
// (frame bodies and reassembled split packets, with the frames of their
// fragments) for the application layer, its ACK/NAK coverage, and the
// analysis findings on it. Whenever a packet tells something about an
// earlier frame, the Sink gets a Link (ACKed in, NAKed in, resent in, pong
// in, reassembled in, with the delay) or a late Finding (f.frame is the
// earlier frame): a front end keeps them per frame for its second look.
// finish() delivers the rest: datagrams never acknowledged, reliable
// indexes never seen, split packets never completed, how the connection
// ended (disconnect, silence, end of the capture).
//
// The version (seed 002's layout or today's) is chosen once per
// connection, from the first message whose length tells them apart (a
// ping, Open Connection Reply 2, a connected pong: versions.hpp), never
// packet by packet. Memory is bounded by Options whatever the input; the
// per-packet work allocates nothing once the largest packet was seen.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/stream_buffer.hpp"
#include "datagram_tracker.hpp"
#include "message_tracker.hpp"
#include "options.hpp"
#include "order_tracker.hpp"
#include "packet_reader.hpp"
#include "results.hpp"
#include "split_reassembler.hpp"
#include "stats.hpp"
#include "versions.hpp"

namespace raknet {

class Sink {
public:
    virtual ~Sink() = default;
    virtual void packet(const PacketResult& p) = 0;
    virtual void link(const Link&) {}
    virtual void finding(const core::Finding&) {}  // on an earlier frame (f.frame)
};

// What the offline handshake showed.
struct Handshake {
    bool ping = false;               // an unconnected ping (server list query)
    uint8_t client_protocol = 0;     // Open Connection Request 1
    uint8_t server_protocol = 0;     // Incompatible Protocol Version
    bool incompatible = false;
    bool use_security = false;       // Open Connection Reply 1
    uint32_t mtu_tried = 0;          // the largest Open Connection Request 1 (payload + 28)
    uint16_t mtu = 0;                // Open Connection Reply 2 (else Request 2)
    bool connected = false;          // Connection Request Accepted seen
    uint64_t client_guid = 0, server_guid = 0;
};

enum class EndReason : uint8_t { Open, Disconnect, Silence, CaptureEnd };
const char* end_reason_name(EndReason r);  // "disconnect", "silence", "capture end"

// The side that sends an offline message with this first byte: clients ping
// and open connections, servers answer. Empty for the others.
std::optional<Side> sender_of(uint8_t offline_id);

class Session {
public:
    explicit Session(const Options& o = Options());

    void packet(Side from, const uint8_t* p, uint32_t len, const core::Origin& o, Sink& sink);
    void finish(const core::Origin& last, Sink& sink);
    // After finish(): frees the windows, split buffers and the packet being
    // read; what the accessors below return stays. No packet() after it.
    void release();

    const VersionInfo& version() const { return *version_; }
    bool version_decided() const { return decided_; }
    const Handshake& handshake() const { return hs_; }
    const DirectionStats& stats(Side s) const { return st_[int(s)]; }
    EndReason end() const { return end_; }
    uint64_t end_frame() const { return end_frame_; }   // the disconnect, or the last packet
    uint64_t last_frame() const { return last_frame_; }
    // After finish(): one side silent for the timeout while the other sent on (it vanished).
    bool peer_silent() const { return peer_silent_; }
    Side silent_side() const { return silent_side_; }
    uint64_t side_last_frame(Side s) const { return side_last_frame_[int(s)]; }
    double last_time() const { return last_time_; }     // of its latest packet (0: none yet)
    Side disconnected_by() const { return disconnect_side_; }
    const Options& options() const { return o_; }

private:
    class Route;  // Events: to the packet's findings or to the sink
    struct Ping {
        uint64_t value = 0, frame = 0;
        double time = 0;
        bool used = false;
    };
    static constexpr uint32_t kPings = 16;

    void offline(const uint8_t* p, uint32_t len, Route& ev);
    void datagram(const uint8_t* p, uint32_t len, Route& ev);
    void ack(bool nak, Route& ev);
    void frame(const WireFrame& f, uint32_t index, bool repeated, uint64_t dgram_seq, const uint8_t* p, Route& ev);
    void deliver(MessageResult m, const uint8_t* data, Route& ev);  // data: in the packet or the reassembler
    void system_message(MessageResult& m, const uint8_t* data, Route& ev);
    // Reads the packet (table kPacketTable) or a system message with the
    // connection's version and variables, noting whether it found anything.
    void read(uint32_t table, const uint8_t* p, uint32_t len, ParsedPacket& out);
    void decide(Evidence e, uint8_t id, uint32_t len, Route& ev);

    Options o_;
    const VersionInfo* version_;
    bool decided_ = false;
    bool security_ = false;
    Handshake hs_;
    DirectionStats st_[2];
    DatagramTracker dgrams_[2];
    MessageTracker msgs_[2];
    OrderTracker orders_[2];
    SplitReassembler splits_[2];
    Ping pings_[2][kPings];
    uint32_t ping_next_[2] = {0, 0};
    EndReason end_ = EndReason::Open;
    uint64_t end_frame_ = 0;
    Side disconnect_side_ = Side::Client;
    uint64_t last_frame_ = 0;
    double last_time_ = 0;
    uint64_t side_last_frame_[2] = {};  // each side's latest packet
    double side_last_time_[2] = {};
    bool peer_silent_ = false;
    Side silent_side_ = Side::Client;
    bool any_ = false;

    // The packet being analysed (reused).
    PacketReader reader_;
    ParsedPacket parsed_, body_;
    PacketResult result_;
    Side from_ = Side::Client;
    // This packet's reads: all found nothing, all with `read_version_` and
    // `read_security_` (PacketResult::decodes_clean).
    bool reads_clean_ = true;
    const VersionInfo* read_version_ = nullptr;
    int64_t read_security_ = 0;
    std::vector<FrameResult> frames_;
    std::vector<MessageResult> messages_;
    std::vector<uint8_t> arena_;            // reassembled messages of this packet
    std::vector<uint64_t> frame_arena_;     // their fragments' frames
    std::vector<uint32_t> arena_at_, frames_at_;  // per message: offsets in the arenas (or ~0: in the packet)
    std::vector<uint64_t> links_;
    std::vector<core::Finding> findings_;
};

}  // namespace raknet
