// UTF-16BE text (Minecraft's "string16", UCS-2 code units) as UTF-8, the
// form both front ends show: the decoder converts into a buffer it owns, so
// showing such text costs no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace core {

constexpr uint32_t kReplacementChar = 0xFFFD;  // an unpaired surrogate is shown as U+FFFD

// Index of the first code unit that is an unpaired surrogate, or npos.
inline size_t utf16be_invalid_at(const uint8_t* p, size_t units) {
    for (size_t i = 0; i < units; ++i) {
        const uint32_t u = uint32_t(p[2 * i]) << 8 | p[2 * i + 1];
        if (u < 0xD800 || u > 0xDFFF) continue;
        if (u >= 0xDC00) return i;  // a low surrogate first
        if (i + 1 >= units) return i;
        const uint32_t lo = uint32_t(p[2 * i + 2]) << 8 | p[2 * i + 3];
        if (lo < 0xDC00 || lo > 0xDFFF) return i;
        ++i;
    }
    return std::string_view::npos;
}

// UTF-8 bytes of one code point into out (room for 4), returns their number.
inline size_t put_utf8(uint32_t cp, char* out) {
    if (cp < 0x80) {
        out[0] = char(cp);
        return 1;
    }
    if (cp < 0x800) {
        out[0] = char(0xC0 | cp >> 6);
        out[1] = char(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = char(0xE0 | cp >> 12);
        out[1] = char(0x80 | (cp >> 6 & 0x3F));
        out[2] = char(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = char(0xF0 | cp >> 18);
    out[1] = char(0x80 | (cp >> 12 & 0x3F));
    out[2] = char(0x80 | (cp >> 6 & 0x3F));
    out[3] = char(0x80 | (cp & 0x3F));
    return 4;
}

struct Utf16Converted {
    size_t written = 0;  // UTF-8 bytes in out
    bool cut = false;    // out was too small: the text stops at a character boundary
};

// Converts `units` code units at p into UTF-8 in out[0, cap): surrogate
// pairs become one code point, unpaired surrogates U+FFFD. Stops before a
// character that does not fit (cut).
inline Utf16Converted utf16be_to_utf8(const uint8_t* p, size_t units, char* out, size_t cap) {
    Utf16Converted r;
    for (size_t i = 0; i < units; ++i) {
        uint32_t cp = uint32_t(p[2 * i]) << 8 | p[2 * i + 1];
        size_t used = 1;
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < units) {
            const uint32_t lo = uint32_t(p[2 * i + 2]) << 8 | p[2 * i + 3];
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                used = 2;
            }
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = kReplacementChar;
        char tmp[4];
        const size_t n = put_utf8(cp, tmp);
        if (r.written + n > cap) {
            r.cut = true;
            return r;
        }
        for (size_t k = 0; k < n; ++k) out[r.written + k] = tmp[k];
        r.written += n;
        i += used - 1;
    }
    return r;
}

}  // namespace core
