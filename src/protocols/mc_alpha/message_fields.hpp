// A message's generated fields (analysis_rows.hpp) as core::Items, for any
// decoder-style visitor (open/leaf/close): the connection's state, the
// message's measured length, then what the analyses computed. Both front
// ends call it after decoding the message's own fields.
#pragma once

#include "analysis_rows.hpp"
#include "message.hpp"
#include "schema.hpp"

namespace mcalpha {

template <class V>
void emit_message_fields(const Message& m, V& v) {
    const core::Schema& s = schema();
    const AnalysisNodes& n = analysis_nodes();
    auto item = [&](const core::Node* node) {
        core::Item it{};
        it.info = &s.fields[node->field];
        it.node = node;
        it.offset = 0;
        it.length = 0;
        it.vclass = it.info->vclass;
        it.generated = true;
        it.index = -1;
        return it;
    };
    auto uint = [&](const core::Node* node, uint64_t value) {
        core::Item it = item(node);
        it.u = value;
        v.leaf(it);
    };
    auto sint = [&](const core::Node* node, int64_t value) {
        core::Item it = item(node);
        it.i = value;
        v.leaf(it);
    };
    auto real = [&](const core::Node* node, double value) {
        core::Item it = item(node);
        it.d = value;
        v.leaf(it);
    };
    uint(n.state, uint64_t(m.state));
    if (m.kind == MessageKind::Message) {
        core::Item len = item(n.length);
        len.length = m.len;
        len.u = m.len;
        v.leaf(len);
    }
    const MessageAnalysis& a = m.analysis;
    if (a.chunk.present) {
        const ChunkResult& c = a.chunk;
        v.open(item(n.chunk));
        sint(n.column_x, c.column_x);
        sint(n.column_z, c.column_z);
        uint(n.size_x, c.size_x);
        uint(n.size_y, c.size_y);
        uint(n.size_z, c.size_z);
        uint(n.blocks, c.blocks);
        uint(n.expected, c.expected);
        if (c.inflated) uint(n.inflated, c.inflated);
        if (c.summarised) {
            uint(n.non_air, c.non_air);
            uint(n.distinct, c.distinct);
            uint(n.block_light_min, c.block_light_min);
            uint(n.block_light_max, c.block_light_max);
            uint(n.sky_light_min, c.sky_light_min);
            uint(n.sky_light_max, c.sky_light_max);
        }
        if (c.pre_chunk_frame) uint(n.pre_chunk, c.pre_chunk_frame);
        v.close();
    }
    if (a.correction.present) {
        v.open(item(n.correction));
        real(n.distance, a.correction.distance);
        real(n.elapsed, a.correction.elapsed);
        if (a.correction.client_frame) uint(n.client_frame, a.correction.client_frame);
        v.close();
    }
    if (a.has_stance) real(n.stance_height, a.stance_height);
    if (a.has_keepalive) {
        v.open(item(n.keepalive));
        real(n.interval, a.keepalive_interval);
        uint(n.previous, a.keepalive_previous);
        v.close();
    }
    if (a.spawn_frame) uint(n.spawn_frame, a.spawn_frame);
}

// The message's findings (framing, state, analyses) to the visitor.
template <class V>
void emit_message_findings(const Message& m, V& v) {
    for (uint8_t i = 0; i < m.nfindings; ++i) v.finding(m.findings[i]);
}

}  // namespace mcalpha
