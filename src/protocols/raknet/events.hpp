// How the trackers of a connection report: findings on the packet being
// analysed, findings on earlier frames (known only now), and links between
// frames. The session routes them to the packet's result or to its Sink.
#pragma once

#include <cstdint>

#include "constants.hpp"
#include "core/finding.hpp"
#include "results.hpp"

namespace raknet {

class Events {
public:
    virtual ~Events() = default;
    virtual void finding(const core::Finding& f) = 0;       // on the current packet
    virtual void late_finding(const core::Finding& f) = 0;  // on frame f.frame, earlier
    virtual void link(const Link& l) = 0;

    // A finding on the earlier frame `frame` about 24-bit counter `n` (a).
    void late_on_counter(core::Code code, uint64_t n, uint64_t frame) {
        core::Finding f{code};
        f.a = int64_t(n & (kSeqModulus - 1));
        f.frame = frame;
        late_finding(f);
    }
};

}  // namespace raknet
