// The keys a packet object of `decode --json` starts with, for every
// protocol's printer: frame (where it completed), first_frame (where it
// started, for stream protocols), time, src/dst (when in a conversation),
// conversation, protocol, direction, stream_offset (stream protocols),
// length, type_name. blank's printer writes the same keys.
#pragma once

#include <cstdint>
#include <string_view>

#include "capture_stream.hpp"
#include "nested_json.hpp"
#include "output.hpp"

namespace blankshark {

struct JsonPacketHead {
    uint64_t frame = 0;
    uint64_t first_frame = 0;      // 0: not written
    double time = 0;
    const capture::Endpoint* client = nullptr;  // null: no src/dst
    const capture::Endpoint* server = nullptr;
    uint32_t conversation = 0;
    bool from_client = true;
    const char* protocol = "";
    int64_t stream_offset = -1;    // -1: not written
    uint64_t length = 0;
    std::string_view type_name;
};

inline void json_packet_head(NestedJson& v, Output& out, const JsonPacketHead& h) {
    v.top("frame");
    out << h.frame;
    if (h.first_frame) {
        v.top("first_frame");
        out << h.first_frame;
    }
    v.top("time");
    out.fixed(h.time, 9);
    if (h.client && h.server) {
        v.top("src");
        out << '"' << capture::to_string(h.from_client ? *h.client : *h.server) << '"';
        v.top("dst");
        out << '"' << capture::to_string(h.from_client ? *h.server : *h.client) << '"';
    }
    v.top("conversation");
    out << h.conversation;
    v.top("protocol");
    out << '"' << h.protocol << '"';
    v.top("direction");
    out << (h.from_client ? "\"client_to_server\"" : "\"server_to_client\"");
    if (h.stream_offset >= 0) {
        v.top("stream_offset");
        out << h.stream_offset;
    }
    v.top("length");
    out << h.length;
    v.top("type_name");
    out << '"';
    json_escape(out, h.type_name);
    out << '"';
}

}  // namespace blankshark
