#include "analysis.hpp"

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

namespace blank {
namespace {

// Picks the values the analysis needs out of a decoded packet.
struct Grab {
    const FieldId* ids;
    size_t n;
    FieldId bytes_id;
    double vals[16] = {};
    std::string_view bytes = {};
    void open(const Item& it) { leaf(it); }  // flags fields have children
    void close() {}
    void finding(const Finding&) {}
    void leaf(const Item& it) {
        const FieldId id = it.info->id;
        if (id == bytes_id) bytes = it.s;
        for (size_t i = 0; i < n; ++i)
            if (ids[i] == id)
                vals[i] = it.vclass == ValueClass::Int      ? double(it.i)
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
};

}  // namespace

ConversationAnalysis::ConversationAnalysis(const Schema& s, const AnalysisConfig& cfg)
    : s_(s), chunks_(20484, cfg.chunks), seq_(cfg.seq) {
    f_tx_ = need(s, "blank.chunk.transmission");
    f_flags_ = need(s, "blank.chunk.flags");
    f_x_ = need(s, "blank.chunk.coords.x");
    f_y_ = need(s, "blank.chunk.coords.y");
    f_z_ = need(s, "blank.chunk.coords.z");
    f_size_ = need(s, "blank.chunk.size");
    f_offset_ = need(s, "blank.chunk.offset");
    f_data_ = need(s, "blank.chunk.data");
    const char* state[10] = {"blank.state.chunk.x", "blank.state.chunk.y", "blank.state.chunk.z",
                             "blank.state.block.x", "blank.state.block.y", "blank.state.block.z",
                             "blank.state.orientation.w", "blank.state.orientation.x", "blank.state.orientation.y",
                             "blank.state.orientation.z"};
    for (int i = 0; i < 10; ++i) f_state_[i] = need(s, state[i]);
    f_update_seq_ = need(s, "blank.correction.update_seq");
}

namespace {

uint64_t fnv1a(const uint8_t* p, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

}  // namespace

void ConversationAnalysis::on_packet(const PacketRef& p, Role sender, const uint8_t* data, uint32_t len,
                                     FrameAnalysis& out) {
    out = FrameAnalysis{};
    out.frame = p.frame;
    if (len < kHeaderSize) return;
    FrameSink sink(out);
    const uint8_t type = data[12];
    const bool begin = type == 9, piece = type == 10, player = type == 4 || type == 8;
    Grab g{nullptr, 0, kNoField};
    FieldId ids[16];
    if (begin || piece) {
        const FieldId c[] = {f_tx_, f_flags_, f_x_, f_y_, f_z_, f_size_, f_offset_};
        std::copy(std::begin(c), std::end(c), ids);
        g = Grab{ids, 7, f_data_};
    } else if (player) {
        std::copy(std::begin(f_state_), std::end(f_state_), ids);
        ids[10] = f_update_seq_;
        g = Grab{ids, 11, kNoField};
    }
    const PacketSummary sum = decode(s_, data, len, g);
    const bool complete = sum.ptype && len >= kHeaderSize + sum.ptype->length.min;

    PlayerState ps{};
    const bool have_state = player && complete;
    if (have_state) {
        for (int i = 0; i < 3; ++i) ps.pos[i] = g.vals[i] * 16 + g.vals[3 + i];  // chunk * 16 + block
        for (int i = 0; i < 4; ++i) ps.orient[i] = g.vals[6 + i];
    }
    seq_.on_packet(p, sender, sum.ack, sum.hist, type, len, fnv1a(data, len), have_state ? &ps : nullptr,
                   type == 8 && complete ? int(g.vals[10]) : -1, out.seq, sink);

    if (!(begin || piece) || !complete) return;  // too short to carry the fields: the decoder's findings say so
    if (begin) {
        const int32_t coords[3] = {int32_t(g.vals[2]), int32_t(g.vals[3]), int32_t(g.vals[4])};
        out.chunk = chunks_.begin(p, sender == Role::Client, uint32_t(g.vals[0]), uint32_t(g.vals[1]), coords,
                                  uint32_t(g.vals[5]), sink);
    } else {
        out.chunk = chunks_.data(p, uint32_t(g.vals[0]), uint32_t(g.vals[6]),
                                 reinterpret_cast<const uint8_t*>(g.bytes.data()), uint32_t(g.bytes.size()), sink);
    }
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
