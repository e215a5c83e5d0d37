// Writing findings' messages (FindingTable::format): printf into the
// caller's buffer, and the sentences several protocols share word for word
// (the decoder's generic findings, a TCP stream's gaps), kept in one place
// so they stay the same. `what` is the field or message type concerned.
// Each returns the characters written (truncated to cap - 1, terminated;
// cap > 0).
#pragma once

#include <cstddef>

#include "finding.hpp"

namespace core {

size_t print(char* buf, size_t cap, const char* fmt, ...) __attribute__((format(printf, 3, 4)));

namespace text {

// Decoder findings (a: as core::DecodeFindings reports them).
size_t truncated(const Finding& f, const char* what, char* buf, size_t cap);      // offset a of b
size_t trailing(const Finding& f, const char* what, char* buf, size_t cap);       // a bytes
size_t count_range(const Finding& f, const char* what, char* buf, size_t cap);    // a outside b..c
size_t not_utf8(const Finding& f, const char* what, char* buf, size_t cap);       // at byte a
size_t too_long(const Finding& f, const char* what, char* buf, size_t cap);       // a characters, b allowed
size_t unknown_value(const Finding& f, const char* what, char* buf, size_t cap);  // value a
size_t too_deep(const Finding& f, char* buf, size_t cap);                         // a levels
// The code's summary line (FindingInfo::summary): a finding without a
// message of its own.
size_t summary(const Finding& f, char* buf, size_t cap);
// A TCP protocol's stream findings (core::TcpSession).
size_t stream_gap(const Finding& f, char* buf, size_t cap);      // a bytes at stream offset b
size_t resynchronised(const Finding& f, char* buf, size_t cap);  // at stream offset a, b skipped
size_t cut_by_gap(const Finding& f, char* buf, size_t cap);      // what (id c), a of b bytes

}  // namespace text
}  // namespace core
