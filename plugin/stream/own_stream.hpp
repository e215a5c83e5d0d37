// A TCP connection a protocol cuts into messages itself, as the analyzer
// does, instead of with Wireshark's desegmentation: one picked up without
// its start (Wireshark started late, a ring-buffer file, a cut capture:
// issue 52). The protocol's core session (mcjava::Session, mcalpha::Session,
// core::TcpSession) holds both directions until it knows where their first
// whole messages start (and, for Minecraft Java, the release), then cuts
// them with the core's stream buffer.
//
// Finding the start replays the bytes held so far: messages that completed
// in frames already dissected. So every message is recorded by the frame
// that completed it (the analyzer's `frame`): a frame's messages known when
// it is dissected are shown at once, the held ones from the second pass
// (tshark -2, the GUI's packet list and tree).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/held_streams.hpp"
#include "core/inflater.hpp"
#include "core/side.hpp"
#include "server_side.hpp"
#include "stream_cursor.hpp"

namespace plugin::stream {

template <class Session, class Record>
class OwnStream {
public:
    core::Inflater inflater;
    Session session{inflater};
    core::Origin last;      // the connection's last frame on the first pass
    bool finished = false;  // the first pass is over: the session was finished
    // Stream offset of each direction's first message (bytes before it were
    // passed over while its start was searched for).
    uint64_t first_message[2] = {UINT64_MAX, UINT64_MAX};

    void add(uint64_t frame, core::Side d, uint64_t stream_offset, Record* r) {
        by_frame_[frame].push_back(r);
        if (stream_offset < first_message[int(d)]) first_message[int(d)] = stream_offset;
    }
    // The messages that completed in `frame` (null: none).
    const std::vector<Record*>* of(uint64_t frame) const {
        const auto it = by_frame_.find(frame);
        return it == by_frame_.end() ? nullptr : &it->second;
    }

private:
    std::unordered_map<uint64_t, std::vector<Record*>> by_frame_;
};

// A connection picked up mid-way whose first bytes another dissector held
// (the shared port's, deciding which protocol it is): its bytes, gaps and
// ends as they came, each with its frame, and each direction's stream
// cursor after them. Handed to the protocol it chose, which replays the
// events into its own stream.
struct Prelude {
    const core::HeldStreams* held = nullptr;
    const StreamCursor* cursor = nullptr;  // [2], by core::Side
    const ServerSide* server = nullptr;    // which side the held bytes took as the server
    core::Origin last;                     // the last frame held
};

// Replays `p`'s events into `session` (data(), gap(), end() with the
// protocol's sink), from each direction's first held byte.
template <class Session, class Sink>
void replay(const Prelude& p, Session& session, Sink& sink) {
    for (const core::HeldStreams::Event& e : p.held->events()) {
        switch (e.kind) {
        case core::HeldStreams::Kind::Data:
            session.data(e.dir, p.held->bytes(e.dir) + e.at, uint32_t(e.length), e.offset, e.origin, sink);
            break;
        case core::HeldStreams::Kind::Gap: session.gap(e.dir, e.offset, e.length, e.origin, sink); break;
        case core::HeldStreams::Kind::End: session.end(e.dir, e.how, e.origin, sink); break;
        }
    }
}

}  // namespace plugin::stream
