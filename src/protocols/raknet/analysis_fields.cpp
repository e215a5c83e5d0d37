#include "analysis_fields.hpp"
namespace raknet {
core::Layout analysis_field_rows() { return core::Layout{nullptr, 0}; }
}
