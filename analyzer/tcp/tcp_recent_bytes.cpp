#include "tcp/tcp_recent_bytes.hpp"

#include <algorithm>
#include <cstring>

namespace blankshark::tcp {

namespace {
constexpr size_t kFirstCapacity = 1024;
}

void RecentBytes::release() noexcept {
    buf_.reset();
    cap_ = end_ = size_ = 0;
}

void RecentBytes::grow(size_t want) {
    size_t cap = std::max(cap_ ? cap_ : kFirstCapacity, size_t(1));
    while (cap < want && cap < limit_) cap *= 2;
    cap = std::min(cap, size_t(limit_));
    if (cap <= cap_) return;
    std::unique_ptr<uint8_t[]> b(new uint8_t[cap]);
    // Linearise: the oldest known byte goes to 0.
    const size_t start = (end_ + cap_ - size_) % (cap_ ? cap_ : 1);
    const size_t first = std::min(size_, cap_ - start);
    if (size_) {
        std::memcpy(b.get(), buf_.get() + start, first);
        std::memcpy(b.get() + first, buf_.get(), size_ - first);
    }
    buf_ = std::move(b);
    cap_ = cap;
    end_ = size_ % cap_;
}

void RecentBytes::push(const uint8_t* p, size_t n) {
    if (limit_ == 0 || n == 0) return;
    if (size_ + n > cap_ && cap_ < limit_) grow(size_ + n);
    if (n >= cap_) {  // only the last cap_ bytes stay
        std::memcpy(buf_.get(), p + (n - cap_), cap_);
        end_ = 0;
        size_ = cap_;
        return;
    }
    const size_t first = std::min(n, cap_ - end_);
    std::memcpy(buf_.get() + end_, p, first);
    std::memcpy(buf_.get(), p + first, n - first);
    end_ = (end_ + n) % cap_;
    size_ = std::min(cap_, size_ + n);
}

size_t RecentBytes::compare(size_t back, const uint8_t* q, size_t n, size_t* first_diff) const noexcept {
    if (n == 0 || back > size_ || n > back) return 0;
    size_t at = (end_ + cap_ - back) % cap_;  // ring index of q[0]'s counterpart
    size_t diffs = 0, i = 0;
    while (i < n) {
        const size_t run = std::min(n - i, cap_ - at);
        if (std::memcmp(buf_.get() + at, q + i, run) != 0) {
            for (size_t k = 0; k < run; ++k) {
                if (buf_[at + k] != q[i + k]) {
                    if (diffs++ == 0 && first_diff) *first_diff = i + k;
                }
            }
        }
        i += run;
        at = 0;
    }
    return diffs;
}

}  // namespace blankshark::tcp
