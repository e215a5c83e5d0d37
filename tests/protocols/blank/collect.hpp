// A decoder visitor that records everything, for assertions by filter name.
#pragma once

#include <string>
#include <vector>

#include "protocols/blank/decoder.hpp"
#include "protocols/blank/encoder.hpp"

namespace blank::test {

struct Value {
    std::string abbrev;
    double num = 0;        // Uint / Int / Float / Double / Bool
    std::string text;      // String / Bytes
    uint32_t offset = 0, length = 0;
    bool generated = false;
    int depth = 0;
};

struct Collect {
    std::vector<Value> values;
    std::vector<Finding> findings;
    PacketSummary summary;
    int depth = 0;

    void open(const Item& it) { leaf(it); ++depth; }
    void close() { --depth; }
    void leaf(const Item& it) {
        Value v;
        v.abbrev = it.info->abbrev;
        switch (it.vclass) {
        case ValueClass::Uint: case ValueClass::Bool: v.num = double(it.u); break;
        case ValueClass::Int: v.num = double(it.i); break;
        case ValueClass::Float: case ValueClass::Double: v.num = it.d; break;
        case ValueClass::String: case ValueClass::Bytes: case ValueClass::Uuid: v.text = std::string(it.s); break;
        case ValueClass::None: break;
        }
        v.offset = it.offset;
        v.length = it.length;
        v.generated = it.generated;
        v.depth = depth;
        values.push_back(v);
    }
    void finding(const Finding& f) { findings.push_back(f); }

    // The n-th occurrence of a field (array entries in order).
    const Value* get(const std::string& abbrev, size_t n = 0) const {
        for (const Value& v : values)
            if (v.abbrev == abbrev && n-- == 0) return &v;
        return nullptr;
    }
    double num(const std::string& abbrev, size_t n = 0) const {
        const Value* v = get(abbrev, n);
        return v ? v->num : -999999;
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
    bool has(FindingCode c) const {
        for (const Finding& f : findings)
            if (f.code == c) return true;
        return false;
    }
    // Findings other than the header-padding comment every real packet has.
    std::vector<FindingCode> problems() const {
        std::vector<FindingCode> out;
        for (const Finding& f : findings)
            if (f.code != FindingCode::PaddingNonZero) out.push_back(core::local_code<FindingCode>(f.code));
        return out;
    }
};

inline Collect decode_bytes(const std::vector<uint8_t>& b) {
    Collect c;
    c.summary = decode(schema(), b.data(), b.size(), c);
    return c;
}

inline std::vector<uint8_t> from_hex(const std::string& h) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
    return out;
}

}  // namespace blank::test
