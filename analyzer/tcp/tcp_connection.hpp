// One TCP connection as the reassembler tracks it: its id, its endpoints by
// role, its two directions (Stream) and how it ended. Owned by the
// Reassembler; a reference stays valid until the connection is released and
// then evicted (or the reassembler is destroyed).
#pragma once

#include <cstdint>

#include "link_layer.hpp"
#include "tcp/tcp_sink.hpp"
#include "tcp/tcp_stream.hpp"

namespace blankshark::tcp {

class Connection {
public:
    Connection(uint32_t id, const capture::Endpoint& client, const capture::Endpoint& server, uint32_t compare_window)
        : id_(id), client_(client), server_(server), streams_{Stream(compare_window), Stream(compare_window)} {}
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // 1-based, in order of first segment; a reused tuple gets a new id.
    uint32_t id() const noexcept { return id_; }
    const capture::Endpoint& client() const noexcept { return client_; }
    const capture::Endpoint& server() const noexcept { return server_; }
    // The sender of direction d.
    const capture::Endpoint& sender(Side d) const noexcept { return d == Side::Client ? client_ : server_; }
    uint64_t first_frame() const noexcept { return first_frame_; }
    double first_time() const noexcept { return first_time_; }
    uint64_t last_frame() const noexcept { return last_frame_; }
    double last_time() const noexcept { return last_time_; }
    // The first segment had no SYN: the roles come from Sink::on_new_tuple or
    // the first sender, and streams start where they were picked up.
    bool midstream() const noexcept { return midstream_; }
    // on_close was called (no more events); why.
    bool ended() const noexcept { return ended_; }
    CloseReason close_reason() const noexcept { return close_reason_; }
    bool released() const noexcept { return released_; }
    const Stream& stream(Side d) const noexcept { return streams_[int(d)]; }
    const StreamStats& stats(Side d) const noexcept { return streams_[int(d)].stats(); }

    // Free for the consumer (e.g. its per-connection protocol state); the
    // reassembler never touches it.
    void* user = nullptr;
    // Free for a dispatcher: which of its consumers took the connection.
    void* owner = nullptr;

private:
    friend class Reassembler;
    friend struct StreamContext;

    bool live() const noexcept { return !ended_ && !released_; }
    Stream& mut(Side d) noexcept { return streams_[int(d)]; }

    uint32_t id_;
    capture::Endpoint client_, server_;
    uint64_t first_frame_ = 0, last_frame_ = 0;
    double first_time_ = 0, last_time_ = 0;
    bool midstream_ = false;
    bool ended_ = false, released_ = false;
    CloseReason close_reason_ = CloseReason::EndOfCapture;
    Stream streams_[2];
};

}  // namespace blankshark::tcp
