// ProtoDef layouts (the JSON minecraft-data describes protocols in) turned
// into the description language's rows, so that a protocol described there
// decodes like one written by hand.
//
// ProtoDef's own types map one to one: container -> group (anonymous ones
// are spliced into their parent), array (countType, count as a number or an
// earlier field) -> array, switch (compareTo, fields, default) -> select,
// option -> option, mapper -> an integer with value strings, bitfield -> an
// integer with bits() parts, bitflags -> an integer with flag() parts,
// buffer / pstring / restBuffer -> bytes / text, the numbers and void.
// Named types become named Types (containers: rows named after the type) or
// are written in place (aliases, arrays, switches; parametrised types with
// their "$param" bound). A protocol's own natives (Minecraft's position,
// NBT, entity metadata loops) come from a callback.
//
// Keys are ProtoDef's names in snake_case ("entityId" -> "entity_id");
// display names are made from them ("Entity Id").
#pragma once

#include <deque>
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "describe.hpp"

namespace core::protodef {

using Json = nlohmann::json;
using Rows = std::vector<describe::F>;

class Translator {
public:
    // A named type's definition, or null when the description has none.
    using Types = std::function<const Json*(const std::string& name)>;
    // Rows for a field of a protocol's own native type `type` (args: its
    // parameters, null for none) appended to `out`; false: not one of them.
    using Native = std::function<bool(Translator& t, const std::string& type, const Json* args, const char* key,
                                      const char* name, Rows& out)>;

    Translator(Types types, Native native);
    ~Translator();

    // The rows of a container (a packet's layout).
    Rows rows(const Json& container);
    // The rows of one field of `type`, named `name` (ProtoDef's), appended to `out`.
    void field(const Json& type, const std::string& name, Rows& out);

    // Strings that live as long as the process (rows point to them).
    static const char* keep(const std::string& s);
    static const char* key_of(const std::string& protodef_name);    // "entityId" -> "entity_id"
    static const char* title_of(const std::string& protodef_name);  // "entityId" -> "Entity Id"

private:
    struct Scope;
    const Json& bound(const Json& value) const;  // "$param" -> its value
    const Json& resolved(const Json& type) const;  // bound, and aliases followed to a definition or a native
    void container(const Json& fields, Rows& out);
    void array(const Json& args, const char* key, const char* name, Rows& out);
    void select(const Json& args, const std::string& name, Rows& out);
    void mapper(const Json& args, const char* key, const char* name, Rows& out);
    void bitfield(const Json& parts, const char* key, const char* name, Rows& out);
    void named(const std::string& type, const Json* args, const std::string& name, Rows& out);
    const ValueString* values(const Json& mappings);
    std::string ref_of(const std::string& compare_to) const;
    // compareTo naming a part of a bitfield ("flags/has_redirect_node", or a
    // part of an anonymous one): the field's key, the part's mask and shift.
    bool bit_of(const std::string& compare_to, std::string& ref, uint64_t& mask, uint32_t& shift) const;
    void note_bits(const Json& type, const std::string& name);
    std::string describe_type(const Json& type) const;
    const Json* mapping_of(const std::string& compare_to) const;
    const Json* target_of(const std::string& compare_to) const;  // the referenced field's type, aliases resolved

    Types types_;
    Native native_;
    std::vector<Scope> scopes_;                        // the containers being written, innermost last
    std::vector<std::map<std::string, const Json*>> params_;  // bound parameters of the types being written
    std::map<std::string, TypeDef*> named_;            // container types made so far
    std::vector<std::string> expanding_;               // named types being written in place (no recursion)
};

}  // namespace core::protodef
