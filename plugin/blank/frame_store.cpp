#include "frame_store.hpp"

#include <epan/conversation.h>
#include <epan/proto_data.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "protocols/blank/decoder.hpp"
#include "protocols/blank/roles.hpp"

namespace blank_plugin {

namespace {

// Per frame, 12 bytes for every blank frame, in pages indexed by frame
// number (no per-frame proto data list). The sequence tracker keeps only its
// window (SeqConfig::retain_all off): while a frame's SeqRecord is in it, it
// is read from there; when it leaves, what later frames said about it goes
// into the FrameRecord (acked_in, rtt), a FarAckRecord (an ack too far off
// for the FrameRecord) or a LateRecord (lost_in, corrected_in). What few
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

template <class T>
const T* side_record(const std::deque<T>& d, guint32 frame) {
    const auto it = std::lower_bound(d.begin(), d.end(), frame, [](const T& r, guint32 f) { return r.frame < f; });
    return it != d.end() && it->frame == frame ? &*it : nullptr;
}

// Records added as SeqRecords retire (not in frame order), sorted when read.
template <class T>
struct LateSide {
    std::deque<T> records;
    size_t sorted = 0;
    const T* find(guint32 frame) {
        if (sorted < records.size()) {
            const auto by_frame = [](const T& a, const T& b) { return a.frame < b.frame; };
            const auto mid = records.begin() + std::ptrdiff_t(sorted);
            std::sort(mid, records.end(), by_frame);
            std::inplace_merge(records.begin(), mid, records.end(), by_frame);
            sorted = records.size();
        }
        return side_record(records, frame);
    }
};

constexpr guint32 kPageBits = 12;

}  // namespace

// Per-conversation analysis, owned here and dropped when the file closes.
struct FrameStore::Conversation {
    address server_addr;
    guint32 server_port;
    guint32 index;  // 1 + its index into conversations_
    blank::ConversationAnalysis analysis;
    // Which side went silent, judged once every frame was analysed (later
    // passes); made again when more frames were analysed since.
    blank::Silence silence;
    guint32 silence_judged_at = 0;  // frames_analysed_ then
    Conversation(const blank::AnalysisConfig& cfg, const blank::Revision* forced, guint32 index)
        : server_addr(), server_port(0), index(index), analysis(cfg, forced) {}
};

struct FrameStore::Records {
    std::vector<std::unique_ptr<FrameRecord[]>> pages;
    std::deque<ChunkRecord> chunks;
    std::deque<CorrectionRecord> corrections;
    std::deque<SeqExtraRecord> seqx;
    std::deque<FindingsRecord> findings;
    std::deque<blank::Finding> finding_pool;
    std::deque<ReassembledRecord> reassembled;
    LateSide<LateRecord> late;
    LateSide<FarAckRecord> far_acks;

    FrameRecord* frame(guint32 num, bool create) {
        const size_t page = num >> kPageBits;
        if (page >= pages.size()) {
            if (!create) return nullptr;
            pages.resize(page + 1);
        }
        if (!pages[page]) {
            if (!create) return nullptr;
            pages[page].reset(new FrameRecord[size_t(1) << kPageBits]());
        }
        return &pages[page][num & ((1u << kPageBits) - 1)];
    }
};

// A SeqRecord leaving a conversation's tracker: keep what later frames said.
struct FrameStore::RetireHook : blank::SeqRecordHook {
    Records* records = nullptr;
    void retired(blank::Role, const blank::SeqRecord& r) override {
        FrameRecord* f = records->frame(guint32(r.frame), false);
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
                records->far_acks.records.push_back(FarAckRecord{guint32(r.frame), guint32(r.acked_in), r.rtt});
            }
        }
        if (r.lost_in || r.corrected_in) {
            records->late.records.push_back(
                LateRecord{guint32(r.frame), guint32(r.lost_in), guint32(r.corrected_in)});
            f->side |= kHasLate;
        }
    }
};

FrameStore::FrameStore() : records_(new Records), retire_hook_(new RetireHook) {
    retire_hook_->records = records_.get();
    // Every revision's schema, newest first so the current revision's field
    // types win when the dissector registers the union of their fields.
    const auto& revs = blank::revisions();
    for (auto r = revs.rbegin(); r != revs.rend(); ++r) schemas_.push_back(&blank::schema(**r));
    g_assert(schemas_.size() < 16);  // FrameRecord::revision has 4 bits
}

FrameStore::~FrameStore() = default;

void FrameStore::configure(int proto, const gint* pref_revision) {
    proto_ = proto;
    pref_revision_ = pref_revision;
}

const blank::Revision* FrameStore::forced_revision() const {
    const auto& all = blank::revisions();
    const gint pref = pref_revision_ ? *pref_revision_ : 0;
    return pref > 0 && size_t(pref) <= all.size() ? all[size_t(pref) - 1] : nullptr;
}

void FrameStore::clear() {
    conversations_.clear();
    frames_analysed_ = 0;
    last_time_ = 0;
    *records_ = Records{};
}

FrameStore::Conversation* FrameStore::conversation(packet_info* pinfo, const guint8* data, guint len) {
    conversation_t* conv = find_or_create_conversation(pinfo);
    auto* st = static_cast<Conversation*>(conversation_get_proto_data(conv, proto_));
    if (!st) {
        blank::AnalysisConfig cfg{};
        cfg.seq.retain_all = false;  // the window only: RetireHook keeps what frames show
        cfg.seq.on_retire = retire_hook_.get();
        conversations_.push_back(
            std::make_unique<Conversation>(cfg, forced_revision(), guint32(conversations_.size() + 1)));
        st = conversations_.back().get();
        const bool src_server = blank::first_sender_is_server(blank::header_type(data, len), guint16(pinfo->srcport),
                                                              guint16(pinfo->destport), blank::kDefaultPort);
        copy_address_wmem(wmem_file_scope(), &st->server_addr, src_server ? &pinfo->src : &pinfo->dst);
        st->server_port = src_server ? pinfo->srcport : pinfo->destport;
        conversation_add_proto_data(conv, proto_, st);
    }
    return st;
}

bool FrameStore::load(packet_info* pinfo, const guint8* data, guint len, FrameState& out,
                      const blank::SeqRecord* live) {
    Records& rs = *records_;
    const guint32 num = pinfo->num;
    const FrameRecord* r = rs.frame(num, false);
    if (!r || !r->revision) return false;
    out.schema = schemas_[r->revision - 1u];
    out.revision_state = r->revision_state;
    out.from_server = r->from_server;
    out.seq = blank::SeqFrame{};
    out.chunk = blank::ChunkEvent{};
    out.findings = nullptr;
    out.nfindings = 0;
    out.reassembled = nullptr;
    out.reassembled_len = 0;
    out.inflated = nullptr;
    out.inflated_len = 0;
    out.silence = nullptr;
    out.seq.hist_bits = 32;
    // The header's seq and ack, read only when a record needs them.
    blank::PacketSummary head;
    bool have_head = false;
    const auto header = [&]() -> const blank::PacketSummary& {
        if (!have_head) {
            head = blank::decode_header(*out.schema, data, len);
            have_head = true;
        }
        return head;
    };
    if (r->hist_partial && len >= 8) out.seq.hist_bits = guint8(std::max(0, int(gint16(header().ack))));
    Conversation* st = nullptr;
    const auto state = [&]() -> Conversation* {
        if (st) return st;
        if (r->conv && r->conv <= conversations_.size()) {
            st = conversations_[r->conv - 1u].get();
        } else if (conversation_t* c = find_conversation_pinfo(pinfo, 0)) {
            st = static_cast<Conversation*>(conversation_get_proto_data(c, proto_));
        }
        return st;
    };
    if (PINFO_FD_VISITED(pinfo) && state()) {
        if (st->silence_judged_at != frames_analysed_) {
            st->silence = st->analysis.seq().silence(last_time_);
            st->silence_judged_at = frames_analysed_;
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
            q.seq = gint64(r->seq_epoch) * 65536 + header().seq;
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
                if (const FarAckRecord* a = rs.far_acks.find(num)) {
                    q.acked_in = a->acked_in;
                    q.rtt = a->rtt;
                }
            if (r->side & kHasLate)
                if (const LateRecord* l = rs.late.find(num)) {
                    q.lost_in = l->lost_in;
                    q.corrected_in = l->corrected_in;
                }
        }
        out.seq.record = &q;
    }
    if (r->side & kHasSeqx)
        if (const SeqExtraRecord* x = side_record(rs.seqx, num)) {
            out.seq.lost_before = x->lost_before;
            out.seq.ack_back = x->ack_back;
            out.seq.reordered_after = x->reordered_after;
            out.seq.duplicate_of = x->duplicate_of;
            out.seq.peer_silent_since = x->peer_silent_since;
        }
    const CorrectionRecord* corr = nullptr;
    if (r->side & kHasCorr)
        if ((corr = side_record(rs.corrections, num))) {
            out.seq.correction_for = corr->correction_for;
            out.seq.correction_distance = corr->distance;
            out.seq.correction_delay = corr->delay;
            out.seq.correction_angle = corr->angle;
        }
    if (r->side & kHasChunk)
        if (const ChunkRecord* c = side_record(rs.chunks, num)) {
            out.chunk.tx = c->tx;
            out.chunk.resend_of = c->resend_of;
            out.chunk.duplicate_of = c->duplicate_of;
            out.chunk.completed = r->completed;
        }
    if (r->side & kHasFindings)
        if (const FindingsRecord* f = side_record(rs.findings, num)) {
            const auto from = rs.finding_pool.begin() + std::ptrdiff_t(f->first);
            std::copy(from, from + f->n, out.rebuilt);
            out.findings = out.rebuilt;
            out.nfindings = f->n;
        }
    if (corr && corr->finding && out.nfindings < blank::FrameAnalysis::kMaxFindings) {
        out.rebuilt[out.nfindings++] = correction_finding(*corr, blank::FindingCode(corr->finding - 1));
        out.findings = out.rebuilt;
    }
    if (r->side & kHasReasm)
        if (const ReassembledRecord* a = side_record(rs.reassembled, num)) {
            if (a->bytes || (data && a->offset <= len && a->len <= len - a->offset)) {
                out.reassembled = a->bytes ? a->bytes : data + a->offset;
                out.reassembled_len = a->len;
            }
        }
    return true;
}

bool FrameStore::analyse(packet_info* pinfo, const guint8* data, guint len, FrameState& out) {
    Records& rs = *records_;
    Conversation* st = conversation(pinfo, data, len);
    const guint32 conv = st->index;
    const bool from_server = pinfo->srcport == st->server_port && addresses_equal(&pinfo->src, &st->server_addr);
    const double t = nstime_to_sec(&pinfo->rel_ts);
    blank::FrameAnalysis fa;
    const guint32 num = pinfo->num;
    FrameRecord& r = *rs.frame(num, true);
    r = FrameRecord{};
    // Set before the analysis: records it retires may be this frame's own
    // (a window of 0) and the hook reads kHasSeq.
    r.side = kHasSeq;
    st->analysis.on_packet(num, t, from_server ? blank::Role::Server : blank::Role::Client, data, len, fa);
    ++frames_analysed_;
    last_time_ = std::max(last_time_, t);
    const auto rev = std::find(schemas_.begin(), schemas_.end(), fa.schema);
    r.revision = guint8(rev == schemas_.end() ? 1 : rev - schemas_.begin() + 1);
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
        rs.seqx.push_back(SeqExtraRecord{num, q.lost_before, q.ack_back, guint32(q.reordered_after),
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
        rs.corrections.push_back(c);
        r.side |= kHasCorr;
    }
    if (fa.chunk.tx) {
        rs.chunks.push_back(ChunkRecord{num, guint32(fa.chunk.resend_of), guint32(fa.chunk.duplicate_of), fa.chunk.tx});
        r.side |= kHasChunk;
    }
    if (nfindings) {
        rs.findings.push_back(FindingsRecord{num, guint32(rs.finding_pool.size()), nfindings});
        rs.finding_pool.insert(rs.finding_pool.end(), fa.findings, fa.findings + nfindings);
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
        rs.reassembled.push_back(a);
        r.side |= kHasReasm;
    }
    const bool ok = load(pinfo, data, len, out, q.record);
    if (fa.chunk.completed && fa.chunk.tx && fa.chunk.tx->state == blank::TxState::Complete) {
        out.inflated = fa.chunk.inflated;
        out.inflated_len = fa.chunk.inflated_len;
    }
    return ok;
}

}  // namespace blank_plugin
