// How the trackers of a connection report: findings on the packet being
// analysed, findings on earlier frames (known only now), and links between
// frames. The session routes them to the packet's result or to its Sink.
#pragma once

#include "core/finding.hpp"
#include "results.hpp"

namespace raknet {

class Events {
public:
    virtual ~Events() = default;
    virtual void finding(const core::Finding& f) = 0;       // on the current packet
    virtual void late_finding(const core::Finding& f) = 0;  // on frame f.frame, earlier
    virtual void link(const Link& l) = 0;
};

}  // namespace raknet
