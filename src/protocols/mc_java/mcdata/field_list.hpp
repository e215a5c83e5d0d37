// Every filter field of every Minecraft Java version, each name once with
// its one type: what field_list_tool.cpp (target mcjava_field_list) writes
// into fields_generated.cpp by compiling every version, the ones written by
// hand first. The plugin registers these at start-up without compiling 47
// schemas; a generated version's schema names a field that would change a
// name's type "<name>_<type>" by the same table, so the analyzer's JSON
// keys and Wireshark's filters agree.
#pragma once

#include "core/field_decl.hpp"

namespace mcjava::mcdata {

core::FieldDecls field_decls();
// field_decls() by name (built on first use).
const core::FieldTypes& field_types();

}  // namespace mcjava::mcdata
