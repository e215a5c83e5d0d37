// The game layer's results as generated fields, compiled into every
// Bedrock schema and emitted as core::Items like the decoder's:
// emit_batch() before a batch's packets ("bedrock.batch.*": its number,
// RakNet ordering, encryption and checksum, compression, sizes),
// emit_packet() after each packet ("bedrock.analysis.*": the release, its
// place in the batch, and for a Login what its JWTs say).
#pragma once

#include "core/decoder.hpp"
#include "session.hpp"

namespace bedrock {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *batch, *number, *complete_frame, *held, *order_index, *crypt, *cipher_batch, *compression,
        *header, *wire_size, *size, *packets;
    const core::Node *analysis, *protocol, *release, *index;
    const core::Node *login, *chain_tokens, *display_name, *xuid, *identity, *title_id, *device_os, *device_model,
        *game_version, *server_address, *language, *signatures;
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
void emit_batch(const core::Schema& s, const Batch& b, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    auto u = [&](const core::Node* node, uint64_t x) {
        core::Item it = detail::generated(s, node);
        it.u = x;
        v.leaf(it);
    };
    v.open(detail::generated(s, n.batch));
    u(n.number, b.number);
    if (b.complete_frame != b.frame) {
        u(n.complete_frame, b.complete_frame);
        core::Item it = detail::generated(s, n.held);
        it.d = b.held_ms;
        v.leaf(it);
    }
    u(n.order_index, b.order_index);
    u(n.crypt, uint64_t(b.crypt));
    if (b.crypt != Crypt::Clear) u(n.cipher_batch, b.cipher_batch);
    if (b.data) {
        u(n.compression, uint64_t(uint8_t(b.form.algorithm)));
        core::Item h = detail::generated(s, n.header);
        h.u = b.form.header;
        v.leaf(h);
    }
    u(n.wire_size, b.wire_len);
    if (b.data) {
        u(n.size, b.len);
        u(n.packets, b.packets.size);
    }
    v.close();
}

template <class V>
void emit_packet(const core::Schema& s, const Batch& b, uint32_t index, bool login, V& v) {
    const AnalysisNodes& n = analysis_nodes(s);
    v.open(detail::generated(s, n.analysis));
    core::Item p = detail::generated(s, n.protocol);
    p.i = b.version ? b.version->protocol : 0;
    v.leaf(p);
    core::Item r = detail::generated(s, n.release);
    r.s = b.version ? b.version->name : "";
    v.leaf(r);
    core::Item i = detail::generated(s, n.index);
    i.u = index + 1;
    v.leaf(i);
    if (login && b.login) {
        const LoginInfo& l = *b.login;
        v.open(detail::generated(s, n.login));
        core::Item c = detail::generated(s, n.chain_tokens);
        c.u = l.chain_tokens;
        v.leaf(c);
        auto t = [&](const core::Node* node, const std::string& x) {
            if (x.empty()) return;
            core::Item it = detail::generated(s, node);
            it.s = x;
            v.leaf(it);
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
        core::Item sig = detail::generated(s, n.signatures);
        sig.s = "not verified";
        v.leaf(sig);
        v.close();
    }
    v.close();
}

}  // namespace bedrock
