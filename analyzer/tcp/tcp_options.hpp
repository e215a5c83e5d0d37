// The TCP reassembler's bounds and switches. Every bound is on memory that
// would otherwise grow with the capture; see tcp_reassembly.hpp for what
// happens at each.
#pragma once

#include <cstddef>
#include <cstdint>

namespace blankshark::tcp {

struct Options {
    // Connections tracked at once (released ones count until evicted; they
    // are evicted, oldest release first, to make room). Past it, a new
    // connection is not tracked and Finding::ConnectionLimit is reported.
    size_t max_connections = 4096;
    // A released connection is forgotten once the capture has gone on this
    // long past its release (TIME_WAIT's span on Linux: a late segment of it
    // arrives within it), so memory follows the connections open. A segment
    // of its tuple after that is a new connection, picked up mid-stream.
    double released_linger_seconds = 60;
    // Out-of-order bytes held (copied) for one direction. Past it, the hole
    // before the first held segment is declared a gap (GapReason::HeldLimit)
    // and delivery resumes after it, as often as needed to get back under.
    uint64_t max_held_per_direction = uint64_t(4) << 20;
    // Out-of-order bytes held across all connections; past it, the direction
    // that just went over is resynchronised the same way.
    uint64_t max_held_total = uint64_t(64) << 20;
    // How many of its last delivered bytes a direction keeps (copied, in a
    // ring grown on demand up to this size) to compare retransmissions with.
    // Retransmitted bytes older than that are counted as unchecked. 0: none.
    uint32_t compare_window = 32 << 10;
    // Declare a hole a gap as soon as the peer acknowledges past it, up to
    // the held segment or FIN after it (the receiver has bytes the capture
    // missed: Wireshark's "ACKed unseen segment"), as Zeek and Suricata do.
    // Off: holes wait for the held-bytes bound, an RST or finish().
    bool gap_on_ack = true;
    // How many more segments of the connection (either direction) such an
    // acknowledged hole waits for its bytes before it is declared a gap:
    // captures reorder (several interfaces, merged files, a capture point
    // before a reordering queue), and a segment may come after the ACK of
    // it. Wireshark's reassemble_out_of_order waits without end; 0: at once.
    uint32_t ack_reorder_segments = 8;
    // Call Reassembler::release() on each connection right after its
    // on_close, for consumers that keep nothing of a connection past it.
    bool release_on_close = false;
};

}  // namespace blankshark::tcp
