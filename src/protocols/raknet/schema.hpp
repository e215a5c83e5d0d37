// The compiled schema of each RakNet version, with the findings the core
// decoder reports for it and the analysis' generated fields.
#pragma once

#include "core/schema.hpp"
#include "versions.hpp"

namespace raknet {

// Compiled once per version, never freed.
const core::Schema& schema(const VersionInfo& v);
inline const core::Schema& schema(Generation g) { return schema(version(g)); }

}  // namespace raknet
