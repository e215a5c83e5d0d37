// Text appended to a caller's fixed buffer without printf (the printers'
// path runs once per packet): cut at the buffer's capacity, always
// NUL-terminated.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace core {

class TextBuffer {
public:
    // `buf[0, cap)`, its first `len` characters already written.
    TextBuffer(char* buf, size_t cap, size_t len = 0) : buf_(buf), cap_(cap), len_(len) {
        if (cap_) buf_[len_ < cap_ ? len_ : (len_ = cap_ - 1)] = '\0';
    }
    TextBuffer& add(std::string_view s) {
        if (len_ + 1 >= cap_) return *this;
        const size_t n = s.size() < cap_ - 1 - len_ ? s.size() : cap_ - 1 - len_;
        std::memcpy(buf_ + len_, s.data(), n);
        len_ += n;
        buf_[len_] = '\0';
        return *this;
    }
    TextBuffer& add(uint64_t v) {  // in decimal
        char num[20];
        const auto r = std::to_chars(num, num + sizeof num, v);
        return add(std::string_view(num, size_t(r.ptr - num)));
    }
    // "0x" and v in lower-case hex, zero-padded to `digits` (at most 32).
    TextBuffer& hex(uint64_t v, int digits) {
        char num[2 + 32] = {'0', 'x'};
        char* digits_at = num + 2;
        const auto r = std::to_chars(digits_at, num + sizeof num, v, 16);
        const int n = int(r.ptr - digits_at);
        if (digits > 32) digits = 32;
        if (n < digits) {
            std::memmove(digits_at + (digits - n), digits_at, size_t(n));
            std::memset(digits_at, '0', size_t(digits - n));
        }
        return add(std::string_view(num, 2 + size_t(n < digits ? digits : n)));
    }
    size_t size() const { return len_; }
    // Room left for `n` more characters (and the NUL).
    bool fits(size_t n) const { return len_ + n < cap_; }

private:
    char* buf_;
    size_t cap_, len_;
};

}  // namespace core
