// Reads a capture and hands every blank datagram to a callback, with its
// conversation and the sender's role. Datagrams are blank when they use the
// blank port or start with the tag (as the plugin's port + heuristic), and
// every later datagram of such a conversation is blank too (the plugin pins
// the conversation the same way), so a corrupt tag shows as malformed.
// TCP segments go to a TCP sink when one is given (the Minecraft Java
// connections, java_flows.hpp); conversation ids are shared by both, in
// order of first packet.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "capture_reader.hpp"
#include "link_layer.hpp"
#include "protocols/blank/protocol_info.hpp"
#include "protocols/blank/roles.hpp"
#include "protocols/catalog.hpp"
#include "tcp/tcp_dispatcher.hpp"
#include "udp_claimant.hpp"

namespace blankshark {

using capture::Endpoint;

class FrontEnd;

struct Conversation {
    uint32_t id = 0;  // 1-based, in order of first packet
    Endpoint server, client;
    uint64_t first_frame = 0;
    uint64_t packets = 0;
    const FrontEnd* protocol = nullptr;  // the protocol it speaks (front_end.hpp); null: blank
};

struct BlankPacket {
    const capture::Frame* frame;
    const capture::UdpDatagram* udp;
    double time;               // seconds since the capture's first frame
    Conversation* conv;
    blank::Role sender;        // role of udp->src
    const uint8_t* data;
    uint32_t len;
};

struct StreamOptions {
    // Each protocol's port, by its place in the catalog (core::protocols()):
    // its default, or --port NAME=N; 0 for one carried by another (MCPE).
    // TCP and UDP protocols are also found on any port by their heuristics
    // (ProtocolInfo::looks_like).
    std::array<uint16_t, core::kProtocolCount> ports = default_ports();
    uint16_t port_of(const core::ProtocolInfo& p) const;
    void set_port(const core::ProtocolInfo& p, uint16_t port);
    static std::array<uint16_t, core::kProtocolCount> default_ports();
    bool tcp = true;  // reassemble TCP and decode its protocols' connections (front_ends())
    bool udp = true;  // offer UDP datagrams not blank's to the other UDP protocols (else they are other UDP)
    size_t max_conversations = 4096;  // beyond it, packets are still decoded, without a conversation
    bool progress = false;            // a progress bar on stderr (when it is a terminal)
};

struct StreamStats {
    uint64_t frames = 0, blank = 0, other_udp = 0, not_udp = 0, fragments = 0, truncated = 0;
    uint64_t tcp = 0;  // TCP segments (given to the TCP sink)
    uint64_t udp_other = 0;  // UDP packets taken by the other UDP protocols (RakNet)
    uint64_t conversations_dropped = 0;  // packets that found no room for their conversation
    uint64_t first_dropped_frame = 0;
};

enum class StreamResult { Ok, OpenError, ReadError };

class CaptureStream {
public:
    explicit CaptureStream(StreamOptions opt = {});
    // `tcp`: TCP goes there (its finish() is called at the end, also after
    // a read error, so what came before is reported).
    // `udp`: offered the datagrams not blank's (not its port or tag).
    StreamResult run(const std::string& path, const std::function<void(const BlankPacket&)>& on_packet,
                     tcp::Dispatcher* tcp = nullptr, UdpClaimant* udp = nullptr);
    // A conversation of another protocol than blank (its flows' callback).
    Conversation* add_conversation(const Endpoint& client, const Endpoint& server, uint64_t frame,
                                   const FrontEnd* protocol);

    const std::string& error() const { return error_; }
    // After a ReadError: the frame that could not be read, and where its
    // record starts in the file (nullopt when libpcap hides it).
    uint64_t error_frame() const { return error_frame_; }
    std::optional<uint64_t> error_offset() const { return error_offset_; }
    const StreamStats& stats() const { return stats_; }
    int link_type() const { return link_type_; }
    const std::vector<const Conversation*>& conversations() const { return order_; }

private:
    struct Key {
        Endpoint a, b;  // ordered
        bool operator==(const Key& o) const { return a == o.a && b == o.b; }
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    Conversation* find(const capture::UdpDatagram& d, bool create, const uint8_t* payload, uint32_t len);

    StreamOptions opt_;
    uint16_t blank_port_;
    StreamStats stats_;
    std::string error_;
    uint64_t error_frame_ = 0;
    std::optional<uint64_t> error_offset_;
    int link_type_ = -1;
    uint64_t frame_ = 0;
    std::unordered_map<Key, Conversation, KeyHash> convs_;
    std::deque<Conversation> other_convs_;
    std::vector<const Conversation*> order_;
    uint32_t next_id_ = 1;
};

}  // namespace blankshark
