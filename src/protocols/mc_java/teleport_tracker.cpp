#include "teleport_tracker.hpp"

#include <algorithm>
#include <cmath>

namespace mcjava {

namespace {
const char* const kNoIdYet = "no id before 1.9";
}  // namespace

void TeleportTracker::client_position(const Packet& p, double x, double y, double z) {
    has_pos_ = true;
    x_ = x;
    y_ = y;
    z_ = z;
    pos_frame_ = p.span.last.frame;
}

PacketLink TeleportTracker::teleport(Packet& p, bool has_id, int64_t id, double x, double y, double z, uint8_t flags) {
    teleported_ = true;
    Exchange e = ExchangeList::request(ExchangeKind::Teleport, id, p.span);
    e.has_id = has_id;
    e.flags = flags;
    e.x = (flags & kRelativeX) ? x_ + x : x;
    e.y = (flags & kRelativeY) ? y_ + y : y;
    e.z = (flags & kRelativeZ) ? z_ + z : z;
    if (has_pos_) {
        e.has_client = true;
        e.client_x = x_;
        e.client_y = y_;
        e.client_z = z_;
        e.client_frame = pos_frame_;
        const double dx = e.x - x_, dy = e.y - y_, dz = e.z - z_;
        e.distance = std::sqrt(dx * dx + dy * dy + dz * dz);
        distances_.add(float(e.distance));
        if (e.distance > threshold_) {
            const int64_t mm = int64_t(std::llround(std::min(e.distance, 1e12) * 1000.0));
            core::Finding f{FindingCode::TeleportFar, 0, p.data_len, id, mm, int64_t(std::llround(threshold_ * 1000.0))};
            if (command_frame_) {
                ++commanded_;
                f = {FindingCode::TeleportCommanded, 0, p.data_len, id, mm};
                f.ref_frame = command_frame_;
            } else {
                ++far_;
            }
            if (!has_id) f.what = kNoIdYet;
            p.add(f);
        }
    }
    command_frame_ = 0;  // a command is answered by one teleport at most
    if (!has_id) {
        ++without_id_;
        return {&list_.keep(e), false};
    }
    return {&list_.wait(e), false};
}

PacketLink TeleportTracker::confirm(Packet& p, int64_t id) {
    Exchange* e = list_.answer(id, p.span);
    if (!e && picked_up_ && !teleported_) return {};
    if (!e) {
        ++unknown_;
        p.add({FindingCode::TeleportConfirmUnknown, 0, p.data_len, id});
        return {};
    }
    delays_.add(float(e->delay()));
    return {e, true};
}

void TeleportTracker::finish(EndFindings& out) const {
    list_.each_unanswered([&](const Exchange& e) {
        core::Finding f{FindingCode::TeleportUnconfirmed, 0, 0, e.id};
        f.frame = e.request_frame;
        out.add(f);
    });
}

}  // namespace mcjava
