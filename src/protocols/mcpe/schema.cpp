#include "schema.hpp"

#include <map>
#include <memory>
#include <mutex>

#include "analysis_fields.hpp"
#include "findings.hpp"

namespace mcpe {
namespace {

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f{};
    f.short_header = C::Truncated;
    f.unknown_type = C::UnknownId;
    f.count_range = C::CountRange;
    f.trailing = C::TrailingBytes;
    f.truncated = C::Truncated;
    f.string_not_utf8 = C::StringNotUtf8;
    f.unknown_value = C::UnknownValue;
    f.depth_limit = C::DepthLimit;
    return f;
}

}  // namespace

const core::Schema& schema(const VersionInfo& v) {
    static std::mutex m;
    static std::map<const VersionInfo*, std::unique_ptr<const core::Schema>> compiled;
    std::lock_guard<std::mutex> lock(m);
    auto it = compiled.find(&v);
    if (it == compiled.end()) {
        core::SchemaSpec spec{kPrefix, &v.version, core::ByteOrder::Big, decode_findings(), analysis_field_rows(), 16};
        it = compiled.emplace(&v, std::make_unique<const core::Schema>(core::compile(spec))).first;
    }
    return *it->second;
}

}  // namespace mcpe
