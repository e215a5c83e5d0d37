#include "format.hpp"

#include "text_buffer.hpp"

#include <charconv>
#include <cstdio>
#include <cmath>
#include <cstring>

namespace core {
namespace {

// buf[0, len) then s[0, n), cut at cap.
size_t put(char* buf, size_t len, size_t cap, const char* s, size_t n) {
    return TextBuffer(buf, cap, len).add(std::string_view(s, n)).size();
}

const char* enum_text(const FieldInfo& f, uint64_t v) {
    if (!f.vals) return nullptr;
    for (const ValueString* vs = f.vals; vs->text; ++vs)
        if (vs->value == v) return vs->text;
    return nullptr;
}

// Signed fields name negative values by their 32-bit pattern.
const char* enum_text_signed(const FieldInfo& f, int64_t v) {
    if (!f.vals) return nullptr;
    for (const ValueString* vs = f.vals; vs->text; ++vs)
        if (int64_t(int32_t(vs->value)) == v) return vs->text;
    return nullptr;
}

// 8-4-4-4-12 lowercase hex.
size_t format_uuid(std::string_view b, char* buf, size_t cap) {
    static const char hex[] = "0123456789abcdef";
    char out[37];
    size_t n = 0;
    for (size_t i = 0; i < b.size() && i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[n++] = '-';
        const unsigned char c = static_cast<unsigned char>(b[i]);
        out[n++] = hex[c >> 4];
        out[n++] = hex[c & 15];
    }
    return put(buf, 0, cap, out, n);
}

}  // namespace

size_t format_double(double v, char* buf, size_t cap, bool compact) {
    if (cap == 0) return 0;
    auto r = compact ? std::to_chars(buf, buf + cap - 1, v, std::chars_format::general, 6)
                     : std::to_chars(buf, buf + cap - 1, v);
    if (r.ec != std::errc()) {
        buf[0] = '\0';
        return 0;
    }
    *r.ptr = '\0';
    return size_t(r.ptr - buf);
}

double measured(double v, const char* unit) {
    if (!std::isfinite(v)) return v;
    const double scale = unit && unit[0] == 's' && unit[1] == '\0' ? 1e6 : 1e3;
    if (std::fabs(v) >= 1e15 / scale) return v;  // beyond exact decimals anyway
    return std::round(v * scale) / scale;
}

namespace {

// A generated value the analysis computed (a time, a distance), not one
// read from the wire's bits (a packed quaternion's component).
bool analysed(const Item& it) { return it.generated && it.info->kind != Kind::QuatComp; }

}  // namespace

double shown_value(const Item& it) { return analysed(it) ? measured(it.d, it.info->unit) : it.d; }

double display_value(const Item& it) {
    if (analysed(it)) return measured(it.d, it.info->unit);
    if (!it.node || !std::isfinite(it.d)) return it.d;
    const Kind k = it.node->kind;
    if ((k != Kind::Fixed && k != Kind::PackN && k != Kind::PackU && k != Kind::QuatComp) || it.node->decimals < 0)
        return it.d;
    static const double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    const double p = kPow10[it.node->decimals];
    if (std::fabs(it.d) >= 1e15 / p) return it.d;
    return std::round(it.d * p) / p;
}

size_t format_value(const Item& it, char* buf, size_t cap, bool compact) {
    if (cap == 0) return 0;
    buf[0] = '\0';
    char num[40];
    switch (it.vclass) {
    case ValueClass::Uint: {
        if (it.info->kind == Kind::Ipv4) {
            TextBuffer t(buf, cap);
            t.add(it.u >> 24 & 0xFF).add(".").add(it.u >> 16 & 0xFF).add(".").add(it.u >> 8 & 0xFF).add(".");
            return t.add(it.u & 0xFF).size();
        }
        // Hex as wide as the field; a VarInt's width is what it took on the wire.
        const bool var = is_varint(it.info->kind);
        const int digits = var ? int(it.length ? it.length * 2 : 2) : it.info->bits / 4;
        TextBuffer t(num, sizeof num);
        if (it.info->display == Display::Hex) t.hex(it.u, digits);
        else t.add(it.u);
        const size_t n = t.size();
        if (const char* e = enum_text(*it.info, it.u)) {
            size_t len = put(buf, 0, cap, e, std::strlen(e));
            len = put(buf, len, cap, " (", 2);
            len = put(buf, len, cap, num, size_t(n));
            return put(buf, len, cap, ")", 1);
        }
        return put(buf, 0, cap, num, size_t(n));
    }
    case ValueClass::Int: {
        auto r = std::to_chars(num, num + sizeof num, it.i);
        const size_t n = size_t(r.ptr - num);
        if (const char* e = enum_text_signed(*it.info, it.i)) {
            size_t len = put(buf, 0, cap, e, std::strlen(e));
            len = put(buf, len, cap, " (", 2);
            len = put(buf, len, cap, num, n);
            return put(buf, len, cap, ")", 1);
        }
        return put(buf, 0, cap, num, n);
    }
    case ValueClass::Uuid: return format_uuid(it.s, buf, cap);
    case ValueClass::Bool: return put(buf, 0, cap, it.u ? "true" : "false", it.u ? 4 : 5);
    case ValueClass::Float: {  // shortest form of the float itself, not of its double
        if (compact) return format_double(it.d, buf, cap, true);
        auto r = std::to_chars(buf, buf + cap - 1, float(it.d));
        if (r.ec != std::errc()) return 0;
        *r.ptr = '\0';
        return size_t(r.ptr - buf);
    }
    case ValueClass::Double: return format_double(shown_value(it), buf, cap, compact);
    case ValueClass::String: return put(buf, 0, cap, it.s.data(), it.s.size());
    case ValueClass::Bytes: {
        if (it.s.size() <= 16) {  // short ones in hex, as Wireshark shows them
            static const char hex[] = "0123456789abcdef";
            size_t len = 0;
            for (unsigned char c : it.s) {
                const char h[2] = {hex[c >> 4], hex[c & 15]};
                len = put(buf, len, cap, h, 2);
            }
            return len;
        }
        return TextBuffer(buf, cap).add("<").add(uint64_t(it.s.size())).add(" bytes>").size();
    }
    case ValueClass::None: break;
    }
    if (it.nvals == 0) return 0;
    // A group's label summarises its children, which carry the exact values.
    size_t len = put(buf, 0, cap, "(", 1);
    for (uint8_t k = 0; k < it.nvals; ++k) {
        if (k) len = put(buf, len, cap, ", ", 2);
        size_t n = format_double(it.vals[k], num, sizeof num, true);
        len = put(buf, len, cap, num, n);
    }
    return put(buf, len, cap, ")", 1);
}

const char* short_key(const FieldInfo& f) {
    const char* dot = std::strrchr(f.abbrev.c_str(), '.');
    return dot ? dot + 1 : f.abbrev.c_str();
}

size_t append_summary(const Item& it, char* buf, size_t len, size_t cap) {
    if (!it.node || !it.node->summary) return len;
    char val[96];
    const size_t n = format_value(it, val, sizeof val, true);
    len = put(buf, len, cap, " ", 1);
    // The row's own key: a field one filter name could not keep (its type
    // differs from another release's: uuid_uuid) still reads as its table names it.
    const char* key = nullptr;
    if (const char* k = it.node->key) {
        const char* dot = std::strrchr(k, '.');
        key = dot ? dot + 1 : k;
    } else {
        key = short_key(*it.info);
    }
    len = put(buf, len, cap, key, std::strlen(key));
    len = put(buf, len, cap, "=", 1);
    if (it.vclass == ValueClass::String) {
        len = put(buf, len, cap, "\"", 1);
        len = put(buf, len, cap, val, n);
        return put(buf, len, cap, "\"", 1);
    }
    return put(buf, len, cap, val, n);
}

size_t format_display(const Item& it, char* buf, size_t cap) {
    if (it.vclass != ValueClass::Double || cap == 0) return format_value(it, buf, cap, false);
    // At most 15 significant digits, as Wireshark labels a double (DBL_DIG):
    // the wire's 118.10000000000001 reads 118.1; JSON keeps every digit.
    // The shortest form first (the usual case, and the fastest); only one
    // with more digits is written again.
    const double v = display_value(it);
    auto r = std::to_chars(buf, buf + cap - 1, v);
    if (r.ec != std::errc()) {
        buf[0] = '\0';
        return 0;
    }
    int digits = 0;
    bool lead = true;
    for (const char* c = buf; c < r.ptr && *c != 'e'; ++c)
        if (*c >= '0' && *c <= '9' && !(lead && *c == '0')) {
            lead = false;
            ++digits;
        }
    if (digits > 15) r = std::to_chars(buf, buf + cap - 1, v, std::chars_format::general, 15);
    *r.ptr = '\0';
    return size_t(r.ptr - buf);
}

}  // namespace core
