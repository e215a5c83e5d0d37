// A core decoder visitor that records everything, for assertions by filter name.
#pragma once

#include <string>
#include <vector>

#include "core/decoder.hpp"

namespace coretest {

struct Value {
    std::string abbrev;
    double num = 0;    // Uint / Int / Float / Double / Bool
    uint64_t u = 0;    // Uint / Bool exactly (64-bit values a double rounds)
    std::string text;  // String / Bytes / Uuid
    uint32_t offset = 0, length = 0;
    bool generated = false;
    int depth = 0;
    int32_t index = -1;
};

struct Collect {
    std::vector<Value> values;
    std::vector<core::Finding> findings;
    core::MessageSummary summary;
    int depth = 0;

    void open(const core::Item& it) { leaf(it); ++depth; }
    void close() { --depth; }
    void set_length(uint32_t n) {
        for (size_t i = values.size(); i-- > 0;)
            if (values[i].depth == depth - 1) {
                values[i].length = n;
                return;
            }
    }
    void leaf(const core::Item& it) {
        Value v;
        v.abbrev = it.info->abbrev;
        switch (it.vclass) {
        case core::ValueClass::Uint: case core::ValueClass::Bool: v.num = double(it.u); v.u = it.u; break;
        case core::ValueClass::Int: v.num = double(it.i); break;
        case core::ValueClass::Float: case core::ValueClass::Double: v.num = it.d; break;
        case core::ValueClass::String: case core::ValueClass::Bytes: case core::ValueClass::Uuid:
            v.text = std::string(it.s); break;
        case core::ValueClass::None: break;
        }
        v.offset = it.offset;
        v.length = it.length;
        v.generated = it.generated;
        v.depth = depth;
        v.index = it.index;
        values.push_back(v);
    }
    void finding(const core::Finding& f) { findings.push_back(f); }

    const Value* get(const std::string& abbrev, size_t n = 0) const {
        for (const Value& v : values)
            if (v.abbrev == abbrev && n-- == 0) return &v;
        return nullptr;
    }
    double num(const std::string& abbrev, size_t n = 0) const {
        const Value* v = get(abbrev, n);
        return v ? v->num : -999999;
    }
    uint64_t u64(const std::string& abbrev, size_t n = 0) const {
        const Value* v = get(abbrev, n);
        return v ? v->u : ~uint64_t(0);
    }
    std::string text(const std::string& abbrev, size_t n = 0) const {
        const Value* v = get(abbrev, n);
        return v ? v->text : "<missing>";
    }
    size_t count(const std::string& abbrev) const {
        size_t n = 0;
        for (const Value& v : values) n += v.abbrev == abbrev;
        return n;
    }
    std::vector<std::string> finding_names() const {
        std::vector<std::string> out;
        for (const core::Finding& f : findings) out.push_back(core::finding_info(f.code).name);
        return out;
    }
};

inline std::vector<uint8_t> from_hex(const std::string& h) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
    return out;
}

}  // namespace coretest
