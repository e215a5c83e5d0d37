#include "stream_buffer.hpp"

#include <algorithm>

namespace core {

namespace {

// Beyond the largest message, bytes held while searching for a boundary.
constexpr size_t kSearchSlack = 64 * 1024;

}  // namespace

// Origins of a buffered message reserved at once: a message over more
// segments than this (1-byte segments of a long message) grows the list.
constexpr size_t kReservedMarks = 64;

void StreamBuffer::append(const uint8_t* p, size_t n, uint64_t offset, const Origin& o) {
    if (marks_.capacity() < kReservedMarks) marks_.reserve(kReservedMarks);
    if (buf_.empty()) {
        buf_offset_ = offset;
        buf_first_ = o;
        marks_.clear();
    }
    if (marks_.empty() || marks_.back().second.frame != o.frame || marks_.back().second.carried != o.carried)
        marks_.emplace_back(offset, o);
    buf_.insert(buf_.end(), p, p + n);
}

Origin StreamBuffer::origin_at(uint64_t offset) const {
    Origin o = buf_first_;
    for (const auto& m : marks_) {
        if (m.first > offset) break;
        o = m.second;
    }
    return o;
}

uint32_t known_length(const uint8_t* p, size_t have, Framing& f) {
    // Grown as measuring asks, at least doubling (parsing may reveal one
    // field at a time: an array of many small items), never past the
    // largest message: a few measures per gap.
    const size_t cap = size_t(f.max_message());
    if (have == 0 || have >= cap) return 0;
    std::vector<uint8_t> t(p, p + have);
    MeasureResult zero{Measure::NeedMore, 0};
    for (size_t size = std::min(cap, std::max<size_t>(have * 2, 64));;) {
        t.resize(size, 0x00);
        zero = f.measure(t.data(), t.size());
        if (zero.status != Measure::NeedMore || size == cap) break;
        size = std::min(cap, std::max<size_t>(size * 2, zero.length));
    }
    if (zero.status != Measure::Complete || zero.length <= have) return 0;
    t.resize(zero.length);
    std::fill(t.begin() + long(have), t.end(), 0xFF);
    const MeasureResult ones = f.measure(t.data(), t.size());
    return ones.status == Measure::Complete && ones.length == zero.length ? zero.length : 0;
}

void StreamBuffer::gap(uint64_t offset, uint64_t missing, const Origin& o, Framing& f, StreamSink& sink) {
    const uint64_t gap_end = offset + missing;
    if (skipping_) {
        // Inside the rest of a message cut before: it still ends where it said.
        if (skip_until_ >= gap_end) return;
        skipping_ = false;
        skipped_ += gap_end - skip_until_;  // its next message starts in this gap
        buf_offset_ = gap_end;
        buf_first_ = o;
        resync_ = true;
        return;
    }
    if (!buf_.empty() && !resync_) {
        if (const uint32_t declared = known_length(buf_.data(), buf_.size(), f)) {
            sink.cut(buf_.data(), uint32_t(buf_.size()), declared, Span{buf_offset_, buf_first_, o});
            const uint64_t end = buf_offset_ + declared;
            buf_.clear();
            marks_.clear();
            if (end >= gap_end) {  // resume where it ends
                skipping_ = end > gap_end;
                skip_until_ = end;
                buf_offset_ = end;
                // Transformed (decrypted) bytes: the cipher lost the cut
                // message's bytes (and a desegmenting dissector never sees
                // those after the hole), so the next message's first ones do
                // not decrypt: it is searched for from here.
                if (f.transforms()) resync_ = true;
                return;
            }
            skipped_ += gap_end - end;  // it ends inside the gap: where the next starts is not known
            buf_offset_ = gap_end;
            buf_first_ = o;
            resync_ = true;
            return;
        }
    }
    skipped_ += buf_.size() + missing;
    buf_.clear();
    marks_.clear();
    buf_offset_ = gap_end;
    buf_first_ = o;
    resync_ = true;
}

void StreamBuffer::transform_buffered(uint64_t at, Framing& f) {
    const uint64_t end = buf_offset_ + buf_.size();
    const uint64_t from = std::max(transformed_to_, at);
    if (from < end) f.transform(buf_.data() + (from - buf_offset_), size_t(end - from));
    transformed_to_ = std::max(transformed_to_, end);
}

void StreamBuffer::push(const uint8_t* p, size_t n, uint64_t offset, const Origin& o, Framing& f, StreamSink& sink) {
    if (n == 0) return;
    if (skipping_) {
        // The rest of a message a gap cut (reported by gap()).
        if (offset + n <= skip_until_) return;
        const size_t drop = skip_until_ > offset ? size_t(skip_until_ - offset) : 0;
        p += drop;
        n -= drop;
        offset += drop;
        skipping_ = false;
    }
    if (f.transforms()) {
        // Rewritten bytes live in the buffer (the caller's are const).
        append(p, n, offset, o);
        cut(nullptr, 0, offset + n, o, f, sink);
        return;
    }
    if (resync_ || !buf_.empty()) {
        // Complete the buffered message first, taking only what it needs.
        while (n > 0 && !buf_.empty() && !resync_) {
            const MeasureResult r = f.measure(buf_.data(), buf_.size());
            if (r.status == Measure::Complete) break;
            if (r.status == Measure::Invalid) break;
            size_t take = r.length > buf_.size() ? std::min<size_t>(r.length - buf_.size(), n) : n;
            if (buf_.size() + take > f.max_message() + kSearchSlack) take = n;  // cut() gives up on it
            append(p, take, offset, o);
            p += take;
            n -= take;
            offset += take;
        }
        if (resync_) {
            append(p, n, offset, o);
            offset += n;
            n = 0;
        }
        cut(nullptr, 0, offset, o, f, sink);
        if (n == 0) return;
        if (!buf_.empty()) {  // still incomplete (cannot happen with bytes left), keep it all
            append(p, n, offset, o);
            cut(nullptr, 0, offset + n, o, f, sink);
            return;
        }
    }
    cut(p, n, offset, o, f, sink);
}

// Frames from buf_ when p is null, else from p[0, n) without copying; what
// stays incomplete ends up in buf_.
void StreamBuffer::cut(const uint8_t* p, size_t n, uint64_t offset, const Origin& o, Framing& f, StreamSink& sink) {
    const bool from_buf = p == nullptr;
    size_t pos = 0;
    for (;;) {
        const uint8_t* data = from_buf ? buf_.data() + pos : p + pos;
        const size_t avail = (from_buf ? buf_.size() : n) - pos;
        const uint64_t at = from_buf ? buf_offset_ + pos : offset + pos;
        if (avail == 0) break;
        if (f.transforms()) {
            if (!from_buf) {
                // The framing switched to transforming at this message: the
                // rest goes through the buffer.
                append(p + pos, n - pos, at, o);
                cut(nullptr, 0, offset + n, o, f, sink);
                return;
            }
            transform_buffered(at, f);
        }
        if (resync_) {
            // Look for the first offset where a message starts.
            size_t i = 0;
            bool found = false, wait = false;
            for (; i < avail; ++i) {
                const Measure m = f.starts_here(data + i, avail - i);
                if (m == Measure::Complete) {
                    found = true;
                    break;
                }
                if (m == Measure::NeedMore && !ended_ && avail - i <= f.max_message() + 16) {
                    // A later start two whole messages confirm beats waiting
                    // on this one (confirmed_start.hpp).
                    const size_t k = f.confirms_later_starts() ? finder_.find(data, avail, at, i + 1, f) : avail;
                    if (k < avail) {
                        i = k;
                        found = true;
                        break;
                    }
                    wait = true;
                    break;
                }
            }
            skipped_ += i;
            pos += i;
            if (!found) {
                if (!wait) {
                    pos = from_buf ? buf_.size() : n;  // nothing here: all skipped
                } else {
                    // keep from the candidate on
                }
                break;
            }
            resync_ = false;
            finder_.reset();
            Span s{at + i, from_buf ? origin_at(at + i) : o, o};
            sink.resynchronised(skipped_, s);
            skipped_ = 0;
            continue;
        }
        const MeasureResult r = f.measure(data, avail);
        if (r.status == Measure::Complete && r.length <= avail && r.length > 0) {
            Span s{at, from_buf ? origin_at(at) : o, from_buf ? origin_at(at + r.length - 1) : o};
            sink.message(data, r.length, s);
            pos += r.length;
            skipped_ = 0;
            continue;
        }
        if (r.status == Measure::Invalid || (r.status == Measure::NeedMore && avail > f.max_message() + kSearchSlack)) {
            const uint32_t k = r.status == Measure::Invalid && r.length > 0 ? uint32_t(std::min<size_t>(r.length, avail))
                                                                              : uint32_t(avail);
            Span s{at, from_buf ? origin_at(at) : o, from_buf ? origin_at(at + k - 1) : o};
            sink.invalid(data, k, s);
            pos += k;
            resync_ = true;
            continue;
        }
        break;  // NeedMore
    }
    // Keep what is left for the next piece.
    if (from_buf) {
        if (pos > 0) {
            if (pos < buf_.size()) {
                buf_first_ = origin_at(buf_offset_ + pos);
                buf_.erase(buf_.begin(), buf_.begin() + long(pos));
                buf_offset_ += pos;
                while (marks_.size() > 1 && marks_[1].first <= buf_offset_) marks_.erase(marks_.begin());
            } else {
                buf_.clear();
                marks_.clear();
                buf_offset_ += pos;
            }
        }
    } else if (pos < n) {
        buf_.clear();
        append(p + pos, n - pos, offset + pos, o);
    }
}

void StreamBuffer::finish(Framing& f, StreamSink& sink) {
    if (buf_.empty()) return;
    ended_ = true;
    cut(nullptr, 0, buf_offset_ + buf_.size(), buf_first_, f, sink);
}

}  // namespace core
