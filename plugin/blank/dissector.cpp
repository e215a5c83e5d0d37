// Wireshark dissector for the UDP protocol of the voxel game blank.
//
// Every header field, expert info and value string comes from the core's
// tables (src/protocols/blank/protocol_tables.cpp, findings.cpp): this file
// only turns the decoder's callbacks into proto_tree items (the generic
// builders of ../tree_builder.hpp). The wire format is drawn in
// src/protocols/blank/protocol.hpp. What is kept between passes:
// frame_store.hpp; the statistics: stats_tree.cpp, conversation_table.cpp.
//
// References:
//   doc/protocol of HolySmoke86/blank at fa73e36 (../shared/seeds/004_*)
//   src/net/net.cpp of the game (Packet codec)
//
// Limitations:
//   - Revisions are detected per conversation (or set by the preference
//     blank.revision); see README.
//   - Analysis state (sequence/ack, chunk reassembly) is built on the first
//     pass, in frame order; later passes and clicks only read it
//     (frame_store.hpp), so what a frame shows does not depend on the order
//     frames are dissected in. tshark in one pass shows what
//     was known at each frame; -2 shows the complete picture (completing
//     frames, transmissions that never completed).
//   - Statistics (tap "blank": Statistics > blank > Packets, chunks and findings,
//     tshark -z blank,tree; Conversations/Endpoints, -z conv,blank and
//     -z endpoints,blank): end-of-capture counts (chunk transmissions never
//     completed or seen without ChunkBegin) need every frame analysed first:
//     the GUI and tshark -2 have them, tshark in one pass does not. The
//     session findings reported at the end of a capture (blank.session.end,
//     .login_no_join, blank.seq.mid_start) are `blankshark check`'s only,
//     except a side that went silent (blank.session.went_silent and its
//     consequences, .after_silence): judged on later passes from the
//     conversation's state once every frame was analysed (liveness.hpp).
//   - Expert infos carry their code's stable summary (tshark -z expert: one
//     line per code); the numbers are in generated fields and in the
//     blank.finding text item each expert info hangs under.
//   - Speed: without a tree the packet is decoded in the decoder's
//     findings-only mode (summary fields only), expert messages are
//     formatted only for a tree or the expert tap, and tshark -2's first
//     pass does not decode at all; with a tree, float labels are made with
//     std::to_chars. What remains is mostly the core's analysis (inflating
//     and summarising every completed chunk, the analysis decode) and, for
//     -V, printing the lines.
#include <epan/conversation.h>
#include <epan/expert.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto.h>
#include <epan/tap.h>

#include <algorithm>
#include <charconv>
#include <type_traits>
#include <vector>

#include "../tree_builder.hpp"
#include "../protocol_registration.hpp"
#include "../ws_compat.hpp"
#include "conversation_table.hpp"
#include "core/inflater.hpp"
#include "frame_store.hpp"
#include "protocols/blank/analysis.hpp"
#include "protocols/blank/decoder.hpp"
#include "protocols/blank/info_markers.hpp"
#include "protocols/blank/protocol_info.hpp"
#include "stats_tree.hpp"
#include "tap_info.hpp"

namespace {

using namespace blank_plugin;

// Its protocol, fields (the union over revisions), expert infos, subtree,
// handle and tap, registered from the catalog (../plugin.cpp).
plugin::Registered reg;

// The revision preference: 0 = detect per conversation, else revisions()[i - 1].
gint pref_revision = 0;

blank_plugin::FrameStore store;

// The completed transmission's bytes as tabs of the bytes pane. Only the
// (compressed) reassembled bytes are kept; they are inflated again, with
// the core's bound, when a tree is built (a 20 KB chunk per completing
// frame would otherwise stay in memory for the whole file).
void add_data_sources(tvbuff_t* tvb, packet_info* pinfo, const FrameState* fs, const blank::Schema& s) {
    if (!fs->reassembled) return;
    tvbuff_t* r = tvb_new_child_real_data(tvb, fs->reassembled, fs->reassembled_len, fs->reassembled_len);
    add_new_data_source(pinfo, r, "Reassembled chunk data");
    const blank::Transmission* t = fs->chunk.tx;
    if (!t || !t->compressed()) return;
    const guint8* inflated = fs->inflated;
    size_t len = fs->inflated_len;
    if (!inflated) {
        static core::Inflater inflater;
        using R = core::Inflater::Result;
        const R res =
            inflater.inflate(fs->reassembled, fs->reassembled_len, blank::inflate_limit(blank::revision_of(s).chunk_size));
        if (res != R::Ok && res != R::TrailingData && !inflater.out_size()) return;
        inflated = inflater.out();
        len = inflater.out_size();
    }
    auto* bytes = static_cast<guint8*>(wmem_memdup(pinfo->pool, inflated, len));
    tvbuff_t* i = tvb_new_child_real_data(tvb, bytes, guint(len), gint(len));
    add_new_data_source(pinfo, i, "Inflated chunk");
}

guint16 chunk_flags(const FrameState& fs, guint32 frame, int type) {
    const blank::ChunkEvent& ev = fs.chunk;
    if (!ev.tx) return 0;
    guint16 f = 0;
    if (ev.tx->first_frame == frame) f |= kTxNew;
    if (ev.tx->begin_frame == frame) f |= kTxBegun;
    if (ev.completed && ev.tx->state == blank::TxState::Complete) f |= kTxComplete;
    if (ev.resend_of) f |= type == blank::type::ChunkBegin ? kBeginResent : kPieceResent;
    if (ev.duplicate_of) f |= kDuplicate;
    if (type == blank::type::ChunkData && (!ev.tx->begin_seen || ev.tx->begin_frame > frame)) f |= kBeforeBegin;
    return f;
}

// Decodes the packet and shows its analysis through `v`; fills the Info
// column and the tap record.
template <class V>
void show(V& v, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, proto_item* ti, const FrameState* fs,
          const blank::Schema& s, const guint8* data, guint len) {
    TapInfo* tap = nullptr;
    if (have_tap_listener(reg.tap)) {
        tap = wmem_new0(pinfo->pool, TapInfo);
        v.count_findings(
            [](const core::Finding& f, void* counts) {
                guint16& n = static_cast<guint16*>(counts)[f.code.local()];
                if (f.code.block() == 0 && n < G_MAXUINT16) ++n;
            },
            tap->findings);
    }
    const blank::PacketSummary sum = blank::decode(s, data, len, v, fs ? fs->seq.hist_bits : 32);
    blank::FrameAnalysis fa;
    if (fs) {
        fa.frame = pinfo->num;
        fa.schema = fs->schema;
        fa.revision_state = fs->revision_state;
        fa.seq = fs->seq;
        fa.chunk = fs->chunk;
        fa.nfindings = fs->nfindings;
        fa.silence = fs->silence;
        std::copy(fs->findings, fs->findings + fs->nfindings, fa.findings);
        // Later passes know how transmissions ended: report those still open.
        if constexpr (std::is_same_v<V, plugin::QuickBuilder>) {
            // What emit_analysis() would give it: no generated field is a
            // summary field, so only the findings and the chunk completion.
            blank::emit_findings(fa, PINFO_FD_VISITED(pinfo), v);
        } else {
            blank::emit_analysis(s, fa, PINFO_FD_VISITED(pinfo), v);
        }
        if (tree) add_data_sources(tvb, pinfo, fs, s);
    }

    const char* name = sum.ptype ? sum.ptype->name : "Unknown";
    if (len < blank::kHeaderSize) {
        col_add_fstr(pinfo->cinfo, COL_INFO, "Truncated header (%u bytes)", len);
    } else {
        if (pinfo->cinfo) {  // "%s seq=%u ack=%u%s", without printf's cost on every packet
            char line[COL_MAX_INFO_LEN];
            char* const end = line + sizeof line - 1;
            char* p = line;
            const auto put = [&p, end](const char* t) {
                while (*t && p < end) *p++ = *t++;
            };
            const auto num = [&p, end](unsigned n) {
                if (end - p > 5) p = std::to_chars(p, end, n).ptr;
            };
            put(name);
            put(" seq=");
            num(sum.seq);
            put(" ack=");
            num(sum.ack);
            put(v.info());
            *p = '\0';
            if (fs) p = line + blank::append_markers(fa, line, size_t(p - line), sizeof line);
            col_add_str(pinfo->cinfo, COL_INFO, line);
        }
        proto_item_append_text(ti, ", %s, seq %u, ack %u", name, sum.seq, sum.ack);
    }
    if (sum.worst == blank::Severity::Error) col_append_str(pinfo->cinfo, COL_INFO, " [Malformed]");
    if (tap) {
        copy_address_shallow(&tap->src, &pinfo->src);
        copy_address_shallow(&tap->dst, &pinfo->dst);
        tap->srcport = pinfo->srcport;
        tap->dstport = pinfo->destport;
        tap->length = len;
        tap->type = len < blank::kHeaderSize ? -1 : int(sum.type);
        tap->sender = fs ? (fs->from_server ? blank::Role::Server : blank::Role::Client) : blank::Role::Unknown;
        tap->schema = &s;
        tap->chunk = fs ? chunk_flags(*fs, pinfo->num, tap->type) : 0;
        tap_queue_packet(reg.tap, pinfo, tap);
    }
}

int dissect_blank(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
    const guint len = tvb_captured_length(tvb);
    col_set_str(pinfo->cinfo, COL_PROTOCOL, "BLANK");
    col_clear(pinfo->cinfo, COL_INFO);

    proto_item* ti = proto_tree_add_item(tree, reg.proto, tvb, 0, -1, ENC_NA);
    const guint8* data = len ? tvb_get_ptr(tvb, 0, len) : nullptr;  // no copy: the frame's own bytes
    // The first pass analyses (and picks the revision); later ones read it.
    FrameState state;
    const FrameState* fs =
        (PINFO_FD_VISITED(pinfo) ? store.load(pinfo, data, len, state) : store.analyse(pinfo, data, len, state)) ? &state : nullptr;
    const blank::Schema& s = fs && fs->schema ? *fs->schema : blank::schema();
    if (tree) {
        proto_tree* bt = proto_item_add_subtree(ti, reg.ett);
        plugin::TreeBuilder tb(tvb, pinfo, bt, ti, s, reg.fields, reg.experts);
        show(tb, tvb, pinfo, tree, ti, fs, s, data, len);
    } else if (pinfo->cinfo || have_tap_listener(reg.tap) || plugin::expert_tap_listens()) {
        plugin::QuickBuilder qb(pinfo, ti, reg.experts);
        show(qb, tvb, pinfo, tree, ti, fs, s, data, len);
    }
    // Else nothing would read the packet's fields or findings (tshark -2's
    // first pass): the analysis above is all there is to do.
    return int(len);
}

void register_prefs(module_t* prefs) {
    const auto& revs = blank::revisions();
    auto* revisions = g_new0(enum_val_t, revs.size() + 2);
    revisions[0] = enum_val_t{"auto", "Detect per conversation", 0};
    for (size_t i = 0; i < revs.size(); ++i)
        revisions[i + 1] = enum_val_t{revs[i]->name, revs[i]->description, gint(i + 1)};
    prefs_register_enum_preference(prefs, "revision", "Protocol revision",
                                   "Game revision whose packet layouts to use; auto detects it per conversation "
                                   "from packet lengths (blank.revision shows the result)",
                                   &pref_revision, revisions, FALSE);
}

void register_extra(const plugin::Registered& r) {
    store.configure(r.proto, &pref_revision);
    blank_plugin::register_stats_tree();
    blank_plugin::register_conversation_table(r.proto);
}

plugin::ProtocolRegistration part() {
    plugin::ProtocolRegistration p(blank::protocol_info(), reg, dissect_blank);
    p.prefs = register_prefs;  // beside the port's, blank.udp.port
    p.extra = register_extra;
    p.cleanup = [] { store.clear(); };
    return p;
}
[[maybe_unused]] const bool added = plugin::add_protocol(part());

}  // namespace
