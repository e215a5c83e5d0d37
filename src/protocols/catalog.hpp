// Every protocol blankshark knows, as the front ends and the findings
// registry see them: the one list to extend when a protocol is added.
#pragma once

#include <vector>

#include "core/protocol_info.hpp"

namespace core {

// In finding-block order (blank, Minecraft Java, RakNet, MCPE, Minecraft
// Alpha): the order finding_tables() lists their findings in.
const std::vector<const ProtocolInfo*>& protocols();

// The protocol of a Wireshark filter name ("bsraknet"), nullptr if none.
const ProtocolInfo* find_protocol(const char* filter_name);

}  // namespace core
