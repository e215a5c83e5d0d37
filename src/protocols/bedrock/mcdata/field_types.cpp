#include "field_list.hpp"

namespace bedrock::mcdata {

const core::FieldTypes& field_types() {
    static const core::FieldTypes& types = *[] {
        auto* t = new core::FieldTypes;
        t->reserve(field_decls().count);
        for (const core::FieldDecl& d : field_decls()) t->emplace(d.abbrev, core::FieldType{d.vclass, d.bits, d.bitmask});
        return t;
    }();
    return types;
}

}  // namespace bedrock::mcdata
