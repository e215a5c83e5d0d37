// Silence per side of a Java connection: the longest time between two
// packets of one direction (and the frame that ended it), and the time from
// each side's last packet to the connection's last packet (a side that
// went quiet before the end: a frozen client, a server that stopped
// answering). Keep Alive comes every 15 s from a vanilla server (flying-
// squid: 4 s), so a longer silence from the server is worth a look.
#pragma once

#include <cstdint>

#include "connection.hpp"

namespace mcjava {

class SilenceTracker {
public:
    struct Activity {
        uint64_t packets = 0;
        double first = 0, last = 0;
        double longest = 0;          // seconds between two packets of this side
        uint64_t longest_frame = 0;  // the packet that ended it
    };

    void packet(const Packet& p) {
        const double t = p.span.last.time;
        Activity& s = side_[int(p.dir)];
        if (s.packets && t - s.last > s.longest) {
            s.longest = t - s.last;
            s.longest_frame = p.span.last.frame;
        }
        if (!s.packets) s.first = t;
        ++s.packets;
        s.last = t;
        if (t > end_) end_ = t;
    }
    const Activity& side(core::Side d) const { return side_[int(d)]; }
    // Seconds from the side's last packet to the connection's last one.
    double final_silence(core::Side d) const { return side_[int(d)].packets ? end_ - side_[int(d)].last : 0; }

private:
    Activity side_[2];
    double end_ = 0;
};

}  // namespace mcjava
