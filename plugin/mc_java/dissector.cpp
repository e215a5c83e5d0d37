// Wireshark dissector for Minecraft Java Edition (protocol mcjava).
//
// Every field, expert info and value string comes from the core's tables
// (src/protocols/mc_java/); this file turns TCP segments into packets and
// the decoder's callbacks into tree items.
//
// References:
//   seed 003 (wiki.vg, protocol 404 / 1.13.2), the protocol's 1.14 history;
//   Wireshark doc/README.dissector ("TCP desegmentation" with
//   pinfo->desegment_offset/len: a VarInt length has no fixed-size header,
//   so tcp_dissect_pdus cannot cut these packets).
//
// Limitations:
//   - The connection's state machine (state, version, compression,
//     encryption) runs on the first pass, in frame order; each packet's
//     record (p_add_proto_data) is read back on later passes and clicks.
//   - Segments become packets in the TCP stream layer shared with Minecraft
//     Alpha (plugin/stream/): it asks Wireshark for exactly the bytes a
//     packet's Length still needs (one more segment while the Length is
//     cut), skips bytes TCP hands over again, and reports bytes that do not
//     follow on (a segment not captured, or with tcp.reassemble_out_of_order
//     off, one that arrived early) as mcjava.stream.gap with "[Stream gap]"
//     in the Info column. A gap inside a packet whose Length arrived resumes
//     where that packet ends; otherwise the next packet start is searched
//     for (the analyzer's rule) and marked mcjava.stream.resync. With the
//     default tcp.reassemble_out_of_order off, TCP never hands over the
//     segment that fills such a hole (tcp.no_subdissector_on_error): its
//     packets are lost here while blankshark reorders; switch the
//     preference on to see them.
//   - Online-mode connections are encrypted after the Encryption Response
//     (AES/CFB8). With the connection's shared secret in the key log
//     (preference mcjava.keylog_file, else $MINECRAFT_KEY_LOG_FILE; format in
//     docs/minecraft-java.md) each direction is decrypted on the first pass
//     (plugin/stream/transformed_bytes.hpp), every packet is shown from a
//     "Decrypted" data source and analysed as in clear; without it the rest
//     is shown as encrypted data with one mcjava.encrypted note.
//   - A connection picked up mid-way (no SYN seen, the client's first bytes
//     no Handshake: Wireshark started late) is cut by mcjava::Session as in
//     the analyzer (release, state and compression inferred from its
//     packets, preference mcjava.release to name the release), not by
//     desegmentation; the packets held while it is inferred are shown from
//     the second pass (../stream/own_stream.hpp, docs/minecraft-java.md).
//   - The connection analysis (mc_java/analysis.hpp: keep-alive, ping and
//     teleport links, chunk columns, entities) runs on the first pass too.
//     A request's response_in and the findings known only at the end
//     (never answered, never confirmed, light for a column never sent)
//     are shown from the second pass (tshark -2, the GUI once the file is
//     read); they are computed once, at the first packet shown after the
//     first pass, so a live capture still growing then is not reconsidered.
#include <epan/conversation.h>
#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto_data.h>
#include <epan/tap.h>
#include <wsutil/wslog.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/decoder.hpp"
#include "core/format.hpp"
#include "core/inflater.hpp"
#include "../protocol_registration.hpp"
#include "../stream/own_stream_dissection.hpp"
#include "../stream/pdu_dissection.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/connection.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/inferred.hpp"
#include "protocols/mc_java/key_log.hpp"
#include "protocols/mc_java/packet_fields.hpp"
#include "protocols/mc_java/packet_name.hpp"
#include "protocols/mc_java/play_values.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/session.hpp"
#include "protocols/minecraft_detect.hpp"
#include "../tree_builder.hpp"
#include "stats_tree.hpp"
#include "tap_info.hpp"
#include "../ws_compat.hpp"

namespace {

using core::Side;
using mcjava::PacketKind;
using plugin::stream::PieceKind;

// Its protocol, fields, expert infos, subtree, handle and tap ("mcjava":
// one McJavaTap per packet shown), registered from the catalog
// (../plugin.cpp).
plugin::Registered reg;
// mcjava.teleport.far above this many blocks (AnalysisConfig::teleport_threshold).
const char* pref_teleport_threshold = nullptr;
// mcjava.keepalive.slow above this many seconds (AnalysisConfig::keepalive_slow).
const char* pref_keepalive_slow = nullptr;
// The key log of encrypted connections' shared secrets (mcjava.keylog_file).
const char* pref_keylog_file = nullptr;
// The release of connections picked up without their Handshake (mcjava.release; empty: inferred).
const char* pref_release = nullptr;

// The release the preference names (null: inferred), read at each
// connection picked up mid-way; a name that names none is said once.
const mcjava::VersionInfo* given_release() {
    static std::string warned;
    if (!pref_release || !*pref_release) return nullptr;
    const mcjava::VersionInfo* v = mcjava::find_release(pref_release);
    if (!v && warned != pref_release) {
        warned = pref_release;
        ws_warning("mcjava: preference release '%s' names no release or protocol number: inferred", pref_release);
    }
    return v;
}

// The key log, read at the first connection of each capture (a live
// capture's client may have added lines since the last one).
struct Keys {
    mcjava::KeyLog log;
    bool loaded = false;
    const mcjava::KeyLog* get() {
        if (!loaded) {
            loaded = true;
            log = {};
            const char* env = core::KeyLogReader::file_from_environment();
            const char* file = pref_keylog_file && *pref_keylog_file ? pref_keylog_file : env;
            std::string error;
            if (file && !log.load(file, error)) ws_warning("mcjava: %s", error.c_str());
            else if (file && log.bad_lines())
                ws_warning("mcjava: key log %s: %zu of its %zu lines not understood, skipped (the first: line %zu, %s)",
                           file, log.bad_lines(), log.lines(), log.first_bad_line(), log.first_bad_reason());
        }
        return log.size() ? &log : nullptr;
    }
} keys;

mcjava::AnalysisConfig analysis_config() {
    mcjava::AnalysisConfig c;
    if (pref_teleport_threshold && *pref_teleport_threshold) c.teleport_threshold = g_ascii_strtod(pref_teleport_threshold, nullptr);
    if (pref_keepalive_slow && *pref_keepalive_slow) c.keepalive_slow = g_ascii_strtod(pref_keepalive_slow, nullptr);
    return c;
}

struct PduRecord;

// Per connection: the state machine and the analyses, beside the stream
// layer's; a connection picked up without its Handshake is cut by a
// session of its own instead (../stream/own_stream.hpp).
using PickedUp = plugin::stream::OwnStream<mcjava::Session, PduRecord>;
struct ConnState : plugin::stream::CoreConnection<mcjava::Connection, mcjava::cut_finding> {
    mcjava::Analysis analysis{analysis_config()};
    bool begun = false;  // its first bytes were seen (on the first pass)
    std::unique_ptr<PickedUp> picked_up;
    ConnState() { conn.set_key_log(keys.get()); }
    // From here on, its own session (a release the user named, else inferred).
    PickedUp& pick_up() {
        begun = true;
        picked_up = std::make_unique<PickedUp>();
        picked_up->session.set_key_log(keys.get());
        picked_up->session.start_mid_stream(given_release());
        return *picked_up;
    }
};
plugin::stream::Connections<ConnState> connections;

// What the first pass learned about one packet, read back later.
struct PduRecord {
    plugin::stream::PieceRecord piece;
    PacketKind kind;
    mcjava::State state;
    Side dir;
    guint8 version;    // index into mcjava::versions()
    gboolean compressed_framing;
    gint64 dimension;
    guint16 sections;  // 1.18+ Chunk Data: the dimension's height / 16 (world_height.hpp)
    guint8 nfindings;
    core::Finding findings[mcjava::Packet::kMaxFindings];
    mcjava::PacketLink link;  // into the connection's analysis (lives as long as the capture)
    ConnState* conn;          // whose end-of-capture findings this packet may carry
    // The packet's bytes when not shown from the call's tvb (file scope):
    // decrypted, or those of a connection picked up mid-way spanning frames.
    const guint8* own_bytes;
    const char* own_source;   // their data source's name
};

guint8 version_index(const mcjava::VersionInfo* v) { return v ? guint8(v->index) : 0; }

// Catches the Packet the connection hands out on the first pass, after the
// connection's analysis saw it (while its inflated bytes are valid).
struct Catch : mcjava::PacketSink {
    mcjava::Analysis* analysis = nullptr;
    mcjava::Packet caught;
    mcjava::PacketLink link;
    void packet(mcjava::Packet& p) override {
        link = analysis->packet(p);
        caught = p;
    }
};

// The first pass inflates each compressed packet once, in the connection
// (its analysis reads the packet); show(), called for the same piece right
// after record() and before the connection frames another, takes those
// bytes (copied into the packet's pool) instead of inflating them again.
struct Inflated {
    const PduRecord* rec = nullptr;
    const guint8* data = nullptr;
    guint32 len = 0;
} first_pass_inflated;

// A compressed packet inflated again: on the second pass (tshark -2, the
// GUI's tree) or when the connection did not inflate it whole. libdeflate
// (the core's inflater) when the stream is one whole stream of the Data
// Length, about three times zlib's speed here (zlib was a fifth of tshark
// -2 on Java captures); otherwise zlib's own tvb, so a broken packet shows
// what zlib made of it, as before.
tvbuff_t* inflate_again(tvbuff_t* frame_tvb, packet_info* pinfo, const guint8* wire, guint body, guint wire_len, guint32 data_length) {
    static core::Inflater inflater;
    if (data_length <= mcjava::kMaxDataLength &&
        inflater.inflate(wire + body, wire_len - body, data_length) == core::Inflater::Result::Ok &&
        inflater.out_size() == data_length) {
        auto* copy = static_cast<guint8*>(wmem_memdup(pinfo->pool, inflater.out(), data_length));
        return tvb_new_child_real_data(frame_tvb, copy, data_length, gint(data_length));
    }
    return ws_compat::child_uncompress_zlib(frame_tvb, frame_tvb, gint(body), gint(wire_len - body));
}

// The end-of-capture findings of a connection (requests never answered,
// light for columns that never came), by frame: known once the first pass
// is over, shown from the second (tshark -2, the GUI).
struct EndFindings : mcjava::EndFindings {
    std::multimap<uint64_t, core::Finding> by_frame;
    void add(const core::Finding& f) override { by_frame.emplace(f.frame, f); }
};
std::map<const ConnState*, EndFindings> end_findings;

const EndFindings& end_of(const ConnState* cs) {
    auto it = end_findings.find(cs);
    if (it == end_findings.end()) {
        it = end_findings.emplace(cs, EndFindings{}).first;
        cs->analysis.finish(it->second);
    }
    return it->second;
}

PduRecord* record_of(const mcjava::Packet& p) {
    auto* r = wmem_new0(wmem_file_scope(), PduRecord);
    r->kind = p.kind;
    r->state = p.state;
    r->dir = p.dir;
    r->version = version_index(p.version);
    r->compressed_framing = p.compressed_framing;
    r->dimension = p.vars[mcjava::kVarDimension];
    r->sections = guint16(p.vars[mcjava::kVarSections]);
    r->nfindings = p.nfindings;
    std::copy(p.findings, p.findings + p.nfindings, r->findings);
    return r;
}

template <class B>
core::MessageSummary decode_into(B& b, const core::Schema& s, const mcjava::Packet& p) {
    return core::decode(s, p.data, p.data_len, p.context(), b);
}

// Shows bytes that are not a packet (passed over after a gap or bytes
// that could not be framed) with the findings they carry.
void show_passed_over(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, guint offset, const PduRecord& rec) {
    const core::Schema& s = mcjava::schema(*mcjava::versions()[rec.version]);
    proto_item* ti = proto_tree_add_item(tree, reg.proto, tvb, gint(offset), gint(rec.piece.len), ENC_NA);
    proto_tree* pt = proto_item_add_subtree(ti, reg.ett);
    tvbuff_t* piece_tvb = tvb_new_subset_length(tvb, gint(offset), gint(rec.piece.len));
    char label[96];
    plugin::stream::passed_over_label(rec.piece, label, sizeof label);
    if (rec.piece.kind == PieceKind::Gap) plugin::stream::add_gap_hint(pt, tvb, offset, reg.ett);
    for (guint8 i = 0; i < rec.nfindings; ++i) {
        if (tree) {
            plugin::TreeBuilder tb(piece_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
            tb.finding(rec.findings[i]);
        } else {
            reg.experts.report(pinfo, ti, rec.findings[i]);
        }
    }
    plugin::stream::label_piece(pinfo, reg.proto, ti, mcjava::state_name(rec.state), core::arrow(rec.dir),
                                label, "", false);
}

// Shows one packet of `rec.piece.len` bytes at `offset` of `tvb`.
void show(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, guint offset, const PduRecord& rec) {
    if (rec.piece.kind != PieceKind::Message && rec.piece.kind != PieceKind::Unframed) {
        show_passed_over(tvb, pinfo, tree, offset, rec);
        return;
    }
    if (rec.own_bytes) {
        // Shown from its own bytes, as TLS shows application data.
        tvb = tvb_new_child_real_data(tvb, rec.own_bytes, rec.piece.len, gint(rec.piece.len));
        add_new_data_source(pinfo, tvb, rec.own_source);
        offset = 0;
    }
    const guint8* wire = rec.piece.len ? tvb_get_ptr(tvb, gint(offset), gint(rec.piece.len)) : nullptr;
    mcjava::Packet p;
    p.kind = rec.kind;
    p.state = rec.state;
    p.dir = rec.dir;
    p.version = mcjava::versions()[rec.version];
    p.table = mcjava::table_index(p.state, p.dir);
    p.wire = wire;
    p.wire_len = rec.piece.len;
    p.compressed_framing = rec.compressed_framing;
    p.vars[mcjava::kVarDimension] = rec.dimension;
    p.vars[mcjava::kVarSections] = rec.sections;
    const core::Schema& s = mcjava::schema(*p.version);

    proto_item* ti = proto_tree_add_item(tree, reg.proto, tvb, gint(offset), gint(rec.piece.len), ENC_NA);
    proto_tree* pt = proto_item_add_subtree(ti, reg.ett);
    tvbuff_t* frame_tvb = tvb_new_subset_length(tvb, gint(offset), gint(rec.piece.len));
    const char* arrow = core::arrow(p.dir);

    const char* name = nullptr;
    char name_buf[32];
    char info[300] = {};
    core::MessageSummary sum{};
    if (p.kind == PacketKind::Packet) {
        p.parts = mcjava::split_frame(wire, p.wire_len, p.compressed_framing);
        tvbuff_t* data_tvb = nullptr;
        const guint body = p.parts.body_offset;
        if (p.compressed_framing && p.parts.data_length && !p.parts.data_length_bad) {
            if (first_pass_inflated.rec == &rec && !PINFO_FD_VISITED(pinfo)) {
                const Inflated& f = first_pass_inflated;
                auto* copy = static_cast<guint8*>(wmem_memdup(pinfo->pool, f.data, f.len));
                data_tvb = tvb_new_child_real_data(frame_tvb, copy, f.len, gint(f.len));
            } else {
                data_tvb = inflate_again(frame_tvb, pinfo, wire, body, p.wire_len, p.parts.data_length);
            }
            first_pass_inflated = {};
            if (data_tvb) add_new_data_source(pinfo, data_tvb, "Decompressed packet");
        } else if (!p.parts.data_length_bad && p.parts.length) {
            data_tvb = tvb_new_subset_length(frame_tvb, gint(body), gint(p.wire_len - body));
        }
        if (data_tvb) {
            p.data_len = tvb_captured_length(data_tvb);
            p.data = p.data_len ? tvb_get_ptr(data_tvb, 0, gint(p.data_len)) : nullptr;
        }
        plugin::TreeBuilder framing(frame_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
        mcjava::emit_packet_fields(s, p, framing);
        if (p.data) {
            if (tree) {
                plugin::TreeBuilder tb(data_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
                sum = decode_into(tb, s, p);
                std::snprintf(info, sizeof info, "%s", tb.info());
                p.summary = sum;
                mcjava::ChunkSummary chunk;
                if (sum.type && sum.type->key && std::strcmp(sum.type->key, "chunk_data") == 0 &&
                    mcjava::summarize_chunk(p, chunk))
                    mcjava::emit_chunk_summary(s, chunk, pinfo->num, tb);
            } else {
                plugin::QuickBuilder qb(pinfo, ti, reg.experts);
                sum = decode_into(qb, s, p);
                std::snprintf(info, sizeof info, "%s", qb.info());
            }
            name = sum.type ? sum.type->name : nullptr;
        }
    } else {
        plugin::TreeBuilder framing(frame_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
        p.parts = mcjava::split_frame(wire, p.wire_len, false);
        if (p.kind != PacketKind::Unframed) p.parts = mcjava::FrameParts{};
        mcjava::emit_packet_fields(s, p, framing);
        name = mcjava::packet_name(p, name_buf, sizeof name_buf);
    }
    if (rec.link.exchange && tree) {
        plugin::TreeBuilder tb(frame_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
        mcjava::emit_link(s, rec.link, tb);
    }
    auto report = [&](core::Finding f) {
        f.frame = pinfo->num;  // about the packet as a whole
        if (tree) {
            plugin::TreeBuilder tb(frame_tvb, pinfo, pt, ti, s, reg.fields, reg.experts);
            tb.finding(f);
        } else {
            reg.experts.report(pinfo, ti, f);
        }
    };
    for (guint8 i = 0; i < rec.nfindings; ++i) report(rec.findings[i]);
    // From the second pass: what the end of the capture told about this
    // packet (the first of its frame that has a link or is of the kind the
    // finding names).
    if (PINFO_FD_VISITED(pinfo) && rec.conn && p.kind == PacketKind::Packet) {
        const auto range = end_of(rec.conn).by_frame.equal_range(pinfo->num);
        for (auto it = range.first; it != range.second; ++it) {
            const auto code = core::local_code<mcjava::FindingCode>(it->second.code);
            const bool light = code == mcjava::FindingCode::ChunkLightUnknown;
            const bool mine = light ? (sum.type && sum.type->key && std::strcmp(sum.type->key, "update_light") == 0)
                                    : (rec.link.exchange && !rec.link.is_answer && !rec.link.exchange->answered());
            if (mine) report(it->second);
        }
    }

    char label[128];
    if (!name && p.kind == PacketKind::Packet)
        std::snprintf(label, sizeof label, "Unknown 0x%02x", sum.id);
    else
        std::snprintf(label, sizeof label, "%s", name ? name : "Unknown");
    if (have_tap_listener(reg.tap)) {
        auto* t = wmem_new0(pinfo->pool, mcjava_plugin::TapInfo);
        t->state = mcjava::state_name(p.state);
        t->dir = p.dir == Side::Client ? "client->server" : "server->client";
        std::snprintf(t->type, sizeof t->type, "%s", label);
        t->length = rec.piece.len;
        tap_queue_packet(reg.tap, pinfo, t);
    }
    plugin::stream::label_piece(pinfo, reg.proto, ti, mcjava::state_name(p.state), arrow, label, info,
                                sum.worst == core::Severity::Error);
}

// First pass: the record of a piece, what the connection made of it (the
// stream layer adds its own findings: plugin/stream/pdu_dissection.hpp).
PduRecord* record(ConnState& cs, Side d, PieceKind k, const guint8* p, guint32 len, const core::Span& span) {
    PduRecord* r = nullptr;
    first_pass_inflated = {};
    if (k == PieceKind::Message || k == PieceKind::Unframed) {
        Catch c;
        c.analysis = &cs.analysis;
        if (k == PieceKind::Message) cs.conn.frame(d, p, len, span, c);
        else cs.conn.unframed(d, p, len, span, c);
        r = record_of(c.caught);
        r->link = c.link;
        r->conn = &cs;
        const mcjava::Packet& q = c.caught;
        if (q.decrypted) {
            r->own_bytes = static_cast<const guint8*>(wmem_memdup(wmem_file_scope(), p, len));
            r->own_source = "Decrypted";
        }
        if (q.inflated && q.data_len == q.parts.data_length) first_pass_inflated = {r, q.data, q.data_len};
    } else {
        if (k == PieceKind::Gap) cs.conn.gap(d, span.stream_offset);  // where the stream resumes
        r = wmem_new0(wmem_file_scope(), PduRecord);
        r->kind = PacketKind::Unframed;
        r->state = cs.conn.state(d);
        r->dir = d;
        r->version = version_index(&cs.conn.version());
    }
    return r;
}

// A picked-up connection's packets as its session hands them out, each
// recorded by the frame that completed it; shown from the call's tvb when
// it lies in this call's bytes, else from a copy.
struct PickedUpRecorder : mcjava::PacketSink {
    ConnState& cs;
    plugin::stream::CallBytes call;
    PickedUpRecorder(ConnState& c, const plugin::stream::CallBytes& where) : cs(c), call(where) {}
    void packet(mcjava::Packet& p) override {
        const mcjava::PacketLink link = cs.analysis.packet(p);
        PduRecord* r = record_of(p);
        r->link = link;
        r->conn = &cs;
        r->piece.kind = PieceKind::Message;
        r->piece.len = p.wire_len;
        if (!p.decrypted && call.holds(p.span, p.wire_len)) {
            r->piece.tvb_offset = call.tvb_at + guint(p.span.stream_offset - call.from);
        } else if (p.wire_len) {
            r->own_bytes = static_cast<const guint8*>(wmem_memdup(wmem_file_scope(), p.wire, p.wire_len));
            // Its frame's bytes were held when it was cut (replayed), or
            // it spans frames.
            r->own_source = p.decrypted                                  ? "Decrypted"
                            : p.span.first.frame == p.span.last.frame ? "Held packet"
                                                                      : "Reassembled packet";
        }
        cs.picked_up->add(p.span.last.frame, p.dir, p.span.stream_offset, r);
    }
};

// The end of the first pass for a picked-up connection: what is still held
// is decided on (a tie goes to the releases other connections to its
// server speak, as in the analyzer), a packet still incomplete reported.
void finish_picked_up(ConnState& cs, PickedUpRecorder& rec) {
    mcjava::VersionSet peers = 0;
    connections.for_each([&](const ConnState& o) {
        if (&o == &cs || o.server.port != cs.server.port || !addresses_equal(&o.server.addr, &cs.server.addr)) return;
        const PickedUp* up = o.picked_up.get();
        peers |= up ? up->session.known_releases() : o.conn.known_releases();
    });
    PickedUp& up = *cs.picked_up;
    up.session.hint(peers);
    up.session.finish(rec, up.last);
}

void show_recorded(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, const PduRecord& r) {
    show(tvb, pinfo, tree, r.piece.tvb_offset, r);
}

// A connection picked up without its Handshake: the first pass hands
// every byte to its session; every pass shows the packets recorded for
// this frame (../stream/own_stream_dissection.hpp).
int dissect_picked_up(ConnState& cs, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    first_pass_inflated = {};
    return plugin::stream::dissect_own_stream(
        reg.proto, cs, *cs.picked_up, tvb, pinfo, tree, data,
        [&](const plugin::stream::CallBytes& c) { return PickedUpRecorder(cs, c); },
        [&](PickedUpRecorder& rec) { finish_picked_up(cs, rec); }, show_recorded);
}

// The shared port held the connection's first bytes while it chose
// (picked up mid-way, Java or Alpha): they are replayed into its session.
void adopt(packet_info* pinfo, const plugin::stream::Prelude& prelude) {
    ConnState& cs = connections.of(pinfo, reg.proto, mcjava::protocol_info().default_port);
    plugin::stream::adopt_own_stream(cs, cs.pick_up(), prelude,
                                     [&](const plugin::stream::CallBytes& c) { return PickedUpRecorder(cs, c); });
}

// Picked up mid-way (the analyzer's rule): no SYN, and its first bytes
// (the connection's first on the first pass) are not the client's
// Handshake or legacy ping.
bool picked_up_mid_way(ConnState& cs, tvbuff_t* tvb, packet_info* pinfo) {
    if (plugin::stream::syn_server_port(pinfo, find_or_create_conversation(pinfo))) return false;
    const guint len = tvb_captured_length(tvb);
    const guint8* p = len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr;
    if (cs.sender(pinfo) == Side::Client) {
        const minecraft::Edition e = minecraft::classify_first_client_bytes(p, len);
        if (e == minecraft::Edition::Java || e == minecraft::Edition::JavaLegacyPing) return false;
    }
    return true;
}

// The stream layer's hook: a connection whose client does not begin
// with a Handshake (or the legacy ping) was picked up mid-way and is
// decoded by a session of its own from its first bytes on.
int own_stream(ConnState& cs, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    if (!cs.begun && !PINFO_FD_VISITED(pinfo)) {
        cs.begun = true;
        if (picked_up_mid_way(cs, tvb, pinfo)) cs.pick_up();
    }
    return cs.picked_up ? dissect_picked_up(cs, tvb, pinfo, tree, data) : -1;
}

int dissect_mcjava(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const core::ProtocolInfo& info = mcjava::protocol_info();
    // The stream findings as mcjava::Session reports them (a resync counts
    // every byte passed over, the gaps' missing ones too).
    const plugin::stream::StreamProtocol<ConnState, PduRecord> stream{
        reg.proto, info.short_name, &connections, info.default_port,
        {mcjava::FindingCode::StreamGap, mcjava::FindingCode::Resynchronised, false}, record, show, own_stream};
    return plugin::stream::dissect_pdus(stream, tvb, pinfo, tree, data);
}

void register_prefs(module_t* prefs) {
    prefs_register_string_preference(prefs, "teleport_threshold", "Teleport distance threshold (blocks)",
                                     "A teleport that moves the client farther than this from where it last said it "
                                     "was is a warning (mcjava.teleport.far; after the client's own command, a "
                                     "comment); default 1.0",
                                     &pref_teleport_threshold);
    prefs_register_string_preference(prefs, "keepalive_slow", "Keep Alive lag threshold (seconds)",
                                     "A Keep Alive answered later than this is a warning (mcjava.keepalive.slow; 0: "
                                     "off); default 1.0, the latency of vanilla's worst ping bar",
                                     &pref_keepalive_slow);
    prefs_register_filename_preference(prefs, "keylog_file", "Key log file (shared secrets)",
                                       "Decrypts online-mode (encrypted) connections: lines 'SHARED_SECRET <encrypted "
                                       "shared secret hex> <shared secret hex>' (keyed by the Encryption Response) or "
                                       "MC_Dissector's '<verify token hex> <shared secret hex>'. Empty: "
                                       "$MINECRAFT_KEY_LOG_FILE",
                                       &pref_keylog_file, FALSE);
    prefs_register_string_preference(prefs, "release", "Release of connections without a Handshake",
                                     "A connection the capture picked up after its Handshake is decoded as this "
                                     "release ('1.20.4', or a protocol number: '765'); its state and compression "
                                     "are still inferred. Empty: the release is inferred from the packets "
                                     "(mcjava.version.inferred says from how many, and the runner-up)",
                                     &pref_release);
}

// Its port, 25565, is Minecraft Alpha's too: the shared port's dissector
// (../shared_port.hpp) holds it and hands Java conversations here; on any
// other port its heuristic (mcjava_tcp: a whole Handshake, or the 1.4+
// legacy ping) finds it.
plugin::ProtocolRegistration part() {
    plugin::ProtocolRegistration p(mcjava::protocol_info(), reg, dissect_mcjava);
    p.prefs = register_prefs;
    p.adopt = adopt;
    p.extra = [](const plugin::Registered&) { mcjava_plugin::register_stats_tree(); };
    p.cleanup = [] {
        end_findings.clear();
        first_pass_inflated = {};
        keys.loaded = false;
        connections.clear();
    };
    return p;
}
[[maybe_unused]] const bool added = plugin::add_protocol(part());

}  // namespace
