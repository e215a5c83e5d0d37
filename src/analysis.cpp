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
    int64_t vals[8] = {};
    std::string_view bytes = {};
    void open(const Item& it) { leaf(it); }  // flags fields have children
    void close() {}
    void finding(const Finding&) {}
    void leaf(const Item& it) {
        const FieldId id = it.info->id;
        if (id == bytes_id) bytes = it.s;
        for (size_t i = 0; i < n; ++i)
            if (ids[i] == id) vals[i] = it.vclass == ValueClass::Int ? it.i : int64_t(it.u);
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
    : s_(s), chunks_(20484, cfg.chunks) {
    f_tx_ = need(s, "blank.chunk.transmission");
    f_flags_ = need(s, "blank.chunk.flags");
    f_x_ = need(s, "blank.chunk.coords.x");
    f_y_ = need(s, "blank.chunk.coords.y");
    f_z_ = need(s, "blank.chunk.coords.z");
    f_size_ = need(s, "blank.chunk.size");
    f_offset_ = need(s, "blank.chunk.offset");
    f_data_ = need(s, "blank.chunk.data");
}

void ConversationAnalysis::on_packet(const PacketRef& p, Role sender, const uint8_t* data, uint32_t len,
                                     FrameAnalysis& out) {
    out = FrameAnalysis{};
    out.frame = p.frame;
    if (len < kHeaderSize) return;
    const uint8_t type = data[12];
    const bool begin = type == 9, piece = type == 10;
    if (!begin && !piece) return;
    const FieldId ids[] = {f_tx_, f_flags_, f_x_, f_y_, f_z_, f_size_, f_offset_};
    Grab g{ids, 7, f_data_};
    const PacketSummary sum = decode(s_, data, len, g);
    if (!sum.ptype) return;
    // Too short to carry the fields: the decoder's findings say so.
    if (len < kHeaderSize + (begin ? 24u : 12u)) return;
    FrameSink sink(out);
    if (begin) {
        const int32_t coords[3] = {int32_t(g.vals[2]), int32_t(g.vals[3]), int32_t(g.vals[4])};
        out.chunk = chunks_.begin(p, sender == Role::Client, uint32_t(g.vals[0]), uint32_t(g.vals[1]), coords,
                                  uint32_t(g.vals[5]), sink);
    } else {
        out.chunk = chunks_.data(p, uint32_t(g.vals[0]), uint32_t(g.vals[6]),
                                 reinterpret_cast<const uint8_t*>(g.bytes.data()), uint32_t(g.bytes.size()), sink);
    }
}

void ConversationAnalysis::finish(FindingSink& sink) { chunks_.finish(sink); }

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
