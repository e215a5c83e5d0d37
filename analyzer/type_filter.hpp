// decode -t: packet types of every protocol (the catalog's, and those the
// front ends carry: FrontEnd::carried()), by name or id.
// A name matches in any case with spaces, '_' and '-' alike: exactly if some
// type is so named, else every type whose name contains it ("keep alive":
// Keep Alive (clientbound) and (serverbound)); a number (33, 0x21) matches
// every type with that id, in any protocol, state and direction.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/protocol_info.hpp"

namespace blankshark {

// The protocols `types` lists and -t takes: the catalog's, then those the
// front ends carry (FrontEnd::carried()).
std::vector<const core::ProtocolInfo*> typed_protocols();

struct TypeFilter {
    std::set<std::string> names;  // types, as packet_name_key() gives them
    std::set<uint32_t> ids;       // types by id (a packet's own id decides)
    bool empty() const { return names.empty() && ids.empty(); }
    // Whether a packet named `name` (and keyed `key`, its filter name's
    // last part, when it has one) with id `id` (negative: none) is of a
    // type the filter names.
    bool matches(std::string_view name, const char* key, int64_t id) const;
};

// A packet name as -t compares it: lower case, spaces and '_' alike ("chunk_data").
std::string packet_name_key(std::string_view name);

// Adds what `spec` matches to `into`; false (nothing added) when it matches
// no type, with `error` naming the closest names.
bool add_type(const std::string& spec, TypeFilter& into, std::string& error);

// `blankshark types`: one line per packet type of every protocol (or of the
// one named by its filter or field prefix), its name and the ids it has in
// the protocol's versions; false when `protocol` names none.
bool print_types(const std::string& protocol);

}  // namespace blankshark
