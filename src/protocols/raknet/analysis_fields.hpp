// The analysis' results as generated fields ("raknet.analysis.*"), rows
// compiled into every RakNet schema (its analysis layout) so both front
// ends register and name them like any other field, and emitted as
// core::Items through the same visitor the decoder uses:
//
//   emit_packet(s, result, v)    after the packet's fields: version, the
//                                datagram number's verdict, an ACK/NAK's coverage
//   emit_frame(s, frame, v)      after a frame's fields: what became of it
//   emit_message(s, message, v)  with a delivered message: reassembly, round trip
//   emit_link(s, link, v)        on the earlier frame a Link names: ACKed in,
//                                NAKed in, resent in, pong in, reassembled in
#pragma once

#include "core/generated_items.hpp"
#include "results.hpp"

namespace raknet {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *analysis, *version, *seq, *status, *gap, *duplicate_of, *nak_frame, *since_nak, *covered,
        *matched, *unseen, *future, *linked, *acked_in, *ack_delay, *naked_in, *resent_in, *resent_after,
        *pong_in, *rtt, *reassembled_in;
    const core::Node *frame, *role, *resend_of, *frame_nak, *frame_since_nak, *since_first, *held, *order_gap,
        *order_late, *stale;
    const core::Node *message, *message_length, *reassembled, *fragment_frame, *ping_frame, *message_rtt;
};
const AnalysisNodes& analysis_nodes(const core::Schema& s);

template <class V>
void emit_packet(const core::Schema& s, const PacketResult& p, V& v) {
    using core::put_d;
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.analysis));
    put_u(s, n.version, p.version && p.version->gen == Generation::Seed002 ? 0 : 1, v);
    if (p.kind == PacketKind::Datagram) {
        put_u(s, n.seq, p.seq_unwrapped, v);
        put_u(s, n.status, uint64_t(p.status), v);
        if (p.gap_count) put_u(s, n.gap, p.gap_count, v);
        if (p.original_frame) put_u(s, n.duplicate_of, p.original_frame, v);
        if (p.nak_frame) {
            put_u(s, n.nak_frame, p.nak_frame, v);
            put_d(s, n.since_nak, p.since_nak_ms, v);
        }
    } else if (p.kind == PacketKind::Ack || p.kind == PacketKind::Nak) {
        put_u(s, n.covered, p.seqs_covered, v);
        put_u(s, n.matched, p.matched, v);
        if (p.unseen) put_u(s, n.unseen, p.unseen, v);
        if (p.future) put_u(s, n.future, p.future, v);
        for (uint32_t i = 0; i < p.linked_frames.size; ++i) put_u(s, n.linked, p.linked_frames[i], v, int32_t(i));
    }
    v.close();
}

template <class V>
void emit_frame(const core::Schema& s, const FrameResult& f, V& v) {
    using core::put_d;
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.frame));
    put_u(s, n.role, uint64_t(f.role), v);
    if (f.role == FrameRole::Resend) {
        put_u(s, n.resend_of, f.original_frame, v);
        put_d(s, n.since_first, f.since_original_ms, v);
        if (f.nak_frame) {
            put_u(s, n.frame_nak, f.nak_frame, v);
            put_d(s, n.frame_since_nak, f.since_nak_ms, v);
        }
    }
    if (f.split && f.role == FrameRole::Fragment) put_u(s, n.held, f.fragments_held, v);
    if (f.order_gap) put_u(s, n.order_gap, f.order_gap, v);
    if (f.order_late) put_u(s, n.order_late, 1, v);
    if (f.stale) put_u(s, n.stale, 1, v);
    v.close();
}

template <class V>
void emit_message(const core::Schema& s, const MessageResult& m, V& v) {
    using core::put_d;
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.message));
    put_u(s, n.message_length, m.len, v);
    put_u(s, n.reassembled, m.reassembled ? 1 : 0, v);
    for (uint32_t i = 0; i < m.fragment_frames.size; ++i) put_u(s, n.fragment_frame, m.fragment_frames[i], v, int32_t(i));
    if (m.ping_frame) {
        put_u(s, n.ping_frame, m.ping_frame, v);
        put_d(s, n.message_rtt, m.rtt_ms, v);
    }
    v.close();
}

// The fields a Link adds to its earlier frame.
template <class V>
void emit_link(const core::Schema& s, const Link& l, V& v) {
    using core::put_d;
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    switch (l.kind) {
    case LinkKind::AckedIn:
        put_u(s, n.acked_in, l.to, v);
        put_d(s, n.ack_delay, l.ms, v);
        break;
    case LinkKind::NakedIn: put_u(s, n.naked_in, l.to, v); break;
    case LinkKind::ResentIn:
        put_u(s, n.resent_in, l.to, v);
        put_d(s, n.resent_after, l.ms, v);
        break;
    case LinkKind::PongIn:
        put_u(s, n.pong_in, l.to, v);
        put_d(s, n.rtt, l.ms, v);
        break;
    case LinkKind::ReassembledIn: put_u(s, n.reassembled_in, l.to, v); break;
    }
}

}  // namespace raknet
