// A protocol pass's summaries (conversation_summary.hpp), one per open
// conversation by its id, made at first use, dropped when it ends; none at
// all when the command keeps none (decode).
#pragma once

#include <memory>
#include <unordered_map>

#include "capture_stream.hpp"

namespace blankshark {

template <class S>
class SummaryTable {
public:
    explicit SummaryTable(bool keep) : keep_(keep) {}
    // c's summary, or null when none are kept. Stays where it is until
    // drop(c).
    const std::shared_ptr<S>* of(const Conversation* c) {
        if (!keep_) return nullptr;
        if (c->id == last_id_) return last_;  // consecutive packets mostly share a conversation
        std::shared_ptr<S>& s = by_id_[c->id];
        if (!s) s = std::make_shared<S>();
        last_id_ = c->id;
        return last_ = &s;
    }
    // Lets go of c's summary (its conversation is over; whoever took it keeps it).
    void drop(const Conversation* c) {
        by_id_.erase(c->id);
        if (last_id_ == c->id) last_id_ = 0;
    }

private:
    bool keep_;
    // The open conversations' (node-based: an entry stays where it is).
    std::unordered_map<uint32_t, std::shared_ptr<S>> by_id_;
    uint32_t last_id_ = 0;  // ids start at 1
    std::shared_ptr<S>* last_ = nullptr;
};

}  // namespace blankshark
