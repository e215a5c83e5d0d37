#include "keepalive_tracker.hpp"

#include <algorithm>

namespace mcjava {

RequestTracker::RequestTracker(ExchangeKind kind, FindingCode unanswered, FindingCode unknown, double window)
    : kind_(kind), unanswered_(unanswered), unknown_code_(unknown), window_(window) {
    pending_.reserve(16);
}

PacketLink RequestTracker::request(Packet& p, int64_t id) {
    Exchange e;
    e.kind = kind_;
    e.id = id;
    e.request_frame = p.span.last.frame;
    e.request_time = p.span.last.time;
    all_.push_back(e);
    pending_.push_back(&all_.back());
    for (const Exchange* w : pending_) max_wait_ = std::max(max_wait_, p.span.last.time - w->request_time);
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
    max_wait_ = std::max(max_wait_, d);
    if (window_ > 0 && d > window_) {
        ++late_;
        p.add({FindingCode::KeepAliveLate, 0, p.data_len, id, int64_t(d * 1000.0 + 0.5), int64_t(window_)});
    }
    return {e, true};
}

void RequestTracker::finish(EndFindings& out) const {
    for (const Exchange* e : pending_) {
        core::Finding f{unanswered_, 0, 0, e->id};
        f.frame = e->request_frame;
        out.add(f);
    }
}

}  // namespace mcjava
