// The compiled schema of each MCPE version, with the findings the core
// decoder reports for it and the game layer's generated fields.
#pragma once

#include "core/schema.hpp"
#include "versions.hpp"

namespace mcpe {

constexpr const char* kPrefix = "mcpe";

// Compiled once per version, never freed.
const core::Schema& schema(const VersionInfo& v);

}  // namespace mcpe
