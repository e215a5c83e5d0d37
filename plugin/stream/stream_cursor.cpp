#include "stream_cursor.hpp"

#include <algorithm>
#include <cstring>

namespace plugin::stream {

namespace {

// Sequence number comparison, wrap-safe (RFC 1982 style).
bool after(uint32_t a, uint32_t b) { return int32_t(a - b) > 0; }

}  // namespace

uint32_t StreamCursor::begin(bool has_seq, uint32_t seq, uint32_t len, core::Framing& f) {
    if (!has_seq) seq = next_seq_;  // no TCP sequence number: taken as following on
    if (!have_seq_) {
        have_seq_ = true;
        next_seq_ = seen_end_ = seq;
    }
    call_seq_ = seq;
    const uint32_t end = seq + len;
    if (!after(seq, next_seq_)) {
        // Handed over again (or a reassembly that starts earlier): skip what was cut.
        if (after(end, seen_end_)) seen_end_ = end;
        const uint32_t behind = next_seq_ - seq;
        return behind >= len ? len : behind;
    }
    // Bytes [next_seq_, seq) did not come in order: those handed over (a
    // message not whole yet) are dropped, the rest never came.
    const uint32_t seen = after(seen_end_, next_seq_) ? (after(seen_end_, seq) ? seq : seen_end_) : next_seq_;
    const uint64_t dropped = seen - next_seq_;
    const uint64_t missing = seq - seen;
    if (missing) {
        if (!ev_.gap) {
            ev_.gap_offset = offset_ + dropped;
            ev_.gap_missing = 0;
        }
        ev_.gap = true;
        ev_.gap_missing += missing;
    }
    // A message waiting for bytes when the gap came: if its first bytes tell
    // its length, it is reported as cut and decoding resumes where it ends.
    const uint32_t declared = pending_ ? core::known_length(head_, head_len_, f) : 0;
    if (declared) {
        ev_.cut = true;
        ev_.cut_offset = offset_;
        ev_.cut_have = uint32_t(dropped);
        ev_.cut_declared = declared;
        ev_.head_len = head_len_;
        std::memcpy(ev_.head, head_, head_len_);
    }
    const uint32_t msg_end = next_seq_ + declared;
    if (declared && !after(seq, msg_end)) {
        // Wireshark's TCP keeps the message's captured bytes after the hole
        // in its reassembly and hands over what follows it.
        tail_ = after(msg_end, seq);
        tail_end_ = msg_end;
        // Decrypted bytes: the cipher lost the cut message's, so the next
        // message's first bytes do not decrypt: searched for (the analyzer's
        // rule, core::StreamBuffer::gap).
        if (f.transforms()) searching_ = true;
    } else if (!tail_ || !after(tail_end_, seq)) {
        tail_ = false;
        searching_ = true;
        skipped_ += (declared ? 0 : dropped) + missing;
        gap_missing_ += missing;
    }
    pending_ = false;
    offset_ += seq - next_seq_;
    next_seq_ = seq;
    if (after(end, seen_end_)) seen_end_ = end;
    return 0;
}

Step StreamCursor::step(uint32_t at, const uint8_t* p, uint32_t avail, core::Framing& f) {
    Step s;
    const uint32_t seq = seq_at(at);
    if (tail_) {
        if (after(tail_end_, seq)) {
            s.kind = PieceKind::Tail;
            s.length = std::min(tail_end_ - seq, avail);
            return s;
        }
        tail_ = false;
    }
    if (searching_) {
        uint32_t n = 0;
        core::Measure r = core::Measure::Invalid;
        while (n < avail && (r = f.starts_here(p + n, avail - n)) == core::Measure::Invalid) ++n;
        if (n > 0) {
            s.kind = PieceKind::Skipped;
            s.length = n;
            return s;
        }
        if (r == core::Measure::NeedMore) {
            // A later start two whole messages confirm beats waiting on this
            // candidate (core/confirmed_start.hpp, as the analyzer).
            const size_t k = f.confirms_later_starts() ? finder_.find(p, avail, stream_offset(at), 1, f) : avail;
            if (k < avail) {
                s.kind = PieceKind::Skipped;
                s.length = uint32_t(k);
                return s;
            }
            s.need_more = true;  // a candidate: wait for one more segment
            return s;
        }
        searching_ = false;
        finder_.reset();
        ev_.resync = true;
        ev_.resync_offset = stream_offset(at);
        ev_.resync_skipped = skipped_;
        ev_.resync_gap_missing = gap_missing_;
    }
    const core::MeasureResult m = f.measure(p, avail);
    switch (m.status) {
    case core::Measure::NeedMore:
        s.need_more = true;
        if (f.need_is_exact() && m.length > avail) s.length = m.length - avail;
        pending_ = true;  // its first bytes, should a gap cut it
        head_len_ = std::min<uint32_t>(avail, StreamEvents::kHead);
        std::memcpy(head_, p, head_len_);
        return s;
    case core::Measure::Invalid:
        s.kind = PieceKind::Unframed;
        s.length = std::clamp<uint32_t>(m.length, 1, avail);
        return s;
    case core::Measure::Complete: break;
    }
    s.length = m.length;
    return s;
}

void StreamCursor::cut(uint32_t at, const Step& s) {
    const uint32_t end = seq_at(at) + s.length;
    offset_ += uint32_t(end - next_seq_);
    next_seq_ = end;
    if (after(end, seen_end_)) seen_end_ = end;
    switch (s.kind) {
    case PieceKind::Message:
        skipped_ = gap_missing_ = 0;
        pending_ = false;
        break;
    case PieceKind::Unframed: searching_ = true; break;
    case PieceKind::Skipped: skipped_ += s.length; break;
    case PieceKind::Tail:
    case PieceKind::Gap: break;
    }
    ev_ = StreamEvents{};
}

}  // namespace plugin::stream
