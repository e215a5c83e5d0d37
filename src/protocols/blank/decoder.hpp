// Decoding one blank packet with the core's decoder (core/decoder.hpp): the
// revision's schema, its one message table, the decoder variables the
// analysis supplies, and the header's values as blank names them.
#pragma once

#include <cstdint>

#include "core/decoder.hpp"
#include "findings.hpp"
#include "protocol.hpp"

namespace blank {

using core::Item;
using core::NullVisitor;

// What the header says, and the outcome of the whole packet.
struct PacketSummary {
    bool header_ok = false;  // at least 16 bytes and the right tag
    uint32_t tag = 0;
    uint16_t seq = 0, ack = 0;
    uint32_t hist = 0;
    uint8_t type = 0;
    const PacketType* ptype = nullptr;  // null for unknown types
    uint32_t payload_len = 0;
    uint32_t findings = 0;        // all findings
    uint32_t counted = 0;         // findings above Comment
    Severity worst = Severity::Comment;
};

// Does this look like a blank packet? (heuristics: length and tag only)
inline bool looks_like_blank(const uint8_t* p, size_t len) {
    return len >= kHeaderSize && len <= 65535 &&
           uint32_t(p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24) == kTag;
}

inline PacketSummary summary_of(const core::MessageSummary& m) {
    PacketSummary r;
    r.header_ok = m.header_ok;
    r.tag = uint32_t(m.header[kRowTag]);
    r.seq = uint16_t(m.header[kRowSeq]);
    r.ack = uint16_t(m.header[kRowAck]);
    r.hist = uint32_t(m.header[kRowHist]);
    r.type = uint8_t(m.header[kRowType]);
    r.ptype = m.type;
    r.payload_len = m.payload_len;
    r.findings = m.findings;
    r.counted = m.counted;
    r.worst = m.worst;
    return r;
}

// `hist_bits`: how many low bits of the ack history name seqs the peer
// sent (SeqFrame::hist_bits, from the analysis; 32 without one).
template <class V>
PacketSummary decode(const Schema& s, const uint8_t* p, size_t len, V& visitor, uint8_t hist_bits = 32) {
    const int64_t vars[kVarCount] = {0, 0, 0, hist_bits};
    core::DecodeContext ctx;
    ctx.vars = vars;
    const size_t n = len > 0xFFFF ? 0xFFFF : len;  // UDP cannot carry more
    return summary_of(core::decode(s, p, n, ctx, visitor));
}

// The header alone: type and seq/ack, no payload walk.
inline PacketSummary decode_header(const Schema& s, const uint8_t* p, size_t len) {
    return summary_of(core::decode_header(s, p, len > 0xFFFF ? 0xFFFF : len, core::DecodeContext{}));
}

// The header's packet type, -1 without a whole header (every revision has
// the same header).
inline int header_type(const uint8_t* p, size_t len) {
    return len >= kHeaderSize ? int(decode_header(schema(), p, len).type) : -1;
}

}  // namespace blank
