// Picking a protocol's version by the number a connection announced (a
// Handshake's, a Login's): the known versions are pointers to structs with
// an int32_t `protocol`, oldest first.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace core {

// The version numbered `protocol`, or null.
template <class V>
const V* find_protocol(const std::vector<const V*>& known, int32_t protocol) {
    for (const V* v : known)
        if (v->protocol == protocol) return v;
    return nullptr;
}

// The version numbered closest to `protocol` (the older on a tie).
template <class V>
const V& nearest_protocol(const std::vector<const V*>& known, int32_t protocol) {
    const V* best = known.front();
    for (const V* v : known)
        if (std::abs(int64_t(v->protocol) - protocol) < std::abs(int64_t(best->protocol) - protocol)) best = v;
    return *best;
}

}  // namespace core
