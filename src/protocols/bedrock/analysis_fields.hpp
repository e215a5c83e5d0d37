// The game layer's results as generated fields, compiled into every
// Bedrock schema and emitted as core::Items like the decoder's:
// emit_batch() before a batch's packets ("bedrock.batch.*": its number,
// RakNet ordering, encryption and checksum, compression, sizes),
// emit_packet() after each packet ("bedrock.analysis.*": the release, its
// place in the batch, and for a Login what its JWTs say).
#pragma once

#include "core/generated_items.hpp"
#include "session.hpp"

namespace bedrock {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *batch, *number, *complete_frame, *held, *order_index, *crypt, *cipher_batch, *compression,
        *header, *wire_size, *size, *packets;
    const core::Node *analysis, *protocol, *release, *index;
    const core::Node *request_frame, *rtt, *tick_step, *previous_input_frame, *input_interval, *input_tick,
        *input_frame, *since_input, *distance, *chunk_asked, *asked_frame, *since_asked, *subchunks_answered,
        *subchunk_request_frame, *since_subchunk_request;
    const core::Node *login, *chain_tokens, *display_name, *xuid, *identity, *title_id, *device_os, *device_model,
        *game_version, *server_address, *language, *signatures;
};
const AnalysisNodes& analysis_nodes(const core::Schema& s);

template <class V>
void emit_batch(const core::Schema& s, const Batch& b, V& v) {
    using core::put_u;
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.batch));
    put_u(s, n.number, b.number, v);
    if (b.complete_frame != b.frame) {
        put_u(s, n.complete_frame, b.complete_frame, v);
        core::put_d(s, n.held, b.held_ms, v);
    }
    put_u(s, n.order_index, b.order_index, v);
    put_u(s, n.crypt, uint64_t(b.crypt), v);
    if (b.crypt != Crypt::Clear) put_u(s, n.cipher_batch, b.cipher_batch, v);
    if (b.data) {
        put_u(s, n.compression, uint64_t(uint8_t(b.form.algorithm)), v);
        put_u(s, n.header, b.form.header, v);
    }
    put_u(s, n.wire_size, b.wire_len, v);
    if (b.data) {
        put_u(s, n.size, b.len, v);
        put_u(s, n.packets, b.packets.size, v);
    }
    v.close();
}

template <class V>
void emit_packet(const core::Schema& s, const Batch& b, uint32_t index, bool login, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(core::generated_item(s, n.analysis));
    core::put_i(s, n.protocol, b.version ? b.version->protocol : 0, v);
    core::put_s(s, n.release, b.version ? b.version->name : "", v);
    core::put_u(s, n.index, index + 1, v);
    for (const PacketFigure& f : b.figures) {
        if (f.index != index) continue;
        switch (f.kind) {
        case PacketFigure::Kind::LatencyEcho:
            core::put_u(s, n.request_frame, f.frame, v);
            core::put_d(s, n.rtt, f.ms, v);
            break;
        case PacketFigure::Kind::Input:
            if (!f.frame) break;  // the first input
            core::put_i(s, n.tick_step, f.tick_step, v);
            core::put_u(s, n.previous_input_frame, f.frame, v);
            core::put_d(s, n.input_interval, f.ms, v);
            break;
        case PacketFigure::Kind::Correction:
        case PacketFigure::Kind::Teleport:
            core::put_i(s, n.input_tick, f.tick, v);
            core::put_u(s, n.input_frame, f.frame, v);
            core::put_d(s, n.since_input, f.ms, v);
            core::put_d(s, n.distance, f.distance, v);
            break;
        case PacketFigure::Kind::PackRequest:
            core::put_u(s, n.chunk_asked, uint64_t(f.tick), v);
            if (f.frame) core::put_u(s, n.asked_frame, f.frame, v);
            break;
        case PacketFigure::Kind::SubChunks:
            core::put_u(s, n.subchunks_answered, f.answered, v);
            if (!f.frame) break;
            core::put_u(s, n.subchunk_request_frame, f.frame, v);
            core::put_d(s, n.since_subchunk_request, f.ms, v);
            break;
        case PacketFigure::Kind::PackChunk:
            if (!f.frame) break;  // never asked
            core::put_u(s, n.asked_frame, f.frame, v);
            core::put_d(s, n.since_asked, f.ms, v);
            break;
        }
    }
    if (login && b.login) {
        const LoginInfo& l = *b.login;
        v.open(core::generated_item(s, n.login));
        core::put_u(s, n.chain_tokens, l.chain_tokens, v);
        auto t = [&](const core::Node* node, const std::string& x) {
            if (!x.empty()) core::put_s(s, node, x, v);
        };
        t(n.display_name, l.display_name);
        t(n.xuid, l.xuid);
        t(n.identity, l.identity);
        t(n.title_id, l.title_id);
        t(n.device_os, l.device_os);
        t(n.device_model, l.device_model);
        t(n.game_version, l.game_version);
        t(n.server_address, l.server_address);
        t(n.language, l.language);
        core::put_s(s, n.signatures, "not verified", v);
        v.close();
    }
    v.close();
}

}  // namespace bedrock
