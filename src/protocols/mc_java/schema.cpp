#include "schema.hpp"

#include "findings.hpp"
#include "packet_fields.hpp"

namespace mcjava {
namespace {

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f{};
    f.short_header = C::EmptyPacket;
    f.unknown_type = C::UnknownId;
    f.count_range = C::CountRange;
    f.trailing = C::TrailingBytes;
    f.truncated = C::Truncated;
    f.bad_varint = C::BadVarInt;
    f.string_not_utf8 = C::StringNotUtf8;
    f.text_too_long = C::StringTooLong;
    f.unknown_value = C::UnknownValue;
    f.depth_limit = C::DepthLimit;
    return f;
}

core::SchemaSpec spec(const core::Version* v) {
    return core::SchemaSpec{kPrefix, v, core::ByteOrder::Big, decode_findings(), packet_field_rows(), 64};
}

}  // namespace

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version, spec); }

}  // namespace mcjava
