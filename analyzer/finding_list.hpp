// The findings of one conversation, in bounded memory: past a total of
// kMemoryFindings across a file's conversations, a list sorts what it holds
// by frame and moves it to a temporary file as one run; iterating merges the
// runs and the rest, by frame, ties in the order they were added. So `check`
// lists millions of findings with a peak RSS that does not grow with them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "core/finding.hpp"

namespace blankshark {

// The temporary file the lists of one capture file share.
class SpillFile {
public:
    explicit SpillFile(size_t memory_findings = kDefaultMemory);
    ~SpillFile();
    SpillFile(const SpillFile&) = delete;
    SpillFile& operator=(const SpillFile&) = delete;

    // About 1 MiB of findings (64 bytes each): enough that a run is long,
    // small beside a busy capture's open conversations.
    static constexpr size_t kDefaultMemory = size_t(1) << 14;
    // Findings held in memory by every list together; above the limit the
    // list being added to spills (when it holds at least kMinRun).
    size_t in_memory = 0;
    size_t limit;
    static constexpr size_t kMinRun = 256;

    uint64_t append(const core::Finding* f, size_t n);  // returns the offset (in findings)
    void read(uint64_t at, core::Finding* out, size_t n) const;

private:
    std::FILE* f_ = nullptr;
    uint64_t size_ = 0;  // findings written
};

class FindingList {
public:
    FindingList() = default;
    explicit FindingList(std::shared_ptr<SpillFile> spill) : spill_(std::move(spill)) {}
    FindingList(FindingList&& o) noexcept;
    FindingList& operator=(FindingList&& o) noexcept;
    FindingList(const FindingList&) = delete;
    FindingList& operator=(const FindingList&) = delete;
    ~FindingList();

    // Lists made before their file's SpillFile existed (map default construction).
    void attach(std::shared_ptr<SpillFile> spill) {
        if (!spill_ && mem_.empty()) spill_ = std::move(spill);
    }
    void push_back(const core::Finding& f);
    // Sorts what is in memory by frame (stable); call once every finding is in.
    void finish();
    size_t size() const { return spilled_ + mem_.size(); }
    bool empty() const { return size() == 0; }
    void clear();

    class iterator;
    iterator begin() const;
    iterator end() const;

private:
    struct Run {
        uint64_t at, count;
    };
    void spill();

    std::shared_ptr<SpillFile> spill_;
    std::vector<core::Finding> mem_;
    std::vector<Run> runs_;
    size_t spilled_ = 0;
};

// In frame order (after finish()): the spilled runs and the in-memory rest
// merged, earlier runs first on equal frames.
class FindingList::iterator {
public:
    using value_type = core::Finding;
    using reference = const core::Finding&;
    using pointer = const core::Finding*;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;

    iterator() = default;
    reference operator*() const { return cur_; }
    pointer operator->() const { return &cur_; }
    iterator& operator++() {
        advance();
        return *this;
    }
    bool operator==(const iterator& o) const { return done_ == o.done_; }
    bool operator!=(const iterator& o) const { return !(*this == o); }

private:
    friend class FindingList;
    struct Source {
        uint64_t at = 0, left = 0;  // in the file; memory: index into mem_
        std::vector<core::Finding> buf;
        size_t pos = 0;
        bool memory = false;
    };
    explicit iterator(const FindingList* l);
    bool head(size_t i, core::Finding& out);
    void advance();

    const FindingList* list_ = nullptr;
    std::shared_ptr<std::vector<Source>> src_;  // shared: iterators are copied around
    core::Finding cur_{};
    bool done_ = true;
};

}  // namespace blankshark
