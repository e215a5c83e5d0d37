// Wireshark header fields and subtrees for a protocol's compiled schemas:
// one hf per distinct filter abbreviation over all versions (a field that
// only exists in one version is registered once), each schema's FieldId
// mapped to it. Shared by every protocol the plugin registers.
#pragma once

#include <epan/packet.h>

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "core/field_decl.hpp"
#include "core/schema.hpp"

namespace plugin {

class FieldRegistry {
public:
    // Registers the union of `schemas`' fields (the first schema's type wins
    // for a repeated abbreviation, an integer as wide as every schema needs:
    // core::widest_of) with the protocol `proto`. Also registers one subtree
    // per field.
    void add(int proto, const std::vector<const core::Schema*>& schemas);
    // Registers the fields a protocol declares for all its versions (each
    // name once, with one type) without compiling a schema: a schema's
    // fields are mapped to them by name when a packet first needs it.
    void add(int proto, core::FieldDecls decls);

    int hf(const core::Schema& s, core::FieldId id) const { return hf_at(index(s)[id]); }
    gint ett(const core::Schema& s, core::FieldId id) const { return ett_at(index(s)[id]); }
    ftenum_t type(const core::Schema& s, core::FieldId id) const { return type_at(index(s)[id]); }
    // Mapping of one schema, for builders that look up many fields. A field
    // the registration does not have (declarations older than the tables),
    // or has with a type its values cannot be added as (core::adds_as: a
    // table error, logged once; Wireshark would raise a dissector bug and
    // drop the rest of the frame), maps to kUnregistered: no hf, not shown.
    const std::vector<size_t>& index(const core::Schema& s) const;
    static constexpr size_t kUnregistered = ~size_t(0);
    int hf_at(size_t i) const { return i < hf_.size() ? hf_[i] : -1; }
    gint ett_at(size_t i) const { return i < ett_.size() ? ett_[i] : -1; }
    ftenum_t type_at(size_t i) const { return i < type_.size() ? type_[i] : FT_NONE; }

private:
    void register_fields(int proto, const std::vector<core::FieldDecl>& fields);

    // deques: Wireshark keeps pointers to the ids (references stay valid as they grow)
    std::deque<int> hf_;
    std::deque<gint> ett_;
    std::deque<ftenum_t> type_;
    std::deque<core::FieldType> core_type_;  // what each registered name holds, in the core's terms
    std::map<std::string, size_t> by_abbrev_;  // every registered field
    // Filled on first use for schemas registered by their declarations
    // (dissection runs on one thread).
    mutable std::map<const core::Schema*, std::vector<size_t>> index_;
};

// The Wireshark type of a core field.
ftenum_t ft_of(const core::FieldDecl& f);

}  // namespace plugin
