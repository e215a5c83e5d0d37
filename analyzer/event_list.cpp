#include "event_list.hpp"

namespace blankshark {

void EventList::add(const ReportEvent& e) {
    if (total_++ % stride_) return;
    if (ev_.size() == cap_) {  // keep every other one, and from now on every 2*stride-th
        size_t j = 0;
        for (size_t i = 0; i < ev_.size(); i += 2) ev_[j++] = ev_[i];
        ev_.resize(j);
        stride_ *= 2;
        if ((total_ - 1) % stride_) return;
    }
    ev_.push_back(e);
}

}  // namespace blankshark
