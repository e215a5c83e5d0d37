#include "schema.hpp"

#include "findings.hpp"
#include "mcdata/field_list.hpp"
#include "packet_fields.hpp"

namespace mcjava {
namespace {

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f = core::usual_decode_findings<C>();
    f.short_header = C::EmptyPacket;
    f.bad_varint = C::BadVarInt;
    f.text_too_long = C::StringTooLong;
    return f;
}

core::SchemaSpec spec(const core::Version* v) { return schema_spec(v, &mcdata::field_types()); }

}  // namespace

core::SchemaSpec schema_spec(const core::Version* v, const core::FieldTypes* across) {
    core::SchemaSpec s{kPrefix, v, core::ByteOrder::Big, decode_findings(), packet_field_rows(), 64};
    s.generated = static_cast<const VersionInfo*>(v->user)->gen == Generation::Data;
    s.across = across;  // hand tables too: 1.13.2's text window type is not 1.14's VarInt
    return s;
}

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version(), spec); }

}  // namespace mcjava
