// The findings a stream's events put on the piece recorded after them, as
// the protocols' Sessions report them (the analyzer's rule): a gap (bytes
// missing, where), the message it cut when that message's first bytes tell
// its length, and on the message a search found after a gap or bytes that
// could not be framed, where it starts and how many bytes were passed over.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "core/finding.hpp"
#include "stream_cursor.hpp"

namespace plugin::stream {

struct StreamCodes {
    core::Code gap, resync;
    // A resync's count leaves out the gaps' missing bytes (Alpha's Session
    // counts what was not decoded; Java's every byte passed over).
    bool resync_without_gap_bytes;
};

// Onto `r` (a record with `guint8 nfindings` and `core::Finding
// findings[N]`: those beyond N are dropped); `cut(head, head_len, have,
// declared)`: the protocol's finding for a cut message. Every finding is
// about `frame`.
template <class Record, class Cut>
void add_stream_findings(Record& r, PieceKind k, const StreamEvents& ev, uint64_t frame, const StreamCodes& codes,
                         Cut cut) {
    auto add = [&](core::Finding f) {
        f.frame = frame;
        if (r.nfindings < std::size(r.findings)) r.findings[r.nfindings++] = f;
    };
    if (k == PieceKind::Gap) {
        add({codes.gap, 0, 0, int64_t(ev.gap_missing), int64_t(ev.gap_offset)});
        if (ev.cut) add(cut(ev.head, ev.head_len, ev.cut_have, ev.cut_declared));
    }
    if (ev.resync && k == PieceKind::Message) {
        const uint64_t gaps = codes.resync_without_gap_bytes ? std::min(ev.resync_skipped, ev.resync_gap_missing) : 0;
        add({codes.resync, 0, 0, int64_t(ev.resync_offset), int64_t(ev.resync_skipped - gaps)});
    }
}

}  // namespace plugin::stream
