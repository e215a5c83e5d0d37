// UTF-8 validation (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
#pragma once

#include <cstddef>
#include <string_view>

namespace blank {

// Index of the first byte of the first invalid sequence, or npos.
inline size_t utf8_invalid_at(std::string_view s) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const size_t n = s.size();
    size_t i = 0;
    while (i < n) {
        const unsigned c = p[i];
        size_t len;
        unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) len = 2;
        else if (c >= 0xE0 && c <= 0xEF) { len = 3; if (c == 0xE0) lo = 0xA0; if (c == 0xED) hi = 0x9F; }
        else if (c >= 0xF0 && c <= 0xF4) { len = 4; if (c == 0xF0) lo = 0x90; if (c == 0xF4) hi = 0x8F; }
        else return i;
        if (i + len > n) return i;
        if (p[i + 1] < lo || p[i + 1] > hi) return i;
        for (size_t k = 2; k < len; ++k)
            if ((p[i + k] & 0xC0) != 0x80) return i;
        i += len;
    }
    return std::string_view::npos;
}

}  // namespace blank
