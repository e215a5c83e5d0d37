#include "finding_list.hpp"

#include <algorithm>
#include <stdexcept>

namespace blankshark {

using core::Finding;

namespace {
constexpr size_t kReadBuffer = 512;  // findings per source while merging

bool by_frame(const Finding& a, const Finding& b) { return a.frame < b.frame; }
}  // namespace

SpillFile::SpillFile(size_t memory_findings) : limit(memory_findings) {}

SpillFile::~SpillFile() {
    if (f_) std::fclose(f_);
}

// Raw Finding records: they live only as long as this process (`what`
// points at static strings).
uint64_t SpillFile::append(const Finding* f, size_t n) {
    if (!f_) f_ = std::tmpfile();
    if (!f_ || std::fseek(f_, 0, SEEK_END) != 0 || std::fwrite(f, sizeof *f, n, f_) != n)
        throw std::runtime_error("cannot write findings to a temporary file");
    const uint64_t at = size_;
    size_ += n;
    return at;
}

void SpillFile::read(uint64_t at, Finding* out, size_t n) const {
    if (!f_ || std::fseek(f_, long(at * sizeof(Finding)), SEEK_SET) != 0 || std::fread(out, sizeof *out, n, f_) != n)
        throw std::runtime_error("cannot read findings back from a temporary file");
}

FindingList::FindingList(FindingList&& o) noexcept
    : spill_(std::move(o.spill_)), mem_(std::move(o.mem_)), runs_(std::move(o.runs_)), spilled_(o.spilled_) {
    o.mem_.clear();
    o.spilled_ = 0;
}

FindingList& FindingList::operator=(FindingList&& o) noexcept {
    if (this != &o) {
        clear();
        spill_ = std::move(o.spill_);
        mem_ = std::move(o.mem_);
        runs_ = std::move(o.runs_);
        spilled_ = o.spilled_;
        o.mem_.clear();
        o.spilled_ = 0;
    }
    return *this;
}

FindingList::~FindingList() { clear(); }

void FindingList::clear() {
    if (spill_) spill_->in_memory -= mem_.size();
    mem_.clear();
    mem_.shrink_to_fit();
    runs_.clear();
    spilled_ = 0;
}

void FindingList::push_back(const Finding& f) {
    mem_.push_back(f);
    if (!spill_) return;
    ++spill_->in_memory;
    if (spill_->in_memory > spill_->limit && mem_.size() >= std::min(SpillFile::kMinRun, spill_->limit)) spill();
}

void FindingList::spill() {
    std::stable_sort(mem_.begin(), mem_.end(), by_frame);
    runs_.push_back(Run{spill_->append(mem_.data(), mem_.size()), mem_.size()});
    spilled_ += mem_.size();
    spill_->in_memory -= mem_.size();
    mem_ = std::vector<Finding>();  // its capacity too: what the lists hold stays near the limit, however many spill
}

void FindingList::finish() { std::stable_sort(mem_.begin(), mem_.end(), by_frame); }

FindingList::iterator FindingList::begin() const { return iterator(this); }
FindingList::iterator FindingList::end() const { return iterator(); }

FindingList::iterator::iterator(const FindingList* l) : list_(l), src_(std::make_shared<std::vector<Source>>()) {
    for (const Run& r : l->runs_) {
        Source s;
        s.at = r.at;
        s.left = r.count;
        src_->push_back(std::move(s));
    }
    Source m;
    m.memory = true;
    m.left = l->mem_.size();
    src_->push_back(std::move(m));
    done_ = false;
    advance();
}

// The next finding of source i, without taking it.
bool FindingList::iterator::head(size_t i, Finding& out) {
    Source& s = (*src_)[i];
    if (s.memory) {
        if (s.pos >= list_->mem_.size()) return false;
        out = list_->mem_[s.pos];
        return true;
    }
    if (s.pos == s.buf.size()) {
        if (!s.left) return false;
        const size_t n = size_t(std::min<uint64_t>(s.left, kReadBuffer));
        s.buf.resize(n);
        list_->spill_->read(s.at, s.buf.data(), n);
        s.at += n;
        s.left -= n;
        s.pos = 0;
    }
    out = s.buf[s.pos];
    return true;
}

void FindingList::iterator::advance() {
    // Few sources (runs of one conversation): a linear scan for the lowest
    // frame; the first source wins ties, which keeps insertion order.
    size_t best = SIZE_MAX;
    Finding f{}, bf{};
    for (size_t i = 0; i < src_->size(); ++i)
        if (head(i, f) && (best == SIZE_MAX || f.frame < bf.frame)) {
            best = i;
            bf = f;
        }
    if (best == SIZE_MAX) {
        done_ = true;
        return;
    }
    cur_ = bf;
    ++(*src_)[best].pos;
}

}  // namespace blankshark
