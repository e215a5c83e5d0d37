#include "message_tracker.hpp"

#include "findings.hpp"

namespace raknet {

using C = FindingCode;

MessageTracker::Entry& MessageTracker::slot(uint64_t index) {
    return ring_entry<&Entry::index>(ring_, window_, lowest_, index);
}

void MessageTracker::settle(Entry& e, const DatagramTracker& dgrams, DirectionStats& st, Events& ev) {
    if (e.index == kNoNumber) return;
    // Unacknowledged: every datagram that carried it is still known and none
    // was acknowledged.
    bool known = e.ncarriers > 0, acked = false;
    for (uint8_t i = 0; i < e.ncarriers; ++i) {
        const DatagramTracker::Entry* d = dgrams.find(e.carriers[i]);
        if (!d) known = false;
        else if (d->ack_frame) acked = true;
    }
    if (known && !acked) {
        ++st.reliable_unacked;
        ev.late_on_counter(C::ReliableUnacked, e.index, e.frame);
    }
    e.index = kNoNumber;
}

void MessageTracker::settle_until(uint64_t until, const DatagramTracker& dgrams, DirectionStats& st, Events& ev) {
    for (; next_settle_ <= until && next_settle_ <= highest_; ++next_settle_) {
        const uint64_t i = next_settle_;
        if (i > written_) {
            // Never written (a jump past them): one hole, in one step.
            if (hole_start_ == kNoNumber) hole_start_ = i;
            next_settle_ = (until < written_next_ ? until : written_next_ - 1);
            continue;
        }
        Entry* e = ring_.empty() ? nullptr : &ring_[ring_slot(i, uint32_t(ring_.size()))];
        if (!e || e->index != i) {
            if (hole_start_ == kNoNumber) hole_start_ = i;
            continue;
        }
        if (hole_start_ != kNoNumber) {
            // The hole ends before this index: reported where it shows.
            core::Finding f{C::ReliableHole};
            f.a = int64_t(i - hole_start_);
            f.b = int64_t(hole_start_ & (kSeqModulus - 1));
            f.c = int64_t((i - 1) & (kSeqModulus - 1));
            f.frame = e->frame;
            ev.late_finding(f);
            hole_start_ = kNoNumber;
        }
        settle(*e, dgrams, st, ev);
    }
}

MessageTracker::Verdict MessageTracker::frame(uint32_t index24, uint64_t dgram_seq, uint64_t frame, double time,
                                              const DatagramTracker& dgrams, DirectionStats& st, Events& ev) {
    Verdict v;
    uint64_t index;
    if (!any_) {
        any_ = true;
        index = index24;
        highest_ = lowest_ = next_settle_ = written_ = index;
        st.any_message_index = true;
        st.message_index_min = st.message_index_max = index;
    } else {
        index = unwrap24(index24, highest_);
    }
    if (any_ && index < next_settle_) {
        // Older than what is remembered: judged already; count it, no link.
        if (index < lowest_) {
            lowest_ = index;
            st.message_index_min = index;
        }
        ++st.message_indexes;
        return v;
    }
    Entry& e = slot(index);
    if (e.index == index) {
        v.resend = true;
        v.original_frame = e.frame;
        v.since_original_ms = (time - e.time) * 1000.0;
        // The NAK that reported a datagram that carried it, latest first,
        // unless an earlier resend answered it: then this one came on a
        // timeout.
        for (uint8_t i = e.ncarriers; i-- > 0;) {
            const DatagramTracker::Entry* d = dgrams.find(e.carriers[i]);
            if (d && d->nak_frame && d->nak_time <= time) {
                if (d->nak_frame > e.nak_answered) {
                    v.nak_frame = d->nak_frame;
                    v.since_nak_ms = (time - d->nak_time) * 1000.0;
                    e.nak_answered = d->nak_frame;
                }
                break;
            }
        }
        ++st.resent_frames;
        if (v.nak_frame) {
            ++st.resends_after_nak;
            st.nak_to_resend.add(v.since_nak_ms);
        }
        if (e.ncarriers == kCarriers) {
            for (uint8_t i = 1; i < kCarriers; ++i) e.carriers[i - 1] = e.carriers[i];
            --e.ncarriers;
        }
        e.carriers[e.ncarriers++] = dgram_seq;
        core::Finding f{C::FrameResent};
        f.a = index24;
        f.b = int64_t(v.nak_frame);
        f.c = int64_t(v.since_nak_ms * 1000.0);
        f.ref_frame = e.frame;
        ev.finding(f);
        ev.link(Link{e.frame, LinkKind::ResentIn, frame, v.since_original_ms, index24, side_});
        return v;
    }
    // First sighting.
    ++st.message_indexes;
    if (index > highest_) {
        // Indexes above the old highest and below this one were never written.
        written_ = highest_;
        written_next_ = index;
        highest_ = index;
        st.message_index_max = index;
    }
    if (index < lowest_) {
        lowest_ = index;
        st.message_index_min = index;
    }
    if (highest_ >= window_) settle_until(highest_ - window_, dgrams, st, ev);
    written_ = highest_;
    if (e.index != kNoNumber && e.index != index) settle(e, dgrams, st, ev);
    e = Entry{};
    e.index = index;
    e.frame = frame;
    e.time = time;
    e.carriers[0] = dgram_seq;
    e.ncarriers = 1;
    return v;
}

void MessageTracker::finish(const DatagramTracker& dgrams, DirectionStats& st, Events& ev) {
    if (!any_) return;
    written_ = highest_;
    settle_until(highest_, dgrams, st, ev);
    st.message_indexes_never_seen = st.message_index_max - st.message_index_min + 1 - st.message_indexes;
}

}  // namespace raknet
