// The message tables of seed 001, one per direction (directions.hpp says
// why not per state): serverbound.cpp and clientbound.cpp.
#pragma once

#include "core/message.hpp"

namespace mcalpha {

core::MessageTable serverbound_table();
core::MessageTable clientbound_table();

}  // namespace mcalpha
