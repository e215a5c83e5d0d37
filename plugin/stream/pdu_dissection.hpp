// The dissection loop of every TCP protocol whose messages the core frames
// (Minecraft Java: a VarInt length; Alpha: parsing), one for all:
// Wireshark's TCP desegmentation (doc/README.dissector, "TCP
// desegmentation": pinfo->desegment_offset/len) asks for exactly the bytes
// a message still needs when its length is known, for one more segment
// when it is not, and again until the message is whole; the stream cursor
// (stream_cursor.hpp) places each call in the stream by its TCP sequence
// number, so bytes handed over again are not cut twice and bytes that do
// not follow on are a gap (a piece of no bytes where it was noticed, with
// an expert info and an Info column marker beside TCP's own "[TCP Previous
// segment not captured]").
//
// The first pass cuts and records (file-scope proto data keyed by the
// order of pieces within the frame: the same calls come in the same order
// on every pass); later passes and clicks show the records again.
//
// A protocol's side is a StreamProtocol (below): its id, its connections
// (connections.hpp), its stream findings' codes, and its two functions,
// what a piece is to it (first pass) and how a recorded piece is shown.
#pragma once

#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>
#include <epan/proto_data.h>

#include <cstdio>

#include "../frame_origin.hpp"
#include "core/stream_buffer.hpp"
#include "connections.hpp"
#include "stream_cursor.hpp"
#include "stream_findings.hpp"

namespace plugin::stream {

// Where a recorded piece lies in the tvb of its call.
struct PieceRecord {
    guint32 tvb_offset;
    guint32 len;
    PieceKind kind;
    guint64 gap_missing;  // Gap: bytes missing
};

// The Info column text of a piece that is not a message ("Skipped 12 bytes").
inline void passed_over_label(const PieceRecord& p, char* buf, size_t cap) {
    if (p.kind == PieceKind::Gap)
        std::snprintf(buf, cap, "[Stream gap: %" G_GUINT64_FORMAT " bytes missing]", p.gap_missing);
    else if (p.kind == PieceKind::Tail)
        std::snprintf(buf, cap, "Rest of a message cut by a gap (%u bytes)", p.len);
    else
        std::snprintf(buf, cap, "Skipped %u bytes", p.len);
}

// Under a gap's item: why Wireshark's TCP may not have handed the bytes
// over, and the preference that shows them when they were only late.
inline void add_gap_hint(proto_tree* tree, tvbuff_t* tvb, guint offset, gint ett) {
    if (!tree) return;
    proto_tree_add_subtree(tree, tvb, gint(offset), 0, ett, nullptr,
                           "[Bytes Wireshark's TCP did not hand over: a segment not captured, or one that came out of "
                           "order (to decode it, switch on Protocols > TCP > Reassemble out-of-order segments)]");
}

// Per dissection of a frame (packet-scope proto data 0): the count of
// pieces (the key of their records: the same calls come in the same order
// on every pass) and whether the Info column has a piece's text yet.
struct FrameState {
    guint key = 0;
    bool info = false;
};

inline FrameState& frame_state(packet_info* pinfo, int proto) {
    auto* f = static_cast<FrameState*>(p_get_proto_data(pinfo->pool, pinfo, proto, 0));
    if (!f) {
        f = wmem_new0(pinfo->pool, FrameState);
        p_add_proto_data(pinfo->pool, pinfo, proto, 0, f);
    }
    return *f;
}

// A piece's text in the Info column: after TCP's own markers ("[TCP
// Previous segment not captured] ", fenced) without a separator, after
// another piece's with ", ".
inline void append_info(packet_info* pinfo, int proto, const char* text) {
    FrameState& f = frame_state(pinfo, proto);
    if (f.info) col_append_sep_str(pinfo->cinfo, COL_INFO, ", ", text);
    else col_append_str(pinfo->cinfo, COL_INFO, text);
    f.info = true;
}

// A piece's labels: its item's text (", <state>, <arrow> <label>") and
// its Info column text (the label, then what the decoder put in `info`),
// " [Malformed]" after a malformed message.
inline void label_piece(packet_info* pinfo, int proto, proto_item* ti, const char* state, const char* arrow,
                        const char* label, const char* info, bool malformed) {
    proto_item_append_text(ti, ", %s, %s %s", state, arrow, label);
    char text[512];
    std::snprintf(text, sizeof text, "%s%s", label, info);
    append_info(pinfo, proto, text);
    if (malformed) col_append_str(pinfo->cinfo, COL_INFO, " [Malformed]");
}

// Record: with a member `PieceRecord piece` (filled in by dissect_pdus)
// and the findings add_stream_findings() appends to.
template <class Conn, class Record>
struct StreamProtocol {
    int proto;               // its proto_ id (its proto data)
    const char* column;      // the Protocol column
    Connections<Conn>* connections;
    guint32 server_port;     // its port: the server's side when a conversation has it
    StreamCodes codes;       // its gap and resync findings
    // First pass: the record of a piece, what the connection made of it.
    Record* (*record)(Conn&, core::Side from, PieceKind, const guint8* p, guint32 len, const core::Span&);
    // Shows a recorded piece of `rec.piece.len` bytes at `offset` of `tvb`.
    void (*show)(tvbuff_t* tvb, packet_info*, proto_tree*, guint offset, const Record& rec);
    // Optional: a connection the protocol cuts into messages itself (a Java
    // connection picked up mid-way) dissects the call and returns what it
    // took; -1: cut here.
    int (*own_stream)(Conn&, tvbuff_t*, packet_info*, proto_tree*, void* data) = nullptr;
};

template <class Conn, class Record>
int dissect_pdus(const StreamProtocol<Conn, Record>& proto, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                 void* data) {
    const int id = proto.proto;
    col_set_str(pinfo->cinfo, COL_PROTOCOL, proto.column);
    // Several calls per frame (a reassembled message, then the rest of the
    // segment): the Info column is cleared by the first only.
    if (!p_get_proto_data(pinfo->pool, pinfo, id, 0)) col_clear(pinfo->cinfo, COL_INFO);
    Conn& conn = proto.connections->of(pinfo, id, proto.server_port);
    if (proto.own_stream) {
        const int taken = proto.own_stream(conn, tvb, pinfo, tree, data);
        if (taken >= 0) return taken;
    }
    const core::Side d = conn.sender(pinfo);
    StreamCursor& cursor = conn.cursor[int(d)];
    const guint len = tvb_captured_length(tvb);
    const auto* tcp = static_cast<const struct tcpinfo*>(data);  // TCP's, for every call on a TCP port
    const bool first = !PINFO_FD_VISITED(pinfo);
    guint offset = first ? cursor.begin(tcp != nullptr, tcp ? tcp->seq : 0, len, conn.framing(d)) : 0;
    auto span_at = [&](guint at) {
        core::Span span;
        span.stream_offset = cursor.stream_offset(at);
        span.first = span.last = frame_origin(pinfo);
        return span;
    };
    // The piece's record: the protocol's, then what the stream did before it.
    auto made = [&](PieceKind k, const guint8* p, guint32 n, guint at, const StreamEvents& ev) {
        Record* rec = proto.record(conn, d, k, p, n, span_at(at));
        add_stream_findings(*rec, k, ev, pinfo->num, proto.codes,
                            [&](auto... cut) { return conn.cut_finding(d, cut...); });
        return rec;
    };
    auto keep = [&](Record* rec, guint key, guint at, const Step& s, guint64 missing) {
        rec->piece.tvb_offset = at;
        rec->piece.len = s.length;
        rec->piece.kind = s.kind;
        rec->piece.gap_missing = missing;
        p_add_proto_data(wmem_file_scope(), pinfo, id, gint(key + 1), rec);
    };
    bool gap_checked = !first;
    for (;;) {
        const guint key = frame_state(pinfo, id).key++;
        Record* rec = nullptr;
        if (first) {
            const StreamEvents& ev = cursor.events();
            Step s;
            if (!gap_checked && ev.gap) {
                s.kind = PieceKind::Gap;
                rec = made(s.kind, nullptr, 0, offset, ev);
                keep(rec, key, offset, s, ev.gap_missing);
                cursor.gap_shown();
            } else {
                if (offset >= len) return int(len);
                // As the framing sees them (decrypted once it decrypts; the
                // rest of a message a gap cut is passed over as it is).
                const guint8* raw = tvb_get_ptr(tvb, gint(offset), gint(len - offset));
                const guint8* p = cursor.in_tail(offset) ? raw
                                                          : conn.transformed[int(d)].view(cursor.stream_offset(offset),
                                                                                          raw, len - offset, conn.framing(d));
                s = cursor.step(offset, p, len - offset, conn.framing(d));
                if (s.need_more) {
                    pinfo->desegment_offset = int(offset);
                    pinfo->desegment_len = s.length ? s.length : DESEGMENT_ONE_MORE_SEGMENT;
                    return int(len);
                }
                rec = made(s.kind, p, s.length, offset, cursor.events());
                keep(rec, key, offset, s, 0);
                conn.transformed[int(d)].cut_to(cursor.stream_offset(offset) + s.length);
                cursor.cut(offset, s);
            }
            gap_checked = true;
        } else {
            rec = static_cast<Record*>(p_get_proto_data(wmem_file_scope(), pinfo, id, gint(key + 1)));
            const bool fits = rec && rec->piece.tvb_offset >= offset && rec->piece.tvb_offset + rec->piece.len <= len &&
                              (rec->piece.len > 0 || rec->piece.kind == PieceKind::Gap);
            if (!fits) {
                if (offset >= len) return int(len);
                // Not a piece of the first pass here: what it asked more bytes for.
                pinfo->desegment_offset = int(offset);
                pinfo->desegment_len = DESEGMENT_ONE_MORE_SEGMENT;
                return int(len);
            }
            offset = rec->piece.tvb_offset;
        }
        proto.show(tvb, pinfo, tree, offset, *rec);
        offset += rec->piece.len;
    }
}

}  // namespace plugin::stream
