#include "schema.hpp"

#include "analysis_fields.hpp"
#include "constants.hpp"
#include "findings.hpp"

namespace raknet {
namespace {

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f{};
    f.short_header = C::Empty;
    f.unknown_type = C::UnknownId;
    f.count_range = C::CountRange;
    f.trailing = C::TrailingBytes;
    f.truncated = C::Truncated;
    f.string_not_utf8 = C::StringNotUtf8;
    f.unknown_value = C::UnknownValue;
    f.depth_limit = C::DepthLimit;
    return f;
}

core::SchemaSpec spec(const core::Version* v) {
    return core::SchemaSpec{kPrefix, v, core::ByteOrder::Big, decode_findings(), analysis_field_rows(), 16};
}

}  // namespace

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version, spec); }

}  // namespace raknet
