// Requests answered with the same id: play Keep Alive (the server asks, the
// client echoes its id) and status Ping (the client asks, the server's Pong
// echoes the payload). Each request is linked to the first answer with its
// id (ids repeat in real traffic: flying-squid always sends 0), with the
// delay; answers nobody asked for, requests never answered and answers
// beyond the kick window (the vanilla server drops a client that has not
// answered a Keep Alive for 30 s) are findings.
#pragma once

#include <cstdint>
#include <deque>

#include "connection.hpp"
#include "core/distribution.hpp"
#include "core/finding_sink.hpp"
#include "exchange_list.hpp"
#include "findings.hpp"

namespace mcjava {

// Where the findings known only at the end of the connection go (each
// with its frame set): the core's sink.
using EndFindings = core::FindingSink;

class RequestTracker {
public:
    // `window`: an answer later than this many seconds is late (0: none);
    // `slow`: one later than this (and within the window) is lag (0: none).
    RequestTracker(ExchangeKind kind, FindingCode unanswered, FindingCode unknown, double window, double slow = 0);

    PacketLink request(Packet& p, int64_t id);
    PacketLink answer(Packet& p, int64_t id);
    // The capture started inside the connection: an answer before the first
    // request seen answers one before the capture (no finding).
    void picked_up() { picked_up_ = true; }
    // Requests still waiting at the end of the connection, whose last
    // packet came at `end_time`.
    void finish(EndFindings& out, double end_time) const;

    const std::deque<Exchange>& exchanges() const { return list_.all(); }
    const core::Distribution& delays() const { return delays_; }
    uint64_t unanswered() const { return list_.unanswered(); }
    uint64_t unknown_answers() const { return unknown_; }
    uint64_t late() const { return late_; }
    uint64_t slow() const { return slow_count_; }
    double slow_threshold() const { return slow_; }

private:
    ExchangeKind kind_;
    FindingCode unanswered_, unknown_code_;
    double window_, slow_;
    uint64_t slow_count_ = 0;
    ExchangeList list_{16};
    core::Distribution delays_;
    uint64_t unknown_ = 0, late_ = 0;
    bool picked_up_ = false, requested_ = false;
};

}  // namespace mcjava
