// Per-direction counts of a RakNet connection (by the side that sent the
// packets), the figures the captures' README lists for each direction,
// plus the analysis' own (ACK delays, resends, round trips).
#pragma once

#include <cstdint>

#include "constants.hpp"

namespace raknet {

struct Delays {
    uint64_t count = 0;
    double sum_ms = 0, min_ms = 0, max_ms = 0;
    void add(double ms) {
        if (count == 0 || ms < min_ms) min_ms = ms;
        if (count == 0 || ms > max_ms) max_ms = ms;
        ++count;
        sum_ms += ms;
    }
    double mean_ms() const { return count ? sum_ms / double(count) : 0; }
};

struct DirectionStats {
    uint64_t udp_packets = 0;
    uint64_t offline[id::kFirstUser] = {};  // offline messages by id
    uint64_t malformed = 0;                 // packets the decoder found fault with (above Comment)

    // Datagrams
    uint64_t datagrams = 0;
    uint64_t datagram_flags[32] = {};       // by first byte 0x80..0x9F
    bool any_seq = false;
    uint64_t seq_min = 0, seq_max = 0;      // unwrapped
    uint64_t distinct_seqs = 0;
    uint64_t gap_events = 0;                // datagrams after skipped numbers (one raknet.seq.gap each)
    uint64_t skipped = 0;                   // the numbers those skipped, when they arrived
    uint64_t gaps = 0, missing = 0;         // runs of numbers never seen, and how many (at the end)
    uint64_t duplicates_identical = 0, duplicates_different = 0, resent_datagrams = 0;
    uint64_t out_of_order = 0;

    // ACK / NAK sent by this side
    uint64_t acks = 0, ack_records = 0, ack_single = 0, ack_ranges = 0, ack_seqs = 0, max_records_per_ack = 0;
    uint64_t naks = 0, nak_records = 0, nak_single = 0, nak_ranges = 0, nak_seqs = 0;
    // This side's datagrams as the other side's ACKs/NAKs treated them
    uint64_t acked = 0, naked = 0, unacked = 0;
    Delays ack_delay;                       // first copy to first ACK

    // Frames
    uint64_t frames = 0;
    uint64_t frames_by_reliability[kReliabilityCount] = {};
    uint64_t multi_frame_datagrams = 0, max_frames_per_datagram = 0;
    bool any_message_index = false;
    uint64_t message_index_min = 0, message_index_max = 0, message_indexes = 0;  // distinct
    uint64_t message_indexes_never_seen = 0;  // in [min, max], at the end
    uint64_t resent_frames = 0;             // same message index, new datagram
    uint64_t resends_after_nak = 0;         // of those, answering a NAK of a datagram that carried it (the rest: a timeout)
    Delays nak_to_resend;                   // NAK to the resend that answered it (messages and whole datagrams)
    uint64_t repeated_frames = 0;           // frames in duplicate / resent datagrams
    uint64_t reliable_unacked = 0;
    uint64_t ordered_by_channel[kOrderingChannels] = {};
    uint64_t order_gaps = 0, order_late = 0, sequenced_stale = 0;

    // Split packets
    uint64_t split_fragments = 0;
    uint64_t split_groups = 0, split_completed = 0, split_incomplete = 0;
    uint64_t split_groups_by_reliability[kReliabilityCount] = {};
    uint64_t max_split_count = 0;

    // Messages delivered once (first copies, completed split groups), by first byte
    uint64_t messages_by_id[256] = {};
    uint64_t largest_message = 0;

    // Connected pings answered by the other side
    Delays rtt;
};

}  // namespace raknet
