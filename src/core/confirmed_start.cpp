#include "confirmed_start.hpp"

#include <algorithm>

#include "stream_buffer.hpp"

namespace core {

// Bounds the offsets kept for another try: past it, the oldest are dropped
// (the search then waits on its candidate, as without a finder).
constexpr size_t kMaxOpen = 4096;

StartFinder::Pair StartFinder::pair_at(const uint8_t* p, size_t avail, Framing& f) {
    const Measure first = f.starts_here(p, avail);
    if (first == Measure::Invalid) return Pair::No;
    if (first == Measure::NeedMore) return Pair::NeedMore;
    const MeasureResult r = f.measure(p, avail);
    if (r.status != Measure::Complete || r.length == 0 || r.length > avail) return Pair::No;
    if (r.length == avail) return Pair::NeedMore;
    const Measure second = f.starts_here(p + r.length, avail - r.length);
    return second == Measure::Complete ? Pair::Yes : second == Measure::NeedMore ? Pair::NeedMore : Pair::No;
}

size_t StartFinder::find(const uint8_t* p, size_t avail, uint64_t base, size_t from, Framing& f) {
    const uint64_t lo = base + from, hi = base + avail;
    // Offsets that needed more bytes last time, in order, then the new ones.
    size_t kept = 0;
    size_t found = avail;
    for (size_t i = 0; i < open_.size(); ++i) {
        const uint64_t at = open_[i];
        if (at < lo) continue;  // behind the search now
        if (at >= hi) {
            open_[kept++] = at;
            continue;
        }
        if (found == avail) {
            const Pair r = pair_at(p + (at - base), avail - size_t(at - base), f);
            if (r == Pair::Yes) found = size_t(at - base);
            if (r == Pair::No) continue;
        }
        open_[kept++] = at;
    }
    open_.resize(kept);
    if (found != avail) return found;
    for (uint64_t at = std::max(frontier_, lo); at < hi; ++at) {
        const Pair r = pair_at(p + (at - base), avail - size_t(at - base), f);
        frontier_ = at + 1;
        if (r == Pair::Yes) return size_t(at - base);
        if (r == Pair::NeedMore) {
            if (open_.size() == kMaxOpen) open_.erase(open_.begin());
            open_.push_back(at);
        }
    }
    return avail;
}

}  // namespace core
