// What the TCP reassembler finds worth telling beyond bytes, gaps, FIN and
// RST: each kind has a stable name (used in reports and filters, never
// renamed) and a one-line meaning.
//
// | name                        | meaning |
// |-----------------------------|---------|
// | tcp.retransmission_conflict | retransmitted bytes differ from the copy delivered or held first; the first copy was kept |
// | tcp.before_stream_start     | bytes sequenced before the direction's stream start (its SYN + 1, or where it was picked up); dropped |
// | tcp.data_after_fin          | bytes sequenced at or after the direction's FIN; dropped |
// | tcp.out_of_window           | a segment starting more than 1 GiB past the delivery point; dropped |
// | tcp.held_limit              | out-of-order data went over the held-bytes bound; a gap was declared to make room |
// | tcp.connection_limit        | more TCP connections open at once than the analysis follows: new ones are not analysed until one of them ends |
// | tcp.port_reuse_unclosed     | a SYN with a new initial sequence number arrived on a tuple whose connection had not ended; it replaced it |
// | tcp.syn_mismatch            | a SYN/ACK whose sequence number disagrees with the direction's established stream start; ignored |
// | tcp.fin_mismatch            | a FIN at another sequence number than the direction's first FIN, or below delivered data; ignored |
// | tcp.truncated_segment       | a segment captured shorter than its IP length; the missing tail is a hole |
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace blankshark::tcp {

enum class Finding : uint8_t {
    RetransmissionConflict,
    BeforeStreamStart,
    DataAfterFin,
    OutOfWindow,
    HeldLimit,
    ConnectionLimit,
    PortReuseUnclosed,
    SynMismatch,
    FinMismatch,
    TruncatedSegment,
};
inline constexpr int kFindingCount = 10;
inline constexpr uint16_t kFindingBase = 1280;

// "tcp.retransmission_conflict", ...; "tcp.unknown" for a value out of range.
const char* finding_name(Finding f) noexcept;
// The one-line meaning (the table above).
const char* finding_meaning(Finding f) noexcept;

// The findings as core findings (block 1280, names as above), registered
// with the core on first use; `code` of a kind.
core::Code core_code(Finding f) noexcept;
const core::FindingTable& finding_table();

}  // namespace blankshark::tcp
