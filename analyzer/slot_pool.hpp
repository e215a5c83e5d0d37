// Objects at stable addresses, each taken again once given back: memory
// follows how many are in use at once, not how many were ever taken. For
// what a conversation holds while it is open (CaptureStream's
// conversations, RakNet's entries), which others point to.
#pragma once

#include <deque>
#include <vector>

namespace blankshark {

template <class T>
class SlotPool {
public:
    // A fresh T: one given back, reset, or a new one.
    T& take() {
        if (free_.empty()) return all_.emplace_back();
        T& t = *free_.back();
        free_.pop_back();
        t = T{};
        return t;
    }
    // `t` (taken from this pool) is no one's any more.
    void give_back(T& t) { free_.push_back(&t); }

private:
    std::deque<T> all_;     // stable addresses
    std::vector<T*> free_;  // given back
};

}  // namespace blankshark
