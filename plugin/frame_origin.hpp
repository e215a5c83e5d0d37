// Where the bytes a dissector is handed came from, as the core's sessions
// and analyses count it (core::Origin): the frame, and its time since the
// first frame of the capture, as the analyzer's.
#pragma once

#include <epan/packet.h>

#include "core/stream_buffer.hpp"

namespace plugin {

inline core::Origin frame_origin(const packet_info* pinfo) {
    return core::Origin{pinfo->num, nstime_to_sec(&pinfo->rel_ts), 0};
}

}  // namespace plugin
