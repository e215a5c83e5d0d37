// The compiled schema of each Minecraft Java version, and the findings the
// core decoder reports for it.
#pragma once

#include "core/schema.hpp"
#include "versions.hpp"

namespace mcjava {

constexpr const char* kPrefix = "mcjava";

// Compiled once per version, never freed.
const core::Schema& schema(const VersionInfo& v);
// What schema() compiles `v` with; `across`: the type of each filter name
// in the other versions (schema() uses mcdata::field_types()).
core::SchemaSpec schema_spec(const core::Version* v, const core::FieldTypes* across);

}  // namespace mcjava
