#include "analysis.hpp"

#include "core/content_hash.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace blank {
namespace {

// Picks the values the analysis needs out of a decoded packet: `slot_of`
// maps a field id to its place in `vals` (-1: not needed).
struct Grab {
    static constexpr bool kPayloadOnly = true;  // the header comes in PacketSummary
    const int8_t* slot_of;
    size_t n;  // ids in slot_of (0: nothing to pick)
    FieldId bytes_id;
    double vals[16] = {};
    std::string_view bytes = {};
    void open(const Item& it) { leaf(it); }  // flags fields have children
    void close() {}
    void finding(const Finding&) {}
    void leaf(const Item& it) {
        const FieldId id = it.info->id;
        if (id == bytes_id) bytes = it.s;
        if (id >= n || slot_of[id] < 0) return;
        vals[slot_of[id]] = it.vclass == ValueClass::Int      ? double(it.i)
                            : it.vclass == ValueClass::Double ? it.d
                                                              : double(it.u);
    }
};

FieldId need(const Schema& s, const char* abbrev) {
    const FieldInfo* f = s.find(abbrev);
    if (!f) throw std::logic_error(std::string("blank analysis: no field ") + abbrev);
    return f->id;
}

// Keeps the findings of the current frame; others are dropped here (the
// reassembler only reports earlier frames from finish()).
struct FrameSink : FindingSink {
    FrameAnalysis& fa;
    explicit FrameSink(FrameAnalysis& fa) : fa(fa) {}
    void add(const Finding& f) override {
        if (fa.nfindings < FrameAnalysis::kMaxFindings) fa.findings[fa.nfindings++] = f;
    }
    size_t room() const override { return FrameAnalysis::kMaxFindings - fa.nfindings; }
};

}  // namespace

// The values the analysis reads (Grab::vals), by slot: those of chunk
// packets and those of player packets.
enum ChunkSlot { kTx, kFlags, kX, kY, kZ, kSize, kOffset, kPieceSize, kChunkSlots };
enum PlayerSlot { kChunkX, kBlockX = kChunkX + 3, kOrientW = kBlockX + 3, kUpdateSeq = kOrientW + 4, kPlayerSlots };

constexpr const char* kChunkFields[kChunkSlots] = {
    "blank.chunk.transmission", "blank.chunk.flags", "blank.chunk.coords.x", "blank.chunk.coords.y",
    "blank.chunk.coords.z",     "blank.chunk.size",  "blank.chunk.offset",   "blank.chunk.piece_size"};
constexpr const char* kPlayerFields[kPlayerSlots] = {
    "blank.state.chunk.x",       "blank.state.chunk.y",       "blank.state.chunk.z",
    "blank.state.block.x",       "blank.state.block.y",       "blank.state.block.z",
    "blank.state.orientation.w", "blank.state.orientation.x", "blank.state.orientation.y",
    "blank.state.orientation.z", "blank.correction.update_seq"};

// Their places by field id in one revision's schema (Grab::slot_of).
struct AnalysisFields {
    std::vector<int8_t> chunk, player;
    FieldId data;  // ChunkData's bytes
};

static std::vector<int8_t> slots(const Schema& s, const char* const* abbrevs, int n) {
    std::vector<int8_t> slot_of(s.fields.size(), -1);
    for (int i = 0; i < n; ++i) slot_of[need(s, abbrevs[i])] = int8_t(i);
    return slot_of;
}

static const AnalysisFields& analysis_fields(const Schema& s) {
    static std::mutex m;
    static std::map<const Schema*, AnalysisFields> cache;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(&s);
    if (it != cache.end()) return it->second;
    AnalysisFields f;
    f.chunk = slots(s, kChunkFields, kChunkSlots);
    f.player = slots(s, kPlayerFields, kPlayerSlots);
    f.data = need(s, "blank.chunk.data");
    return cache.emplace(&s, std::move(f)).first->second;
}

const ConversationAnalysis::Decoding& ConversationAnalysis::decoding() {
    const Revision& r = revision();
    if (decoding_.revision != &r) {
        decoding_.schema = &schema(r);
        decoding_.fields = &analysis_fields(*decoding_.schema);
        decoding_.revision = &r;
    }
    return decoding_;
}

ConversationAnalysis::ConversationAnalysis(const AnalysisConfig& cfg, const Revision* forced)
    : forced_(forced), chunks_(forced ? forced->chunk_size : current_revision().chunk_size, cfg.chunks),
      seq_(cfg.seq), inflate_(cfg.chunks.inflate) {
    if (cfg.inflate_queue) chunks_.defer_to(cfg.inflate_queue, this);
}

std::string ConversationAnalysis::revision_text() const {
    std::string t = revision().name;
    switch (revision_state()) {
    case RevisionState::Detected: return t + " (detected in frame " + std::to_string(detected_frame_) + ")";
    case RevisionState::Forced: return t + " (set by --revision)";
    case RevisionState::None: return t + " (no revision fits the packet lengths)";
    case RevisionState::Ambiguous: break;
    }
    return t + " (still ambiguous: the newest that fits)";
}

RevisionState ConversationAnalysis::revision_state() const {
    if (forced_) return RevisionState::Forced;
    switch (detector_.state()) {
    case Detection::Detected: return RevisionState::Detected;
    case Detection::None: return RevisionState::None;
    default: return RevisionState::Ambiguous;
    }
}

void ConversationAnalysis::on_packet(uint64_t frame, double time, Role sender, const uint8_t* data, uint32_t len,
                                     FrameAnalysis& out) {
    earlier_.clear();
    analyse(frame, time, sender, data, len, out);
    chunks_.take_deferred_findings(earlier_);  // applied during this or another conversation's packets
    out.earlier = earlier_.empty() ? nullptr : earlier_.data();
    out.nearlier = uint32_t(earlier_.size());
}

void ConversationAnalysis::analyse(uint64_t frame, double time, Role sender, const uint8_t* data, uint32_t len,
                                   FrameAnalysis& out) {
    out = FrameAnalysis{};
    out.frame = frame;
    // Every revision has the same header: read it with the current one.
    const Schema& head_schema = *decoding().schema;
    const PacketSummary head = decode_header(head_schema, data, len);
    const PacketRef p{frame, time, head.seq};
    out.type = len >= kHeaderSize ? int16_t(head.type) : int16_t(-1);
    FrameSink sink(out);
    if (!forced_ && len >= kHeaderSize) {
        const Detection before = detector_.state();
        const size_t candidates = detector_.candidates().size();
        detector_.packet(head.type, len - uint32_t(kHeaderSize));
        revision_changed(p, before, candidates, sink);
    }
    ++packets_;
    const Decoding& now = decoding();
    const Schema& s = *now.schema;
    out.schema = &s;
    out.revision_state = uint8_t(revision_state());
    // Candidates that disagree on the chunk size: any size is fine until a
    // completed chunk tells (the detector then narrows, or finds none fits).
    chunks_.set_chunk_size(forced_ || detector_.chunk_size_settled() ? revision().chunk_size : 0);
    if (len < kHeaderSize) return;
    const AnalysisFields& f = *now.fields;
    const uint8_t t = head.type;
    const bool begin = t == type::ChunkBegin, piece = t == type::ChunkData;
    const bool player = t == type::PlayerUpdate || t == type::PlayerCorrection;
    Grab g{nullptr, 0, kNoField};
    if (begin || piece)
        g = Grab{f.chunk.data(), f.chunk.size(), f.data};
    else if (player)
        g = Grab{f.player.data(), f.player.size(), kNoField};
    // Only chunk and player packets have fields the analysis reads; the
    // others need just the header (no walk over, say, 12 entities).
    const PacketSummary sum = g.n                  ? decode(s, data, len, g)
                              : &s == &head_schema ? head  // the revision did not change with this packet
                                                   : decode_header(s, data, len);
    const bool complete = sum.ptype && len >= kHeaderSize + sum.ptype->length.min;

    PlayerState ps{};
    const bool have_state = player && complete;
    if (have_state) {
        for (int i = 0; i < 3; ++i) ps.pos[i] = g.vals[kChunkX + i] * 16 + g.vals[kBlockX + i];
        for (int i = 0; i < 4; ++i) ps.orient[i] = g.vals[kOrientW + i];
    }
    seq_.on_packet(p, sender, sum.ack, sum.hist, t, len, core::content_hash(data, len), have_state ? &ps : nullptr,
                   t == type::PlayerCorrection && complete ? int(g.vals[kUpdateSeq]) : -1, out.seq, sink);

    if (!(begin || piece) || !complete) return;  // too short to carry the fields: the decoder's findings say so
    if (begin) {
        const int32_t coords[3] = {int32_t(g.vals[kX]), int32_t(g.vals[kY]), int32_t(g.vals[kZ])};
        out.chunk = chunks_.begin(p, sender == Role::Client, uint32_t(g.vals[kTx]), uint32_t(g.vals[kFlags]), coords,
                                  uint32_t(g.vals[kSize]), sink);
    } else {
        std::string_view bytes = g.bytes;
        // Before game commit 56069d4 ChunkData always has 484 bytes: only
        // the piece size of them is data.
        if (revision().chunk_data_padded && g.vals[kPieceSize] >= 0 && g.vals[kPieceSize] < double(bytes.size()))
            bytes = bytes.substr(0, size_t(g.vals[kPieceSize]));
        out.chunk = chunks_.data(p, uint32_t(g.vals[kTx]), uint32_t(g.vals[kOffset]),
                                 reinterpret_cast<const uint8_t*>(bytes.data()), uint32_t(bytes.size()), sink);
    }
    // A chunk's inflated size tells the revision (not without inflating; a
    // deferred one tells it when its result is applied: chunk_applied).
    if (out.chunk.completed && !out.chunk.deferred && inflate_ && out.chunk.tx->compressed() && !forced_) {
        const Detection before = detector_.state();
        const size_t candidates = detector_.candidates().size();
        detector_.chunk(out.chunk.tx->inflated_size);
        revision_changed(p, before, candidates, sink);
    }
}

// Findings about the detection: ambiguous at the conversation's first
// packet, then once when it settles (or when nothing fits).
void ConversationAnalysis::revision_changed(const PacketRef& p, Detection before, size_t candidates,
                                            FindingSink& sink) {
    const Detection now = detector_.state();
    if (packets_ == 0 && now == Detection::Ambiguous) {
        Finding f{FindingCode::RevisionAmbiguous, 0, 0, int64_t(detector_.candidates().size())};
        f.frame = p.frame;
        f.what = detector_.decode_with().name;
        sink.add(f);
    }
    if (now == before && detector_.candidates().size() == candidates) return;
    if (now == Detection::Detected && before != Detection::Detected) {
        detected_frame_ = p.frame;
        Finding f{FindingCode::RevisionDetected, 0, 0, int64_t(detector_.candidates().size())};
        f.frame = p.frame;
        f.what = detector_.revision()->name;
        sink.add(f);
    } else if (now == Detection::None && before != Detection::None) {
        Finding f{FindingCode::RevisionUnknown, 0, 0};
        f.frame = p.frame;
        f.what = current_revision().name;
        sink.add(f);
    }
}

// A deferred inflation's result: the evidence the inline path gives at once.
void ConversationAnalysis::chunk_applied(const Transmission*, bool compressed, const ChunkOutcome& r,
                                         const PacketRef& p, FindingSink& sink) {
    if (!compressed || forced_) return;
    const Detection before = detector_.state();
    const size_t candidates = detector_.candidates().size();
    detector_.chunk(r.size);
    revision_changed(p, before, candidates, sink);
}

void ConversationAnalysis::finish(double capture_end, FindingSink& sink) {
    chunks_.finish(sink);
    seq_.finish(capture_end, sink);
}

const AnalysisNodes& analysis_nodes(const Schema& s) {
    static std::mutex m;
    static std::map<const Schema*, AnalysisNodes> cache;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(&s);
    if (it != cache.end()) return it->second;
    auto node = [&s](const char* a) {
        const Node* n = s.node(a);
        if (!n) throw std::logic_error(std::string("blank analysis: no node ") + a);
        return n;
    };
    AnalysisNodes n;
    n.revision = node("blank.revision");
    n.revision_state = node("blank.revision.state");
    n.seq = node("blank.analysis.seq");
    n.lost_before = node("blank.analysis.lost_before");
    n.reordered = node("blank.analysis.reordered");
    n.duplicate = node("blank.analysis.duplicate");
    n.ack_back = node("blank.analysis.ack_back");
    n.acked_in = node("blank.analysis.acked_in");
    n.rtt = node("blank.analysis.rtt");
    n.lost_in = node("blank.analysis.lost_in");
    n.correction_for = node("blank.analysis.correction_for");
    n.correction_distance = node("blank.analysis.correction_distance");
    n.correction_delay = node("blank.analysis.correction_delay");
    n.correction_angle = node("blank.analysis.correction_angle");
    n.corrected_in = node("blank.analysis.corrected_in");
    n.peer_silent_since = node("blank.analysis.peer_silent_since");
    n.went_silent = node("blank.analysis.went_silent");
    n.survivor_last = node("blank.analysis.survivor_last");
    n.survivor_kept_sending = node("blank.analysis.survivor_kept_sending");
    n.silence_end = node("blank.analysis.silence_end");
    n.after_silence_of = node("blank.analysis.after_silence_of");
    n.tx_number = node("blank.chunk.tx_number");
    n.tx_state = node("blank.chunk.tx_state");
    n.begin_frame = node("blank.chunk.begin_frame");
    n.complete_frame = node("blank.chunk.complete_frame");
    n.resend_of = node("blank.chunk.resend_of");
    n.duplicate_of = node("blank.chunk.duplicate_of");
    n.rerequest_frame = node("blank.chunk.rerequest_frame");
    n.reassembled = node("blank.chunk.reassembled");
    n.piece_frame = node("blank.chunk.reassembled.piece_frame");
    n.size = node("blank.chunk.reassembled.size");
    n.inflated_size = node("blank.chunk.reassembled.inflated_size");
    n.contents = node("blank.chunk.reassembled.contents");
    n.non_empty = node("blank.chunk.reassembled.contents.non_empty");
    n.distinct_types = node("blank.chunk.reassembled.contents.distinct_types");
    n.light_min = node("blank.chunk.reassembled.contents.light_min");
    n.light_max = node("blank.chunk.reassembled.contents.light_max");
    n.layers = node("blank.chunk.reassembled.contents.layers");
    n.layer_y = node("blank.chunk.reassembled.contents.layer.y");
    n.layer_non_empty = node("blank.chunk.reassembled.contents.layer.non_empty");
    n.layer_distinct = node("blank.chunk.reassembled.contents.layer.distinct_types");
    return cache.emplace(&s, n).first->second;
}

}  // namespace blank
