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

#include "core/schema.hpp"

namespace plugin {

class FieldRegistry {
public:
    // Registers the union of `schemas`' fields (the first schema's type wins
    // for a repeated abbreviation; the rest add by the registered type) with
    // the protocol `proto`. Also registers one subtree per field.
    void add(int proto, const std::vector<const core::Schema*>& schemas);

    int hf(const core::Schema& s, core::FieldId id) const { return hf_[index_.at(&s)[id]]; }
    gint ett(const core::Schema& s, core::FieldId id) const { return ett_[index_.at(&s)[id]]; }
    ftenum_t type(const core::Schema& s, core::FieldId id) const { return type_[index_.at(&s)[id]]; }
    // Mapping of one schema, for builders that look up many fields.
    const std::vector<size_t>& index(const core::Schema& s) const { return index_.at(&s); }
    int hf_at(size_t i) const { return hf_[i]; }
    gint ett_at(size_t i) const { return ett_[i]; }
    ftenum_t type_at(size_t i) const { return type_[i]; }

private:
    // deques: Wireshark keeps pointers to the ids (references stay valid as they grow)
    std::deque<int> hf_;
    std::deque<gint> ett_;
    std::deque<ftenum_t> type_;
    std::map<const core::Schema*, std::vector<size_t>> index_;
};

// The Wireshark type of a core field.
ftenum_t ft_of(const core::FieldInfo& f);

}  // namespace plugin
