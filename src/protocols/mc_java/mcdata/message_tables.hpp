// The message tables of a Minecraft Java version minecraft-data describes:
// its ProtoDef layouts (tables.hpp) turned into the core's rows, with
// Minecraft's own natives (block positions, NBT, entity metadata loops,
// registry holders) written as the hand tables write them.
#pragma once

#include <string>
#include <vector>

#include "core/message.hpp"
#include "tables.hpp"

namespace mcjava::mcdata {

// Fills `tables` (indexed by table_index(state, direction)) with the packets
// of `d`, their fields under blankshark's names (fields.tsv). A field that
// the same packet of `model` (the tables written by hand of the nearest
// version) shows in summaries is shown in them too: the Info column reads
// alike on every version, and the state machine finds the values it reads
// (a Handshake's version, Set Compression's threshold); one it shows in hex
// is hex, and one it reads as a fixed point of the same integer is read so.
// A packet `model` does not have (by its key) follows `other_model`'s (the
// other hand tables). A summary field the release moved into a container or
// a flag of an integer (Join Game's world state, Player's flags) is found
// there; summaries.tsv adds what no hand table has (Registry Data's registry).
// A packet whose layout cannot be written in rows decodes as its bytes;
// `failures` (if given) gets "state direction name: why" for each.
void add_message_tables(std::vector<core::MessageTable>& tables, const Description& d,
                        const std::vector<core::MessageTable>* model = nullptr,
                        std::vector<std::string>* failures = nullptr,
                        const std::vector<core::MessageTable>* other_model = nullptr);

}  // namespace mcjava::mcdata
