// Wireshark dissector for Minecraft Alpha SMP (protocol mcalpha, seed 001:
// wiki.vg of 17 December 2010, protocol 6).
//
//   +----+------------------------------+  +----+-----------...
//   | id | fields (strings, arrays, ...)|  | id | ...
//   +----+------------------------------+  +----+-----------...
//   no length prefix: a message is as long as parsing its id and fields takes
//
// Every field, generated field (mcalpha.state, mcalpha.length,
// mcalpha.chunk.*, mcalpha.correction.*, ...), expert info and value string
// comes from the core (src/protocols/mc_alpha/); this file turns TCP
// segments into messages and the decoder's callbacks into tree items.
//
// References: seed 001; Wireshark doc/README.dissector ("TCP
// desegmentation": pinfo->desegment_offset/len, DESEGMENT_ONE_MORE_SEGMENT,
// since only parsing tells where a message ends, Connection::framing()).
//
// Limitations:
//   - The connection's analyses (state, Map Chunk contents, Pre-Chunk and
//     entity bookkeeping, corrections, keep-alive cadence) run on the first
//     pass in frame order; each message's record (p_add_proto_data, file
//     scope) is read back on later passes and clicks.
//   - Segments become messages in the TCP stream layer shared with
//     Minecraft Java (plugin/stream/): it asks Wireshark for one more
//     segment until a message is whole (parsing tells only a lower bound of
//     what is missing), skips bytes Wireshark's TCP hands over again, and
//     reports bytes that do not follow on (a segment not captured, or with
//     tcp.reassemble_out_of_order off, one that arrived early) as
//     mcalpha.stream.gap with "[Stream gap]" in the Info column.
//   - After a gap, an unknown id or an impossible value the next message
//     start is searched byte by byte (framing(d).starts_here(), the
//     analyzer's rule): the id is shown as unframed, the bytes searched
//     over as skipped, and the message found carries mcalpha.stream.resync.
//     A candidate start that needs more bytes is waited for
//     (desegmentation); a one-pass dissector cannot stop waiting at the end
//     of the capture as the analyzer does (mcalpha::Session::finish), so
//     when garbage claims a long string the rest of that direction may stay
//     undecoded here while blankshark decodes it. On 40 copies of
//     mc_alpha-session.pcap with 1-20 random payload bytes changed, tshark
//     and blankshark decoded the same number of messages per direction in
//     25 (in the other 15 tshark fewer, never more).
//   - With Wireshark's default tcp.reassemble_out_of_order off, TCP never
//     hands over a segment that filled a hole (tcp.no_subdissector_on_error):
//     the messages in it are lost here (a stream gap) while blankshark
//     reorders; switch the preference on to see them.
//   - A connection picked up mid-way (no SYN) on the port shared with Java
//     is held by the shared port until its bytes read as Alpha's, then cut
//     by mcalpha::Session as in the analyzer (adopt(): from each
//     direction's first whole message, in play); the held messages are
//     shown from the second pass (../stream/own_stream.hpp).
//   - How the connection ended without a Kick or Disconnect (FIN, RST,
//     capture end) is reported by the analyzer only: a subdissector sees
//     no FIN.
#include <epan/conversation.h>
#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>
#include <epan/proto_data.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "../protocol_registration.hpp"
#include "../stream/own_stream_dissection.hpp"
#include "../stream/pdu_dissection.hpp"
#include "../tree_builder.hpp"
#include "../ws_compat.hpp"
#include "core/decoder.hpp"
#include "core/inflater.hpp"
#include "protocols/mc_alpha/chunk_data.hpp"
#include "protocols/mc_alpha/connection.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mc_alpha/session.hpp"

namespace {

using core::Side;
using mcalpha::MessageKind;
using plugin::stream::PieceKind;

// Its protocol, fields, expert infos, subtree and handle, registered from
// the catalog (../plugin.cpp).
plugin::Registered reg;

// What the first pass learned about one piece of a stream, read back later.
struct PduRecord {
    plugin::stream::PieceRecord piece;
    mcalpha::State state;
    Side dir;
    mcalpha::MessageAnalysis analysis;
    guint8 nfindings;
    core::Finding findings[mcalpha::Message::kMaxFindings];
    // The message's bytes when not shown from the call's tvb (file scope):
    // a connection picked up mid-way, a message spanning frames.
    const guint8* own_bytes;
    const char* own_source;  // their data source's name
};

// Per connection: the analyses (first pass), beside the stream layer's; a
// connection picked up mid-way (handed over by the shared port) is cut by
// a session of its own instead (../stream/own_stream.hpp).
using PickedUp = plugin::stream::OwnStream<mcalpha::Session, PduRecord>;
struct ConnState : plugin::stream::CoreConnection<mcalpha::Connection, mcalpha::cut_finding> {
    std::unique_ptr<PickedUp> picked_up;
};
plugin::stream::Connections<ConnState> connections;

// Catches the Message the connection hands out on the first pass.
struct Catch : mcalpha::MessageSink {
    PduRecord* rec = nullptr;
    void message(mcalpha::Message& m) override {
        rec = wmem_new0(wmem_file_scope(), PduRecord);
        rec->state = m.state;
        rec->dir = m.dir;
        rec->analysis = m.analysis;
        rec->nfindings = m.nfindings;
        std::copy(m.findings, m.findings + m.nfindings, rec->findings);
    }
};

// The inflated Map Chunk as a tab of the bytes pane (inflated again, with
// the size the record's fields imply as the bound: the first pass keeps
// only what it computed).
void add_inflated_chunk(tvbuff_t* tvb, packet_info* pinfo, const PduRecord& rec, const guint8* wire) {
    const mcalpha::ChunkResult& c = rec.analysis.chunk;
    if (!c.present || !c.inflated) return;
    const mcalpha::ChunkData where = mcalpha::locate_chunk_data(rec.dir, wire, rec.piece.len);
    if (!where.present) return;
    static core::Inflater inflater;
    inflater.inflate(wire + where.offset, where.length, size_t(c.inflated));
    if (!inflater.out_size()) return;
    auto* bytes = static_cast<guint8*>(wmem_memdup(pinfo->pool, inflater.out(), inflater.out_size()));
    tvbuff_t* i = tvb_new_child_real_data(tvb, bytes, guint(inflater.out_size()), gint(inflater.out_size()));
    add_new_data_source(pinfo, i, "Inflated Map Chunk");
}

// Shows one piece of `rec.piece.len` bytes at `offset` of `tvb`.
void show(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, guint offset, const PduRecord& rec) {
    const core::Schema& s = mcalpha::schema();
    if (rec.own_bytes) {
        tvb = tvb_new_child_real_data(tvb, rec.own_bytes, rec.piece.len, gint(rec.piece.len));
        add_new_data_source(pinfo, tvb, rec.own_source);
        offset = 0;
    }
    const guint8* wire = rec.piece.len ? tvb_get_ptr(tvb, gint(offset), gint(rec.piece.len)) : nullptr;
    proto_item* ti = proto_tree_add_item(tree, reg.proto, tvb, gint(offset), gint(rec.piece.len), ENC_NA);
    proto_tree* pt = proto_item_add_subtree(ti, reg.ett);
    tvbuff_t* msg_tvb = tvb_new_subset_length(tvb, gint(offset), gint(rec.piece.len));
    if (rec.piece.kind == PieceKind::Gap) plugin::stream::add_gap_hint(pt, tvb, offset, reg.ett);

    mcalpha::Message m;  // what emit_message_fields() reads
    m.kind = rec.piece.kind == PieceKind::Message ? MessageKind::Message : MessageKind::Unframed;
    m.dir = rec.dir;
    m.state = rec.state;
    m.data = wire;
    m.len = rec.piece.len;
    m.analysis = rec.analysis;
    m.nfindings = rec.nfindings;
    std::copy(rec.findings, rec.findings + rec.nfindings, m.findings);

    char label[128];
    char info[300] = {};
    core::MessageSummary sum{};
    if (tree) {
        plugin::TreeBuilder tb(msg_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
        if (rec.piece.kind == PieceKind::Message) {
            sum = core::decode(s, wire, rec.piece.len, m.context(), tb);
            std::snprintf(info, sizeof info, "%s", tb.info());
        }
        mcalpha::emit_message_fields(m, tb);
        for (guint8 i = 0; i < rec.nfindings; ++i) {
            core::Finding f = rec.findings[i];
            f.frame = pinfo->num;  // about the message as a whole
            tb.finding(f);
        }
        if (rec.piece.kind == PieceKind::Message) add_inflated_chunk(msg_tvb, pinfo, rec, wire);
    } else {
        plugin::QuickBuilder qb(pinfo, ti, reg.experts);
        if (rec.piece.kind == PieceKind::Message) {
            sum = core::decode(s, wire, rec.piece.len, m.context(), qb);
            std::snprintf(info, sizeof info, "%s", qb.info());
        }
        for (guint8 i = 0; i < rec.nfindings; ++i) reg.experts.report(pinfo, ti, rec.findings[i]);
    }
    switch (rec.piece.kind) {
    case PieceKind::Message:
        if (sum.type) std::snprintf(label, sizeof label, "%s", sum.type->name);
        else std::snprintf(label, sizeof label, "Unknown 0x%02x", unsigned(sum.id));
        break;
    case PieceKind::Unframed:
        std::snprintf(label, sizeof label, "Unframed 0x%02x", rec.piece.len ? unsigned(wire[0]) : 0u);
        break;
    case PieceKind::Skipped:
    case PieceKind::Tail:
    case PieceKind::Gap: plugin::stream::passed_over_label(rec.piece, label, sizeof label); break;
    }
    plugin::stream::label_piece(pinfo, reg.proto, ti, mcalpha::state_name(rec.state), core::arrow(rec.dir),
                                label, info, sum.worst == core::Severity::Error);
}

// First pass: the record of a piece, what the connection made of it (the
// stream layer adds its own findings: plugin/stream/pdu_dissection.hpp).
PduRecord* record(ConnState& cs, Side d, PieceKind k, const guint8* p, guint32 len, const core::Span& span) {
    Catch c;
    if (k == PieceKind::Message) cs.conn.message(d, p, len, span, c);
    else if (k == PieceKind::Unframed) cs.conn.unframed(d, p, len, span, c);
    PduRecord* r = c.rec;
    if (!r) {
        r = wmem_new0(wmem_file_scope(), PduRecord);
        r->state = cs.conn.state();
        r->dir = d;
    }
    return r;
}

// A picked-up connection's messages as its session hands them out, each
// recorded by the frame that completed it.
struct PickedUpRecorder : mcalpha::MessageSink {
    ConnState& cs;
    plugin::stream::CallBytes call;
    PickedUpRecorder(ConnState& c, const plugin::stream::CallBytes& where) : cs(c), call(where) {}
    void message(mcalpha::Message& m) override {
        auto* r = wmem_new0(wmem_file_scope(), PduRecord);
        r->state = m.state;
        r->dir = m.dir;
        r->analysis = m.analysis;
        r->nfindings = m.nfindings;
        std::copy(m.findings, m.findings + m.nfindings, r->findings);
        r->piece.kind = m.kind == MessageKind::Message ? PieceKind::Message : PieceKind::Unframed;
        r->piece.len = m.len;
        if (call.holds(m.span, m.len))
            r->piece.tvb_offset = call.tvb_at + guint(m.span.stream_offset - call.from);
        else if (m.len)
            r->own_bytes = static_cast<const guint8*>(wmem_memdup(wmem_file_scope(), m.data, m.len));
        r->own_source = m.span.first.frame == m.span.last.frame ? "Held message" : "Reassembled message";
        cs.picked_up->add(m.span.last.frame, m.dir, m.span.stream_offset, r);
    }
};

void show_recorded(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, const PduRecord& r) {
    show(tvb, pinfo, tree, r.piece.tvb_offset, r);
}

// The stream layer's hook: a connection the shared port handed over
// picked up mid-way (adopt) is cut by its own session.
int own_stream(ConnState& cs, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    if (!cs.picked_up) return -1;
    PickedUp& up = *cs.picked_up;
    return plugin::stream::dissect_own_stream(
        reg.proto, cs, up, tvb, pinfo, tree, data,
        [&](const plugin::stream::CallBytes& c) { return PickedUpRecorder(cs, c); },
        [&](PickedUpRecorder& rec) { up.session.finish(rec, up.last); }, show_recorded);
}

// The shared port held the connection's first bytes while it chose (picked
// up mid-way, Java or Alpha): they are replayed into its own session, which
// finds where each direction's first whole message starts.
void adopt(packet_info* pinfo, const plugin::stream::Prelude& prelude) {
    ConnState& cs = connections.of(pinfo, reg.proto, mcalpha::protocol_info().default_port);
    cs.picked_up = std::make_unique<PickedUp>();
    cs.picked_up->session.start_mid_stream();
    plugin::stream::adopt_own_stream(cs, *cs.picked_up, prelude,
                                     [&](const plugin::stream::CallBytes& c) { return PickedUpRecorder(cs, c); });
}

int dissect_mcalpha(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const core::ProtocolInfo& info = mcalpha::protocol_info();
    // The stream findings as mcalpha::Session reports them (a resync counts
    // the bytes not decoded, the gaps' missing ones left out).
    const plugin::stream::StreamProtocol<ConnState, PduRecord> stream{
        reg.proto, info.short_name, &connections, info.default_port,
        {mcalpha::FindingCode::StreamGap, mcalpha::FindingCode::Resynchronised, true}, record, show, own_stream};
    return plugin::stream::dissect_pdus(stream, tvb, pinfo, tree, data);
}

// Alpha's Handshake id: on the port it shares with Java, a first byte 0x02
// is Alpha's whatever follows (a Java client's first byte is a length, 6
// or more), so a Handshake cut across segments, or damaged, is decided on
// it (as the analyzer decides).
bool handshake_id_first(const guint8* p, guint len) { return len && p[0] == mcalpha::kHandshake; }

// Off its port: a TCP client's first bytes that are exactly a whole
// Handshake with a player name (the core's looks_like_anywhere, as the
// analyzer decides). Only from the side whose SYN TCP saw (tcp_analysis'
// server_port): the server's Handshake answer, a name-like connection hash,
// would otherwise claim the connection with its sides the wrong way round.
// A Handshake the client's TCP sent in pieces is not whole in any one
// segment: Decode As `minecraft` then, as for a capture without the SYN.
ws_compat::heur_result heuristic_mcalpha(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const guint len = tvb_captured_length(tvb);
    if (!len || mcalpha::protocol_info().looks_like_anywhere(tvb_get_ptr(tvb, 0, gint(len)), len) != core::Looks::Yes)
        return ws_compat::kHeurRejected;
    conversation_t* conv = find_or_create_conversation(pinfo);
    const guint32 server_port = plugin::stream::syn_server_port(pinfo, conv);
    if (!server_port || pinfo->destport != server_port || pinfo->srcport == server_port)
        return ws_compat::kHeurRejected;
    conversation_set_dissector(conv, reg.handle);
    call_dissector_only(reg.handle, tvb, pinfo, tree, data);
    return ws_compat::kHeurAccepted;
}

plugin::ProtocolRegistration part() {
    plugin::ProtocolRegistration p(mcalpha::protocol_info(), reg, dissect_mcalpha);
    p.cleanup = [] { connections.clear(); };
    p.claims_on_shared_port = handshake_id_first;
    p.adopt = adopt;
    // Not the generic heuristic (looks_like, the first byte, holds on the
    // port only): heuristic_mcalpha, added at handoff.
    p.heuristic = false;
    p.handoff = [](const plugin::Registered& r) {
        heur_dissector_add("tcp", heuristic_mcalpha, "Minecraft Alpha over TCP", "mcalpha_tcp", r.proto,
                           HEURISTIC_ENABLE);
    };
    return p;
}
[[maybe_unused]] const bool added = plugin::add_protocol(part());

}  // namespace
