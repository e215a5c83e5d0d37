#include "finding_text.hpp"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>

namespace core {

size_t print(char* buf, size_t cap, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int n = std::vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n < 0 ? 0 : size_t(n) < cap ? size_t(n) : cap - 1;
}

namespace text {

size_t truncated(const Finding& f, const char* what, char* buf, size_t cap) {
    return print(buf, cap, "%s runs past the end (offset %" PRId64 " of %" PRId64 ")", what, f.a, f.b);
}

size_t trailing(const Finding& f, const char* what, char* buf, size_t cap) {
    return print(buf, cap, "%" PRId64 " bytes after the last field of %s", f.a, what);
}

size_t count_range(const Finding& f, const char* what, char* buf, size_t cap) {
    if (f.c == 0)  // no maximum (the decoder's count_max 0): below the minimum
        return print(buf, cap, "%s %" PRId64 " below its minimum %" PRId64, what, f.a, f.b);
    return print(buf, cap, "%s %" PRId64 " outside %" PRId64 "..%" PRId64, what, f.a, f.b, f.c);
}

size_t not_utf8(const Finding& f, const char* what, char* buf, size_t cap) {
    return print(buf, cap, "%s is not UTF-8 (byte %" PRId64 ")", what, f.a);
}

size_t too_long(const Finding& f, const char* what, char* buf, size_t cap) {
    return print(buf, cap, "%s has %" PRId64 " characters, at most %" PRId64 " allowed", what, f.a, f.b);
}

size_t unknown_value(const Finding& f, const char* what, char* buf, size_t cap) {
    return print(buf, cap, "%s: unknown value %" PRId64, what, f.a);
}

size_t too_deep(const Finding& f, char* buf, size_t cap) {
    return print(buf, cap, "Nested deeper than %" PRId64 " levels", f.a);
}

size_t summary(const Finding& f, char* buf, size_t cap) {
    return print(buf, cap, "%s", finding_info(f.code).summary);
}

size_t stream_gap(const Finding& f, char* buf, size_t cap) {
    return print(buf, cap, "%" PRId64 " bytes never captured at stream offset %" PRId64, f.a, f.b);
}

size_t resynchronised(const Finding& f, char* buf, size_t cap) {
    return print(buf, cap, "Resynchronised at stream offset %" PRId64 " after skipping %" PRId64 " bytes", f.a, f.b);
}

size_t cut_by_gap(const Finding& f, char* buf, size_t cap) {
    return print(buf, cap, "%s (0x%02" PRIx64 ") cut by a gap after %" PRId64 " of its %" PRId64 " bytes",
                 f.what ? f.what : "Unknown", uint64_t(f.c), f.a, f.b);
}

}  // namespace text
}  // namespace core
