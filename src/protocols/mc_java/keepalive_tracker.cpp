#include "keepalive_tracker.hpp"

#include <algorithm>

namespace mcjava {

RequestTracker::RequestTracker(ExchangeKind kind, FindingCode unanswered, FindingCode unknown, double window,
                               double slow)
    : kind_(kind), unanswered_(unanswered), unknown_code_(unknown), window_(window), slow_(slow) {
    pending_.reserve(16);
}

PacketLink RequestTracker::request(Packet& p, int64_t id) {
    Exchange e;
    e.kind = kind_;
    e.id = id;
    e.request_frame = p.span.last.frame;
    e.request_time = p.span.last.time;
    all_.push_back(e);
    wait_for(&all_.back());
    return {&all_.back(), false};
}

PacketLink RequestTracker::answer(Packet& p, int64_t id) {
    const auto it = std::find_if(pending_.begin(), pending_.end(), [&](const Exchange* e) { return e->id == id; });
    if (it == pending_.end()) {
        ++unknown_;
        p.add({unknown_code_, 0, p.data_len, id});
        return {};
    }
    Exchange* e = *it;
    pending_.erase(it);
    e->answer_frame = p.span.last.frame;
    e->answer_time = p.span.last.time;
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
    for (const std::vector<Exchange*>* list : {&expired_, &pending_})
    for (const Exchange* e : *list) {
        // b: milliseconds it waited until the connection's last packet; c: the window.
        core::Finding f{unanswered_, 0, 0, e->id, int64_t((end_time - e->request_time) * 1000.0 + 0.5),
                        int64_t(window_)};
        f.frame = e->request_frame;
        out.add(f);
    }
}

}  // namespace mcjava
