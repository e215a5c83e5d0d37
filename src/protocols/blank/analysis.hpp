// Per-conversation analysis shared by both front ends: packets go in, in
// capture order; per-frame results (links to other frames, findings) come
// out, and emit_analysis() shows them through a decoder visitor as
// generated fields, so Wireshark and the analyzer print the same thing.
#pragma once

#include <cstdint>
#include <string>

#include "chunk_reassembler.hpp"
#include "core/generated_items.hpp"
#include "decoder.hpp"
#include "liveness.hpp"
#include "roles.hpp"
#include "revision_detect.hpp"
#include "seq_tracker.hpp"

namespace blank {

struct AnalysisConfig {
    ChunkLimits chunks;
    SeqConfig seq;
    const Revision* revision = nullptr;  // decode every conversation with it; null: detect
    // Deferred inflation (inflate_queue.hpp), shared by any number of
    // conversations of one applying thread; null: inline, as the plugin
    // does. With a queue, the findings about a chunk's bytes come later, in
    // FrameAnalysis::earlier of a later packet or from finish(), with the
    // completing frame: sorted by frame (stable), the list is the inline
    // one. The frame where the transmission completes shows it still Open
    // (ChunkEvent::deferred). Once the chunk size is settled, a chunk of the
    // wrong size ruling out every revision takes effect when its result is
    // applied (up to the queue's depth completions later), not at once. The
    // queue must outlive the conversations until their finish().
    InflateQueue* inflate_queue = nullptr;
};

// The results of one frame.
struct FrameAnalysis {
    static constexpr size_t kMaxFindings = 12;
    uint64_t frame = 0;
    int16_t type = -1;               // the packet's type code; -1: shorter than the header
    const Schema* schema = nullptr;  // the revision this frame decodes with
    uint8_t revision_state = 0;      // RevisionState
    ChunkEvent chunk;
    SeqFrame seq;
    Finding findings[kMaxFindings];
    uint8_t nfindings = 0;
    // Findings about EARLIER frames that became known now (results of
    // deferred inflation, AnalysisConfig::inflate_queue; each has its own
    // frame): a front end adds them after `findings` and sorts by frame.
    // Valid until the next on_packet() of the conversation.
    const Finding* earlier = nullptr;
    uint32_t nearlier = 0;
    // Once the whole capture is known (Wireshark's later passes): the
    // conversation's silence, if a side went silent; emit_analysis then
    // marks its last packet and shows the survivor's findings after it as
    // consequences (blank.session.after_silence).
    const Silence* silence = nullptr;
};

// How a frame's revision was chosen (blank.revision.state).
enum class RevisionState : uint8_t { Ambiguous, Detected, None, Forced };

struct AnalysisFields;  // the ids of the fields the analysis reads (analysis.cpp)

class ConversationAnalysis : private ChunkApplyHook {
public:
    // `forced`: decode every packet with that revision; null: detect it per
    // conversation from packet lengths (and chunk sizes).
    explicit ConversationAnalysis(const AnalysisConfig& cfg, const Revision* forced = nullptr);
    // One blank packet of this conversation (frame number, time in s), sent
    // by `sender`. out.schema is the revision to decode it with (for display
    // too).
    void on_packet(uint64_t frame, double time, Role sender, const uint8_t* data, uint32_t len, FrameAnalysis& out);
    // End of capture (time of the capture's last frame): findings about
    // earlier frames go to `sink` (with a queue: after every pending
    // inflation result is applied, its findings first).
    void finish(double capture_end, FindingSink& sink);
    const ChunkReassembler& chunks() const { return chunks_; }
    const SeqTracker& seq() const { return seq_; }
    // The revision packets decode with now, and how it was chosen.
    const Revision& revision() const { return forced_ ? *forced_ : detector_.decode_with(); }
    RevisionState revision_state() const;
    // "fa73e36 (detected in frame 7)", "933ca0f (--revision)", ...
    std::string revision_text() const;

private:
    void analyse(uint64_t frame, double time, Role sender, const uint8_t* data, uint32_t len, FrameAnalysis& out);
    // revision()'s schema and the ids the analysis reads in it, looked up
    // again only when the revision changes (the lookups take locks).
    struct Decoding {
        const Revision* revision = nullptr;
        const Schema* schema = nullptr;
        const AnalysisFields* fields = nullptr;
    };
    const Decoding& decoding();
    void revision_changed(const PacketRef& p, Detection before, size_t candidates, FindingSink& sink);
    void chunk_applied(const Transmission* t, bool compressed, const ChunkOutcome& r, const PacketRef& p,
                       FindingSink& sink) override;

    const Revision* forced_;
    RevisionDetector detector_;
    ChunkReassembler chunks_;
    SeqTracker seq_;
    uint64_t packets_ = 0, detected_frame_ = 0;
    bool inflate_;                  // ChunkLimits::inflate: chunk sizes are evidence
    std::vector<Finding> earlier_;  // FrameAnalysis::earlier
    Decoding decoding_;
};

// Nodes of the generated fields (analysis_tables.cpp), looked up once.
struct AnalysisNodes {
    const Node *revision, *revision_state;
    const Node *seq, *lost_before, *reordered, *duplicate, *ack_back, *acked_in, *rtt, *lost_in, *correction_for,
        *correction_distance, *correction_delay, *correction_angle, *corrected_in;
    const Node *peer_silent_since, *went_silent, *survivor_last, *survivor_kept_sending, *silence_end,
        *after_silence_of;
    const Node *tx_number, *tx_state, *begin_frame, *complete_frame, *resend_of, *duplicate_of, *rerequest_frame;
    const Node *reassembled, *piece_frame, *size, *inflated_size, *contents, *non_empty, *distinct_types, *light_min,
        *light_max, *layers, *layer_y, *layer_non_empty, *layer_distinct;
};
const AnalysisNodes& analysis_nodes(const Schema& s);

namespace detail {

// blank's generated items are never labelled as whole list entries (a
// layer's fields carry its index but are named), and its durations are
// doubles and its groups without a value whatever their field says.
template <class V>
void gen_leaf(const Schema& s, V& v, const Node* n, uint64_t value, int32_t index = -1) {
    Item it = core::generated_item(s, n, index);
    it.entry = false;
    it.u = value;
    v.leaf(it);
}

template <class V>
void gen_double(const Schema& s, V& v, const Node* n, double value) {
    Item it = core::generated_item(s, n);
    it.vclass = ValueClass::Double;
    it.d = value;
    v.leaf(it);
}

template <class V>
void gen_open(const Schema& s, V& v, const Node* n, int32_t index = -1) {
    Item it = core::generated_item(s, n, index);
    it.entry = false;
    it.vclass = ValueClass::None;
    v.open(it);
}

}  // namespace detail

// The frame's findings as a front end shows them: with the whole capture
// known (`final`, fa.silence), the survivor's findings after a silence as
// its consequences, the silence on the silent side's last packet, and a
// transmission still open reported as never completed on its last frame.
template <class V>
void emit_findings(const FrameAnalysis& fa, bool final, V& v) {
    const Silence* quiet = fa.silence && *fa.silence ? fa.silence : nullptr;
    for (uint8_t i = 0; i < fa.nfindings; ++i)
        v.finding(quiet && caused_by_silence(fa.findings[i], *quiet) ? as_consequence(fa.findings[i], *quiet)
                                                                      : fa.findings[i]);
    if (quiet && fa.frame == quiet->frame) v.finding(silence_finding(*quiet));
    if (final && fa.chunk.tx && fa.chunk.tx->state == TxState::Open) {
        struct Here : FindingSink {
            V& v;
            uint64_t frame;
            const Silence* quiet;
            Here(V& v, uint64_t frame, const Silence* quiet) : v(v), frame(frame), quiet(quiet) {}
            void add(const Finding& f) override {
                if (f.frame != frame) return;
                v.finding(quiet && caused_by_silence(f, *quiet) ? as_consequence(f, *quiet) : f);
            }
        } here(v, fa.frame, quiet);
        ChunkReassembler::end_of_capture_findings(*fa.chunk.tx, here);
    }
}

// Shows a frame's analysis results: generated fields, then findings. With
// `final` (Wireshark's later passes) a transmission still open is reported
// as never completed on its last frame, as finish() does in the analyzer.
template <class V>
void emit_analysis(const Schema& s, const FrameAnalysis& fa, bool final, V& v) {
    using detail::gen_double;
    using detail::gen_leaf;
    using detail::gen_open;
    const AnalysisNodes& n = analysis_nodes(s);
    if (fa.schema) {
        Item it{};
        it.info = &s.fields[n.revision->field];
        it.node = n.revision;
        it.vclass = ValueClass::String;
        it.generated = true;
        it.index = -1;
        it.s = revision_of(*fa.schema).name;
        v.leaf(it);
        gen_leaf(s, v, n.revision_state, fa.revision_state);
    }
    if (const SeqRecord* r = fa.seq.record) {
        const SeqFrame& q = fa.seq;
        gen_leaf(s, v, n.seq, uint64_t(r->seq));
        if (q.lost_before) gen_leaf(s, v, n.lost_before, q.lost_before);
        if (q.reordered_after) gen_leaf(s, v, n.reordered, q.reordered_after);
        if (q.duplicate_of) gen_leaf(s, v, n.duplicate, q.duplicate_of);
        if (q.ack_back) gen_leaf(s, v, n.ack_back, q.ack_back);
        if (r->acked_in && !q.duplicate_of) {
            gen_leaf(s, v, n.acked_in, r->acked_in);
            gen_double(s, v, n.rtt, r->rtt);
        }
        if (r->lost_in && !q.duplicate_of) gen_leaf(s, v, n.lost_in, r->lost_in);
        if (q.correction_for) {
            gen_leaf(s, v, n.correction_for, q.correction_for);
            gen_double(s, v, n.correction_distance, q.correction_distance);
            gen_double(s, v, n.correction_delay, q.correction_delay);
            gen_double(s, v, n.correction_angle, q.correction_angle);
        }
        if (r->corrected_in) gen_leaf(s, v, n.corrected_in, r->corrected_in);
        if (q.peer_silent_since) gen_leaf(s, v, n.peer_silent_since, q.peer_silent_since);
    }
    const Silence* quiet = fa.silence && *fa.silence ? fa.silence : nullptr;
    if (quiet && fa.frame == quiet->frame) {
        gen_leaf(s, v, n.went_silent, uint64_t(quiet->silent));
        gen_leaf(s, v, n.survivor_last, quiet->survivor_frame);
        gen_double(s, v, n.survivor_kept_sending, quiet->span());
        gen_leaf(s, v, n.silence_end, uint64_t(quiet->end));
    }
    if (quiet && fa.frame > quiet->frame) gen_leaf(s, v, n.after_silence_of, quiet->frame);
    if (const Transmission* t = fa.chunk.tx) {
        gen_leaf(s, v, n.tx_number, t->number);
        gen_leaf(s, v, n.tx_state, uint64_t(t->state));
        if (t->begin_frame && t->begin_frame != fa.frame) gen_leaf(s, v, n.begin_frame, t->begin_frame);
        if (t->complete_frame && t->complete_frame != fa.frame) gen_leaf(s, v, n.complete_frame, t->complete_frame);
        if (fa.chunk.resend_of) gen_leaf(s, v, n.resend_of, fa.chunk.resend_of);
        if (fa.chunk.duplicate_of) gen_leaf(s, v, n.duplicate_of, fa.chunk.duplicate_of);
        if (t->rerequest_frame && t->begin_frame == fa.frame) gen_leaf(s, v, n.rerequest_frame, t->rerequest_frame);
        if (fa.chunk.completed) {
            gen_open(s, v, n.reassembled);
            // First copy of each piece, in offset order.
            uint32_t next = 0;
            for (bool found = true; found;) {
                found = false;
                for (const Receipt& r : t->receipts)
                    if (!r.is_begin && r.offset == next && r.length) {
                        gen_leaf(s, v, n.piece_frame, r.frame);
                        next = r.offset + r.length;
                        found = next < t->size;
                        break;
                    }
            }
            gen_leaf(s, v, n.size, t->size);
            if (t->compressed()) gen_leaf(s, v, n.inflated_size, t->inflated_size);
            if (t->contents.valid) {
                gen_open(s, v, n.contents);
                gen_leaf(s, v, n.non_empty, t->contents.non_empty);
                gen_leaf(s, v, n.distinct_types, t->contents.distinct_types);
                gen_leaf(s, v, n.light_min, t->contents.light_min);
                gen_leaf(s, v, n.light_max, t->contents.light_max);
                for (int y = 0; y < kChunkSide; ++y) {
                    gen_open(s, v, n.layers, y);
                    gen_leaf(s, v, n.layer_y, uint64_t(y), y);
                    gen_leaf(s, v, n.layer_non_empty, t->contents.layers[y].non_empty, y);
                    gen_leaf(s, v, n.layer_distinct, t->contents.layers[y].distinct_types, y);
                    v.close();
                }
                v.close();
            }
            v.close();
        }
    }
    emit_findings(fa, final, v);
}

}  // namespace blank
