// Wireshark dissector for the UDP protocol of the voxel game blank.
//
// Every header field, expert info and value string comes from the core's
// tables (src/protocol_tables.cpp, src/findings.cpp): this file only turns
// the decoder's callbacks into proto_tree items. The wire format is drawn in
// src/protocol.hpp.
//
// References:
//   doc/protocol of HolySmoke86/blank at fa73e36 (../shared/seeds/004_*)
//   src/net/net.cpp of the game (Packet codec)
//
// Limitations:
//   - Revisions are detected per conversation (or set by the preference
//     blank.revision); see README.
//   - Analysis state (sequence/ack, chunk reassembly) is built on the first pass, in frame
//     order; later passes and clicks only read it, so what a frame shows does
//     not depend on the order frames are dissected in. tshark in one pass
//     shows what was known at each frame; -2 shows the complete picture
//     (completing frames, transmissions that never completed).
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
//   - Memory (issue 11): 12 bytes per blank frame plus side records for the
//     frames that have something more (FrameRecord below), the chunk
//     transmissions the core keeps, a copy of each multi-piece chunk's
//     reassembled bytes (shown again in later passes), and per conversation
//     the core's fixed windows (about 0.3 MB: 1024-seq rings, records of the
//     last 1088 packets per direction), which dominate on captures of many
//     short conversations.
//   - Speed: without a tree the packet is decoded in the decoder's
//     findings-only mode (summary fields only), expert messages are
//     formatted only for a tree or the expert tap, and tshark -2's first
//     pass does not decode at all; with a tree, float labels are made with
//     std::to_chars. What remains is mostly the core's analysis (inflating
//     and summarising every completed chunk, the analysis decode) and, for
//     -V, printing the lines.
#include <epan/conversation.h>
#include <epan/conversation_table.h>
#include <epan/expert.h>
#include <epan/packet.h>
#include <epan/prefs.h>
#include <epan/proto_data.h>
#include <epan/proto.h>
#include <epan/stats_tree.h>
#include <epan/tap.h>
#include <epan/unit_strings.h>

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>
#include <deque>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "protocols/blank/decoder.hpp"
#include "core/format.hpp"
#include "protocols/blank/info_markers.hpp"
#include "core/zlib_inflate.hpp"
#include "packet-blank.hpp"
#include "protocols/blank/stats_layout.hpp"

namespace {

int proto_blank = -1;
int blank_tap = -1;
// A finding's text with its numbers; the expert info under it has the
// code's stable summary, so tshark -z expert has one line per code (as
// tcp.analysis.* does).
int hf_finding = -1;
dissector_handle_t blank_handle;

// Header fields of every revision, registered once per abbreviation (the
// union over revisions); per schema, FieldId -> index into these.
std::vector<int> hf;
std::vector<gint> ett;
std::vector<ftenum_t> hf_type;
std::map<const blank::Schema*, std::vector<size_t>> hf_index;
// Indexed by blank::FindingCode.
gint ett_blank = -1;
expert_field ei[blank::kFindingCount];

const blank::Schema& S() { return blank::schema(); }

// The revision preference: 0 = detect per conversation, else revisions()[i - 1].
gint pref_revision = 0;

const blank::Revision* forced_revision() {
    const auto& all = blank::revisions();
    return pref_revision > 0 && size_t(pref_revision) <= all.size() ? all[size_t(pref_revision) - 1] : nullptr;
}

// Per-conversation analysis, owned here and dropped when the file closes.
struct ConversationState {
    address server_addr;
    guint32 server_port;
    guint32 index;  // 1 + its index into conversations
    blank::ConversationAnalysis analysis;
    // Which side went silent, judged once every frame was analysed (later
    // passes); made again when more frames were analysed since.
    blank::Silence silence;
    guint32 silence_judged_at = 0;  // frames_analysed then
    ConversationState(const blank::AnalysisConfig& cfg, const blank::Revision* forced, guint32 index)
        : server_addr(), server_port(0), index(index), analysis(cfg, forced) {}
};
std::vector<std::unique_ptr<ConversationState>> conversations;
// First pass: blank frames analysed, and the time of the last one (the end
// of the capture as the analyzer's check sees it).
guint32 frames_analysed = 0;
double last_blank_time = 0;

// A frame's analysis results, as dissect_blank uses them (built on the
// stack from the stored FrameRecord and side records).
struct FrameState {
    const blank::Schema* schema;  // the revision this frame decodes with
    guint8 revision_state;
    guint8 from_server;  // the sender is the conversation's server
    blank::SeqFrame seq;
    blank::SeqRecord seq_record;  // seq.record points here
    blank::ChunkEvent chunk;
    const blank::Finding* findings;
    guint8 nfindings;
    blank::Finding rebuilt[blank::FrameAnalysis::kMaxFindings];  // findings points here
    const guint8* reassembled;  // a completed transmission's bytes (inflated again when shown)
    guint32 reassembled_len;
    // First pass only: the analysis's own inflation of a valid chunk this
    // frame completed (not done again to show it).
    const std::vector<uint8_t>* inflated;
    const blank::Silence* silence;  // later passes: the conversation's, if a side went silent
};

// What is stored per frame, kept small (issue 11: memory per packet): 12
// bytes for every blank frame, in pages indexed by frame number (no
// per-frame proto data list). The sequence tracker keeps only its window
// (SeqConfig::retain_all off): while a frame's SeqRecord is in it, it is
// read from there; when it leaves, what later frames said about it goes
// into the FrameRecord (acked_in, rtt), a FarAckRecord (an ack too far
// off for the FrameRecord) or a LateRecord (lost_in, corrected_in). What few
// frames have goes into side records sorted by frame number (a flag in the
// FrameRecord says which exist).
enum SideFlag : guint8 {
    kHasChunk = 1,     // ChunkRecord
    kHasCorr = 2,      // CorrectionRecord
    kHasSeqx = 4,      // SeqExtraRecord
    kHasFindings = 8,  // FindingsRecord
    kHasReasm = 16,    // ReassembledRecord
    kHasLate = 32,     // LateRecord
    kHasSeq = 64,      // a SeqRecord (the packet has a header)
    kRetired = 128,    // it left the tracker: read it from here
};

// The SeqRecord's rtt is the difference of two frames' times, each
// nstime_to_sec(rel_ts) in the first pass: kept as the difference of the
// rel_ts in nanoseconds, it is computed again to the same bits.
constexpr guint16 kFarAck = 0xFFFF;  // acked_delta: acked_in and rtt in a FarAckRecord

struct FrameRecord {
    guint32 rtt_ns;       // retired and acked: rel_ts of the ack minus this frame's, ns
    guint16 acked_delta;  // retired: acked_in - frame; 0: not acked; kFarAck
    guint16 conv;         // 1 + index into conversations; 0: look it up
    gint16 seq_epoch : 15;  // unwrapped seq = seq_epoch * 65536 + the header's seq
    // The ack history reaches before the peer's first seq: SeqFrame::hist_bits
    // is the header's ack as int16 (0xFFFF: none), else 32.
    guint16 hist_partial : 1;
    guint8 revision : 4, revision_state : 2, from_server : 1, completed : 1;  // revision: 1 + index into schemas
    guint8 side;          // SideFlag bits
};
static_assert(sizeof(FrameRecord) == 8 + 2 * sizeof(guint16), "FrameRecord grew");

struct ChunkRecord {
    guint32 frame, resend_of, duplicate_of;
    const blank::Transmission* tx;
};
struct CorrectionRecord {
    guint32 frame, correction_for;
    double distance, delay, angle;
    // The frame's last finding, blank.correction.linked or .large (the seq
    // tracker's, built from these values), is made again from them instead
    // of being stored: it is on every PlayerCorrection.
    guint16 update_seq;
    guint8 finding;  // 0: stored as it is; else 1 + FindingCode
};

blank::Finding correction_finding(const CorrectionRecord& c, blank::FindingCode code) {
    blank::Finding f{code, 0, 0, c.update_seq, std::llround(c.distance * 1e6), std::llround(c.delay * 1e6)};
    f.frame = c.frame;
    f.ref_frame = c.correction_for;
    return f;
}

bool same_finding(const blank::Finding& a, const blank::Finding& b) {
    return a.code == b.code && a.offset == b.offset && a.length == b.length && a.a == b.a && a.b == b.b &&
           a.c == b.c && a.what == b.what && a.frame == b.frame && a.ref_frame == b.ref_frame;
}
struct SeqExtraRecord {
    guint32 frame, lost_before, ack_back, reordered_after, duplicate_of, peer_silent_since;
};
struct FindingsRecord {
    guint32 frame;
    guint32 first;  // index into finding_pool
    guint8 n;
};
struct ReassembledRecord {
    guint32 frame, len;
    const guint8* bytes;  // wmem file scope; null: this frame's own bytes from `offset`
    guint32 offset;       // (a transmission of one piece, completed by it: no copy)
};
struct LateRecord {
    guint32 frame, lost_in, corrected_in;
};
struct FarAckRecord {  // FrameRecord::acked_delta kFarAck
    guint32 frame, acked_in;
    double rtt;
};

// Records added as SeqRecords retire (not in frame order), sorted when read.
template <class T>
struct LateSide {
    std::deque<T> records;
    size_t sorted = 0;
    const T* find(guint32 frame);
    void clear() {
        std::deque<T>().swap(records);
        sorted = 0;
    }
};

constexpr guint32 kPageBits = 12;
std::vector<std::unique_ptr<FrameRecord[]>> frame_pages;
std::deque<ChunkRecord> chunk_records;
std::deque<CorrectionRecord> correction_records;
std::deque<SeqExtraRecord> seqx_records;
std::deque<FindingsRecord> findings_records;
std::deque<blank::Finding> finding_pool;
std::deque<ReassembledRecord> reassembled_records;
LateSide<LateRecord> late_records;
LateSide<FarAckRecord> far_acks;
std::vector<const blank::Schema*> schemas;  // every revision's, registration order

FrameRecord* frame_record(guint32 num, bool create) {
    const size_t page = num >> kPageBits;
    if (page >= frame_pages.size()) {
        if (!create) return nullptr;
        frame_pages.resize(page + 1);
    }
    if (!frame_pages[page]) {
        if (!create) return nullptr;
        frame_pages[page].reset(new FrameRecord[size_t(1) << kPageBits]());
    }
    return &frame_pages[page][num & ((1u << kPageBits) - 1)];
}

template <class T>
const T* side_record(const std::deque<T>& d, guint32 frame) {
    const auto it = std::lower_bound(d.begin(), d.end(), frame, [](const T& r, guint32 f) { return r.frame < f; });
    return it != d.end() && it->frame == frame ? &*it : nullptr;
}

template <class T>
const T* LateSide<T>::find(guint32 frame) {
    if (sorted < records.size()) {
        const auto by_frame = [](const T& a, const T& b) { return a.frame < b.frame; };
        const auto mid = records.begin() + std::ptrdiff_t(sorted);
        std::sort(mid, records.end(), by_frame);
        std::inplace_merge(records.begin(), mid, records.end(), by_frame);
        sorted = records.size();
    }
    return side_record(records, frame);
}

// A SeqRecord leaving a conversation's tracker: keep what later frames said.
struct RetireHook : blank::SeqRecordHook {
    void retired(blank::Role, const blank::SeqRecord& r) override {
        FrameRecord* f = frame_record(guint32(r.frame), false);
        if (!f || !(f->side & kHasSeq)) return;
        f->side |= kRetired;
        if (r.acked_in) {
            const double ns = std::round(r.rtt * 1e9);
            const guint64 delta = r.acked_in - r.frame;
            if (r.acked_in > r.frame && delta < kFarAck && ns >= 0 && ns < double(G_MAXUINT32)) {
                f->acked_delta = guint16(delta);
                f->rtt_ns = guint32(ns);
            } else {
                f->acked_delta = kFarAck;
                far_acks.records.push_back(FarAckRecord{guint32(r.frame), guint32(r.acked_in), r.rtt});
            }
        }
        if (r.lost_in || r.corrected_in) {
            late_records.records.push_back(LateRecord{guint32(r.frame), guint32(r.lost_in), guint32(r.corrected_in)});
            f->side |= kHasLate;
        }
    }
} retire_hook;

template <class T>
void clear_deque(std::deque<T>& d) {
    std::deque<T>().swap(d);
}

void cleanup_blank() {
    conversations.clear();
    frames_analysed = 0;
    last_blank_time = 0;
    frame_pages.clear();
    frame_pages.shrink_to_fit();
    clear_deque(chunk_records);
    clear_deque(correction_records);
    clear_deque(seqx_records);
    clear_deque(findings_records);
    clear_deque(finding_pool);
    clear_deque(reassembled_records);
    late_records.clear();
    far_acks.clear();
}

ConversationState* conversation_state(packet_info* pinfo, const guint8* data, guint len, guint32& index) {
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* st = static_cast<ConversationState*>(conversation_get_proto_data(conv, proto_blank));
    if (!st) {
        blank::AnalysisConfig cfg{};
        cfg.seq.retain_all = false;  // the window only: RetireHook keeps what frames show
        cfg.seq.on_retire = &retire_hook;
        conversations.push_back(
            std::make_unique<ConversationState>(cfg, forced_revision(), guint32(conversations.size() + 1)));
        st = conversations.back().get();
        const bool src_server = blank::first_sender_is_server(data, len, guint16(pinfo->srcport),
                                                              guint16(pinfo->destport), blank::kDefaultPort);
        copy_address_wmem(wmem_file_scope(), &st->server_addr, src_server ? &pinfo->src : &pinfo->dst);
        st->server_port = src_server ? pinfo->srcport : pinfo->destport;
        conversation_add_proto_data(conv, proto_blank, st);
    }
    index = st->index;
    return st;
}

// The stored results of the frame, if it was analysed. `live`: its
// SeqRecord, when the caller has it (the first pass).
bool load(packet_info* pinfo, const guint8* data, guint len, FrameState& out,
          const blank::SeqRecord* live = nullptr) {
    const guint32 num = pinfo->num;
    const FrameRecord* r = frame_record(num, false);
    if (!r || !r->revision) return false;
    out.schema = schemas[r->revision - 1u];
    out.revision_state = r->revision_state;
    out.from_server = r->from_server;
    out.seq = blank::SeqFrame{};
    out.chunk = blank::ChunkEvent{};
    out.findings = nullptr;
    out.nfindings = 0;
    out.reassembled = nullptr;
    out.reassembled_len = 0;
    out.inflated = nullptr;
    out.silence = nullptr;
    out.seq.hist_bits = r->hist_partial && len >= 8 ? guint8(std::max(0, int(gint16(data[6] | data[7] << 8)))) : 32;
    ConversationState* st = nullptr;
    const auto state = [&]() -> ConversationState* {
        if (st) return st;
        if (r->conv && r->conv <= conversations.size()) {
            st = conversations[r->conv - 1u].get();
        } else if (conversation_t* c = find_conversation_pinfo(pinfo, 0)) {
            st = static_cast<ConversationState*>(conversation_get_proto_data(c, proto_blank));
        }
        return st;
    };
    if (PINFO_FD_VISITED(pinfo) && state()) {
        if (st->silence_judged_at != frames_analysed) {
            st->silence = st->analysis.seq().silence(last_blank_time);
            st->silence_judged_at = frames_analysed;
        }
        if (st->silence) out.silence = &st->silence;
    }
    if ((r->side & kHasSeq) && len >= 6) {
        if (!live && !(r->side & kRetired) && state())
            live = st->analysis.seq().held(r->from_server ? blank::Role::Server : blank::Role::Client, num);
        blank::SeqRecord& q = out.seq_record;
        if (live) {
            q = *live;
        } else {
            q = blank::SeqRecord{};
            q.frame = num;
            q.seq = gint64(r->seq_epoch) * 65536 + (data[4] | data[5] << 8);
            if (r->acked_delta && r->acked_delta != kFarAck) {
                q.acked_in = num + r->acked_delta;
                nstime_t ack = pinfo->rel_ts;  // as the first pass had it for the acking frame
                ack.secs += time_t(r->rtt_ns / 1000000000u);
                ack.nsecs += int(r->rtt_ns % 1000000000u);
                if (ack.nsecs >= 1000000000) {
                    ack.nsecs -= 1000000000;
                    ++ack.secs;
                }
                q.rtt = nstime_to_sec(&ack) - nstime_to_sec(&pinfo->rel_ts);
            }
            if (r->acked_delta == kFarAck)
                if (const FarAckRecord* a = far_acks.find(num)) {
                    q.acked_in = a->acked_in;
                    q.rtt = a->rtt;
                }
            if (r->side & kHasLate)
                if (const LateRecord* l = late_records.find(num)) {
                    q.lost_in = l->lost_in;
                    q.corrected_in = l->corrected_in;
                }
        }
        out.seq.record = &q;
    }
    if (r->side & kHasSeqx)
        if (const SeqExtraRecord* x = side_record(seqx_records, num)) {
            out.seq.lost_before = x->lost_before;
            out.seq.ack_back = x->ack_back;
            out.seq.reordered_after = x->reordered_after;
            out.seq.duplicate_of = x->duplicate_of;
            out.seq.peer_silent_since = x->peer_silent_since;
        }
    const CorrectionRecord* corr = nullptr;
    if (r->side & kHasCorr)
        if ((corr = side_record(correction_records, num))) {
            out.seq.correction_for = corr->correction_for;
            out.seq.correction_distance = corr->distance;
            out.seq.correction_delay = corr->delay;
            out.seq.correction_angle = corr->angle;
        }
    if (r->side & kHasChunk)
        if (const ChunkRecord* c = side_record(chunk_records, num)) {
            out.chunk.tx = c->tx;
            out.chunk.resend_of = c->resend_of;
            out.chunk.duplicate_of = c->duplicate_of;
            out.chunk.completed = r->completed;
        }
    if (r->side & kHasFindings)
        if (const FindingsRecord* f = side_record(findings_records, num)) {
            const auto from = finding_pool.begin() + std::ptrdiff_t(f->first);
            std::copy(from, from + f->n, out.rebuilt);
            out.findings = out.rebuilt;
            out.nfindings = f->n;
        }
    if (corr && corr->finding && out.nfindings < blank::FrameAnalysis::kMaxFindings) {
        out.rebuilt[out.nfindings++] = correction_finding(*corr, blank::FindingCode(corr->finding - 1));
        out.findings = out.rebuilt;
    }
    if (r->side & kHasReasm)
        if (const ReassembledRecord* a = side_record(reassembled_records, num)) {
            if (a->bytes || (data && a->offset <= len && a->len <= len - a->offset)) {
                out.reassembled = a->bytes ? a->bytes : data + a->offset;
                out.reassembled_len = a->len;
            }
        }
    return true;
}

// First pass only: feed the analysis, keep the frame's results.
bool analyse(packet_info* pinfo, const guint8* data, guint len, FrameState& out) {
    guint32 conv = 0;
    ConversationState* st = conversation_state(pinfo, data, len, conv);
    const bool from_server = pinfo->srcport == st->server_port && addresses_equal(&pinfo->src, &st->server_addr);
    const uint16_t seq = len >= 6 ? uint16_t(data[4] | data[5] << 8) : 0;
    const double t = nstime_to_sec(&pinfo->rel_ts);
    blank::FrameAnalysis fa;
    const guint32 num = pinfo->num;
    FrameRecord& r = *frame_record(num, true);
    r = FrameRecord{};
    // Set before the analysis: records it retires may be this frame's own
    // (a window of 0) and the hook reads kHasSeq.
    r.side = kHasSeq;
    st->analysis.on_packet(blank::PacketRef{num, t, seq}, from_server ? blank::Role::Server : blank::Role::Client,
                           data, len, fa);
    ++frames_analysed;
    last_blank_time = std::max(last_blank_time, t);
    const auto rev = std::find(schemas.begin(), schemas.end(), fa.schema);
    r.revision = guint8(rev == schemas.end() ? 1 : rev - schemas.begin() + 1);
    r.revision_state = fa.revision_state & 3;
    r.from_server = from_server;
    r.conv = conv <= G_MAXUINT16 ? guint16(conv) : 0;
    r.completed = fa.chunk.completed;
    const blank::SeqFrame& q = fa.seq;
    if (q.record) {
        const gint64 epoch = q.record->seq >> 16;  // floor: the header's seq is the low 16 bits
        r.seq_epoch = gint16(std::clamp<gint64>(epoch, -16384, 16383));
        r.hist_partial = q.hist_bits < 32;
    } else {
        r.side &= guint8(~kHasSeq);
    }
    if (q.lost_before || q.ack_back || q.reordered_after || q.duplicate_of || q.peer_silent_since) {
        seqx_records.push_back(SeqExtraRecord{num, q.lost_before, q.ack_back, guint32(q.reordered_after),
                                              guint32(q.duplicate_of), guint32(q.peer_silent_since)});
        r.side |= kHasSeqx;
    }
    guint8 nfindings = fa.nfindings;
    if (q.correction_for) {
        CorrectionRecord c{num, guint32(q.correction_for), q.correction_distance, q.correction_delay,
                           q.correction_angle, 0, 0};
        if (nfindings) {
            const blank::Finding& last = fa.findings[nfindings - 1];
            if (last.code == blank::FindingCode::Correction || last.code == blank::FindingCode::CorrectionLarge) {
                c.update_seq = guint16(last.a);
                if (same_finding(last, correction_finding(c, core::local_code<blank::FindingCode>(last.code)))) {
                    c.finding = guint8(size_t(last.code) + 1);
                    --nfindings;
                }
            }
        }
        correction_records.push_back(c);
        r.side |= kHasCorr;
    }
    if (fa.chunk.tx) {
        chunk_records.push_back(
            ChunkRecord{num, guint32(fa.chunk.resend_of), guint32(fa.chunk.duplicate_of), fa.chunk.tx});
        r.side |= kHasChunk;
    }
    if (nfindings) {
        findings_records.push_back(FindingsRecord{num, guint32(finding_pool.size()), nfindings});
        finding_pool.insert(finding_pool.end(), fa.findings, fa.findings + nfindings);
        r.side |= kHasFindings;
    }
    if (fa.chunk.completed && fa.chunk.reassembled) {
        // Most transmissions are one piece: their bytes are in this frame.
        const std::vector<uint8_t>& b = *fa.chunk.reassembled;
        const void* here = b.empty() || len < blank::kHeaderSize
                               ? nullptr
                               : memmem(data + blank::kHeaderSize, len - blank::kHeaderSize, b.data(), b.size());
        ReassembledRecord a{num, guint32(b.size()), nullptr, 0};
        if (here)
            a.offset = guint32(static_cast<const guint8*>(here) - data);
        else
            a.bytes = static_cast<const guint8*>(wmem_memdup(wmem_file_scope(), b.data(), b.size()));
        reassembled_records.push_back(a);
        r.side |= kHasReasm;
    }
    const bool ok = load(pinfo, data, len, out, q.record);
    if (fa.chunk.completed && fa.chunk.tx && fa.chunk.tx->state == blank::TxState::Complete)
        out.inflated = fa.chunk.inflated;
    return ok;
}

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
    static std::vector<uint8_t> scratch;
    if (fs->inflated) {
        scratch.assign(fs->inflated->begin(), fs->inflated->end());
    } else {
        const uint32_t expect =
            blank::revision_of(s).chunk_size ? blank::revision_of(s).chunk_size : blank::ChunkReassembler::kMaxChunkBytes;
        const blank::InflateResult ir =
            blank::zlib_inflate(fs->reassembled, fs->reassembled_len, expect * 2 + 64, scratch);
        if (!ir.ok && scratch.empty()) return;
    }
    auto* bytes = static_cast<guint8*>(wmem_memdup(pinfo->pool, scratch.data(), scratch.size()));
    tvbuff_t* i = tvb_new_child_real_data(tvb, bytes, guint(scratch.size()), gint(scratch.size()));
    add_new_data_source(pinfo, i, "Inflated chunk");
}


ftenum_t ft_of(const blank::FieldInfo& f) {
    using blank::ValueClass;
    if (f.kind == blank::Kind::FrameNum) return FT_FRAMENUM;
    switch (f.vclass) {
    case ValueClass::Uint:
        return f.bits == 8 ? FT_UINT8 : f.bits == 16 ? FT_UINT16 : f.bits == 64 ? FT_UINT64 : FT_UINT32;
    case ValueClass::Int: return f.bits == 8 ? FT_INT8 : FT_INT32;
    case ValueClass::Float: return FT_FLOAT;
    case ValueClass::Double: return FT_DOUBLE;
    case ValueClass::Bool: return FT_BOOLEAN;
    case ValueClass::String: return FT_STRINGZPAD;
    case ValueClass::Bytes: return FT_BYTES;
    case ValueClass::None: break;
    }
    return FT_NONE;
}

// hf_register_info wants C structures that outlive registration.
hf_register_info make_hf(const blank::FieldInfo& f, int* id) {
    hf_register_info r{};
    r.p_id = id;
    r.hfinfo.name = f.name.c_str();
    r.hfinfo.abbrev = f.abbrev.c_str();
    r.hfinfo.type = ft_of(f);
    r.hfinfo.blurb = f.desc;
    r.hfinfo.strings = nullptr;
    r.hfinfo.bitmask = 0;
    r.hfinfo.id = -1;
    r.hfinfo.parent = 0;
    r.hfinfo.ref_type = HF_REF_TYPE_NONE;
    r.hfinfo.same_name_prev_id = -1;
    r.hfinfo.same_name_next = nullptr;
    int display = BASE_NONE;
    switch (f.vclass) {
    case blank::ValueClass::Uint:
    case blank::ValueClass::Int: display = f.display == blank::Display::Hex ? BASE_HEX : BASE_DEC; break;
    case blank::ValueClass::Bool: display = f.bitmask ? int(f.bits) : int(BASE_NONE); break;  // parent's width
    case blank::ValueClass::Float:
    case blank::ValueClass::Double: display = BASE_NONE; break;
    default: break;
    }
    if (f.vals) {
        size_t n = 0;
        for (const blank::ValueString* v = f.vals; v->text; ++v) ++n;
        auto* vs = g_new0(value_string, n + 1);
        for (size_t i = 0; i < n; ++i) vs[i] = value_string{f.vals[i].value, f.vals[i].text};
        vs[n] = value_string{0, nullptr};
        r.hfinfo.strings = vs;
    }
    // Wireshark 4.0 ignores BASE_UNIT_STRING on floating types: TreeBuilder
    // appends their unit to the label instead.
    if (f.unit && (f.vclass == blank::ValueClass::Uint || f.vclass == blank::ValueClass::Int) && !f.vals) {
        auto* u = g_new0(unit_name_string, 1);
        u->singular = g_strconcat(" ", f.unit, nullptr);
        u->plural = nullptr;
        r.hfinfo.strings = u;
        display |= BASE_UNIT_STRING;
    }
    if (f.vclass == blank::ValueClass::Bool) r.hfinfo.bitmask = f.bitmask;
    if (f.kind == blank::Kind::FrameNum) display = BASE_NONE;
    r.hfinfo.display = display;
    return r;
}

int expert_group(blank::FindingGroup g) {
    switch (g) {
    case blank::FindingGroup::Malformed: return PI_MALFORMED;
    case blank::FindingGroup::Sequence: return PI_SEQUENCE;
    default: return PI_PROTOCOL;
    }
}

int expert_severity(blank::Severity s) {
    switch (s) {
    case blank::Severity::Comment: return PI_COMMENT;
    case blank::Severity::Note: return PI_NOTE;
    case blank::Severity::Warn: return PI_WARN;
    case blank::Severity::Error: return PI_ERROR;
    }
    return PI_NOTE;
}

// An expert info for a finding. Its message is formatted only when someone
// can read it (a tree is built, or the expert tap listens: tshark -z
// expert); otherwise the summary text stands in, which is all an expert
// info without a tree keeps (the severity, the Expert column).
int expert_tap = -2;

bool expert_tap_listens() {
    if (expert_tap == -2) expert_tap = find_tap_id("expert");
    return expert_tap >= 0 && have_tap_listener(expert_tap);
}

// Without a tree only the expert info, whose text is the code's summary.
void report_finding(packet_info* pinfo, proto_item* at, const blank::Finding& f) {
    expert_add_info(pinfo, at, &ei[size_t(f.code)]);
}

// Turns decoder callbacks into tree items (QuickBuilder below when there is
// no tree).
class TreeBuilder {
public:
    TreeBuilder(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, proto_item* root, const blank::Schema& s)
        : tvb_(tvb),
          pinfo_(pinfo),
          root_(root),
          index_(hf_index.at(&s)),
          columns_(pinfo->cinfo != nullptr) {
        stack_[0] = tree;
    }

    void open(const blank::Item& it) {
        proto_item* pi = add(it);
        const bool numbered = it.index >= 0 && it.node->kind == blank::Kind::Array;
        if (it.vclass == blank::ValueClass::None && (numbered || it.nvals)) {
            if (pi && pi != tree()) label_group(pi, it, numbered);  // a real item (not faked)
        } else {
            if (numbered) proto_item_append_text(pi, " #%d", it.index);
            if (it.nvals) {
                char buf[128];
                core::format_value(it, buf, sizeof buf, true);
                proto_item_append_text(pi, ": %s", buf);
                if (it.info->unit) proto_item_append_text(pi, " %s", it.info->unit);
            }
        }
        if (columns_) summary(it);
        if (depth_ + 1 < kMaxDepth) stack_[depth_ + 1] = proto_item_add_subtree(pi, ett[index_[it.info->id]]);
        ++depth_;
    }
    void close() { --depth_; }
    void leaf(const blank::Item& it) {
        add(it);
        if (columns_) summary(it);
    }
    // An item with the finding's text (its numbers), the expert info under
    // it. Decoding findings sit where the decoder is (after the field, over
    // its bytes); analysis findings (f.frame set) at the protocol's level.
    void finding(const blank::Finding& f) {
        if (!f.frame && last_ && last_offset_ == f.offset && blank::finding_info(f.code).in_field) {
            report_finding(pinfo_, last_, f);
            if (counts_ && counts_[size_t(f.code)] < G_MAXUINT16) ++counts_[size_t(f.code)];
            return;
        }
        char msg[256];
        blank::format_finding(f, msg, sizeof msg);
        const guint captured = tvb_captured_length(tvb_);
        const bool bytes = !f.frame && f.offset <= captured && f.length <= captured - f.offset;
        proto_item* it = proto_tree_add_string_format(f.frame ? stack_[0] : tree(), hf_finding, tvb_,
                                                      bytes ? f.offset : 0, bytes ? f.length : 0, msg, "%s", msg);
        proto_item_set_generated(it);
        report_finding(pinfo_, it ? it : root_, f);
        if (counts_ && counts_[size_t(f.code)] < G_MAXUINT16) ++counts_[size_t(f.code)];
    }
    // Count the findings shown, per FindingCode (for the tap).
    void count_findings(guint16* counts) { counts_ = counts; }

    const char* info() const { return info_; }

private:
    static constexpr int kMaxDepth = 8;

    proto_tree* tree() const { return stack_[depth_ < kMaxDepth ? depth_ : kMaxDepth - 1]; }

    proto_item* add(const blank::Item& it) {
        proto_tree* t = tree();
        const size_t u = index_[it.info->id];
        const int id = hf[u];
        const gint off = gint(it.offset), len = gint(it.length);
        proto_item* pi = nullptr;
        using blank::ValueClass;
        switch (it.vclass) {
        case ValueClass::Uint:
            pi = it.info->bits == 64 ? proto_tree_add_uint64(t, id, tvb_, off, len, it.u)
                                     : proto_tree_add_uint(t, id, tvb_, off, len, guint32(it.u));
            break;
        case ValueClass::Int: pi = proto_tree_add_int(t, id, tvb_, off, len, gint32(it.i)); break;
        case ValueClass::Float:
        case ValueClass::Double:
            // One abbreviation may be f32 in an old revision and double in
            // the current one: add by the registered type.
            pi = hf_type[u] == FT_FLOAT ? proto_tree_add_float(t, id, tvb_, off, len, float(it.d))
                                        : proto_tree_add_double(t, id, tvb_, off, len, it.d);
            if (pi && pi != t) label_floating(pi, *it.info, hf_type[u] == FT_FLOAT, it.d);
            break;
        case ValueClass::Bool:
            pi = proto_tree_add_boolean(t, id, tvb_, off, len, it.u ? it.info->bitmask : 0);
            break;
        case ValueClass::String:
            if (it.generated) {  // a computed string: NUL-terminated by the core
                pi = proto_tree_add_string(t, id, tvb_, off, len, it.s.data());
                break;
            }
            pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_UTF_8 | ENC_NA);
            break;
        case ValueClass::Bytes: pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_NA); break;
        case ValueClass::None: pi = proto_tree_add_item(t, id, tvb_, off, len, ENC_NA); break;
        }
        if (it.generated) proto_item_set_generated(pi);
        if (it.hidden) proto_item_set_hidden(pi);
        last_ = pi;
        last_offset_ = it.offset;
        return pi;
    }

    // The label Wireshark would make for a float or double (%.6g / %.15g)
    // and the unit (Wireshark 4.0 has no unit strings for floating types),
    // with std::to_chars: printf's float formatting is the largest cost of
    // tshark -V on this protocol. Only for a real item (not faked in an
    // invisible tree).
    static void label_floating(proto_item* pi, const blank::FieldInfo& f, bool f32, double v) {
        char label[ITEM_LABEL_LENGTH];
        char* const end = label + sizeof label - 1;
        const size_t n = std::min(f.name.size(), size_t(ITEM_LABEL_LENGTH / 2));
        char* p = std::copy_n(f.name.data(), n, label);
        *p++ = ':';
        *p++ = ' ';
        const auto r = f32 ? std::to_chars(p, end, double(float(v)), std::chars_format::general, FLT_DIG)
                           : std::to_chars(p, end, v, std::chars_format::general, DBL_DIG);
        p = r.ec == std::errc() ? r.ptr : p;
        if (f.unit) {
            const size_t room = size_t(end - p);
            const size_t u = std::strlen(f.unit);
            if (u + 1 <= room) {
                *p++ = ' ';
                p = std::copy_n(f.unit, u, p);
            }
        }
        *p = '\0';
        proto_item_set_text(pi, "%s", label);
    }

    // A group's label in one go, as the appends above would make it:
    // "Name #3: (x, y, z) unit".
    static void label_group(proto_item* pi, const blank::Item& it, bool numbered) {
        char label[ITEM_LABEL_LENGTH];
        int n = std::snprintf(label, sizeof label, "%s", it.info->name.c_str());
        const auto room = [&n] { return n < int(sizeof label) ? sizeof label - size_t(n) : 0; };
        if (numbered && room()) n += std::snprintf(label + n, room(), " #%d", it.index);
        if (it.nvals && room()) {
            char buf[128];
            core::format_value(it, buf, sizeof buf, true);
            n += std::snprintf(label + n, room(), ": %s", buf);
            if (it.info->unit && room()) n += std::snprintf(label + n, room(), " %s", it.info->unit);
        }
        proto_item_set_text(pi, "%s", label);
    }

    // Fields the tables mark as summary go to the Info column.
    void summary(const blank::Item& it) { info_len_ = core::append_summary(it, info_, info_len_, sizeof info_); }

    tvbuff_t* tvb_;
    packet_info* pinfo_;
    proto_item* root_;
    const std::vector<size_t>& index_;  // this revision's FieldId -> registered field
    bool columns_;
    proto_tree* stack_[kMaxDepth] = {};
    int depth_ = 0;
    proto_item* last_ = nullptr;  // the last field added, for in_field findings
    uint32_t last_offset_ = 0;
    char info_[256] = {};
    size_t info_len_ = 0;
    guint16* counts_ = nullptr;
};

// Without a tree (tshark's summary lines, tshark -2's first pass, taps):
// the decoder's findings-only mode with the summary fields (nothing else is
// computed), the Info column, expert infos and the chunk completion.
class QuickBuilder {
public:
    static constexpr bool kFindingsOnly = true;
    static constexpr bool kSummaryLeaves = true;

    QuickBuilder(packet_info* pinfo, proto_item* root, const blank::Schema&)
        : pinfo_(pinfo), root_(root), columns_(pinfo->cinfo != nullptr) {}

    void open(const blank::Item& it) {
        if (columns_) summary(it);
    }
    void close() {}
    void leaf(const blank::Item& it) {
        if (columns_) summary(it);
    }
    void finding(const blank::Finding& f) {
        report_finding(pinfo_, root_, f);
        if (counts_ && counts_[size_t(f.code)] < G_MAXUINT16) ++counts_[size_t(f.code)];
    }
    void count_findings(guint16* counts) { counts_ = counts; }
    const char* info() const { return info_; }

private:
    void summary(const blank::Item& it) {
        if (it.node && it.node->summary) info_len_ = core::append_summary(it, info_, info_len_, sizeof info_);
    }

    packet_info* pinfo_;
    proto_item* root_;
    bool columns_;
    char info_[256] = {};
    size_t info_len_ = 0;
    guint16* counts_ = nullptr;
};

// What dissect_blank gives the "blank" tap (the statistics tree, the
// conversation and endpoint tables): one per dissection while a listener is
// attached, in packet scope.
struct BlankTapInfo {
    address src, dst;  // shallow copies of pinfo's, valid for the packet
    guint32 srcport, dstport;
    guint32 length;  // the blank packet (UDP payload), bytes
    gint32 type;     // packet type; -1: header too short
    blank::Role sender;
    const blank::Schema* schema;
    guint16 chunk;  // ChunkFlag bits
    guint16 findings[blank::kFindingCount];  // shown on this frame, per FindingCode
};

enum ChunkFlag : guint16 {
    kTxNew = 1,        // first packet of a transmission
    kTxBegun = 2,      // its (first) ChunkBegin from the server
    kTxComplete = 4,   // completed it, a valid chunk
    kBeginResent = 8,  // ChunkBegin again under a new seq
    kPieceResent = 16,
    kDuplicate = 32,   // the same packet again
    kBeforeBegin = 64, // a piece arriving before its ChunkBegin (or of one never begun)
};

guint16 chunk_flags(const FrameState& fs, guint32 frame, int type) {
    const blank::ChunkEvent& ev = fs.chunk;
    if (!ev.tx) return 0;
    guint16 f = 0;
    if (ev.tx->first_frame == frame) f |= kTxNew;
    if (ev.tx->begin_frame == frame) f |= kTxBegun;
    if (ev.completed && ev.tx->state == blank::TxState::Complete) f |= kTxComplete;
    if (ev.resend_of) f |= type == 9 ? kBeginResent : kPieceResent;
    if (ev.duplicate_of) f |= kDuplicate;
    if (type == 10 && (!ev.tx->begin_seen || ev.tx->begin_frame > frame)) f |= kBeforeBegin;
    return f;
}

// Decodes the packet and shows its analysis through `v`; fills the Info
// column and the tap record.
template <class V>
void show(V& v, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, proto_item* ti, const FrameState* fs,
          const blank::Schema& s, const guint8* data, guint len) {
    BlankTapInfo* tap = nullptr;
    if (have_tap_listener(blank_tap)) {
        tap = wmem_new0(pinfo->pool, BlankTapInfo);
        v.count_findings(tap->findings);
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
        if constexpr (std::is_same_v<V, QuickBuilder>) {
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
        tap_queue_packet(blank_tap, pinfo, tap);
    }
}

int dissect_blank(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void*) {
    const guint len = tvb_captured_length(tvb);
    col_set_str(pinfo->cinfo, COL_PROTOCOL, "BLANK");
    col_clear(pinfo->cinfo, COL_INFO);

    proto_item* ti = proto_tree_add_item(tree, proto_blank, tvb, 0, -1, ENC_NA);
    const guint8* data = len ? tvb_get_ptr(tvb, 0, len) : nullptr;  // no copy: the frame's own bytes
    // The first pass analyses (and picks the revision); later ones read it.
    FrameState state;
    const FrameState* fs =
        (PINFO_FD_VISITED(pinfo) ? load(pinfo, data, len, state) : analyse(pinfo, data, len, state)) ? &state : nullptr;
    const blank::Schema& s = fs && fs->schema ? *fs->schema : S();
    if (tree) {
        proto_tree* bt = proto_item_add_subtree(ti, ett_blank);
        TreeBuilder tb(tvb, pinfo, bt, ti, s);
        show(tb, tvb, pinfo, tree, ti, fs, s, data, len);
    } else if (pinfo->cinfo || have_tap_listener(blank_tap) || expert_tap_listens()) {
        QuickBuilder qb(pinfo, ti, s);
        show(qb, tvb, pinfo, tree, ti, fs, s, data, len);
    }
    // Else nothing would read the packet's fields or findings (tshark -2's
    // first pass): the analysis above is all there is to do.
    return int(len);
}

// Claims UDP datagrams on any port that start with the blank tag, and pins
// the conversation to this dissector so later packets skip the heuristics.
gboolean dissect_blank_heur(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, void* data) {
    const guint len = tvb_captured_length(tvb);
    if (len < blank::kHeaderSize || tvb_get_letohl(tvb, 0) != blank::kTag) return FALSE;
    conversation_t* conv = find_or_create_conversation(pinfo);
    conversation_set_dissector(conv, blank_handle);
    dissect_blank(tvb, pinfo, tree, data);
    return TRUE;
}

// Statistics > blank > Packets, chunks and findings (tshark -z blank,tree).
// Node names: src/stats_layout.hpp, shared with `blankshark stats`.
int st_packets = -1, st_bytes = -1, st_chunks = -1, st_findings = -1;
int st_chunk_node[std::size(blank::stats::kChunkNodes)];
int st_severity[std::size(blank::stats::kSeverityOrder)];

void blank_stats_init(stats_tree* st) {
    namespace bs = blank::stats;
    st_packets = stats_tree_create_node(st, bs::kPackets, 0, STAT_DT_INT, TRUE);
    st_bytes = stats_tree_create_node(st, bs::kBytes, 0, STAT_DT_INT, TRUE);
    st_chunks = stats_tree_create_node(st, bs::kChunks, 0, STAT_DT_INT, TRUE);
    for (size_t i = 0; i < std::size(bs::kChunkNodes); ++i)
        st_chunk_node[i] = stats_tree_create_node(st, bs::kChunkNodes[i], st_chunks, STAT_DT_INT, FALSE);
    st_findings = stats_tree_create_node(st, bs::kFindings, 0, STAT_DT_INT, TRUE);
    for (size_t i = 0; i < std::size(bs::kSeverityOrder); ++i)
        st_severity[i] =
            stats_tree_create_node(st, bs::severity_node_name(bs::kSeverityOrder[i]), st_findings, STAT_DT_INT, TRUE);
}

tap_packet_status blank_stats_packet(stats_tree* st, packet_info*, epan_dissect_t*, const void* data, tap_flags_t) {
    namespace bs = blank::stats;
    using blank::FindingCode;
    const auto* t = static_cast<const BlankTapInfo*>(data);
    const gint len = gint(t->length);
    char buf[32];
    const char* dir = bs::direction_name(t->sender);
    const char* type = bs::type_node_name(*t->schema, t->type, t->type < 0, buf, sizeof buf);

    avg_stat_node_add_value_int(st, bs::kPackets, 0, TRUE, len);
    const int pdir = avg_stat_node_add_value_int(st, dir, st_packets, TRUE, len);
    avg_stat_node_add_value_int(st, type, pdir, FALSE, len);
    increase_stat_node(st, bs::kBytes, 0, TRUE, len);
    const int bdir = increase_stat_node(st, dir, st_bytes, TRUE, len);
    increase_stat_node(st, type, bdir, FALSE, len);

    // Chunk transmissions: from the frame's chunk event and findings.
    const auto found = [t](FindingCode c) { return gint(t->findings[size_t(c)]); };
    const gint chunk_counts[] = {
        (t->chunk & kTxNew) ? 1 : 0,
        (t->chunk & kTxBegun) ? 1 : 0,
        (t->chunk & kTxComplete) ? 1 : 0,
        found(FindingCode::ChunkIncomplete),
        found(FindingCode::ChunkUnknownTransmission),
        (t->chunk & kBeforeBegin) ? 1 : 0,  // pieces, as the captures README counts them
        (t->chunk & kBeginResent) ? 1 : 0,
        (t->chunk & kPieceResent) ? 1 : 0,
        (t->chunk & kDuplicate) ? 1 : 0,
        found(FindingCode::ChunkRerequest),
    };
    static_assert(std::size(chunk_counts) == std::size(bs::kChunkNodes));
    if (t->type == 9 || t->type == 10) tick_stat_node(st, bs::kChunks, 0, TRUE);
    for (size_t i = 0; i < std::size(chunk_counts); ++i)
        if (chunk_counts[i]) increase_stat_node(st, bs::kChunkNodes[i], st_chunks, FALSE, chunk_counts[i]);

    for (size_t c = 0; c < blank::kFindingCount; ++c) {
        const gint n = t->findings[c];
        if (!n) continue;
        const blank::FindingInfo& fi = blank::finding_info(FindingCode(c));
        increase_stat_node(st, bs::kFindings, 0, TRUE, n);
        const int sev = increase_stat_node(st, bs::severity_node_name(fi.severity), st_findings, TRUE, n);
        increase_stat_node(st, fi.name, sev, FALSE, n);
    }
    return TAP_PACKET_REDRAW;
}

// Statistics > Conversations / Endpoints: a blank conversation is its UDP
// address/port pair, frames and bytes counted as the UDP table does.
const char* blank_address_filter(const address* a, conv_filter_type_e filter) {
    const bool v6 = a->type == AT_IPv6;
    if (a->type != AT_IPv4 && !v6) return CONV_FILTER_INVALID;
    switch (filter) {
    case CONV_FT_SRC_ADDRESS: return v6 ? "ipv6.src" : "ip.src";
    case CONV_FT_DST_ADDRESS: return v6 ? "ipv6.dst" : "ip.dst";
    case CONV_FT_ANY_ADDRESS: return v6 ? "ipv6.addr" : "ip.addr";
    default: return CONV_FILTER_INVALID;
    }
}

const char* blank_port_filter(conv_filter_type_e filter) {
    switch (filter) {
    case CONV_FT_SRC_PORT: return "udp.srcport";
    case CONV_FT_DST_PORT: return "udp.dstport";
    case CONV_FT_ANY_PORT: return "udp.port";
    default: return CONV_FILTER_INVALID;
    }
}

const char* blank_conv_filter_type(conv_item_t* conv, conv_filter_type_e filter) {
    if (filter == CONV_FT_SRC_PORT || filter == CONV_FT_DST_PORT || filter == CONV_FT_ANY_PORT)
        return blank_port_filter(filter);
    return blank_address_filter(&conv->src_address, filter);
}

const char* blank_endpoint_filter_type(endpoint_item_t* endpoint, conv_filter_type_e filter) {
    if (filter == CONV_FT_SRC_PORT || filter == CONV_FT_DST_PORT || filter == CONV_FT_ANY_PORT)
        return blank_port_filter(filter);
    return blank_address_filter(&endpoint->myaddress, filter);
}

ct_dissector_info_t blank_ct_dissector_info = {&blank_conv_filter_type};
et_dissector_info_t blank_et_dissector_info = {&blank_endpoint_filter_type};

tap_packet_status blank_conversation_packet(void* pct, packet_info* pinfo, epan_dissect_t*, const void* data,
                                            tap_flags_t flags) {
    auto* hash = static_cast<conv_hash_t*>(pct);
    hash->flags = flags;
    const auto* t = static_cast<const BlankTapInfo*>(data);
    add_conversation_table_data(hash, &t->src, &t->dst, t->srcport, t->dstport, 1, int(pinfo->fd->pkt_len),
                                &pinfo->rel_ts, &pinfo->abs_ts, &blank_ct_dissector_info, CONVERSATION_UDP);
    return TAP_PACKET_REDRAW;
}

tap_packet_status blank_endpoint_packet(void* pit, packet_info* pinfo, epan_dissect_t*, const void* data,
                                        tap_flags_t flags) {
    auto* hash = static_cast<conv_hash_t*>(pit);
    hash->flags = flags;
    const auto* t = static_cast<const BlankTapInfo*>(data);
    add_endpoint_table_data(hash, &t->src, t->srcport, TRUE, 1, int(pinfo->fd->pkt_len), &blank_et_dissector_info,
                            ENDPOINT_UDP);
    add_endpoint_table_data(hash, &t->dst, t->dstport, FALSE, 1, int(pinfo->fd->pkt_len), &blank_et_dissector_info,
                            ENDPOINT_UDP);
    return TAP_PACKET_REDRAW;
}

}  // namespace

void proto_register_blank() {
    proto_blank = proto_register_protocol("blank voxel game protocol", "BLANK", "blank");

    // The union of every revision's fields, newest first so the current
    // revision's field types win (the rest add by the registered type).
    std::vector<const blank::FieldInfo*> fields;
    std::map<std::string, size_t> by_abbrev;
    const auto& revs = blank::revisions();
    for (auto r = revs.rbegin(); r != revs.rend(); ++r) {
        const blank::Schema& sc = blank::schema(**r);
        schemas.push_back(&sc);
        g_assert(schemas.size() < 16);  // FrameRecord::revision has 4 bits
        std::vector<size_t>& index = hf_index[&sc];
        for (const blank::FieldInfo& f : sc.fields) {
            auto [it, fresh] = by_abbrev.emplace(f.abbrev, fields.size());
            if (fresh) fields.push_back(&f);
            index.push_back(it->second);
        }
    }
    hf.assign(fields.size(), -1);
    ett.assign(fields.size(), -1);
    hf_type.resize(fields.size());
    auto* hfs = g_new0(hf_register_info, fields.size());
    auto** etts = g_new0(gint*, fields.size() + 1);
    for (size_t i = 0; i < fields.size(); ++i) {
        hfs[i] = make_hf(*fields[i], &hf[i]);
        hf_type[i] = hfs[i].hfinfo.type;
        etts[i] = &ett[i];
    }
    etts[fields.size()] = &ett_blank;
    proto_register_field_array(proto_blank, hfs, int(fields.size()));
    static hf_register_info hf_text[] = {
        {&hf_finding,
         {"Finding", "blank.finding", FT_STRING, BASE_NONE, nullptr, 0,
          "what the analysis found, with its numbers (the expert info under it has the code's stable summary)",
          HFILL}},
    };
    proto_register_field_array(proto_blank, hf_text, 1);
    proto_register_subtree_array(etts, int(fields.size() + 1));

    auto* eis = g_new0(ei_register_info, blank::kFindingCount);
    for (size_t i = 0; i < blank::kFindingCount; ++i) {
        const blank::FindingInfo& f = blank::finding_info(blank::FindingCode(i));
        eis[i] = ei_register_info{&ei[i], {f.name, expert_group(f.group), expert_severity(f.severity), f.summary,
                                           EXPFILL}};
    }
    expert_module_t* em = expert_register_protocol(proto_blank);
    expert_register_field_array(em, eis, int(blank::kFindingCount));

    blank_handle = register_dissector("blank", dissect_blank, proto_blank);
    // The port preference (blank.udp.port) lives in this module.
    module_t* prefs = prefs_register_protocol(proto_blank, nullptr);
    auto* revisions = g_new0(enum_val_t, revs.size() + 2);
    revisions[0] = enum_val_t{"auto", "Detect per conversation", 0};
    for (size_t i = 0; i < revs.size(); ++i)
        revisions[i + 1] = enum_val_t{revs[i]->name, revs[i]->description, gint(i + 1)};
    prefs_register_enum_preference(prefs, "revision", "Protocol revision",
                                   "Game revision whose packet layouts to use; auto detects it per conversation "
                                   "from packet lengths (blank.revision shows the result)",
                                   &pref_revision, revisions, FALSE);
    register_cleanup_routine(cleanup_blank);

    blank_tap = register_tap("blank");
    stats_tree_register_plugin("blank", blank::stats::kTreeAbbrev, blank::stats::kTreeName, 0, blank_stats_packet,
                               blank_stats_init, nullptr);
    register_conversation_table(proto_blank, FALSE, blank_conversation_packet, blank_endpoint_packet);
}

void proto_reg_handoff_blank() {
    // Also creates the "UDP port" preference and Decode As entry.
    dissector_add_uint_with_preference("udp.port", blank::kDefaultPort, blank_handle);
    heur_dissector_add("udp", dissect_blank_heur, "blank over UDP (by tag)", "blank_udp", proto_blank,
                       HEURISTIC_ENABLE);
}
