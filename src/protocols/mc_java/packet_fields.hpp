// Fields of a Java packet that are not in its bytes' tables: the framing
// (Length, Data Length) and what the connection knew (state, version).
// Both front ends show them before the packet's own fields.
#pragma once

#include "chunk_column.hpp"
#include "connection.hpp"
#include "core/decoder.hpp"
#include "exchange.hpp"
#include "schema.hpp"

namespace mcjava {

// The rows (compiled into every version's schema as its analysis layout).
core::Layout packet_field_rows();

struct PacketNodes {
    const core::Node *length, *data_length, *state, *version;
    const core::Node *chunk, *sections, *non_air, *distinct, *biomes, *section, *section_y, *section_bits,
        *section_non_air, *section_distinct;
    // Per ExchangeKind: response_in, request_in, time, client_in, distance
    // (the last two: teleports only, null otherwise).
    const core::Node* link[3][5];
};
const PacketNodes& packet_nodes(const core::Schema& s);

// Items of the framing, at offsets in the wire frame; then the state and
// the version as generated items.
template <class V>
void emit_packet_fields(const core::Schema& s, const Packet& p, V& v) {
    const PacketNodes& n = packet_nodes(s);
    auto item = [&](const core::Node* node, uint32_t off, uint32_t len) {
        core::Item it{};
        it.info = &s.fields[node->field];
        it.node = node;
        it.offset = off;
        it.length = len;
        it.vclass = it.info->vclass;
        it.index = -1;
        return it;
    };
    if (p.kind == PacketKind::Packet || p.kind == PacketKind::Unframed) {
        core::Item it = item(n.length, 0, p.parts.length_len);
        it.i = p.parts.length;
        if (p.parts.length_len) v.leaf(it);
        if (p.compressed_framing && p.parts.data_length_len && !p.parts.data_length_bad) {
            core::Item dl = item(n.data_length, p.parts.length_len, p.parts.data_length_len);
            dl.i = p.parts.data_length;
            v.leaf(dl);
        }
    }
    core::Item st = item(n.state, 0, 0);
    st.u = uint64_t(p.state);
    st.generated = true;
    v.leaf(st);
    if (p.version) {
        core::Item ver = item(n.version, 0, 0);
        ver.i = p.version->protocol;
        ver.generated = true;
        v.leaf(ver);
    }
}

// A Chunk Data packet's contents as generated items (after its fields).
// Its findings belong to the packet as a whole (shown at frame `frame`).
template <class V>
void emit_chunk_summary(const core::Schema& s, const ChunkSummary& c, uint64_t frame, V& v) {
    const PacketNodes& n = packet_nodes(s);
    auto item = [&](const core::Node* node, int32_t index = -1) {
        core::Item it{};
        it.info = &s.fields[node->field];
        it.node = node;
        it.vclass = it.info->vclass;
        it.generated = true;
        it.index = index;
        return it;
    };
    auto leaf = [&](const core::Node* node, uint64_t value, int32_t index = -1) {
        core::Item it = item(node, index);
        it.u = value;
        v.leaf(it);
    };
    v.open(item(n.chunk));
    leaf(n.sections, c.sections);
    leaf(n.non_air, c.non_air);
    leaf(n.distinct, c.distinct);
    if (c.full) leaf(n.biomes, c.distinct_biomes);
    for (uint8_t i = 0; i < c.sections && i < ChunkSummary::kMaxSections; ++i) {
        const SectionSummary& sec = c.section[i];
        core::Item g = item(n.section, i);
        g.entry = true;
        v.open(g);
        leaf(n.section_y, sec.y, i);
        leaf(n.section_bits, sec.bits, i);
        if (sec.valid) {
            leaf(n.section_non_air, sec.non_air, i);
            leaf(n.section_distinct, sec.distinct, i);
        }
        v.close();
    }
    v.close();
    for (uint8_t i = 0; i < c.nfindings; ++i) {
        core::Finding f = c.findings[i];
        f.frame = frame;
        v.finding(f);
    }
}

// The packet's link to its request or answer (Analysis::packet) as
// generated items: on the request, the frame of its answer (when there is
// one); on the answer, the request's frame and the time between; on a
// teleport, the client position it was measured from and the distance.
template <class V>
void emit_link(const core::Schema& s, const PacketLink& l, V& v) {
    if (!l.exchange) return;
    const Exchange& e = *l.exchange;
    const core::Node* const* n = packet_nodes(s).link[int(e.kind)];
    auto item = [&](const core::Node* node) {
        core::Item it{};
        it.info = &s.fields[node->field];
        it.node = node;
        it.vclass = it.info->vclass;
        it.generated = true;
        it.index = -1;
        return it;
    };
    auto frame = [&](const core::Node* node, uint64_t f) {
        if (!node || !f) return;
        core::Item it = item(node);
        it.u = f;
        v.leaf(it);
    };
    auto real = [&](const core::Node* node, double d) {
        if (!node) return;
        core::Item it = item(node);
        it.d = d;
        v.leaf(it);
    };
    if (!l.is_answer) {
        frame(n[0], e.answer_frame);
        if (e.kind == ExchangeKind::Teleport && e.has_client) {
            frame(n[3], e.client_frame);
            real(n[4], e.distance);
        }
    } else {
        frame(n[1], e.request_frame);
        real(n[2], e.delay());
    }
}

}  // namespace mcjava
