// blankshark's names for minecraft-data's fields (fields.tsv): a field keeps
// the name of the tables written by hand on every release where it means
// the same, as names.tsv keeps a packet's.
#pragma once

#include <string>

#include "core/protodef.hpp"

namespace mcjava::mcdata {

// Renames the rows of `packet` in `table` ("play.cb") that fields.tsv
// names, and the references to them (switches, counts) in the packet.
void stable_field_names(core::protodef::Rows& rows, const char* table, const char* packet);

// blankshark's key of the field fields.tsv names by its minecraft-data path
// ("has_criterion_progress/criterion_progress") in `packet` of `table`; null
// where it keeps minecraft-data's.
const char* stable_field_key(const char* table, const char* packet, const std::string& path);

}  // namespace mcjava::mcdata
