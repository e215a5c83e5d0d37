#pragma once
#include "core/field.hpp"
namespace raknet {
core::Layout analysis_field_rows();
}
