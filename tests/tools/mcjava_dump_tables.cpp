// Development tool for the Java tables: prints every packet of every version
// as one line, "protocol table id key name<TAB>wire", where wire is the
// sequence of what is read on the wire (integers by width, strings, slots,
// arrays with their count, conditional parts, switch cases), for
// mcjava_crosscheck.py to compare with another description of the protocol.
// Flags and bits of an integer are views of its bytes: not listed.
// Usage: mcjava_dump_tables [PROTOCOL...]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "protocols/mc_java/versions.hpp"

using core::CountFrom;
using core::Field;
using core::Kind;
using core::Layout;

namespace {

std::string wire(const Layout& l);

const char* integer(Kind k) {
    switch (k) {
    case Kind::U8: return "u8";
    case Kind::U16: return "u16";
    case Kind::U24: return "u24";
    case Kind::U32: return "u32";
    case Kind::U64: return "u64";
    case Kind::I8: return "i8";
    case Kind::I16: return "i16";
    case Kind::I32: return "i32";
    case Kind::I64: return "i64";
    case Kind::VarInt: return "varint";
    case Kind::VarLong: return "varlong";
    default: return nullptr;
    }
}

// Conditional or alternative parts: "?{x}" when one non-empty part, else
// "sw{a|b|...}" (sorted, empty parts dropped: the documentation lists cases
// without fields that a table may leave out).
std::string alternatives(std::set<std::string> parts) {
    parts.erase("");
    if (parts.empty()) return "";
    if (parts.size() == 1) return "?{" + *parts.begin() + "}";
    std::string s = "sw{";
    for (const std::string& p : parts) s += (s.size() > 3 ? "|" : "") + p;
    return s + "}";
}

std::string field(const Field& f) {
    if (const char* i = integer(f.kind)) return i;
    switch (f.kind) {
    case Kind::Group: return wire(f.sub);
    case Kind::Array: {
        std::string count;
        switch (f.count.from) {
        case CountFrom::Prefix: count = integer(f.count.prefix); break;
        case CountFrom::Field: count = "field"; break;
        case CountFrom::Product: count = "product"; break;
        case CountFrom::Popcount: count = "popcount"; break;
        case CountFrom::Sentinel: count = "until"; break;
        case CountFrom::TopBit: count = "topbit"; break;
        case CountFrom::Rest: count = "rest"; break;
        case CountFrom::None: count = std::to_string(f.count.max); break;
        }
        return "arr(" + count + "){" + wire(f.sub) + "}";
    }
    case Kind::Switch: {
        std::set<std::string> parts;
        for (size_t c = 0; c < f.cases.count; ++c) parts.insert(wire(f.cases.cases[c].layout));
        parts.insert(wire(f.sub));
        return alternatives(parts);
    }
    case Kind::Option: {
        const std::string inner = alternatives({wire(f.sub)});
        return f.ref ? inner : "bool " + inner;
    }
    case Kind::Type: return f.type->name;  // slot, nbt, metadata
    case Kind::Text:
        if (f.count.from == CountFrom::Rest) return "rest";
        return f.count.prefix == Kind::VarInt ? "string" : std::string("string(") + integer(f.count.prefix) + ")";
    case Kind::Bytes:
        if (f.count.from == CountFrom::Prefix) return f.count.prefix == Kind::VarInt ? "buffer" : "buffer(other)";
        if (f.count.from == CountFrom::None && f.size) return "bytes(" + std::to_string(f.size) + ")";
        return "rest";
    case Kind::Fixed: return integer(f.wire);
    case Kind::F32: return "f32";
    case Kind::F64: return "f64";
    case Kind::Bool: return "bool";
    case Kind::Uuid: return "uuid";
    case Kind::Position: return "position";
    default: return std::string("?") + std::to_string(int(f.kind));
    }
}

std::string wire(const Layout& l) {
    std::string s;
    for (size_t i = 0; i < l.count; ++i) {
        const std::string w = field(l.fields[i]);
        if (w.empty()) continue;
        s += (s.empty() ? "" : " ") + w;
    }
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    std::set<int> only;
    for (int i = 1; i < argc; ++i) only.insert(std::atoi(argv[i]));
    for (const mcjava::VersionInfo* v : mcjava::versions()) {
        if (!only.empty() && !only.count(v->protocol)) continue;
        const core::Version& ver = v->version();
        for (size_t t = 0; t < ver.table_count; ++t) {
            const core::MessageTable& mt = ver.tables[t];
            for (size_t m = 0; m < mt.count; ++m) {
                const core::MessageType& ty = mt.types[m];
                std::printf("%d %s 0x%02X %s %s\t%s\n", v->protocol, mt.key, ty.id, ty.key, ty.name,
                            wire(ty.payload).c_str());
            }
        }
    }
    return 0;
}
