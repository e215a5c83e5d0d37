// Per TCP connection, what the stream layer keeps for every protocol
// (StreamState: which side is the server, each direction's cursor), and
// the conversation data holding a protocol's state (derived from
// StreamState: its connection's state machine, its analyses), made at the
// connection's first data and kept until the capture is closed.
//
// What the stream layer asks of a protocol's state, Conn:
//   core::Framing& framing(int d);   how direction d is cut into messages
//   core::Finding cut_finding(int d, const uint8_t* head, uint32_t head_len,
//                             uint32_t have, uint32_t declared);
//                                    its finding for a message a gap cut
#pragma once

#include <epan/conversation.h>
#include <epan/packet.h>

#include <memory>
#include <vector>

#include "core/finding.hpp"
#include "core/inflater.hpp"
#include "core/side.hpp"
#include "server_side.hpp"
#include "stream_cursor.hpp"
#include "transformed_bytes.hpp"

namespace plugin::stream {

struct StreamState {
    ServerSide server;
    StreamCursor cursor[2];  // by core::Side
    TransformedBytes transformed[2];  // by core::Side: decrypted bytes not cut yet

    core::Side sender(const packet_info* pinfo) const {
        return server.sent_by(pinfo) ? core::Side::Server : core::Side::Client;
    }
};

// A protocol's state over a core Connection (mc_java/, mc_alpha/: its
// framing per side, its own inflater) and the core's finding for a message
// a gap cut, `cut(conn, side, head, head_len, have, declared)`.
template <class Connection, auto cut>
struct CoreConnection : StreamState {
    core::Inflater inflater;
    Connection conn{inflater};

    core::Framing& framing(core::Side d) { return conn.framing(d); }
    core::Finding cut_finding(core::Side d, const uint8_t* head, uint32_t head_len, uint32_t have, uint32_t declared) {
        return cut(conn, d, head, head_len, have, declared);
    }
};

// Conn: derived from StreamState, default-constructible.
template <class Conn>
class Connections {
public:
    // The conversation's state (conversation data of `proto`); the server is
    // the side on `server_port`, else the receiver of this first data.
    Conn& of(packet_info* pinfo, int proto, guint32 server_port) {
        conversation_t* conv = find_or_create_conversation(pinfo);
        auto* c = static_cast<Conn*>(conversation_get_proto_data(conv, proto));
        if (!c) {
            all_.push_back(std::make_unique<Conn>());
            c = all_.back().get();
            c->server.decide(pinfo, server_port);
            conversation_add_proto_data(conv, proto, c);
        }
        return *c;
    }
    void clear() { all_.clear(); }
    template <class F>
    void for_each(F f) const {
        for (const auto& c : all_) f(*c);
    }

private:
    std::vector<std::unique_ptr<Conn>> all_;
};

}  // namespace plugin::stream
