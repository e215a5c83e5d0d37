// The last bytes delivered in one TCP direction, kept to compare
// retransmissions with: a ring of at most `limit` bytes, allocated on first
// use and grown by doubling (so a short stream costs little and a long one
// stops allocating once the ring is full).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace blankshark::tcp {

class RecentBytes {
public:
    explicit RecentBytes(uint32_t limit = 0) noexcept : limit_(limit) {}

    // Appends bytes at the end, forgetting the oldest past the limit.
    void push(const uint8_t* p, size_t n);
    // Forgets everything (after a gap the bytes before it no longer adjoin).
    void clear() noexcept { size_ = 0; }
    // Frees the memory too.
    void release() noexcept;
    // How many of the last bytes are known.
    size_t size() const noexcept { return size_; }
    size_t capacity() const noexcept { return cap_; }
    // Compares q[0..n) with the known bytes that start `back` bytes before
    // the end (n <= back <= size()). Returns how many differ; *first_diff is
    // the index of the first that does (untouched when none does).
    size_t compare(size_t back, const uint8_t* q, size_t n, size_t* first_diff) const noexcept;

private:
    void grow(size_t want);

    std::unique_ptr<uint8_t[]> buf_;
    size_t cap_ = 0;   // allocated
    size_t end_ = 0;   // where the next byte goes
    size_t size_ = 0;  // known bytes before end_
    uint32_t limit_;
};

}  // namespace blankshark::tcp
