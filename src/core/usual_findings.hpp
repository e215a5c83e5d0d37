// The decoder's usual findings (usual_decode_findings<C> in message.hpp:
// Truncated, TrailingBytes, CountRange, StringNotUtf8, UnknownValue,
// DepthLimit) worded once for the protocols that word them alike: their
// table rows and their messages. A protocol whose FindingCode has these six
// in this order writes CORE_USUAL_DECODE_FINDING_ROWS in its table and hands
// the codes to text::usual_decode in its format().
#pragma once

#include <cstddef>

#include "finding.hpp"
#include "finding_text.hpp"

// The six rows. PREFIX: the protocol's filter prefix ("proto"); UNIT: what its
// decoder decodes ("packet", "message"); UNKNOWN_VALUE: what an unknown value
// is in it. A macro because the names are string literals joined here.
#define CORE_USUAL_DECODE_FINDING_ROWS(C, PREFIX, UNIT, UNKNOWN_VALUE)                                  \
    {C::Truncated, PREFIX ".malformed.truncated", ::core::Severity::Error, ::core::FindingGroup::Malformed,  \
     "a field runs past the end of the " UNIT},                                                             \
    {C::TrailingBytes, PREFIX ".malformed.trailing", ::core::Severity::Error, ::core::FindingGroup::Malformed, \
     "bytes after the last field of the " UNIT},                                                            \
    {C::CountRange, PREFIX ".malformed.count", ::core::Severity::Error, ::core::FindingGroup::Malformed,     \
     "a count outside its bounds"},                                                                         \
    {C::StringNotUtf8, PREFIX ".string.not_utf8", ::core::Severity::Warn, ::core::FindingGroup::Protocol,   \
     "text that is not valid UTF-8"},                                                                       \
    {C::UnknownValue, PREFIX ".unknown_value", ::core::Severity::Warn, ::core::FindingGroup::Protocol,      \
     UNKNOWN_VALUE},                                                                                        \
    {C::DepthLimit, PREFIX ".malformed.depth", ::core::Severity::Error, ::core::FindingGroup::Malformed,     \
     "nesting deeper than the decoder's bound"}

namespace core::text {

// The message of one of the six; another code: its summary line.
template <class C>
size_t usual_decode(const Finding& f, const char* what, char* buf, size_t cap) {
    switch (local_code<C>(f.code)) {
    case C::Truncated: return truncated(f, what, buf, cap);
    case C::TrailingBytes: return trailing(f, what, buf, cap);
    case C::CountRange: return count_range(f, what, buf, cap);
    case C::StringNotUtf8: return not_utf8(f, what, buf, cap);
    case C::UnknownValue: return unknown_value(f, what, buf, cap);
    case C::DepthLimit: return too_deep(f, buf, cap);
    default: return summary(f, buf, cap);
    }
}

}  // namespace core::text
