// The game layer's results as generated fields ("mcpe.analysis.*"),
// compiled into every MCPE schema and emitted as core::Items like the
// decoder's: emit_game_packet() after a game packet's fields (version, the
// request a ChunkData answers, the chunk summary), emit_link() on the
// RequestChunk a later ChunkData answered.
#pragma once

#include "core/decoder.hpp"
#include "session.hpp"

namespace mcpe {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *analysis, *protocol, *request_frame, *since_request, *data_frame, *since_data;
    const core::Node *chunk, *columns, *sections, *section_mask, *blocks, *non_air, *distinct, *common_block;
};
const AnalysisNodes& analysis_nodes(const core::Schema& s);

namespace detail {
inline core::Item generated(const core::Schema& s, const core::Node* n) {
    core::Item it{};
    it.info = &s.fields[n->field];
    it.node = n;
    it.vclass = it.info->vclass;
    it.generated = true;
    it.index = -1;
    return it;
}
}  // namespace detail

template <class V>
void emit_game_packet(const core::Schema& s, const GamePacket& g, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    auto u = [&](const core::Node* node, uint64_t x) {
        core::Item it = detail::generated(s, node);
        it.u = x;
        v.leaf(it);
    };
    auto d = [&](const core::Node* node, double x) {
        core::Item it = detail::generated(s, node);
        it.d = x;
        v.leaf(it);
    };
    v.open(detail::generated(s, n.analysis));
    {
        core::Item it = detail::generated(s, n.protocol);
        it.i = g.version ? g.version->protocol : 0;
        v.leaf(it);
    }
    if (g.request_frame) {
        u(n.request_frame, g.request_frame);
        d(n.since_request, g.since_request_ms);
    }
    if (g.has_chunk) {
        v.open(detail::generated(s, n.chunk));
        u(n.columns, g.chunk.columns);
        u(n.sections, g.chunk.sections);
        u(n.section_mask, g.chunk.section_mask);
        u(n.blocks, g.chunk.blocks);
        u(n.non_air, g.chunk.non_air);
        u(n.distinct, g.chunk.distinct);
        u(n.common_block, g.chunk.common_block);
        v.close();
    }
    v.close();
}

template <class V>
void emit_link(const core::Schema& s, const Link& l, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    core::Item f = detail::generated(s, n.data_frame);
    f.u = l.to;
    v.leaf(f);
    core::Item t = detail::generated(s, n.since_data);
    t.d = l.ms;
    v.leaf(t);
}

}  // namespace mcpe
