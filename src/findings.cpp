#include "findings.hpp"

#include <cstdio>

namespace blank {
namespace {

using S = Severity;
using G = FindingGroup;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {FindingCode::ShortHeader, "blank.malformed.short_header", S::Error, G::Malformed,
     "shorter than the 16-byte header"},
    {FindingCode::BadTag, "blank.malformed.tag", S::Error, G::Malformed, "protocol tag is not 0xFB1AB1AF"},
    {FindingCode::UnknownType, "blank.malformed.type", S::Error, G::Malformed, "type code unknown to this revision"},
    {FindingCode::BadLength, "blank.malformed.length", S::Error, G::Malformed,
     "payload length outside the rule of its packet type"},
    {FindingCode::CountRange, "blank.malformed.count_range", S::Error, G::Malformed, "count outside its range"},
    {FindingCode::CountMismatch, "blank.malformed.count_mismatch", S::Error, G::Malformed,
     "count disagrees with the payload length"},
    {FindingCode::StringUnterminated, "blank.string.unterminated", S::Warn, G::Protocol,
     "string shorter than its maximum but not zero-terminated"},
    {FindingCode::StringNotUtf8, "blank.string.not_utf8", S::Warn, G::Protocol, "string is not valid UTF-8"},
    {FindingCode::PaddingNonZero, "blank.padding.nonzero", S::Comment, G::Comment,
     "header padding is not zero: the game never writes these bytes (7f 00 00 is normal), not an error"},
    {FindingCode::QuatPadBits, "blank.quat.pad_bits", S::Warn, G::Protocol,
     "quaternion pad bits 61-60 are set (the game always writes 0)"},
    {FindingCode::QuatNotUnit, "blank.quat.not_unit", S::Warn, G::Protocol,
     "quaternion's three small components exceed length 1"},
    {FindingCode::UnknownValue, "blank.unknown_value", S::Warn, G::Protocol,
     "enumerated field outside its defined values"},
    {FindingCode::PieceSizeMismatch, "blank.malformed.piece_size", S::Error, G::Malformed,
     "chunk piece size field disagrees with the bytes carried"},
    {FindingCode::TrailingBytes, "blank.malformed.trailing", S::Error, G::Malformed,
     "bytes after the last field of the packet"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == kFindingCount, "one row per FindingCode");

}  // namespace

const FindingInfo& finding_info(FindingCode c) { return kFindings[size_t(c)]; }

const char* severity_name(Severity s) {
    switch (s) {
    case Severity::Comment: return "comment";
    case Severity::Note: return "note";
    case Severity::Warn: return "warn";
    case Severity::Error: return "error";
    }
    return "?";
}

size_t format_finding(const Finding& f, char* buf, size_t cap) {
    const char* what = f.what ? f.what : "packet";
    int n = 0;
    switch (f.code) {
    case FindingCode::ShortHeader:
        n = std::snprintf(buf, cap, "Packet of %lld bytes is shorter than the 16-byte header", (long long)f.a);
        break;
    case FindingCode::BadTag:
        n = std::snprintf(buf, cap, "Tag 0x%08llX is not the blank tag 0xFB1AB1AF", (unsigned long long)f.a);
        break;
    case FindingCode::UnknownType:
        n = std::snprintf(buf, cap, "Unknown packet type %lld", (long long)f.a);
        break;
    case FindingCode::BadLength:
        if (f.c > 0)
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is not %lld + %lld n", what, (long long)f.a,
                              (long long)f.b, (long long)f.c);
        else if (f.a < f.b)
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is shorter than its minimum %lld", what,
                              (long long)f.a, (long long)f.b);
        else
            n = std::snprintf(buf, cap, "%s payload of %lld bytes is longer than its maximum %lld", what,
                              (long long)f.a, (long long)f.b);
        break;
    case FindingCode::CountRange:
        n = std::snprintf(buf, cap, "%s %lld outside %lld..%lld", what, (long long)f.a, (long long)f.b,
                          (long long)f.c);
        break;
    case FindingCode::CountMismatch:
        n = std::snprintf(buf, cap, "%s says %lld but the payload holds %lld", what, (long long)f.a, (long long)f.b);
        break;
    case FindingCode::StringUnterminated:
        n = std::snprintf(buf, cap, "%s: %lld of at most %lld bytes, not zero-terminated", what, (long long)f.a,
                          (long long)f.b);
        break;
    case FindingCode::StringNotUtf8:
        n = std::snprintf(buf, cap, "%s is not valid UTF-8 (byte %lld)", what, (long long)f.a);
        break;
    case FindingCode::PaddingNonZero:
        n = std::snprintf(buf, cap, "Padding %02llx %02llx %02llx is not zero (the game never writes it; not an error)",
                          (unsigned long long)f.a, (unsigned long long)f.b, (unsigned long long)f.c);
        break;
    case FindingCode::QuatPadBits:
        n = std::snprintf(buf, cap, "%s: quaternion pad bits are %lld, not 0", what, (long long)f.a);
        break;
    case FindingCode::QuatNotUnit:
        n = std::snprintf(buf, cap, "%s: small components exceed a unit quaternion", what);
        break;
    case FindingCode::UnknownValue:
        n = std::snprintf(buf, cap, "%s %lld is not a defined value", what, (long long)f.a);
        break;
    case FindingCode::PieceSizeMismatch:
        n = std::snprintf(buf, cap, "Piece size field %lld but %lld data bytes carried", (long long)f.a,
                          (long long)f.b);
        break;
    case FindingCode::TrailingBytes:
        n = std::snprintf(buf, cap, "%lld bytes after the last field of %s", (long long)f.a, what);
        break;
    case FindingCode::Count_:
        break;
    }
    if (n < 0) n = 0;
    return size_t(n) < cap ? size_t(n) : cap ? cap - 1 : 0;
}

}  // namespace blank
