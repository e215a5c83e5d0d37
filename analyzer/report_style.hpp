// What the report's charts share: the colours of the client's side, the
// server's side and of what went wrong, and a number in words.
#pragma once

#include <cstdio>
#include <string>

namespace blankshark {

constexpr const char* kClient = "#4e79a7";
constexpr const char* kServer = "#f28e2b";
constexpr const char* kBad = "#d62728";

// `v` printed with the printf format `f` ("%.3f").
inline std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// printf into a string, for a sentence of figures (up to 255 characters).
template <class... Args>
std::string sfmt(const char* f, Args... args) {
    char buf[256];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

}  // namespace blankshark
