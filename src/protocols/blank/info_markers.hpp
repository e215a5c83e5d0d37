// Info column markers, as TCP has "[TCP Out-Of-Order]": what the analysis
// found on a frame, in a few words, so a packet list shows where to look.
// The Wireshark plugin's Info column and `blankshark decode` print the same.
#pragma once

#include <cstddef>

#include "analysis.hpp"

namespace blank {

// Appends " [Seqs skipped: 3] [Out-Of-Order] ..." for the frame's sequence
// findings (seqs skipped before it, reordered, duplicate, ack back), chunk
// events (resend, data before its ChunkBegin, client re-request,
// reassembled), a large correction, a peer's silence (one pass: the first
// packet after the peer has been silent for the silence time; with the
// whole capture: the silent side's last packet) and the resumption after a
// silence. Returns the new length (buf always terminated).
size_t append_markers(const FrameAnalysis& fa, char* buf, size_t len, size_t cap);

}  // namespace blank
