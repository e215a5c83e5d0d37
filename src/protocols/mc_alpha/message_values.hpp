// The top-level fields of one decoded message, by row key: what the
// connection's analyses read (positions, entity ids, chunk coordinates,
// the Map Chunk's data). A decoder visitor with fixed storage: no
// allocation, views into the message's bytes (valid while they are).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/decoder.hpp"

namespace mcalpha {

class MessageValues {
public:
    static constexpr bool kPayloadOnly = true;
    static constexpr size_t kMax = 16;

    void open(const core::Item& it) {
        leaf(it);
        ++depth_;
    }
    void close() { --depth_; }
    void finding(const core::Finding&) { ++findings_; }
    void leaf(const core::Item& it) {
        if (depth_ != 0 || it.index >= 0 || n_ >= kMax || !it.node || it.hidden) return;  // not array entries, not the type's filter
        Entry& e = e_[n_++];
        e.key = it.node->key;
        e.i = it.vclass == core::ValueClass::Int ? it.i : int64_t(it.u);
        e.d = it.vclass == core::ValueClass::Double || it.vclass == core::ValueClass::Float ? it.d : double(e.i);
        e.s = it.s;
    }

    bool has(const char* key) const { return get(key) != nullptr; }
    int64_t i(const char* key) const {
        const Entry* e = get(key);
        return e ? e->i : 0;
    }
    double d(const char* key) const {
        const Entry* e = get(key);
        return e ? e->d : 0;
    }
    std::string_view s(const char* key) const {
        const Entry* e = get(key);
        return e ? e->s : std::string_view();
    }
    uint32_t findings() const { return findings_; }

private:
    struct Entry {
        const char* key;
        int64_t i;
        double d;
        std::string_view s;
    };
    const Entry* get(const char* key) const {
        for (size_t k = 0; k < n_; ++k)
            if (std::strcmp(e_[k].key, key) == 0) return &e_[k];
        return nullptr;
    }

    Entry e_[kMax];
    size_t n_ = 0;
    int depth_ = 0;
    uint32_t findings_ = 0;
};

}  // namespace mcalpha
