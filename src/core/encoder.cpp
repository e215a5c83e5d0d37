#include "encoder.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>

#include "codecs.hpp"
#include "wire.hpp"

namespace core {

Value::Value(std::initializer_list<std::pair<const char*, Value>> fields) : type_(Type::Object) {
    for (const auto& f : fields) fields_.emplace_back(f.first, f.second);
}

Value Value::list(std::vector<Value> items) {
    Value v;
    v.type_ = Type::List;
    v.items_ = std::move(items);
    return v;
}

const Value* Value::get(const char* key) const {
    if (type_ != Type::Object) return nullptr;
    for (const auto& f : fields_)
        if (f.first == key) return &f.second;
    return nullptr;
}

Value& Value::set(const char* key, Value v) {
    if (type_ == Type::None) type_ = Type::Object;
    for (auto& f : fields_)
        if (f.first == key) return f.second = std::move(v);
    fields_.emplace_back(key, std::move(v));
    return fields_.back().second;
}

namespace {

// The 7-bit groups a LEB128 integer of kind `k` writes for `x`.
uint64_t varint_bits(Kind k, int64_t x) {
    switch (k) {
    case Kind::VarInt: return uint32_t(x);
    case Kind::ZigZag32: return uint32_t(wire::zigzag(int32_t(x)));
    case Kind::ZigZag64: return wire::zigzag(x);
    default: return uint64_t(x);
    }
}

struct Scope {
    const Scope* up = nullptr;
    int64_t v[kMaxScopeSlots] = {};
    std::string text[kMaxScopeSlots];
};

class Writer {
public:
    explicit Writer(const Schema& s) : s_(s) {}

    std::vector<uint8_t> out;

    // Writes nodes [first, first+count) with values from `obj`; fixed
    // offsets are relative to `base`. Returns the end of what was written.
    size_t walk(uint32_t first, uint32_t count, size_t base, const Value* obj, Scope* up) {
        Scope sc;
        sc.up = up;
        size_t end = base;
        for (uint32_t k = 0; k < count; ++k) {
            const Node& n = s_.nodes[first + k];
            const size_t at = n.sequential ? end : base + n.offset;
            Value implied;
            const bool computed = !field(obj, n) && implied_count(first, count, k, obj, implied);
            const size_t e = node(n, at, obj, &sc, computed ? &implied : nullptr);
            if (e > end) end = e;
        }
        return end;
    }

private:
    void reserve(size_t end) {
        if (out.size() < end) out.resize(end, 0);
    }
    void put(size_t at, uint64_t v, unsigned n, ByteOrder o) {
        reserve(at + n);
        for (unsigned i = 0; i < n; ++i) {
            const unsigned shift = o == ByteOrder::Big ? 8 * (n - 1 - i) : 8 * i;
            out[at + i] = uint8_t(v >> shift);
        }
    }
    size_t put_bytes(size_t at, const std::string& b) {
        reserve(at + b.size());
        std::memcpy(out.data() + at, b.data(), b.size());
        return at + b.size();
    }
    size_t put_varint(size_t at, uint64_t v) {
        uint8_t tmp[10];
        const unsigned n = wire::put_varint(tmp, v);
        reserve(at + n);
        std::memcpy(out.data() + at, tmp, n);
        return at + n;
    }
    // A prefix of kind `k` holding `v`; returns where the data starts.
    size_t prefix(size_t at, Kind k, uint64_t v, ByteOrder o) {
        if (is_varint(k)) return put_varint(at, varint_bits(k, int64_t(v)));
        const unsigned w = codecs::width(k);
        put(at, v, w, o);
        return at + w;
    }

    static const Value* field(const Value* obj, const Node& n) { return obj ? obj->get(n.key) : nullptr; }

    int64_t ref_value(const Ref& r, const Scope* sc, const std::string** text = nullptr) const {
        if (r.where == Ref::Var) return vars_[r.index];
        for (uint8_t u = 0; u < r.up && sc; ++u) sc = sc->up;
        if (!sc) return 0;
        if (text) *text = &sc->text[r.index];
        return sc->v[r.index];
    }

    void keep(const Node& n, Scope* sc, int64_t v, const std::string* text = nullptr) {
        if (n.keep) {
            sc->v[n.slot] = v;
            if (text) sc->text[n.slot] = *text;
        }
        if (n.save >= 0) vars_[n.save] = v;
    }

    // A count held by node k of a scope and not given: the size of the later
    // field of the same scope that it counts (entries of a list, bytes of
    // bytes, characters of text).
    bool implied_count(uint32_t first, uint32_t count, uint32_t k, const Value* obj, Value& out) const {
        const Node& holder = s_.nodes[first + k];
        if (!holder.keep || value_class(holder.kind, holder.axis) == ValueClass::None) return false;
        for (uint32_t j = k + 1; j < count; ++j) {
            const Node& n = s_.nodes[first + j];
            const bool counts = n.count_from == CountFrom::Field ||
                                (n.kind == Kind::Bytes && n.count_from == CountFrom::None && n.ref.where == Ref::Scope);
            if (!counts || n.ref.where != Ref::Scope || n.ref.up != 0 || n.ref.index != holder.slot) continue;
            const Value* v = field(obj, n);
            size_t size = 0;
            if (v && v->type() == Value::Type::List) size = v->items().size();
            else if (v && n.kind == Kind::Text && n.encoding == Encoding::Utf16Be) size = utf16_units(v->text());
            else if (v) size = v->text().size() / (n.unit ? n.unit : 1);
            out = Value(int64_t(size));
            return true;
        }
        return false;
    }

    static size_t utf16_units(const std::string& t) {
        size_t units = 0;
        for (size_t i = 0; i < t.size(); ++i) {
            const uint8_t c = uint8_t(t[i]);
            if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
        }
        return units;
    }

    size_t node(const Node& n, size_t at, const Value* obj, Scope* sc, const Value* given = nullptr) {
        const Value* v = given ? given : field(obj, n);
        switch (n.kind) {
        case Kind::Group: {
            const size_t end = walk(n.first_child, n.child_count, at, v ? v : obj, sc);
            return n.size ? at + n.size : end;
        }
        case Kind::Type: return walk(n.first_child, n.child_count, at, v, nullptr);
        case Kind::Switch: {
            if (n.ref.where == Ref::None) {  // named by the text ahead: the case whose first row is given
                for (uint32_t c = 0; c < n.case_count; ++c) {
                    const CompiledCase& cc = s_.cases[n.first_case + c];
                    if (cc.child_count && field(obj, s_.nodes[cc.first_child]))
                        return walk(cc.first_child, cc.child_count, at, obj, sc);
                }
                return walk(n.first_child, n.child_count, at, obj, sc);
            }
            const std::string* text = nullptr;
            int64_t key = ref_value(n.ref, sc, &text);
            if (n.mask) key = int64_t(uint64_t(key) & n.mask);
            for (uint32_t c = 0; c < n.case_count; ++c) {
                const CompiledCase& cc = s_.cases[n.first_case + c];
                if (cc.text ? (text && *text == cc.text) : cc.value == key)
                    return walk(cc.first_child, cc.child_count, at, obj, sc);
            }
            return walk(n.first_child, n.child_count, at, obj, sc);
        }
        case Kind::Option: {
            if (n.ref.where != Ref::None) {
                const int64_t r = ref_value(n.ref, sc);
                const bool present = n.mask ? (uint64_t(r) & n.mask) != 0 : r != 0;
                return present ? walk(n.first_child, n.child_count, at, obj, sc) : at;
            }
            bool present = v ? v->as_int() != 0 : false;
            for (uint32_t c = 0; c < n.child_count && !v; ++c)
                present |= field(obj, s_.nodes[n.first_child + c]) != nullptr;
            put(at, present ? 1 : 0, 1, n.order);
            keep(n, sc, present);
            return present ? walk(n.first_child, n.child_count, at + 1, obj, sc) : at + 1;
        }
        case Kind::Array: return array(n, at, v, sc);
        case Kind::Text: {
            const std::string t = v ? v->text() : std::string();
            std::string bytes = t;
            uint64_t count = t.size();
            if (n.encoding == Encoding::Utf16Be) {  // the text as UTF-16BE code units (surrogate pairs above the BMP)
                bytes.clear();
                auto unit = [&bytes](uint32_t u) {
                    bytes.push_back(char(u >> 8));
                    bytes.push_back(char(u));
                };
                for (size_t i = 0; i < t.size();) {
                    uint32_t cp = uint8_t(t[i]);
                    size_t len = cp < 0x80 ? 1 : cp < 0xE0 ? 2 : cp < 0xF0 ? 3 : 4;
                    cp &= len == 1 ? 0x7F : len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07;
                    for (size_t k = 1; k < len && i + k < t.size(); ++k) cp = cp << 6 | (uint8_t(t[i + k]) & 0x3F);
                    i += len;
                    if (cp >= 0x10000) {
                        unit(0xD800 + ((cp - 0x10000) >> 10));
                        unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
                    } else {
                        unit(cp);
                    }
                }
                count = bytes.size() / 2;
            }
            keep(n, sc, int64_t(count), &t);
            size_t start = at;
            if (n.count_from == CountFrom::Prefix) start = prefix(at, n.wire, count, n.order);
            if (n.count_from == CountFrom::Sentinel) bytes.push_back(char(n.sentinel));  // its terminator
            return put_bytes(start, bytes);
        }
        case Kind::Bytes: {
            std::string b;
            if (n.child_count) {  // a substream: its rows, written apart
                Writer inner(s_);
                std::memcpy(inner.vars_, vars_, sizeof vars_);
                inner.walk(n.first_child, n.child_count, 0, v, sc);
                b.assign(inner.out.begin(), inner.out.end());
            } else if (v) {
                b = v->text();
            }
            if (n.count_from == CountFrom::None && n.size) b.resize(n.size, '\0');
            const uint64_t count = n.unit > 1 ? b.size() / n.unit : b.size();
            size_t start = at;
            if (n.count_from == CountFrom::Prefix) start = prefix(at, n.wire, count, n.order);
            keep(n, sc, int64_t(count));
            return put_bytes(start, b);
        }
        case Kind::String: {
            std::string t = v ? v->text() : std::string();
            if (t.size() > n.size) t.resize(n.size);
            reserve(at + n.size);
            std::memcpy(out.data() + at, t.data(), t.size());
            return at + n.size;
        }
        case Kind::VarInt:
        case Kind::VarLong:
        case Kind::ZigZag32:
        case Kind::ZigZag64: {
            const int64_t x = v ? v->as_int() : 0;
            keep(n, sc, x);
            return put_varint(at, varint_bits(n.kind, x));
        }
        case Kind::Position: {
            const int64_t x = v && v->get("x") ? v->get("x")->as_int() : 0;
            const int64_t y = v && v->get("y") ? v->get("y")->as_int() : 0;
            const int64_t z = v && v->get("z") ? v->get("z")->as_int() : 0;
            put(at, codecs::pack_position(x, y, z, n.variant), 8, n.order);
            return at + 8;
        }
        case Kind::Quat: {
            double q[4] = {0, 0, 0, 1};  // x y z w
            static const char* const kAxes[] = {"x", "y", "z", "w"};
            for (int i = 0; i < 4; ++i)
                if (v && v->get(kAxes[i])) q[i] = v->get(kAxes[i])->as_double();
            put(at, codecs::pack_quat(q), 8, n.order);
            return at + 8;
        }
        case Kind::Ipv4: {  // "a.b.c.d" or the address as a number
            uint64_t a = 0;
            if (v && v->type() == Value::Type::Text) {
                unsigned part = 0, parts = 0;
                for (char c : v->text() + ".") {
                    if (c == '.') {
                        a = a << 8 | (part & 0xFF);
                        part = 0;
                        ++parts;
                    } else {
                        part = part * 10 + unsigned(c - '0');
                    }
                }
                (void)parts;
            } else if (v) {
                a = uint64_t(v->as_int());
            }
            keep(n, sc, int64_t(a));
            put(at, (a ^ n.mask) & 0xFFFFFFFFu, 4, n.order);
            return at + 4;
        }
        case Kind::Uuid: {
            std::string b = v ? v->text() : std::string();
            b.resize(16, '\0');
            return put_bytes(at, b);
        }
        case Kind::F32: {
            const float f = float(v ? v->as_double() : 0);
            uint32_t bits;
            std::memcpy(&bits, &f, 4);
            put(at, bits, 4, n.order);
            return at + 4;
        }
        case Kind::F64: {
            const double d = v ? v->as_double() : 0;
            uint64_t bits;
            std::memcpy(&bits, &d, 8);
            put(at, bits, 8, n.order);
            return at + 8;
        }
        case Kind::PackN: put(at, uint16_t(codecs::to_packn((v ? v->as_double() : 0) / n.scale)), 2, n.order); return at + 2;
        case Kind::PackU: put(at, codecs::to_packu((v ? v->as_double() : 0) / n.scale), 2, n.order); return at + 2;
        case Kind::Fixed: {
            const int64_t raw = int64_t(std::llround((v ? v->as_double() : 0) / n.scale));
            put(at, uint64_t(raw), codecs::width(n.wire), n.order);
            return at + codecs::width(n.wire);
        }
        case Kind::U8: case Kind::U16: case Kind::U24: case Kind::U32: case Kind::U64: case Kind::I8:
        case Kind::I16: case Kind::I32: case Kind::I64: case Kind::Bool: case Kind::AckHist: {
            const int64_t x = v ? v->as_int() : 0;
            keep(n, sc, x);
            const unsigned w = n.size ? n.size : codecs::width(n.kind);
            put(at, uint64_t(x), w, n.order);
            return at + w;
        }
        default:  // generated views of other bytes: nothing of their own
            return at;
        }
    }

    size_t array(const Node& n, size_t at, const Value* v, Scope* sc) {
        static const std::vector<Value> kNone;
        const std::vector<Value>& items = v && v->type() == Value::Type::List ? v->items() : kNone;
        size_t start = at;
        if (n.count_from == CountFrom::Prefix) start = prefix(at, n.wire, items.size(), n.order);
        size_t end = start;
        for (size_t e = 0; e < items.size(); ++e) {
            const size_t at_e = n.size ? start + e * n.size : end;
            Value wrapped;
            const Value* item = &items[e];
            // One-row entries: the item is that row's value (unless it names the row).
            const char* only = n.child_count == 1 ? s_.nodes[n.first_child].key : nullptr;
            if (only && !(item->type() == Value::Type::Object && item->get(only))) {
                wrapped.set(only, *item);
                item = &wrapped;
            }
            const size_t got = walk(n.first_child, n.child_count, at_e, item, sc);
            end = n.size ? at_e + n.size : got;
        }
        if (n.count_from == CountFrom::Sentinel) {
            put(end, n.sentinel, 1, n.order);
            ++end;
        }
        return end;
    }

    const Schema& s_;
    int64_t vars_[kMaxVars] = {};
};

}  // namespace

std::vector<uint8_t> encode(const Schema& s, uint32_t table, uint32_t id, const Value& payload, const Value& header) {
    const CompiledType* ct = table < s.tables.size() ? s.tables[table].type(id) : nullptr;
    if (!ct) throw std::invalid_argument("encode: no message with this id in the table");
    Writer w(s);
    Value head = header;
    head.set(s.nodes[s.id_node].key, Value(int64_t(id)));
    const size_t hdr = w.walk(s.header_first, s.header_count, 0, &head, nullptr);
    const size_t body = s.header_fixed ? s.header_fixed : hdr;
    w.walk(ct->root_first, ct->root_count, body, &payload, nullptr);
    if (w.out.size() < body) w.out.resize(body, 0);
    return w.out;
}

}  // namespace core
