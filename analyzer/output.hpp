// A buffered writer for the analyzer's reports: one fwrite per 64 KiB, no
// printf per field. Numbers go through std::to_chars.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace blankshark {

class Output {
public:
    explicit Output(std::FILE* f) : f_(f) {}
    ~Output() { flush(); }
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    Output& operator<<(std::string_view s) {
        if (s.empty()) return *this;  // an empty view's data() may be null
        if (s.size() > sizeof buf_ - len_) flush();
        if (s.size() > sizeof buf_) {
            std::fwrite(s.data(), 1, s.size(), f_);
            return *this;
        }
        std::memcpy(buf_ + len_, s.data(), s.size());
        len_ += s.size();
        return *this;
    }
    Output& operator<<(char c) {
        if (len_ == sizeof buf_) flush();
        buf_[len_++] = c;
        return *this;
    }
    Output& operator<<(const char* s) { return *this << std::string_view(s); }
    template <class Int, class = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, char>>>
    Output& operator<<(Int v) {
        char tmp[24];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        return *this << std::string_view(tmp, size_t(r.ptr - tmp));
    }
    // Shortest round-trip form.
    Output& number(double v) {
        char tmp[32];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        return *this << std::string_view(tmp, size_t(r.ptr - tmp));
    }
    // Fixed decimals (times).
    Output& fixed(double v, int decimals) {
        char tmp[48];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v, std::chars_format::fixed, decimals);
        return *this << std::string_view(tmp, size_t(r.ptr - tmp));
    }
    Output& pad(std::string_view s, size_t width, bool right = false) {
        if (right)
            for (size_t i = s.size(); i < width; ++i) *this << ' ';
        *this << s;
        if (!right)
            for (size_t i = s.size(); i < width; ++i) *this << ' ';
        return *this;
    }
    void flush() {
        if (len_) std::fwrite(buf_, 1, len_, f_);
        len_ = 0;
        std::fflush(f_);
    }

private:
    std::FILE* f_;
    size_t len_ = 0;
    char buf_[1 << 16];
};

// JSON string body (without quotes): escapes, and U+FFFD for invalid UTF-8.
void json_escape(Output& out, std::string_view s);

}  // namespace blankshark
