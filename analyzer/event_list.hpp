// A report chart's marks of one kind, in bounded memory: once the list is
// full it keeps every 2nd, then 4th, ... event, so a long capture still
// shows all of its span (and says how many were drawn of how many).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace blankshark {

// An event shown as a marker.
struct ReportEvent {
    double time;
    double value;  // seq, distance, ...
    uint64_t frame, ref_frame;
    uint32_t count;
    uint8_t dir;  // 0 client -> server, 1 server -> client
};

// Events of one kind, at most `cap`, evenly thinned.
class EventList {
public:
    explicit EventList(size_t cap = 2000) : cap_(cap) {}
    void add(const ReportEvent& e);
    const std::vector<ReportEvent>& events() const { return ev_; }
    uint64_t total() const { return total_; }
    bool thinned() const { return stride_ > 1; }

private:
    size_t cap_;
    uint64_t total_ = 0, stride_ = 1;
    std::vector<ReportEvent> ev_;
};

}  // namespace blankshark
