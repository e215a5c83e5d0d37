// Every filter field of every Bedrock release, each name once with its one
// type: what field_list_tool.cpp (target bedrock_field_list) writes into
// fields_generated.cpp by compiling every release, newest first. The plugin
// registers these at start-up without compiling 53 schemas; a release's
// field that would change a name's type is named "<name>_<type>" by the
// same table, so the analyzer's JSON keys and Wireshark's filters agree.
#pragma once

#include "core/field_decl.hpp"

namespace bedrock::mcdata {

core::FieldDecls field_decls();
// field_decls() by name (built on first use).
const core::FieldTypes& field_types();

}  // namespace bedrock::mcdata
