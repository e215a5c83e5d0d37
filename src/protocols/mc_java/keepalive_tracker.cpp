#include "keepalive_tracker.hpp"

#include <algorithm>

namespace mcjava {

RequestTracker::RequestTracker(ExchangeKind kind, FindingCode unanswered, FindingCode unknown, double window,
                               double slow)
    : kind_(kind), unanswered_(unanswered), unknown_code_(unknown), window_(window), slow_(slow) {}

PacketLink RequestTracker::request(Packet& p, int64_t id) {
    requested_ = true;
    return {&list_.wait(ExchangeList::request(kind_, id, p.span)), false};
}

PacketLink RequestTracker::answer(Packet& p, int64_t id) {
    Exchange* e = list_.answer(id, p.span);
    if (!e && picked_up_ && !requested_) return {};
    if (!e) {
        ++unknown_;
        p.add({unknown_code_, 0, p.data_len, id});
        return {};
    }
    const double d = e->delay();
    delays_.add(float(d));
    if (window_ > 0 && d > window_) {
        ++late_;
        p.add({FindingCode::KeepAliveLate, 0, p.data_len, id, int64_t(d * 1000.0 + 0.5), int64_t(window_)});
    } else if (slow_ > 0 && d > slow_) {
        ++slow_count_;
        p.add({FindingCode::KeepAliveSlow, 0, p.data_len, id, int64_t(d * 1000.0 + 0.5), int64_t(slow_ * 1000.0 + 0.5)});
    }
    return {e, true};
}

void RequestTracker::finish(EndFindings& out, double end_time) const {
    list_.each_unanswered([&](const Exchange& e) {
        // b: milliseconds it waited until the connection's last packet; c: the window.
        core::Finding f{unanswered_, 0, 0, e.id, int64_t((end_time - e.request_time) * 1000.0 + 0.5),
                        int64_t(window_)};
        f.frame = e.request_frame;
        out.add(f);
    });
}

}  // namespace mcjava
