#include "schema.hpp"

#include "analysis_fields.hpp"
#include "constants.hpp"
#include "findings.hpp"

namespace raknet {
namespace {

core::DecodeFindings decode_findings() {
    core::DecodeFindings f = core::usual_decode_findings<FindingCode>();
    f.short_header = FindingCode::Empty;
    return f;
}

core::SchemaSpec spec(const core::Version* v) {
    return core::SchemaSpec{kPrefix, v, core::ByteOrder::Big, decode_findings(), analysis_field_rows(), 16};
}

}  // namespace

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version, spec); }

}  // namespace raknet
