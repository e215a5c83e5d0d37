// A findings table of the core's tests' own: the core decodes without any
// protocol linked, so its tests name the decoder's findings with codes of
// their own block ("test.malformed.truncated"), registered as a protocol's
// are.
#pragma once

#include "core/finding.hpp"
#include "core/message.hpp"

namespace coretest {

enum class FindingCode : uint16_t {
    UnknownId,
    CountRange,
    TrailingBytes,
    Truncated,
    BadVarInt,
    StringNotUtf8,
    StringTooLong,
    UnknownValue,
    Count_
};

}  // namespace coretest

template <>
struct core::FindingBlock<coretest::FindingCode> {
    static constexpr uint16_t base = 15 * core::kFindingBlock;  // the last block: no protocol's
};

namespace coretest {

inline const core::FindingTable& finding_table() {
    using C = FindingCode;
    using core::FindingGroup;
    using core::Severity;
    static const core::FindingInfo kInfos[] = {
        {C::UnknownId, "test.malformed.unknown_id", Severity::Error, FindingGroup::Malformed, "unknown id"},
        {C::CountRange, "test.malformed.count", Severity::Error, FindingGroup::Malformed, "count out of range"},
        {C::TrailingBytes, "test.malformed.trailing", Severity::Error, FindingGroup::Malformed, "trailing bytes"},
        {C::Truncated, "test.malformed.truncated", Severity::Error, FindingGroup::Malformed, "truncated"},
        {C::BadVarInt, "test.malformed.varint", Severity::Error, FindingGroup::Malformed, "VarInt too long"},
        {C::StringNotUtf8, "test.malformed.not_utf8", Severity::Error, FindingGroup::Malformed, "not UTF-8"},
        {C::StringTooLong, "test.malformed.string_length", Severity::Error, FindingGroup::Malformed,
         "string too long"},
        {C::UnknownValue, "test.unknown_value", Severity::Warn, FindingGroup::Protocol, "unknown value"},
    };
    static_assert(sizeof kInfos / sizeof kInfos[0] == size_t(C::Count_));
    static const core::FindingTable kTable{"test", core::FindingBlock<C>::base, kInfos, size_t(C::Count_), nullptr};
    return kTable;
}

inline const bool kFindingsRegistered = core::registered(finding_table());

}  // namespace coretest
