#include "schema.hpp"

#include "analysis_fields.hpp"
#include "findings.hpp"
#include "mcdata/field_list.hpp"

namespace bedrock {
namespace {

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f = core::usual_decode_findings<C>();
    f.short_header = C::EmptyPacket;
    f.bad_varint = C::BadVarInt;
    return f;
}

core::SchemaSpec spec(const core::Version* v) { return schema_spec(v, &mcdata::field_types()); }

}  // namespace

core::SchemaSpec schema_spec(const core::Version* v, const core::FieldTypes* across) {
    core::SchemaSpec s{kPrefix, v, core::ByteOrder::Big, decode_findings(), analysis_field_rows(), 64};
    s.generated = true;
    s.across = across;
    return s;
}

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version(), spec); }

}  // namespace bedrock
