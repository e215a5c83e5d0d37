// Counters of the TCP reassembler: per direction of a connection, and for the
// whole reassembler. Plain counters, updated whether or not anyone listens
// (a connection keeps counting after it ended or was released, until evicted).
#pragma once

#include <cstdint>

namespace blankshark::tcp {

struct StreamStats {
    uint64_t segments = 0;         // every segment sent this way, pure ACKs included
    uint64_t payload_bytes = 0;    // captured payload bytes, repeats included
    uint64_t delivered_bytes = 0;  // bytes handed to Sink::on_data (every stream byte at most once)
    // Segments repeating bytes already delivered or held (or repeating the
    // SYN or FIN), and the repeated payload bytes (not delivered again).
    uint64_t retransmitted_segments = 0;
    uint64_t retransmitted_bytes = 0;
    // Of retransmitted_bytes, those that could not be compared with the first
    // copy (older than Options::compare_window, or before a gap).
    uint64_t unchecked_retransmitted_bytes = 0;
    // Retransmitted bytes that differ from the first copy, and the segments
    // carrying them (each reported as Finding::RetransmissionConflict).
    uint64_t conflicting_segments = 0;
    uint64_t conflicting_bytes = 0;
    uint64_t out_of_order_segments = 0;  // segments with new bytes beyond the delivery point (held)
    uint64_t gaps = 0;                   // holes given up on (Sink::on_gap)
    uint64_t missing_bytes = 0;          // their total length
    uint64_t keep_alives = 0;            // zero or one byte at next seq - 1
    uint64_t zero_window_probes = 0;     // the same while the peer advertises a zero window, or 1 new byte then
    uint64_t dropped_bytes = 0;          // before the stream start, after the FIN, out of window, new after the end
    uint64_t truncated_segments = 0;     // captured shorter than the IP length says
    uint64_t held_bytes_peak = 0;        // most out-of-order bytes held at once
};

struct ReassemblerStats {
    uint64_t segments = 0;              // everything fed
    uint64_t ignored_segments = 0;      // no connection, and nothing to open one (pure ACK, lone FIN/RST) or Hint::Ignore
    uint64_t untracked_segments = 0;    // would have opened a connection past max_connections
    uint64_t connections = 0;           // opened (the last id given)
    uint64_t connection_limit_hits = 0; // episodes of Finding::ConnectionLimit
    uint64_t first_untracked_frame = 0; // the first segment not tracked (the first episode's)
    uint64_t open_at_limit = 0;         // connections tracked then
    uint64_t evicted = 0;               // released connections forgotten to make room
    uint64_t held_bytes = 0;            // out-of-order bytes held now, all connections
    uint64_t held_bytes_peak = 0;
};

}  // namespace blankshark::tcp
