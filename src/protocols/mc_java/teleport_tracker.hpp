// Server corrections (rubber-banding): every clientbound Player Position And
// Look linked to the Teleport Confirm with its teleport id (the first
// unconfirmed one with that id: flying-squid always sends id 1), with the
// delay, and the distance between where the client last said it was (its
// Player Position / Position And Look packets) and where the server put it
// (flags 0x01/0x02/0x04 make x/y/z relative to that position). A distance
// above the threshold (a setting, in blocks) is a warning, unless the
// client's own command (a chat message starting with '/') came since the
// previous teleport: then it was asked for (a comment); teleports never
// confirmed and confirms for ids never sent are findings.
#pragma once

#include <cstdint>
#include <deque>

#include "core/distribution.hpp"
#include "keepalive_tracker.hpp"

namespace mcjava {

// Player Position And Look's flags: the fields that are relative.
constexpr uint8_t kRelativeX = 0x01, kRelativeY = 0x02, kRelativeZ = 0x04;

class TeleportTracker {
public:
    explicit TeleportTracker(double threshold) : threshold_(threshold) {}

    void client_position(const Packet& p, double x, double y, double z);
    void client_command(const Packet& p) { command_frame_ = p.span.last.frame; }
    // `has_id` false: the version has no teleport id (1.8: no Teleport
    // Confirm; the client answers with its position), so none is awaited.
    PacketLink teleport(Packet& p, bool has_id, int64_t id, double x, double y, double z, uint8_t flags);
    PacketLink confirm(Packet& p, int64_t id);
    void finish(EndFindings& out) const;
    // The capture started inside the connection: a confirm before the first
    // teleport seen confirms one before the capture (no finding).
    void picked_up() { picked_up_ = true; }

    const std::deque<Exchange>& teleports() const { return list_.all(); }
    const core::Distribution& delays() const { return delays_; }
    const core::Distribution& distances() const { return distances_; }  // teleports after a client position
    uint64_t unconfirmed() const { return list_.unanswered(); }
    uint64_t without_id() const { return without_id_; }  // never awaited a confirm
    uint64_t unknown_confirms() const { return unknown_; }
    uint64_t far() const { return far_; }              // unasked (warnings)
    uint64_t commanded() const { return commanded_; }  // after the client's command
    double threshold() const { return threshold_; }

private:
    double threshold_;
    bool has_pos_ = false;
    double x_ = 0, y_ = 0, z_ = 0;
    uint64_t pos_frame_ = 0;
    uint64_t command_frame_ = 0;  // the client's command not yet followed by a teleport
    ExchangeList list_{8};
    core::Distribution delays_, distances_;
    uint64_t unknown_ = 0, far_ = 0, commanded_ = 0, without_id_ = 0;
    bool picked_up_ = false, teleported_ = false;
};

}  // namespace mcjava
