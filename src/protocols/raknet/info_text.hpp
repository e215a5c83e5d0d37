// What a RakNet packet's one-line summary (Wireshark's Info column, the
// analyzer's decode line) adds to its decoded summary fields: the datagram
// numbers an ACK or NAK covers ("12..15, 17", as a person reads them, not
// "record_count=1"), and markers for what the analysis found (a gap, a
// duplicate, messages resent after a NAK or on a timeout). One text for
// both front ends.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/decoder.hpp"
#include "results.hpp"

namespace raknet {

// " 12..15, 17" for an ACK/NAK's records (decoded with `s` from p[0, len)),
// at most `cap` bytes with its NUL; records that do not fit end in "...".
// Returns the length written.
size_t record_ranges_text(const core::Schema& s, const uint8_t* p, uint32_t len, const core::DecodeContext& ctx,
                          char* out, size_t cap);
// The same from records already read (PacketResult::record_list; `total`
// of them in the packet): no second decode.
size_t record_ranges_text(const Record* records, uint32_t n, uint32_t total, char* out, size_t cap);

// " [gap]", " [resent after NAK]", " [2 resent on timeout]"... of a
// datagram's analysis; appended to out[0, len) within cap. Returns the new length.
size_t append_markers(const PacketResult& p, char* out, size_t len, size_t cap);

}  // namespace raknet
