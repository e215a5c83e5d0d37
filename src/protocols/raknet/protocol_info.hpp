// RakNet as one object for the front ends (core/protocol_info.hpp); listed by
// protocols/catalog.hpp.
#pragma once

#include "core/protocol_info.hpp"

namespace raknet {

const core::ProtocolInfo& protocol_info();

}  // namespace raknet
