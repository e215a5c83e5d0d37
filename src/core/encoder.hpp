// Writing messages from values, driven by the same rows the decoder reads:
// what crafts the test captures of protocols without a living
// implementation (Minecraft Pocket Edition 0.x, Minecraft Alpha) and the
// cases real traffic lacks.
//
// A message's values are a tree keyed by the rows' keys:
//
//   Value{{"entity_id", 5}, {"name", "alice"},
//         {"players", Value::list({Value{{"uuid", Value::bytes(16, 0)}}})}}
//
// Rows are written in order; a value missing for a row is written as zero
// (empty text, no entries). Computed, not given: the prefixes of Text,
// Bytes and Arrays (from the value's size), an Option's bool (present when
// its rows have values, or when "<key>" is given as a number), the switch
// case (from the value the switch refers to, already written). Counts and
// sizes held by an earlier field of the same scope are the size of what
// they count when that field is not given (entries of the list, bytes,
// characters; give the field to write another value). Fixed-point values
// are rounded; positions take {x, y, z}.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "schema.hpp"

namespace core {

class Value {
public:
    enum class Type : uint8_t { None, Int, Double, Text, Bytes, Object, List };

    Value() = default;
    Value(int v) : type_(Type::Int), i_(v) {}  // NOLINT: values convert implicitly
    Value(int64_t v) : type_(Type::Int), i_(v) {}  // NOLINT
    Value(uint64_t v) : type_(Type::Int), i_(int64_t(v)) {}  // NOLINT
    Value(double v) : type_(Type::Double), d_(v) {}  // NOLINT
    Value(const char* s) : type_(Type::Text), s_(s) {}  // NOLINT
    Value(std::string s) : type_(Type::Text), s_(std::move(s)) {}  // NOLINT
    Value(std::initializer_list<std::pair<const char*, Value>> fields);  // an object

    static Value bytes(std::string b) {
        Value v;
        v.type_ = Type::Bytes;
        v.s_ = std::move(b);
        return v;
    }
    static Value bytes(size_t n, uint8_t fill) { return bytes(std::string(n, char(fill))); }
    static Value list(std::vector<Value> items);

    Type type() const { return type_; }
    int64_t as_int() const { return type_ == Type::Double ? int64_t(d_) : i_; }
    double as_double() const { return type_ == Type::Int ? double(i_) : d_; }
    const std::string& text() const { return s_; }
    const std::vector<Value>& items() const { return items_; }
    // An object's value by key, or null.
    const Value* get(const char* key) const;
    // Adds or replaces a key of an object.
    Value& set(const char* key, Value v);

private:
    Type type_ = Type::None;
    int64_t i_ = 0;
    double d_ = 0;
    std::string s_;
    std::vector<Value> items_;                       // List
    std::vector<std::pair<std::string, Value>> fields_;  // Object
};

// Writes a message of `table` and `id` (the header's id field gets `id`;
// other header fields come from `header`), with `payload` for its rows.
// Throws std::invalid_argument for an unknown message.
std::vector<uint8_t> encode(const Schema& s, uint32_t table, uint32_t id, const Value& payload,
                            const Value& header = Value());

}  // namespace core
