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
// since only parsing tells where a message ends, Connection::measure()).
//
// Limitations:
//   - The connection's analyses (state, Map Chunk contents, Pre-Chunk and
//     entity bookkeeping, corrections, keep-alive cadence) run on the first
//     pass in frame order; each message's record (p_add_proto_data, file
//     scope) is read back on later passes and clicks.
//   - After an unknown id or an impossible value the next message start is
//     searched byte by byte (framing(d).starts_here(), the analyzer's rule):
//     the id is shown as unframed, the bytes searched over as skipped, and
//     the message found carries mcalpha.stream.resync. A candidate start
//     that needs more bytes is waited for (desegmentation); a one-pass
//     dissector cannot stop waiting at the end of the capture as the
//     analyzer does (mcalpha::Session::finish), so when garbage claims a
//     long string the rest of that direction may stay undecoded here while
//     blankshark decodes it. On 40 copies of mc_alpha-session.pcap with 1-20
//     random payload bytes changed, tshark and blankshark decoded the same
//     number of messages per direction in 25 (in the other 15 tshark fewer,
//     never more).
//   - Wireshark's TCP hands some bytes over again (a reassembly extended
//     from its old start when more is asked for inside older segments, a
//     retransmission): the TCP sequence number (struct tcpinfo) after the
//     last byte cut into records is kept, and bytes before it are skipped.
//   - Wireshark never hands over bytes that were not captured: the
//     analyzer (blankshark) reports gaps as mcalpha.stream.gap, this
//     dissector only sees what Wireshark's TCP delivers. How the
//     connection ended without a Kick or Disconnect (FIN, RST, capture end)
//     is reported by the analyzer only: a subdissector sees no FIN.
#include <epan/conversation.h>
#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>
#include <epan/proto_data.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "../expert_registry.hpp"
#include "../field_registry.hpp"
#include "../tree_builder.hpp"
#include "core/decoder.hpp"
#include "core/inflater.hpp"
#include "dissector.hpp"
#include "protocols/mc_alpha/chunk_data.hpp"
#include "protocols/mc_alpha/connection.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_alpha/schema.hpp"

namespace {

using mcalpha::Direction;
using mcalpha::MessageKind;

int proto_mcalpha = -1;
gint ett_mcalpha = -1;
dissector_handle_t mcalpha_handle;
plugin::FieldRegistry fields;
plugin::ExpertRegistry experts;

// Per connection: the analyses (first pass), the side that is the server,
// and the search for a message start after bytes that could not be framed.
struct ConnState {
    address server_addr;
    guint32 server_port = 0;
    core::Inflater inflater;
    mcalpha::Connection conn{inflater};
    bool searching[2] = {false, false};
    guint64 offset[2] = {0, 0};   // stream bytes cut into records so far
    guint64 skipped[2] = {0, 0};  // bytes searched over since the unframed id
    // TCP sequence number after the last byte cut into records (first
    // pass): Wireshark's TCP may hand bytes over again (a reassembly it
    // extends from its old start when asked for more inside older
    // segments, a retransmission); those are skipped, never cut twice.
    bool have_seq[2] = {false, false};
    guint32 next_seq[2] = {0, 0};
};
std::vector<std::unique_ptr<ConnState>> connections;

void cleanup_mcalpha() { connections.clear(); }

// What the first pass learned about one message, read back later.
enum class RecordKind : guint8 { Message, Unframed, Skipped };
struct PduRecord {
    guint32 tvb_offset;  // where it starts in the tvb of its call
    guint32 wire_len;
    RecordKind kind;
    mcalpha::State state;
    Direction dir;
    mcalpha::MessageAnalysis analysis;
    guint8 nfindings;
    core::Finding findings[mcalpha::Message::kMaxFindings];
};

ConnState* conn_state(packet_info* pinfo) {
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* st = static_cast<ConnState*>(conversation_get_proto_data(conv, proto_mcalpha));
    if (!st) {
        connections.push_back(std::make_unique<ConnState>());
        st = connections.back().get();
        // The server: the side on the Minecraft port, else the receiver of
        // the first data (the client speaks first, its Handshake).
        const guint16 port = mcalpha::protocol_info().default_port;
        const bool src_server = pinfo->srcport == port && pinfo->destport != port;
        copy_address_wmem(wmem_file_scope(), &st->server_addr, src_server ? &pinfo->src : &pinfo->dst);
        st->server_port = src_server ? pinfo->srcport : pinfo->destport;
        conversation_add_proto_data(conv, proto_mcalpha, st);
    }
    return st;
}

// Catches the Message the connection hands out on the first pass.
struct Catch : mcalpha::MessageSink {
    PduRecord* rec = nullptr;
    void message(mcalpha::Message& m) override {
        rec = wmem_new0(wmem_file_scope(), PduRecord);
        rec->wire_len = m.len;
        rec->kind = m.kind == MessageKind::Message ? RecordKind::Message : RecordKind::Unframed;
        rec->state = m.state;
        rec->dir = m.dir;
        rec->analysis = m.analysis;
        rec->nfindings = m.nfindings;
        std::copy(m.findings, m.findings + m.nfindings, rec->findings);
    }
};

PduRecord* skipped_record(guint32 len, const ConnState& cs, Direction d) {
    auto* r = wmem_new0(wmem_file_scope(), PduRecord);
    r->wire_len = len;
    r->kind = RecordKind::Skipped;
    r->state = cs.conn.state();
    r->dir = d;
    return r;
}

// The per-dissection count of messages shown in this frame (the key of
// their records: the same calls come in the same order on every pass).
guint next_pdu_key(packet_info* pinfo) {
    auto* n = static_cast<guint*>(p_get_proto_data(pinfo->pool, pinfo, proto_mcalpha, 0));
    if (!n) {
        n = wmem_new0(pinfo->pool, guint);
        p_add_proto_data(pinfo->pool, pinfo, proto_mcalpha, 0, n);
    }
    return (*n)++;
}

// The inflated Map Chunk as a tab of the bytes pane (inflated again, with
// the size the record's fields imply as the bound: the first pass keeps
// only what it computed).
void add_inflated_chunk(tvbuff_t* tvb, packet_info* pinfo, const PduRecord& rec, const guint8* wire) {
    const mcalpha::ChunkResult& c = rec.analysis.chunk;
    if (!c.present || !c.inflated) return;
    const mcalpha::ChunkData where = mcalpha::locate_chunk_data(rec.dir, wire, rec.wire_len);
    if (!where.present) return;
    static core::Inflater inflater;
    inflater.inflate(wire + where.offset, where.length, size_t(c.inflated));
    if (!inflater.out_size()) return;
    auto* bytes = static_cast<guint8*>(wmem_memdup(pinfo->pool, inflater.out(), inflater.out_size()));
    tvbuff_t* i = tvb_new_child_real_data(tvb, bytes, guint(inflater.out_size()), gint(inflater.out_size()));
    add_new_data_source(pinfo, i, "Inflated Map Chunk");
}

// Shows one message of `rec.wire_len` bytes at `offset` of `tvb`.
void show(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, guint offset, const PduRecord& rec) {
    const core::Schema& s = mcalpha::schema();
    const guint8* wire = tvb_get_ptr(tvb, gint(offset), gint(rec.wire_len));
    proto_item* ti = proto_tree_add_item(tree, proto_mcalpha, tvb, gint(offset), gint(rec.wire_len), ENC_NA);
    proto_tree* pt = proto_item_add_subtree(ti, ett_mcalpha);
    tvbuff_t* msg_tvb = tvb_new_subset_length(tvb, gint(offset), gint(rec.wire_len));

    mcalpha::Message m;  // what emit_message_fields() reads
    m.kind = rec.kind == RecordKind::Message ? MessageKind::Message : MessageKind::Unframed;
    m.dir = rec.dir;
    m.state = rec.state;
    m.data = wire;
    m.len = rec.wire_len;
    m.analysis = rec.analysis;
    m.nfindings = rec.nfindings;
    std::copy(rec.findings, rec.findings + rec.nfindings, m.findings);

    char label[128];
    char info[300] = {};
    core::MessageSummary sum{};
    if (tree) {
        plugin::TreeBuilder tb(msg_tvb, pinfo, pt, ti, s, fields, experts);
        if (rec.kind == RecordKind::Message) {
            sum = core::decode(s, wire, rec.wire_len, m.context(), tb);
            std::snprintf(info, sizeof info, "%s", tb.info());
        }
        mcalpha::emit_message_fields(m, tb);
        for (guint8 i = 0; i < rec.nfindings; ++i) {
            core::Finding f = rec.findings[i];
            f.frame = pinfo->num;  // about the message as a whole
            tb.finding(f);
        }
        if (rec.kind == RecordKind::Message) add_inflated_chunk(msg_tvb, pinfo, rec, wire);
    } else {
        plugin::QuickBuilder qb(pinfo, ti, experts);
        if (rec.kind == RecordKind::Message) {
            sum = core::decode(s, wire, rec.wire_len, m.context(), qb);
            std::snprintf(info, sizeof info, "%s", qb.info());
        }
        for (guint8 i = 0; i < rec.nfindings; ++i) experts.report(pinfo, ti, rec.findings[i]);
    }
    switch (rec.kind) {
    case RecordKind::Message:
        if (sum.type) std::snprintf(label, sizeof label, "%s", sum.type->name);
        else std::snprintf(label, sizeof label, "Unknown 0x%02x", unsigned(sum.id));
        break;
    case RecordKind::Unframed:
        std::snprintf(label, sizeof label, "Unframed 0x%02x", rec.wire_len ? unsigned(wire[0]) : 0u);
        break;
    case RecordKind::Skipped: std::snprintf(label, sizeof label, "Skipped %u bytes", rec.wire_len); break;
    }
    proto_item_append_text(ti, ", %s, %s %s", mcalpha::state_name(rec.state), mcalpha::direction_arrow(rec.dir),
                           label);
    col_append_sep_fstr(pinfo->cinfo, COL_INFO, ", ", "%s%s", label, info);
    if (sum.worst == core::Severity::Error) col_append_str(pinfo->cinfo, COL_INFO, " [Malformed]");
}

// First pass: cuts `tvb` from `offset` into records (returns the record of
// the next piece, or null when more bytes are needed: `need` of them if
// known, else 0).
PduRecord* first_pass(tvbuff_t* tvb, packet_info* pinfo, ConnState& cs, Direction d, guint offset, guint len,
                      guint& need) {
    need = 0;
    const int i = int(d);
    const guint avail = len - offset;
    const guint8* p = tvb_get_ptr(tvb, gint(offset), gint(avail));
    core::Span span;
    span.first.frame = span.last.frame = pinfo->num;
    span.first.time = span.last.time = nstime_to_sec(&pinfo->rel_ts);
    span.stream_offset = cs.offset[i];
    if (cs.searching[i]) {
        // The search for a message start: the bytes before it are skipped.
        guint n = 0;
        core::Measure at = core::Measure::Invalid;
        while (n < avail && (at = cs.conn.framing(d).starts_here(p + n, avail - n)) == core::Measure::Invalid) ++n;
        if (n > 0) {
            cs.skipped[i] += n;
            cs.offset[i] += n;
            return skipped_record(n, cs, d);
        }
        if (at == core::Measure::NeedMore || n == avail) return nullptr;
        cs.searching[i] = false;  // a message starts here: measure it below
    }
    const core::MeasureResult m = cs.conn.measure(d, p, avail);
    if (m.status == core::Measure::NeedMore) {
        if (m.length > avail) need = m.length - avail;
        return nullptr;
    }
    Catch c;
    if (m.status == core::Measure::Invalid) {
        cs.conn.unframed(d, p, 1, span, c);  // the byte it gave up on; then search
        cs.searching[i] = true;
        cs.skipped[i] = 0;
        cs.offset[i] += 1;
        return c.rec;
    }
    const bool resynced = cs.skipped[i] != 0;
    cs.conn.message(d, p, m.length, span, c);
    if (resynced && c.rec && c.rec->nfindings < mcalpha::Message::kMaxFindings) {
        core::Finding f{mcalpha::FindingCode::Resynchronised, 0, 0, int64_t(cs.offset[i]), int64_t(cs.skipped[i])};
        f.frame = pinfo->num;
        c.rec->findings[c.rec->nfindings++] = f;
    }
    cs.skipped[i] = 0;
    cs.offset[i] += m.length;
    return c.rec;
}

int dissect_mcalpha(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    col_set_str(pinfo->cinfo, COL_PROTOCOL, "MCALPHA");
    if (!p_get_proto_data(pinfo->pool, pinfo, proto_mcalpha, 0)) col_clear(pinfo->cinfo, COL_INFO);
    ConnState* cs = conn_state(pinfo);
    const bool from_server = pinfo->srcport == cs->server_port && addresses_equal(&pinfo->src, &cs->server_addr);
    const Direction d = from_server ? Direction::Clientbound : Direction::Serverbound;
    const int i = int(d);
    const guint len = tvb_captured_length(tvb);
    const auto* tcp = static_cast<const struct tcpinfo*>(data);  // TCP's, for every call on a TCP port
    guint offset = 0;
    if (!PINFO_FD_VISITED(pinfo) && tcp && cs->have_seq[i]) {
        // Bytes already cut into records in earlier calls (wrap-safe).
        const guint32 behind = cs->next_seq[i] - tcp->seq;
        if (behind < 0x80000000u) {
            if (behind >= len) return int(len);
            offset = behind;
        }
    }
    while (offset < len) {
        const guint key = next_pdu_key(pinfo);
        PduRecord* rec = nullptr;
        if (!PINFO_FD_VISITED(pinfo)) {
            guint need = 0;
            rec = first_pass(tvb, pinfo, *cs, d, offset, len, need);
            if (!rec) {
                pinfo->desegment_offset = int(offset);
                pinfo->desegment_len = need ? need : DESEGMENT_ONE_MORE_SEGMENT;
                return int(len);
            }
            rec->tvb_offset = offset;
            if (tcp) {
                cs->have_seq[i] = true;
                cs->next_seq[i] = tcp->seq + offset + rec->wire_len;
            }
            p_add_proto_data(wmem_file_scope(), pinfo, proto_mcalpha, gint(key + 1), rec);
        } else {
            rec = static_cast<PduRecord*>(p_get_proto_data(wmem_file_scope(), pinfo, proto_mcalpha, gint(key + 1)));
            if (!rec || rec->wire_len == 0 || rec->tvb_offset < offset || rec->tvb_offset + rec->wire_len > len) {
                // What the first pass asked more bytes for.
                pinfo->desegment_offset = int(offset);
                pinfo->desegment_len = DESEGMENT_ONE_MORE_SEGMENT;
                return int(len);
            }
            offset = rec->tvb_offset;
        }
        show(tvb, pinfo, tree, offset, *rec);
        offset += rec->wire_len;
    }
    return int(len);
}

}  // namespace

void proto_register_mcalpha() {
    const core::ProtocolInfo& info = mcalpha::protocol_info();
    proto_mcalpha = proto_register_protocol(info.name, info.short_name, info.filter_name);
    fields.add(proto_mcalpha, {&mcalpha::schema()});
    static gint* etts[] = {&ett_mcalpha};
    proto_register_subtree_array(etts, 1);
    experts.add(proto_mcalpha, mcalpha::finding_table());
    mcalpha_handle = register_dissector(info.filter_name, dissect_mcalpha, proto_mcalpha);
    register_cleanup_routine(cleanup_mcalpha);
}

void proto_reg_handoff_mcalpha() {}
