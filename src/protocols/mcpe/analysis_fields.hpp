// The game layer's results as generated fields ("mcpe.analysis.*"),
// compiled into every MCPE schema and emitted as core::Items like the
// decoder's: emit_game_packet() after a game packet's fields (version, the
// request a ChunkData answers, the chunk summary), emit_link() on the
// RequestChunk a later ChunkData answered.
#pragma once

#include "core/generated_items.hpp"
#include "session.hpp"

namespace mcpe {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *analysis, *protocol, *request_frame, *since_request, *data_frame, *since_data;
    const core::Node *chunk, *columns, *sections, *section_mask, *blocks, *non_air, *distinct, *common_block;
};
const AnalysisNodes& analysis_nodes(const core::Schema& s);

template <class V>
void emit_game_packet(const core::Schema& s, const GamePacket& g, V& v) {
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.analysis));
    core::put_i(s, n.protocol, g.version ? g.version->protocol : 0, v);
    if (g.request_frame) {
        put_u(s, n.request_frame, g.request_frame, v);
        core::put_d(s, n.since_request, g.since_request_ms, v);
    }
    if (g.has_chunk) {
        v.open(core::generated_item(s, n.chunk));
        put_u(s, n.columns, g.chunk.columns, v);
        put_u(s, n.sections, g.chunk.sections, v);
        put_u(s, n.section_mask, g.chunk.section_mask, v);
        put_u(s, n.blocks, g.chunk.blocks, v);
        put_u(s, n.non_air, g.chunk.non_air, v);
        put_u(s, n.distinct, g.chunk.distinct, v);
        put_u(s, n.common_block, g.chunk.common_block, v);
        v.close();
    }
    v.close();
}

template <class V>
void emit_link(const core::Schema& s, const Link& l, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    core::put_u(s, n.data_frame, l.to, v);
    core::put_d(s, n.since_data, l.ms, v);
}

}  // namespace mcpe
