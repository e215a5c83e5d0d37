#include "tcp/tcp_stream.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "tcp/tcp_connection.hpp"
#include "tcp/tcp_seq.hpp"

namespace blankshark::tcp {

bool StreamContext::live() const noexcept { return sink && conn && conn->live(); }

void StreamContext::finding(Finding kind, uint64_t offset, uint64_t length) const {
    if (!live()) return;
    FindingInfo f;
    f.kind = kind;
    f.frame = frame;
    f.time = time;
    f.stream_offset = offset;
    f.length = length;
    sink->on_finding(conn, dir, f);
}

int64_t Stream::offset_of(uint32_t seq) const noexcept { return seq_unwrap(base_, next_, seq); }

void Stream::deliver_in_place(StreamContext& c, const uint8_t* p, uint64_t n) {
    if (n == 0) return;
    if (c.live()) {
        const SegmentOrigin o{c.frame, c.time, c.frame, c.time};
        stats_.delivered_bytes += n;
        c.sink->on_data(*c.conn, c.dir, p, uint32_t(n), next_, o);
    }
    recent_.push(p, n);
    next_ += n;
    drain(c);
}

void Stream::drain(StreamContext& c) {
    while (!held_.empty() && held_.begin()->first == next_) {
        auto it = held_.begin();
        Held h = std::move(it->second);
        held_.erase(it);
        unhold(c, h.len, 1);
        if (c.live()) {  // (the consumer may release the connection from on_data: the rest goes unseen)
            const SegmentOrigin o{h.frame, h.time, c.frame, c.time};
            stats_.delivered_bytes += h.len;
            c.sink->on_data(*c.conn, c.dir, h.bytes.get(), h.len, next_, o);
        }
        recent_.push(h.bytes.get(), h.len);
        next_ += h.len;
    }
}

void Stream::hold(StreamContext& c, uint64_t at, const uint8_t* p, uint64_t n) {
    Held h;
    h.bytes.reset(new uint8_t[n]);
    std::memcpy(h.bytes.get(), p, n);
    h.len = uint32_t(n);
    h.frame = c.frame;
    h.time = c.time;
    held_.emplace(at, std::move(h));
    held_bytes_ += n;
    stats_.held_bytes_peak = std::max(stats_.held_bytes_peak, held_bytes_);
    *c.held_cost_total += n + kHeldEntryCost;
    c.totals->held_bytes += n;
    c.totals->held_bytes_peak = std::max(c.totals->held_bytes_peak, c.totals->held_bytes);
}

void Stream::unhold(StreamContext& c, uint64_t n, size_t entries) {
    held_bytes_ -= n;
    *c.held_cost_total -= n + kHeldEntryCost * entries;
    c.totals->held_bytes -= n;
}

void Stream::gap(StreamContext& c, uint64_t missing, GapReason why) {
    if (missing == 0) return;
    if (c.live()) c.sink->on_gap(*c.conn, c.dir, next_, missing, why, c.frame, c.time);
    ++stats_.gaps;
    stats_.missing_bytes += missing;
    next_ += missing;
    recent_.clear();  // what it holds no longer ends at next_
}

// Repeated bytes [at, at + n), all before next_, against the compare ring.
void Stream::compare_delivered(uint64_t at, const uint8_t* q, uint64_t n, SegmentTally& t) {
    uint64_t back = next_ - at;
    const uint64_t known = recent_.size();
    if (back > known) {
        const uint64_t u = std::min(n, back - known);
        stats_.unchecked_retransmitted_bytes += u;
        q += u;
        at += u;
        n -= u;
        back -= u;
    }
    if (n == 0) return;
    size_t first = 0;
    const size_t d = recent_.compare(size_t(back), q, size_t(n), &first);
    if (d) {
        if (t.conflicts == 0) t.first_conflict = at + first;
        t.conflicts += d;
    }
}

void Stream::data(StreamContext& c, int64_t s, const uint8_t* p, uint32_t n, SegmentTally& t) {
    if (n == 0) return;
    int64_t e = s + n;
    if (s < 0) {
        const int64_t cut = std::min<int64_t>(e, 0) - s;
        stats_.dropped_bytes += uint64_t(cut);
        c.finding(Finding::BeforeStreamStart, 0, uint64_t(cut));
        if (e <= 0) return;
        p += cut;
        s = 0;
    }
    if (s - int64_t(next_) > kMaxAhead) {
        stats_.dropped_bytes += uint64_t(e - s);
        c.finding(Finding::OutOfWindow, uint64_t(s), uint64_t(e - s));
        return;
    }
    if (fin_seen_ && e > int64_t(fin_offset_)) {
        const int64_t from = std::max<int64_t>(s, int64_t(fin_offset_));
        stats_.dropped_bytes += uint64_t(e - from);
        c.finding(Finding::DataAfterFin, uint64_t(from), uint64_t(e - from));
        e = from;
        if (e <= s) return;
    }
    uint64_t cur = uint64_t(s);
    const uint64_t end = uint64_t(e);
    if (cur == next_ && held_.empty() && c.live()) {  // the common case: in order, nothing held
        deliver_in_place(c, p, end - cur);
        return;
    }
    while (cur < end) {
        if (cur < next_) {  // delivered already (maybe just now, from held data)
            const uint64_t k = std::min(end, next_) - cur;
            compare_delivered(cur, p, k, t);
            t.retransmitted = true;
            stats_.retransmitted_bytes += k;
            p += k;
            cur += k;
            continue;
        }
        auto it = held_.upper_bound(cur);  // the first held segment starting after cur
        if (it != held_.begin()) {
            const auto prev = std::prev(it);
            const uint64_t prev_end = prev->first + prev->second.len;
            if (prev_end > cur) {  // held already: first copy wins
                const uint64_t k = std::min(end, prev_end) - cur;
                const uint8_t* h = prev->second.bytes.get() + (cur - prev->first);
                if (std::memcmp(h, p, k) != 0) {
                    for (uint64_t i = 0; i < k; ++i) {
                        if (h[i] != p[i] && t.conflicts++ == 0) t.first_conflict = cur + i;
                    }
                }
                t.retransmitted = true;
                stats_.retransmitted_bytes += k;
                p += k;
                cur += k;
                continue;
            }
        }
        const uint64_t piece_end = it == held_.end() ? end : std::min(end, it->first);
        const uint64_t k = piece_end - cur;
        if (!c.live()) {  // the connection ended: repeats are still counted, new bytes go nowhere
            stats_.dropped_bytes += k;
        } else if (cur == next_) {
            deliver_in_place(c, p, k);
        } else {
            hold(c, cur, p, k);
            t.out_of_order = true;
        }
        p += k;
        cur += k;
    }
}

// Drops held bytes at or past `at` (a FIN there).
void Stream::trim_after(StreamContext& c, uint64_t at) {
    auto it = held_.lower_bound(at);  // the first held segment starting at or after the FIN
    if (it != held_.begin()) {
        const auto prev = std::prev(it);  // starts before the FIN: keep what is before it
        const uint64_t prev_end = prev->first + prev->second.len;
        if (prev_end > at) {
            const uint64_t cut = prev_end - at;
            prev->second.len = uint32_t(at - prev->first);
            unhold(c, cut, 0);
            stats_.dropped_bytes += cut;
            c.finding(Finding::DataAfterFin, at, cut);
        }
    }
    while (it != held_.end()) {
        const uint64_t from = it->first, len = it->second.len;
        it = held_.erase(it);
        unhold(c, len, 1);
        stats_.dropped_bytes += len;
        c.finding(Finding::DataAfterFin, from, len);
    }
}

void Stream::fin(StreamContext& c, int64_t at, SegmentTally& t) {
    if (!fin_seen_) {
        if (at < int64_t(next_)) {
            c.finding(Finding::FinMismatch, at < 0 ? 0 : uint64_t(at), 0);
            return;
        }
        fin_seen_ = true;
        fin_offset_ = uint64_t(at);
        fin_frame_ = c.frame;
        fin_time_ = c.time;
        trim_after(c, fin_offset_);
    } else if (at == int64_t(fin_offset_)) {
        t.retransmitted = true;
    } else {
        c.finding(Finding::FinMismatch, at < 0 ? 0 : uint64_t(at), 0);
    }
}

bool Stream::check_fin(StreamContext& c) {
    if (!fin_seen_ || fin_delivered_ || next_ != fin_offset_) return false;
    fin_delivered_ = true;
    if (c.live()) {
        const SegmentOrigin o{fin_frame_, fin_time_, c.frame, c.time};
        c.sink->on_fin(*c.conn, c.dir, fin_offset_, o);
    }
    return true;
}

void Stream::enforce_limits(StreamContext& c) {
    bool reported = false;
    while (!held_.empty() &&
           (held_cost() > c.opt->max_held_per_direction || *c.held_cost_total > c.opt->max_held_total)) {
        const uint64_t start = held_.begin()->first;
        if (!reported) c.finding(Finding::HeldLimit, next_, start - next_);
        reported = true;
        gap(c, start - next_, GapReason::HeldLimit);
        drain(c);
    }
}

void Stream::acked(StreamContext& c, int64_t x) {
    if (!c.opt->gap_on_ack || x <= int64_t(next_) || x - int64_t(next_) > kMaxAhead) return;
    acked_ = std::max(acked_, x);
    if (ack_wait_ > 0 || !acked_hole()) return;
    // The countdown starts at the first acknowledgement past the hole and is
    // not restarted by later ones (a steady flow of ACKs would hold it off).
    ack_wait_ = c.opt->ack_reorder_segments;
    if (ack_wait_ == 0) give_up_acked(c);
}

uint64_t Stream::hole_end() const noexcept {
    if (!held_.empty()) return held_.begin()->first;
    if (fin_seen_ && !fin_delivered_) return fin_offset_;
    return next_;
}

bool Stream::acked_hole() const noexcept {
    // The receiver has every byte before acked_: a hole ending at or before
    // it holds bytes the capture missed (or has not shown yet).
    const uint64_t end = hole_end();
    return end > next_ && uint64_t(acked_) >= end;
}

void Stream::segment_passed(StreamContext& c) {
    if (ack_wait_ == 0 || --ack_wait_ > 0) return;
    give_up_acked(c);
}

void Stream::give_up_acked(StreamContext& c) {
    ack_wait_ = 0;
    while (acked_hole()) {
        gap(c, hole_end() - next_, GapReason::Acked);
        drain(c);
        check_fin(c);
    }
}

void Stream::flush(StreamContext& c, GapReason why) {
    if (ack_wait_ > 0) give_up_acked(c);  // acknowledged holes are what they are, whatever ends the wait
    while (!held_.empty()) {
        gap(c, held_.begin()->first - next_, why);
        drain(c);
    }
    if (fin_seen_ && !fin_delivered_ && next_ < fin_offset_) gap(c, fin_offset_ - next_, why);
    check_fin(c);
}

void Stream::release_memory(StreamContext& c) {
    uint64_t bytes = 0;
    for (const auto& [at, h] : held_) bytes += h.len;
    unhold(c, bytes, held_.size());
    held_.clear();
    recent_.release();
}

}  // namespace blankshark::tcp
