// Minecraft Bedrock Edition as the front ends see it (core::ProtocolInfo).
#pragma once

#include "core/protocol_info.hpp"

namespace bedrock {

const core::ProtocolInfo& protocol_info();

}  // namespace bedrock
