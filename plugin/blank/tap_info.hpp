// What the blank dissector gives the "blank" tap (the statistics tree, the
// conversation and endpoint tables): one per dissection while a listener is
// attached, in packet scope.
#pragma once

#include <epan/address.h>

#include "protocols/blank/findings.hpp"
#include "protocols/blank/protocol.hpp"
#include "protocols/blank/roles.hpp"

namespace blank_plugin {

// What the frame did to a chunk transmission.
enum ChunkFlag : guint16 {
    kTxNew = 1,        // first packet of a transmission
    kTxBegun = 2,      // its (first) ChunkBegin from the server
    kTxComplete = 4,   // completed it, a valid chunk
    kBeginResent = 8,  // ChunkBegin again under a new seq
    kPieceResent = 16,
    kDuplicate = 32,   // the same packet again
    kBeforeBegin = 64, // a piece arriving before its ChunkBegin (or of one never begun)
};

struct TapInfo {
    address src, dst;  // shallow copies of pinfo's, valid for the packet
    guint32 srcport, dstport;
    guint32 length;  // the blank packet (UDP payload), bytes
    gint32 type;     // packet type; -1: header too short
    blank::Role sender;
    const blank::Schema* schema;
    guint16 chunk;  // ChunkFlag bits
    guint16 findings[blank::kFindingCount];  // shown on this frame, per FindingCode
};

}  // namespace blank_plugin
