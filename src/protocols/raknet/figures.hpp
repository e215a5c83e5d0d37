// What a RakNet connection lost and resent, per sending side, under one
// name and one definition each (docs/findings.md, "RakNet's figures"):
// check's text and JSON, stats, the report's table and chart and the
// plugin's statistics tree all show these, so a figure reads the same
// wherever it is read.
//
//   gaps            datagrams that arrived after skipped numbers: one
//                   raknet.seq.gap finding each
//   numbers skipped the datagram numbers those gaps jumped over
//   out of order    datagrams older than the newest seen (raknet.seq.out_of_order):
//                   each fills one skipped number
//   never seen      numbers skipped that never arrived (numbers skipped less
//                   out of order): lost before the capture point
//   duplicates      a number seen again with no NAK asking for it
//                   (raknet.seq.duplicate, raknet.seq.reused)
//   NAKed           datagrams the receiver reported missing
//   resends         reliable messages sent again in a new datagram
//                   (raknet.resend.frame) and datagrams sent again whole
//                   after a NAK (raknet.resend.datagram); after a NAK or on
//                   a timeout
#pragma once

#include <cstdint>

#include "stats.hpp"

namespace raknet {

struct Figures {
    uint64_t datagrams = 0, gaps = 0, skipped = 0, out_of_order = 0, never_seen = 0, duplicates = 0;
    uint64_t naked = 0, resends = 0, resent_messages = 0, resent_datagrams = 0, after_nak = 0, on_timeout = 0;
};

// The figures of the datagrams one side sent (`d`: that side's stats).
inline Figures figures(const DirectionStats& d) {
    Figures f;
    f.datagrams = d.datagrams;
    f.gaps = d.gap_events;
    f.skipped = d.skipped;
    f.out_of_order = d.out_of_order;
    f.never_seen = d.missing;
    f.duplicates = d.duplicates_identical - d.resent_datagrams + d.duplicates_different;
    f.naked = d.naked;
    f.resent_messages = d.resent_frames;
    f.resent_datagrams = d.resent_datagrams;
    f.resends = d.resent_frames + d.resent_datagrams;
    f.after_nak = d.resends_after_nak + d.resent_datagrams;
    f.on_timeout = d.resent_frames - d.resends_after_nak;
    return f;
}

}  // namespace raknet
