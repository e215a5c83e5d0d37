// The fields of packets no table written by hand has (or has otherwise)
// that a generated release shows in its one-line summaries: the Info column
// and decode's lines name what a person looks for on every release
// (Registry Data's registry, a Chat Command's command, the world a Join
// Game puts the player in).
#pragma once

#include "core/protodef.hpp"

namespace mcjava::mcdata {

// Marks the rows of `packet` in `table` ("configuration.cb") that the list
// names (by blankshark's keys, after stable_field_names) as summary fields.
void summary_fields(core::protodef::Rows& rows, const char* table, const char* packet);

}  // namespace mcjava::mcdata
