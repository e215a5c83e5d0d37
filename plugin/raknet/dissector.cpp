// Wireshark dissector for RakNet and the Minecraft game packets it carries:
// Pocket Edition 0.x's (seed 002) and Bedrock Edition's batches (0xFE:
// decrypted with a key log, decompressed, each packet decoded with its
// release's tables), with the core's reliability analysis.
//
// Every field, expert info and value string comes from the core's tables
// (src/protocols/raknet/, src/protocols/mcpe/, src/protocols/bedrock/):
// this file turns the decoder's callbacks and the sessions' results into
// tree items.
//
// Wireshark 4.0 has a RakNet dissector of its own (udp.port 19132, the
// heuristic raknet_udp) and an MCPE one behind it (0xFE only). This plugin
// REPLACES them for the conversations it decodes: it takes udp.port 19132
// (its registration comes after the built-in one, so the port is ours) and
// disables the heuristic raknet_udp (Analyze > Enabled Protocols can turn
// it back on; then whichever heuristic claims a conversation first pins
// it). A packet is therefore decoded by one RakNet dissector only, and its
// game packets never reach Wireshark's MCPE heuristic. The protocols are
// "bsraknet" / "bsmcpe" (the names raknet / mcpe are Wireshark's); their
// fields keep the core's names raknet.* / mcpe.*, which Wireshark's fields
// share where both show the same value.
//
// Limitations:
//   - The analysis runs on the first pass, in frame order; results about a
//     frame known only later (ACKed in, NAKed in, resent in, pong in,
//     reassembled in, chunk data in) and the end-of-capture findings
//     (never acknowledged, incomplete split groups, how it ended) are shown
//     on later passes: in the GUI and with tshark -2.
//   - The Info column lists the packet and its messages; the numbers are in
//     the raknet.analysis.* / mcpe.analysis.* generated fields.
//   - The conversations are finished (end-of-capture results) at the first
//     later pass; packets of a live capture arriving after that are
//     analysed on, but what the finish reported is not revised.
//   - The server is the side on the RakNet port (19132; with another port
//     set in bsraknet.udp.port, the side the core says sent the first
//     offline message, else the receiver of the first packet).
#include <epan/conversation.h>
#include <epan/expert.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto.h>
#include <epan/tap.h>

#include <cstring>

#include "../protocol_registration.hpp"
#include "../tree_builder.hpp"
#include "../ws_compat.hpp"
#include "../bedrock/batch_tree.hpp"
#include "frame_store.hpp"
#include "stats_tree.hpp"
#include "tap_info.hpp"
#include "protocols/mcpe/analysis_fields.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/mcpe/protocol_info.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/raknet/analysis_fields.hpp"
#include "protocols/raknet/findings.hpp"
#include "protocols/raknet/info_text.hpp"
#include "protocols/raknet/protocol_info.hpp"
#include "protocols/raknet/schema.hpp"

namespace {

using namespace raknet_plugin;

// RakNet's and MCPE's protocols, fields, expert infos and subtrees,
// RakNet's handle and tap, registered from the catalog (../plugin.cpp).
plugin::Registered raknet_reg, mcpe_reg;
gint ett_message = -1;
guint pref_port = raknet::protocol_info().default_port;
int proto_ws_raknet = -1;  // Wireshark's own RakNet protocol (its filter name)
FrameStore store;

// The game layer a finding belongs to (each protocol's codes from its base, 256 each).
bool is_mcpe_finding(const core::Finding& f) { return f.code.v >= mcpe::kFindingBase && f.code.v < mcpe::kFindingBase + 256; }
bool is_game_finding(const core::Finding& f) { return is_mcpe_finding(f) || bedrock_plugin::is_finding(f); }

template <class T>
raknet::Span<T> array_span(wmem_array_t* a) {
    if (!a) return {};
    return {static_cast<const T*>(wmem_array_get_raw(a)), wmem_array_get_count(a)};
}

const GameRecord* game_of(const FrameRecord& r, guint32 message) {
    for (guint32 i = 0; i < r.ngames; ++i)
        if (r.games[i].message == message) return &r.games[i];
    return nullptr;
}

// One game packet: the mcpe protocol item over its bytes.
void show_game(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, const FrameRecord& rec, const GameRecord* g,
               bool first_game, char* info, size_t info_size, TapInfo* tap) {
    const mcpe::VersionInfo& v = g && g->version ? *g->version : mcpe::default_version();
    const core::Schema& s = mcpe::schema(v);
    // Expert infos name the protocol that is current when they are added.
    const char* const outer = pinfo->current_proto;
    pinfo->current_proto = "MCPE-BS";
    proto_item* ti = proto_tree_add_item(tree, mcpe_reg.proto, tvb, 0, -1, ENC_NA);
    proto_tree* mt = proto_item_add_subtree(ti, mcpe_reg.ett);
    plugin::TreeBuilder tb(tvb, pinfo, mt, ti, s, mcpe_reg.fields, mcpe_reg.experts);
    const guint len = tvb_captured_length(tvb);
    const core::MessageSummary sum =
        core::decode(s, len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr, len, core::DecodeContext{}, tb);
    if (g) {
        mcpe::GamePacket gp;
        gp.version = g->version;
        gp.request_frame = g->request_frame;
        gp.since_request_ms = g->since_request_ms;
        gp.has_chunk = g->has_chunk;
        gp.chunk = g->chunk;
        mcpe::emit_game_packet(s, gp, tb);
        for (guint8 i = 0; i < g->nfindings; ++i) tb.finding(g->findings[i]);
    }
    if (first_game) {
        for (const mcpe::Link& l : array_span<mcpe::Link>(rec.game_links)) mcpe::emit_link(s, l, tb);
        for (const core::Finding& f : array_span<core::Finding>(rec.late))
            if (is_mcpe_finding(f)) tb.finding(f);
    }
    if (tap) tap->add(sum.type ? sum.type->name : "Unknown game packet");
    char name[64];
    if (sum.type) std::snprintf(name, sizeof name, "%s", sum.type->name);
    else std::snprintf(name, sizeof name, "Unknown 0x%02x", sum.id);
    proto_item_append_text(ti, ", %s", name);
    const size_t n = std::strlen(info);
    std::snprintf(info + n, info_size - n, ", %s%s%s", name, tb.info(), sum.worst == core::Severity::Error ? " [Malformed]" : "");
    pinfo->current_proto = outer;
}

// A RakNet system message inside a frame.
void show_system(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, proto_item* root, const FrameRecord& rec,
                 const raknet::MessageResult& m, char* info, size_t info_size, TapInfo* tap) {
    const core::Schema& s = raknet::schema(*rec.p.version);
    proto_tree* st = proto_tree_add_subtree(tree, tvb, 0, -1, ett_message, nullptr, "System message");
    plugin::TreeBuilder tb(tvb, pinfo, st, root, s, raknet_reg.fields, raknet_reg.experts);
    const guint len = tvb_captured_length(tvb);
    const core::MessageSummary sum = core::decode(s, len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr, len,
                                                  rec.p.context(raknet::kMessageTable), tb);
    raknet::emit_message(s, m, tb);
    const char* name = sum.type ? sum.type->name : "Unknown system message";
    if (tap) tap->add(name);
    proto_item_append_text(st, ": %s", name);
    const size_t n = std::strlen(info);
    std::snprintf(info + n, info_size - n, ", %s%s", name, sum.worst == core::Severity::Error ? " [Malformed]" : "");
}

int dissect_raknet(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
    const guint len = tvb_captured_length(tvb);
    pinfo->current_proto = "RakNet-BS";
    col_set_str(pinfo->cinfo, COL_PROTOCOL, "RakNet");
    col_clear(pinfo->cinfo, COL_INFO);
    const guint8* data = len ? tvb_get_ptr(tvb, 0, gint(len)) : nullptr;
    const FrameRecord* rec = PINFO_FD_VISITED(pinfo) ? store.load(pinfo) : store.analyse(pinfo, data, len);
    // A socket's packet to itself (RakNet's self-test from the server port):
    // not RakNet traffic, left to the next dissector (data).
    if (!rec && pinfo->srcport == pinfo->destport && addresses_equal(&pinfo->src, &pinfo->dst)) return 0;

    const raknet::VersionInfo& version = rec && rec->p.version ? *rec->p.version : raknet::version(raknet::Generation::Current);
    const core::Schema& s = raknet::schema(version);
    proto_item* ti = proto_tree_add_item(tree, raknet_reg.proto, tvb, 0, -1, ENC_NA);
    proto_tree* rt = proto_item_add_subtree(ti, raknet_reg.ett);
    // Wireshark's own dissector owns the name "raknet"; what a user types
    // for RakNet (-Y raknet) matches ours too, through a hidden item.
    if (proto_ws_raknet > 0) proto_item_set_hidden(proto_tree_add_item(tree, proto_ws_raknet, tvb, 0, 0, ENC_NA));
    plugin::TreeBuilder tb(tvb, pinfo, rt, ti, s, raknet_reg.fields, raknet_reg.experts);
    core::DecodeContext ctx;
    if (rec) ctx = rec->p.context(raknet::kPacketTable);
    else ctx.table = raknet::kPacketTable;
    const core::MessageSummary sum = core::decode(s, data, len, ctx, tb);

    TapInfo* tap = have_tap_listener(raknet_reg.tap) ? wmem_new0(pinfo->pool, TapInfo) : nullptr;
    if (tap) {
        tap->analysed = rec != nullptr;
        tap->from = rec ? rec->p.from : core::Side::Client;
        tap->kind = len ? raknet::packet_kind(data[0]) : raknet::PacketKind::Offline;
        tap->length = len;
        if (rec && rec->p.kind == raknet::PacketKind::Datagram) {
            tap->skipped = guint32(std::min<uint64_t>(rec->p.gap_count, G_MAXUINT32));
            tap->status = rec->p.status;
            tap->resends = rec->p.status == raknet::SeqStatus::Resent;
            for (const raknet::FrameResult& f : rec->p.frames) tap->resends += f.role == raknet::FrameRole::Resend;
        }
    }
    char info[COL_MAX_INFO_LEN];
    std::snprintf(info, sizeof info, "%s%s%s", sum.type ? sum.type->name : "Unknown", tb.info(),
                  sum.worst == core::Severity::Error ? " [Malformed]" : "");
    if (rec) {
        const raknet::PacketResult& p = rec->p;
        raknet::emit_packet(s, p, tb);
        for (const raknet::FrameResult& f : p.frames) raknet::emit_frame(s, f, tb);
        for (const raknet::Link& l : array_span<raknet::Link>(rec->links)) raknet::emit_link(s, l, tb);
        for (const core::Finding& f : p.findings) tb.finding(f);
        for (const core::Finding& f : array_span<core::Finding>(rec->late))
            if (!is_game_finding(f)) tb.finding(f);
        size_t n = std::strlen(info);
        if (p.kind == raknet::PacketKind::Ack || p.kind == raknet::PacketKind::Nak)
            n += raknet::record_ranges_text(s, data, len, ctx, info + n, sizeof info - n);
        raknet::append_markers(p, info, n, sizeof info);
        bool first_game = true;
        bedrock_plugin::InfoRun run;
        const bedrock::Batch* batches = rec->batches ? static_cast<const bedrock::Batch*>(wmem_array_get_raw(rec->batches)) : nullptr;
        const guint nbatches = rec->batches ? wmem_array_get_count(rec->batches) : 0;
        auto batch_of = [&](guint32 message) -> const bedrock::Batch* {
            for (guint k = 0; k < nbatches; ++k)
                if (batches[k].message == message) return &batches[k];
            return nullptr;
        };
        for (guint32 i = 0; i < p.messages.size; ++i) {
            const raknet::MessageResult& m = p.messages[i];
            tvbuff_t* mtvb;
            if (m.data) {  // reassembled: a data source of its own
                mtvb = tvb_new_child_real_data(tvb, m.data, m.len, gint(m.len));
                add_new_data_source(pinfo, mtvb, "Reassembled RakNet message");
            } else {
                const guint32 off = rec->message_offsets[i];
                if (off > len || m.len > len - off) continue;
                mtvb = tvb_new_subset_length(tvb, gint(off), gint(m.len));
            }
            if (m.system) {
                run.flush(info, sizeof info);
                show_system(mtvb, pinfo, rt, ti, *rec, m, info, sizeof info, tap);
                continue;
            }
            proto_tree* ut = proto_tree_add_subtree(rt, mtvb, 0, -1, ett_message, nullptr, "User message");
            plugin::TreeBuilder mb(mtvb, pinfo, ut, ti, s, raknet_reg.fields, raknet_reg.experts);
            raknet::emit_message(s, m, mb);
            if (const bedrock::Batch* b = batch_of(i)) {
                bedrock_plugin::show_batch(mtvb, pinfo, tree, *b, info, sizeof info, run, tap);
            } else {
                run.flush(info, sizeof info);
                show_game(mtvb, pinfo, tree, *rec, game_of(*rec, i), first_game, info, sizeof info, tap);
                first_game = false;
            }
        }
        for (guint k = 0; k < nbatches; ++k)  // held back by RakNet ordering until this frame
            if (batches[k].message == ~0u) bedrock_plugin::show_batch(tvb, pinfo, tree, batches[k], info, sizeof info, run, tap);
        run.flush(info, sizeof info);
        if (rec->ngames) col_set_str(pinfo->cinfo, COL_PROTOCOL, "MCPE");
        if (nbatches) col_set_str(pinfo->cinfo, COL_PROTOCOL, "Bedrock");
        if (first_game && (rec->game_links || rec->late)) {  // late game-layer results on a frame without game packets
            for (const core::Finding& f : array_span<core::Finding>(rec->late))
                if (is_mcpe_finding(f)) mcpe_reg.experts.report(pinfo, ti, f);
        }
        for (const core::Finding& f : array_span<core::Finding>(rec->late))  // Bedrock's on an earlier frame
            if (bedrock_plugin::is_finding(f)) bedrock_plugin::report(pinfo, ti, f);
    }
    col_add_str(pinfo->cinfo, COL_INFO, info);
    if (tap) tap_queue_packet(raknet_reg.tap, pinfo, tap);
    return int(len);
}

void register_extra(const plugin::Registered& r) {
    gint* ett[] = {&ett_message};
    proto_register_subtree_array(ett, 1);
    store.configure(r.proto, &pref_port, bedrock_plugin::key_log);
    raknet_plugin::register_stats_tree();
}

// Its port and heuristic (bsraknet_udp) come after the built-in handoffs:
// the port is ours, and Wireshark's own heuristic is switched off.
void handoff(const plugin::Registered&) {
    proto_ws_raknet = proto_get_id_by_filter_name("raknet");
    if (heur_dtbl_entry_t* ws = find_heur_dissector_by_unique_short_name("raknet_udp")) ws->enabled = FALSE;
}

plugin::ProtocolRegistration raknet_part() {
    plugin::ProtocolRegistration p(raknet::protocol_info(), raknet_reg, dissect_raknet);
    p.extra = register_extra;
    p.handoff = handoff;
    p.cleanup = [] { store.clear(); };
    return p;
}
// MCPE is shown by dissect_raknet, in RakNet's user messages (Bedrock
// too: ../bedrock/batch_tree.cpp adds its own part).
[[maybe_unused]] const bool added = plugin::add_protocol(raknet_part()) &&
                                    plugin::add_protocol(plugin::ProtocolRegistration(mcpe::protocol_info(), mcpe_reg));

}  // namespace
