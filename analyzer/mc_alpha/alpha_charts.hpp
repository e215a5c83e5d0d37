// Minecraft Alpha's charts in `blankshark report`, per connection: the
// interval between each side's Keep Alives, the server's corrections of the
// client's position (distance, with the warning threshold), and the Map
// Chunks received over time. Collected while the file is read, in bounded
// memory (event_list.hpp), for the first `max` conversations.
#pragma once

#include <cstdint>
#include <vector>

#include "event_list.hpp"
#include "mc_alpha/alpha_flows.hpp"
#include "output.hpp"

namespace blankshark {

class AlphaCharts {
public:
    explicit AlphaCharts(uint32_t max) : max_(max) {}
    void message(const AlphaMessage& am);
    // Conversation `id`'s charts between t0 and t1; false when it has none.
    bool chart(Output& out, uint32_t id, double t0, double t1) const;

private:
    struct Series {
        EventList keepalives, corrections, map_chunks;
        bool any = false;
    };
    uint32_t max_;
    std::vector<Series> by_id_;
};

}  // namespace blankshark
