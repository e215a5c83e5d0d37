// What a RakNet connection hands a front end, as plain structs: per UDP
// packet (its kind, its datagram number's verdict, its frames and what
// became of each, the messages it completed, its ACK/NAK's coverage, the
// analysis findings on it), and later results for earlier frames (the ACK
// that covered a datagram, the NAK that reported it missing, its resend,
// a ping's pong, where a fragment's message completed) as Links.
//
// Pointers and spans are valid during the Sink call that hands them out.
#pragma once

#include <cstdint>

#include "constants.hpp"
#include "core/decoder.hpp"
#include "core/finding.hpp"
#include "packet_reader.hpp"
#include "versions.hpp"

namespace raknet {

template <class T>
struct Span {
    const T* data = nullptr;
    uint32_t size = 0;
    const T* begin() const { return data; }
    const T* end() const { return data + size; }
    const T& operator[](uint32_t i) const { return data[i]; }
    bool empty() const { return size == 0; }
};

// A datagram's number, as the capture point sees it (per direction).
enum class SeqStatus : uint8_t {
    InOrder,     // the next number (or the first datagram of a direction)
    Gap,         // numbers skipped before it (gap_count of them)
    OutOfOrder,  // older than the newest seen, seen for the first time
    Duplicate,   // seen before, same bytes, no NAK asked for it
    Resent,      // seen before, same bytes, after a NAK for it (jsp-raknet's resend)
    Reused,      // seen before with other bytes
};

// What became of one frame of a datagram.
enum class FrameRole : uint8_t {
    Message,     // a whole message, delivered (its body is messages[message])
    Fragment,    // a fragment of a split packet, held (or completing it: message >= 0)
    Resend,      // a reliable message index seen before: RakNet's resend
    Repeated,    // a reliable frame of a datagram seen before (same number), or a fragment already held
    Dropped,     // not analysed (incomplete, over a limit, inconsistent)
};

struct FrameResult {
    uint32_t offset = 0, length = 0;  // the frame in the UDP payload
    uint32_t body_offset = 0, body_len = 0;
    Reliability reliability = Reliability::Unreliable;
    bool split = false;
    uint32_t message_index = 0, sequencing_index = 0, order_index = 0;
    uint8_t channel = 0;
    uint32_t split_count = 0, split_index = 0;
    uint16_t split_id = 0;
    FrameRole role = FrameRole::Message;
    int32_t message = -1;             // index into PacketResult::messages when a message completed here
    // Resend: the frame that carried this message index first, the NAK
    // that reported that datagram missing (0: none seen), the delays.
    uint64_t original_frame = 0;
    uint64_t nak_frame = 0;
    double since_original_ms = 0, since_nak_ms = 0;
    // Split: fragments held for its group after this one, of split_count.
    uint32_t fragments_held = 0;
    // Ordered: order indexes skipped on the channel before this message, or
    // the newest order index when it came late.
    uint32_t order_gap = 0;
    bool order_late = false;
    // Sequenced: older than the newest of its channel (RakNet drops it).
    bool stale = false;
};

// A complete message: a frame body, or a split packet reassembled. Reliable
// messages are delivered once (resends and repeats are FrameResult roles);
// an unreliable frame of a datagram seen again is delivered again, as
// RakNet does (it drops repeats by reliable message index only).
struct MessageResult {
    const uint8_t* data = nullptr;
    uint32_t len = 0;
    uint32_t frame_index = 0;         // the frame of the packet that completed it
    bool system = false;              // a RakNet system message (first byte below 0x80)
    uint8_t id = 0;                   // its first byte
    Reliability reliability = Reliability::Unreliable;
    uint32_t message_index = 0;       // reliable kinds (the first fragment's)
    uint32_t order_index = 0;
    uint8_t channel = 0;
    bool reassembled = false;
    uint16_t split_id = 0;
    uint32_t split_count = 0;
    Span<uint64_t> fragment_frames;   // reassembled: the frame of each fragment, by index
    // Connected pong: its ping and the round trip at the capture point.
    uint64_t ping_frame = 0;
    double rtt_ms = -1;
};

struct PacketResult {
    uint64_t frame = 0;
    double time = 0;
    Side from = Side::Client;
    PacketKind kind = PacketKind::Offline;
    uint8_t id = 0;
    const uint8_t* bytes = nullptr;
    uint32_t len = 0;
    // What a front end decodes the packet (table kPacketTable) and its
    // frames' bodies (kMessageTable) with: the connection's version and
    // decoder variables after this packet.
    const VersionInfo* version = nullptr;
    int64_t vars[core::kMaxVars] = {};
    core::DecodeContext context(uint32_t table) const {
        core::DecodeContext c;
        c.table = table;
        c.vars = vars;
        return c;
    }
    const core::MessageType* type = nullptr;  // null: unknown id

    // Datagram
    uint32_t seq = 0;
    uint64_t seq_unwrapped = 0;
    SeqStatus status = SeqStatus::InOrder;
    uint64_t gap_first = 0, gap_count = 0;  // Gap: the numbers skipped
    uint64_t newest = 0;                    // OutOfOrder: the newest number seen before it
    uint64_t original_frame = 0;            // Duplicate / Resent / Reused: the first copy
    uint64_t nak_frame = 0;                 // Resent: the NAK that asked for it
    double since_nak_ms = 0;
    Span<FrameResult> frames;
    uint32_t frames_total = 0;              // more than frames.size: over Options::max_frames
    Span<MessageResult> messages;

    // ACK / NAK (records of the other side's datagrams)
    uint32_t records = 0;
    uint64_t seqs_covered = 0;
    uint32_t matched = 0;                   // datagrams of the window it acknowledges (first time) / reports
    uint32_t repeated = 0;                  // ACK: acknowledged before
    uint32_t unseen = 0;                    // numbers never seen at the capture point
    uint32_t future = 0;                    // numbers above any sent
    Span<uint64_t> linked_frames;           // the datagrams' frames (first Options::max_links)
    Span<Record> record_list;               // the records as read (first Options::max_records), during the call

    // Findings of the analysis on this packet (the decoder's own come from
    // decoding it).
    Span<core::Finding> findings;
    // The session decoded the packet and its system messages with `version`
    // and context()'s variables and found nothing: decoding them again for
    // their findings would find nothing either (check skips it).
    bool decodes_clean = false;
};

// A result for an earlier frame, known only now.
enum class LinkKind : uint8_t {
    AckedIn,        // datagram `frame` was acknowledged by the ACK in `to`, `ms` later
    NakedIn,        // datagram `frame` was reported missing by the NAK in `to`
    ResentIn,       // the datagram / reliable message of `frame` was resent in `to`
    PongIn,         // the connected ping in `frame` was answered in `to`, round trip `ms`
    ReassembledIn,  // the fragment in `frame` belongs to the message completed in `to`
};

struct Link {
    uint64_t frame = 0;
    LinkKind kind = LinkKind::AckedIn;
    uint64_t to = 0;
    double ms = 0;
    uint64_t number = 0;    // the datagram number, message index or split id concerned
    Side side = Side::Client;  // the sender of `frame`
};

}  // namespace raknet
