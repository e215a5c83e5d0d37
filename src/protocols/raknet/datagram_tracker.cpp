#include "datagram_tracker.hpp"

#include "core/content_hash.hpp"
#include "findings.hpp"

namespace raknet {

using C = FindingCode;

uint32_t datagram_hash(const uint8_t* p, uint32_t len) { return uint32_t(core::content_hash(p, len)); }

// Frame numbers start at 1: an entry with frame 0 holds a NAK that came
// before its datagram.
const DatagramTracker::Entry* DatagramTracker::find(uint64_t seq) const {
    if (ring_.empty() || seq == kNoNumber) return nullptr;
    const Entry& e = ring_[ring_slot(seq, uint32_t(ring_.size()))];
    return e.seq == seq && e.frame ? &e : nullptr;
}

DatagramTracker::Entry* DatagramTracker::entry(uint64_t seq) {
    if (ring_.empty() || seq == kNoNumber) return nullptr;
    Entry& e = ring_[ring_slot(seq, uint32_t(ring_.size()))];
    return e.seq == seq ? &e : nullptr;
}

bool DatagramTracker::seen(uint64_t seq) const {
    if (seq < lowest_ || seq > highest_) return false;
    if (highest_ - seq >= ring_.size()) return true;  // beyond memory: assume so (no new hole)
    return find(seq) != nullptr;
}

DatagramTracker::Entry& DatagramTracker::slot(uint64_t seq) {
    return ring_entry<&Entry::seq>(ring_, window_, lowest_, seq);
}

void DatagramTracker::settle(Entry& e, DirectionStats& st, Events& ev) {
    if (e.seq == kNoNumber) return;
    if (e.frame && !e.ack_frame && !e.nak_frame) {
        ++st.unacked;
        ev.late_on_counter(C::Unacked, e.seq, e.frame);
    }
    e.seq = kNoNumber;
}

DatagramTracker::Verdict DatagramTracker::datagram(uint32_t seq24, uint32_t hash, uint32_t len, uint64_t frame,
                                                   double time, DirectionStats& st, Events& ev) {
    Verdict v;
    ++st.datagrams;
    if (!any_) {
        any_ = true;
        v.seq = seq24;
        highest_ = lowest_ = v.seq;
        st.seq_min = st.seq_max = v.seq;
        st.any_seq = true;
        if (seq24 != 0) {
            core::Finding f{C::MidStart};
            f.a = seq24;
            ev.finding(f);
        }
    } else {
        v.seq = unwrap24(seq24, highest_);
        v.newest = highest_;
    }
    if (const Entry* e = find(v.seq)) {
        // Seen before.
        v.original_frame = e->frame;
        core::Finding f;
        f.a = seq24;
        f.ref_frame = e->frame;
        if (e->hash != hash || e->len != len) {
            v.status = SeqStatus::Reused;
            ++st.duplicates_different;
            f.code = C::SeqReused;
        } else if (e->nak_frame && e->nak_frame != e->nak_answered) {
            // The first copy after a NAK answers it (also a NAK that
            // overtook the first copy: the receiver had not got it).
            const_cast<Entry*>(e)->nak_answered = e->nak_frame;
            v.status = SeqStatus::Resent;
            v.nak_frame = e->nak_frame;
            v.since_nak_ms = (time - e->nak_time) * 1000.0;
            ++st.duplicates_identical;
            ++st.resent_datagrams;
            f.code = C::DatagramResent;
            f.b = int64_t(v.since_nak_ms * 1000.0);
            f.ref_frame = e->nak_frame;
            st.nak_to_resend.add(v.since_nak_ms);
            Link l{e->frame, LinkKind::ResentIn, frame, (time - e->time) * 1000.0, seq24, side_};
            ev.link(l);
        } else {
            v.status = SeqStatus::Duplicate;
            ++st.duplicates_identical;
            f.code = C::SeqDuplicate;
        }
        ev.finding(f);
        return v;
    }
    ++st.distinct_seqs;
    if (v.seq > highest_) {
        if (v.seq > highest_ + 1) {
            v.status = SeqStatus::Gap;
            v.gap_first = highest_ + 1;
            v.gap_count = v.seq - highest_ - 1;
            ++st.gap_events;
            st.skipped += v.gap_count;
            ++st.gaps;
            st.missing += v.gap_count;
            core::Finding f{C::SeqGap};
            f.a = int64_t(v.gap_count);
            f.b = int64_t(v.gap_first & (kSeqModulus - 1));
            f.c = int64_t((v.seq - 1) & (kSeqModulus - 1));
            ev.finding(f);
        }
        highest_ = v.seq;
        st.seq_max = highest_;
    } else if (st.distinct_seqs > 1) {
        // Older than the newest: it fills a gap (or extends the range below
        // the first number seen).
        v.status = SeqStatus::OutOfOrder;
        ++st.out_of_order;
        if (v.seq < lowest_) {
            const uint64_t k = lowest_ - v.seq - 1;
            if (k) {
                ++st.gaps;
                st.missing += k;
            }
            lowest_ = v.seq;
            st.seq_min = lowest_;
        } else {
            if (st.missing) --st.missing;
            const bool before = seen(v.seq - 1), after = seen(v.seq + 1);
            if (before && after && st.gaps) --st.gaps;
            else if (!before && !after) ++st.gaps;
        }
    }
    Entry& e = slot(v.seq);
    if (e.seq != kNoNumber && e.seq != v.seq) settle(e, st, ev);
    const Entry early = e.seq == v.seq ? e : Entry{};  // a NAK that came before it
    if (v.status == SeqStatus::OutOfOrder) {
        core::Finding f{C::SeqOutOfOrder};
        f.a = seq24;
        f.b = int64_t(v.newest & (kSeqModulus - 1));
        if (early.nak_frame) {  // its late first copy, or its resend (jsp-raknet keeps the number)
            f.ref_frame = early.nak_frame;
            f.c = int64_t((time - early.nak_time) * 1e6);
            v.nak_frame = early.nak_frame;
            v.since_nak_ms = (time - early.nak_time) * 1000.0;
        }
        ev.finding(f);
    }
    e = Entry{};
    e.seq = v.seq;
    if (early.nak_frame) {
        e.nak_frame = early.nak_frame;
        e.nak_time = early.nak_time;
        ++st.naked;
        ev.link(Link{frame, LinkKind::NakedIn, early.nak_frame, (early.nak_time - time) * 1000.0, seq24, side_});
    }
    e.frame = frame;
    e.time = time;
    e.hash = hash;
    e.len = len;
    return v;
}

void DatagramTracker::record(const Record& r, bool nak, uint64_t frame, double time, Coverage& c,
                             std::vector<uint64_t>& links, uint32_t max_links, uint32_t& budget, DirectionStats& st,
                             Events& ev) {
    if (r.max < r.min) {
        core::Finding f{C::RangeReversed};
        f.a = r.min;
        f.b = r.max;
        ev.finding(f);
        return;
    }
    const uint64_t span = uint64_t(r.max - r.min) + 1;
    c.covered += span;
    if (!any_) {
        c.unseen += uint32_t(span);
        if (c.unseen == span) c.first_unseen = r.min;
        return;
    }
    const uint64_t lo = unwrap24(r.min, highest_), hi = lo + span - 1;
    // Numbers above any sent.
    if (hi > highest_) {
        const uint64_t from = lo > highest_ ? lo : highest_ + 1;
        if (!c.future) c.first_future = from & (kSeqModulus - 1);
        c.future += uint32_t(hi - from + 1);
    }
    // Numbers older than memory are not judged.
    const uint64_t floor = highest_ + 1 > ring_.size() ? highest_ + 1 - ring_.size() : 0;
    const uint64_t from = lo > floor ? lo : floor, to = hi < highest_ ? hi : highest_;
    for (uint64_t s = from; s <= to && from <= to && budget; ++s, --budget) {
        Entry* e = entry(s);
        if (!e || !e->frame) {
            if (s >= lowest_) {
                if (!c.unseen) c.first_unseen = s & (kSeqModulus - 1);
                ++c.unseen;
                if (nak) {
                    // Not here yet: kept for when it comes (a NAK answered
                    // once the datagram or its messages come again).
                    Entry& p = slot(s);
                    if (p.seq != s) {
                        settle(p, st, ev);
                        p = Entry{};
                        p.seq = s;
                    }
                    p.nak_frame = frame;
                    p.nak_time = time;
                }
            }
            continue;
        }
        if (nak) {
            if (!e->nak_frame) ++st.naked;
            e->nak_frame = frame;
            e->nak_time = time;
            ++c.matched;
            ev.link(Link{e->frame, LinkKind::NakedIn, frame, (time - e->time) * 1000.0, s & (kSeqModulus - 1), side_});
        } else if (e->ack_frame) {
            ++c.repeated;
            continue;
        } else {
            e->ack_frame = frame;
            const double ms = (time - e->time) * 1000.0;
            ++st.acked;
            st.ack_delay.add(ms);
            ++c.matched;
            ev.link(Link{e->frame, LinkKind::AckedIn, frame, ms, s & (kSeqModulus - 1), side_});
        }
        if (links.size() < max_links) links.push_back(e->frame);
    }
}

void DatagramTracker::finish(DirectionStats& st, Events& ev) {
    // Oldest first, so the findings come in frame order.
    if (ring_.empty()) return;
    const uint64_t n = ring_.size();
    const uint64_t from = highest_ + 1 > n ? highest_ + 1 - n : 0;
    for (uint64_t s = from; s <= highest_; ++s) {
        Entry& e = ring_[ring_slot(s, uint32_t(n))];
        if (e.seq == s) settle(e, st, ev);
    }
    for (Entry& e : ring_) settle(e, st, ev);  // any left from before the window
}

}  // namespace raknet
