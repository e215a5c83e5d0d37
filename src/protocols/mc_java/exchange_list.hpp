// One kind of exchange on a connection (Keep Alives, status pings,
// teleports): every request kept for the connection's lifetime (stable
// addresses for the front ends' links), and those still waiting for their
// answer, oldest first. Beyond kMaxPending waiting (hostile or broken
// traffic) the oldest gives up waiting (expired): matching an answer stays
// linear in a bounded list.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "core/stream_buffer.hpp"
#include "exchange.hpp"

namespace mcjava {

class ExchangeList {
public:
    explicit ExchangeList(size_t reserve) { pending_.reserve(reserve); }

    // A request of `kind` with `id`, in the frame that completed `at`.
    static Exchange request(ExchangeKind kind, int64_t id, const core::Span& at) {
        Exchange e;
        e.kind = kind;
        e.id = id;
        e.request_frame = at.last.frame;
        e.request_time = at.last.time;
        return e;
    }
    // Keeps `e`, waiting for its answer.
    const Exchange& wait(const Exchange& e) {
        all_.push_back(e);
        if (pending_.size() >= kMaxPending) {
            expired_.push_back(pending_.front());
            pending_.erase(pending_.begin());
        }
        pending_.push_back(&all_.back());
        return all_.back();
    }
    // Keeps `e`, which nothing answers.
    const Exchange& keep(const Exchange& e) {
        all_.push_back(e);
        return all_.back();
    }
    // The oldest request waiting with `id`, now answered in the frame that
    // completed `at`; null when none waits.
    Exchange* answer(int64_t id, const core::Span& at) {
        const auto it = std::find_if(pending_.begin(), pending_.end(), [&](const Exchange* e) { return e->id == id; });
        if (it == pending_.end()) return nullptr;
        Exchange* e = *it;
        pending_.erase(it);
        e->answer_frame = at.last.frame;
        e->answer_time = at.last.time;
        return e;
    }
    // f(e) for every request never answered: the expired, then the waiting.
    template <class F>
    void each_unanswered(F f) const {
        for (const Exchange* e : expired_) f(*e);
        for (const Exchange* e : pending_) f(*e);
    }

    const std::deque<Exchange>& all() const { return all_; }
    uint64_t unanswered() const { return pending_.size() + expired_.size(); }

private:
    static constexpr size_t kMaxPending = 1024;
    std::deque<Exchange> all_;
    std::vector<Exchange*> pending_, expired_;
};

}  // namespace mcjava
