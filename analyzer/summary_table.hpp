// A protocol pass's summaries (conversation_summary.hpp), one per
// conversation by its id, made at first use; none at all when the command
// keeps none (decode).
#pragma once

#include <memory>
#include <vector>

#include "capture_stream.hpp"

namespace blankshark {

template <class S>
class SummaryTable {
public:
    explicit SummaryTable(bool keep) : keep_(keep) {}
    // c's summary, or null when none are kept. Valid until the next call
    // (the table grows).
    const std::shared_ptr<S>* of(const Conversation* c) {
        if (!keep_) return nullptr;
        if (by_id_.size() <= c->id) by_id_.resize(c->id + 1);
        std::shared_ptr<S>& s = by_id_[c->id];
        if (!s) s = std::make_shared<S>();
        return &s;
    }

    // Lets go of c's summary (its conversation is over; whoever took it keeps it).
    void drop(const Conversation* c) {
        if (c->id < by_id_.size()) by_id_[c->id].reset();
    }

private:
    bool keep_;
    std::vector<std::shared_ptr<S>> by_id_;
};

}  // namespace blankshark
