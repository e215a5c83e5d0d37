#include "movement.hpp"

#include <cmath>

namespace mcalpha {

bool Movement::client(const Position& p, double stance) {
    last_ = p;
    known_ = true;
    const double h = stance - p.y;
    return h >= kMinStance && h <= kMaxStance;
}

Movement::Result Movement::server(const Position& p) {
    Result r;
    if (placement_next_ || !known_) {
        placement_next_ = false;
    } else {
        const double dx = p.x - last_.x, dy = p.y - last_.y, dz = p.z - last_.z;
        r.distance = std::sqrt(dx * dx + dy * dy + dz * dz);
        r.elapsed = p.time - last_.time;
        r.from_frame = last_.frame;
        r.kind = r.distance > far_ ? Kind::Far : Kind::Correction;
        ++corrections_;
        if (r.distance > max_) max_ = r.distance;
    }
    last_ = p;  // where the client is now expected to be
    known_ = true;
    return r;
}

}  // namespace mcalpha
