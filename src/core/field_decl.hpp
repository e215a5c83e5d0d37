// A filter field as a front end registers it, without compiling a schema:
// what a protocol with many versions declares once for all of them (its
// fields' names and types, written by a tool into a table), so that
// Wireshark registers every version's fields at start-up while each
// version's schema is compiled only when a capture needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "field.hpp"

namespace core {

// What kind of value a field holds, independent of its wire form.
enum class ValueClass : uint8_t { None, Uint, Int, Float, Double, Bool, String, Bytes, Uuid };

struct FieldDecl {
    const char* abbrev;  // "mcjava.play.cb.keep_alive.keep_alive_id"
    const char* name;
    Kind kind;
    ValueClass vclass;
    uint8_t bits;
    Display display;
    const char* unit;
    const char* desc;
    const ValueString* vals;  // terminated by text == nullptr, or null
    uint64_t bitmask;
};

struct FieldDecls {
    const FieldDecl* decls;
    size_t count;
    const FieldDecl* begin() const { return decls; }
    const FieldDecl* end() const { return decls + count; }
};

// The type a filter name has (in every version of a protocol): a generated
// version's field that would give it another is named "<name>_<type>"
// (an integer of another width or sign is not another type: widest_of).
struct FieldType {
    ValueClass vclass;
    uint8_t bits;
    uint64_t bitmask;  // a flag's bit in its parent
};
using FieldTypes = std::unordered_map<std::string, FieldType>;

// The declarations by name (a compiled version's SchemaSpec::across).
inline FieldTypes field_types_of(FieldDecls decls) {
    FieldTypes t;
    t.reserve(decls.count);
    for (const FieldDecl& d : decls) t.emplace(d.abbrev, FieldType{d.vclass, d.bits, d.bitmask});
    return t;
}

inline bool is_integer(ValueClass c) { return c == ValueClass::Uint || c == ValueClass::Int; }

// The type an integer filter name takes when two releases give it `a` and
// `b`: the wider; signed if either is, then 64 bits (an unsigned value of
// up to 32 bits fits, and a narrower signed type would not hold it).
inline FieldType widest_of(const FieldType& a, const FieldType& b) {
    if (!is_integer(a.vclass) || !is_integer(b.vclass)) return a;
    if (a.vclass != b.vclass) return FieldType{ValueClass::Int, 64, a.bitmask};
    return FieldType{a.vclass, a.bits > b.bits ? a.bits : b.bits, a.bitmask};
}

// Whether a value of type `used` may be shown under a filter name registered
// as `registered`: a front end adds every value by its name's registration
// (Wireshark raises a dissector bug for a string added to an integer field).
// The same class and flag bit; an integer no wider than the registration
// (a signed 64-bit one holds every integer, widest_of); f32 and f64 either
// way (shown by the registered type).
inline bool adds_as(const FieldType& registered, const FieldType& used) {
    if (registered.bitmask != used.bitmask) return false;
    if (is_integer(registered.vclass) && is_integer(used.vclass)) {
        if (registered.vclass == ValueClass::Int && registered.bits == 64) return true;
        return registered.vclass == used.vclass && used.bits <= registered.bits;
    }
    const auto floating = [](ValueClass c) { return c == ValueClass::Float || c == ValueClass::Double; };
    if (floating(registered.vclass) && floating(used.vclass)) return true;
    return registered.vclass == used.vclass;
}

}  // namespace core
