// The keys a packet object of `decode --json` starts with, the same for
// every protocol: frame (where it completed), first_frame (where it started,
// for stream protocols), time, timestamp (the capture's clock, where the
// printer has it), src/dst, conversation, protocol, direction,
// stream_offset (stream protocols), length, type_name. Then come the
// packet's fields under their filter names, and its findings.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string_view>

#include "capture_stream.hpp"
#include "output.hpp"

namespace blankshark {

struct JsonPacketHead {
    uint64_t frame = 0;
    uint64_t first_frame = 0;      // 0: not written
    double time = 0;
    bool has_timestamp = false;    // the frame's capture time, seconds and nanoseconds
    int64_t ts_sec = 0;
    uint32_t ts_nsec = 0;
    const capture::Endpoint* src = nullptr;  // null: no src/dst
    const capture::Endpoint* dst = nullptr;
    uint32_t conversation = 0;
    const char* direction = "unknown";  // "client_to_server", "server_to_client"
    const char* protocol = "";
    int64_t stream_offset = -1;    // -1: not written
    uint64_t length = 0;
    std::string_view type_name;

    // src, dst, conversation and direction of a packet of `c` (none: null).
    void sent_in(const Conversation* c, bool from_client) {
        direction = from_client ? "client_to_server" : "server_to_client";
        if (!c) return;
        src = from_client ? &c->client : &c->server;
        dst = from_client ? &c->server : &c->client;
        conversation = c->id;
    }
};

// `v` is the packet's JSON visitor: top(key) starts a key of the object.
template <class V>
void json_packet_head(V& v, Output& out, const JsonPacketHead& h) {
    v.top("frame");
    out << h.frame;
    if (h.first_frame) {
        v.top("first_frame");
        out << h.first_frame;
    }
    v.top("time");
    out.fixed(h.time, 9);
    if (h.has_timestamp) {
        v.top("timestamp");
        char ns[16];
        std::snprintf(ns, sizeof ns, "%09u", unsigned(h.ts_nsec));
        out << h.ts_sec << '.' << ns;
    }
    if (h.src && h.dst) {
        v.top("src");
        out << '"' << capture::endpoint_text(*h.src) << '"';
        v.top("dst");
        out << '"' << capture::endpoint_text(*h.dst) << '"';
    }
    v.top("conversation");
    out << h.conversation;
    v.top("protocol");
    out << '"' << h.protocol << '"';
    v.top("direction");
    out << '"' << h.direction << '"';
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
