// Reads a capture and hands its transport to the protocols: every TCP
// segment to the TCP dispatcher (tcp/tcp_dispatcher.hpp), every UDP datagram
// offered to the UDP claimants (front_ends() order); what none takes is
// counted. Conversation ids are shared by
// every protocol, in order of first packet.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "capture_files.hpp"
#include "capture_reader.hpp"
#include "conversation.hpp"
#include "link_layer.hpp"
#include "protocol_settings.hpp"
#include "protocols/catalog.hpp"
#include "slot_pool.hpp"
#include "tcp/tcp_dispatcher.hpp"
#include "udp_claimant.hpp"

namespace blankshark {

struct KeyLogRead;  // key_log_option.hpp

struct StreamOptions {
    // Each protocol's port, by its place in the catalog (catalog::protocols()):
    // its default, or --port NAME=N; 0 for one carried by another (MCPE).
    // TCP and UDP protocols are also found on any port by their heuristics
    // (ProtocolInfo::looks_like).
    std::array<uint16_t, catalog::kProtocolCount> ports = default_ports();
    uint16_t port_of(const core::ProtocolInfo& p) const;
    void set_port(const core::ProtocolInfo& p, uint16_t port);
    static std::array<uint16_t, catalog::kProtocolCount> default_ports();
    // Conversations open at once (added and not yet ended). Beyond it a new
    // one is refused and its packets counted (capture.limit.conversations):
    // blank's are still decoded, without a conversation; a TCP or RakNet
    // connection is not followed.
    size_t max_conversations = 4096;
    bool progress = false;            // a progress bar on stderr (when it is a terminal)
    // Each protocol's own settings (its options: protocol_settings.hpp).
    ProtocolSettings settings;
    // The key log read for the run, beside what each protocol took into its
    // settings (key_log_option.hpp; null: none).
    std::shared_ptr<const KeyLogRead> key_log;
};

struct StreamStats {
    uint64_t frames = 0, other_udp = 0, not_udp = 0, fragments = 0, truncated = 0;
    uint64_t tcp = 0;  // TCP segments (given to the TCP dispatcher)
    uint64_t udp = 0;  // UDP datagrams a UDP protocol took
    uint64_t conversations_dropped = 0;  // packets whose conversation found no room (max_conversations)
    uint64_t first_dropped_frame = 0;
};

enum class StreamResult { Ok, OpenError, ReadError };

// Where one file of the capture's files is: its frames are first_frame ..
// first_frame + frames - 1 of the capture.
struct FileSpan {
    std::string path;
    uint64_t first_frame = 0;
    uint64_t frames = 0;
};

class CaptureStream {
public:
    explicit CaptureStream(StreamOptions opt = {});
    // `tcp`: TCP goes there (its finish() is called at the end, also after
    // a read error, so what came before is reported).
    // `udp`: offered every UDP datagram.
    // Several files (a ring buffer's) are read one after the other as one
    // capture, frames numbered across them; each must have the first's link
    // type and start no earlier than the one before ended (a read error
    // otherwise: they are not one capture).
    StreamResult run(const CaptureFiles& files, tcp::Dispatcher* tcp, UdpClaimant* udp);
    // A conversation of one of the protocols (its flows' call), numbered
    // after those before it; nullptr when max_conversations are open (this
    // packet is counted: conversation_dropped()).
    Conversation* add_conversation(const Endpoint& client, const Endpoint& server, uint64_t frame,
                                   const FrontEnd* protocol);
    // No unit of `c` follows (its protocol's call, before its listener's
    // ended()): it makes room for another under max_conversations.
    void ended(const Conversation& c);
    // `c` ended and nothing holds it any more (check let it go): its
    // place is taken by a later conversation.
    void release(Conversation* c) { convs_.give_back(*c); }
    // A packet of a conversation that found no room (max_conversations).
    void conversation_dropped();
    const StreamOptions& options() const { return opt_; }

    const std::string& error() const { return error_; }
    // The file the error is in (its own frame numbers: error_frame()).
    const std::string& error_path() const { return error_path_; }
    // The files read, with their frames' place in the capture.
    const std::vector<FileSpan>& files() const { return files_; }
    // After a ReadError: the frame that could not be read, and where its
    // record starts in the file (nullopt when libpcap hides it).
    uint64_t error_frame() const { return error_frame_; }
    std::optional<uint64_t> error_offset() const { return error_offset_; }
    const StreamStats& stats() const { return stats_; }
    int link_type() const { return link_type_; }
    uint32_t conversations() const { return next_id_ - 1; }  // ever added
    size_t open_conversations() const { return open_; }

private:
    StreamOptions opt_;
    StreamStats stats_;
    std::string error_, error_path_;
    std::vector<FileSpan> files_;
    uint64_t error_frame_ = 0;
    std::optional<uint64_t> error_offset_;
    int link_type_ = -1;
    uint64_t frame_ = 0;
    SlotPool<Conversation> convs_;
    uint32_t next_id_ = 1;
    size_t open_ = 0;  // added and not ended
};

}  // namespace blankshark
