// The compiled schema of Minecraft Alpha (seed 001): a u8 message id, one
// message table per direction (table_index()), the generated fields of the
// analysis (analysis_fields.hpp), and the findings the core decoder reports.
#pragma once

#include "core/schema.hpp"

namespace mcalpha {

constexpr const char* kPrefix = "mcalpha";

// Compiled once, never freed.
const core::Schema& schema();

}  // namespace mcalpha
