#include "schema.hpp"

#include "findings.hpp"
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

core::SchemaSpec spec(const core::Version* v) {
    core::SchemaSpec s{kPrefix, v, core::ByteOrder::Big, decode_findings(), packet_field_rows(), 64};
    s.generated = static_cast<const VersionInfo*>(v->user)->gen == Generation::Data;
    return s;
}

}  // namespace

const core::Schema& schema(const VersionInfo& v) { return core::compile_once(&v.version, spec); }

}  // namespace mcjava
