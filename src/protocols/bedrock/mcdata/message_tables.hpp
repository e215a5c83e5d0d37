// The message table of a Minecraft Bedrock release minecraft-data
// describes: its ProtoDef layouts (tables.hpp) turned into the core's rows,
// with Bedrock's natives (types.hpp). One table for both directions (the
// description has one): every packet's fields under a group named after the
// packet, so "bedrock.<packet>" filters the packet and
// "bedrock.<packet>.<field>" its fields.
#pragma once

#include <string>
#include <vector>

#include "core/message.hpp"
#include "tables.hpp"

namespace bedrock::mcdata {

// The table of description `d`, its packets under `header` (versions.hpp).
// A packet whose layout cannot be written in rows, or whose rows do not
// compile (a switch on an expression minecraft-data writes in JavaScript,
// as 1.16.220's "update_flags.initialisation || ..."), decodes as its bytes;
// `failures` (if given) gets "name: why" for each.
core::MessageTable message_table(const Description& d, const core::Layout& header,
                                 std::vector<std::string>* failures = nullptr);

}  // namespace bedrock::mcdata
