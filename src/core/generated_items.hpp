// Items an analysis computes (Wireshark: generated), handed to a decoder
// visitor beside the decoded ones: a protocol's analysis fields, compiled
// into its schemas, filled with what its session found.
#pragma once

#include <cstdint>
#include <string_view>

#include "decoder.hpp"

namespace core {

// The item of schema node `n`; index >= 0: one of a list (labelled "#index").
inline Item generated_item(const Schema& s, const Node* n, int32_t index = -1) {
    Item it{};
    it.info = &s.fields[n->field];
    it.node = n;
    it.vclass = it.info->vclass;
    it.generated = true;
    it.index = index;
    it.entry = index >= 0;
    return it;
}

// A generated leaf of each value type, to visitor `v`.
template <class V>
void put_u(const Schema& s, const Node* n, uint64_t u, V& v, int32_t index = -1) {
    Item it = generated_item(s, n, index);
    it.u = u;
    v.leaf(it);
}

template <class V>
void put_i(const Schema& s, const Node* n, int64_t i, V& v) {
    Item it = generated_item(s, n);
    it.i = i;
    v.leaf(it);
}

template <class V>
void put_d(const Schema& s, const Node* n, double d, V& v) {
    Item it = generated_item(s, n);
    it.d = d;
    v.leaf(it);
}

template <class V>
void put_s(const Schema& s, const Node* n, std::string_view text, V& v) {
    Item it = generated_item(s, n);
    it.s = text;
    v.leaf(it);
}

}  // namespace core
