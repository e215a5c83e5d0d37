#include "field_list.hpp"

namespace mcjava::mcdata {

const core::FieldTypes& field_types() {
    static const core::FieldTypes& types = *new core::FieldTypes(core::field_types_of(field_decls()));  // never destroyed: used until exit
    return types;
}

}  // namespace mcjava::mcdata
