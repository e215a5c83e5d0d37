// Every protocol blankshark knows, as the front ends see them: the one list
// to extend when a protocol is added.
#pragma once

#include <array>

#include "core/protocol_info.hpp"

namespace catalog {

// In finding-block order (blank, Minecraft Java, RakNet, MCPE, Minecraft
// Alpha), the order core::finding_tables() lists their findings in. An array, not
// a vector: the first finding looked up builds it, and no packet's decoding
// may allocate.
constexpr size_t kProtocolCount = 5;
const std::array<const core::ProtocolInfo*, kProtocolCount>& protocols();

// The protocol of a Wireshark filter name ("bsraknet"), nullptr if none.
const core::ProtocolInfo* find_protocol(const char* filter_name);

}  // namespace catalog
