// The compiled schema of each Bedrock release, with the findings the core
// decoder reports for it and the game layer's generated fields.
#pragma once

#include "core/field_decl.hpp"
#include "core/schema.hpp"
#include "versions.hpp"

namespace bedrock {

constexpr const char* kPrefix = "bedrock";

// Compiled once per release, never freed.
const core::Schema& schema(const VersionInfo& v);
// The spec a release is compiled with; `across`: the type every filter name
// has in the other releases (field_list.hpp), null while writing that list.
core::SchemaSpec schema_spec(const core::Version* v, const core::FieldTypes* across);

}  // namespace bedrock
