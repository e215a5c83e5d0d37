#include "seq_tracker.hpp"

#include "ack_rule.hpp"

#include <algorithm>
#include <cmath>

namespace blank {
namespace {

Finding at(FindingCode c, const PacketRef& p, int64_t a = 0, int64_t b = 0, int64_t cc = 0, uint64_t ref = 0) {
    Finding f{c, 0, 0, a, b, cc};
    f.frame = p.frame;
    f.ref_frame = ref;
    return f;
}

size_t ring_index(int64_t seq, size_t n) {
    const int64_t r = seq % int64_t(n);  // one division (the window need not be a power of two)
    return size_t(r < 0 ? r + int64_t(n) : r);
}

}  // namespace

SeqTracker::Slot* SeqTracker::slot(Direction& d, int64_t seq) {
    if (d.ring.empty()) d.ring.resize(cfg_.window ? cfg_.window : 1);
    return &d.ring[ring_index(seq, d.ring.size())];
}

const SeqRecord* SeqTracker::held(Role sender, uint64_t frame) const {
    if (sender == Role::Unknown) return nullptr;
    const std::deque<SeqRecord>& r = dir_[index(sender)].records;  // in capture (frame) order
    const auto it =
        std::lower_bound(r.begin(), r.end(), frame, [](const SeqRecord& x, uint64_t f) { return x.frame < f; });
    return it != r.end() && it->frame == frame ? &*it : nullptr;
}

SeqRecord* SeqTracker::record_of(Direction& d, int64_t seq) {
    if (!d.any || seq < d.min || seq > d.max) return nullptr;
    Slot* s = slot(d, seq);
    return s->seq == seq ? rec(d, s->record) : nullptr;
}

void SeqTracker::on_packet(const PacketRef& p, Role sender, uint16_t ack, uint32_t hist, uint8_t type, uint32_t bytes,
                           uint64_t content_hash, const PlayerState* player, int corrects, SeqFrame& out,
                           FindingSink& sink) {
    out = SeqFrame{};
    acks_now_ = AckSample{};
    if (sender == Role::Unknown) return;
    Direction& d = dir_[index(sender)];
    Direction& o = dir_[1 - index(sender)];
    liveness(d, o, sender, p, out, sink);
    restarts(d, o, sender, p, sink);
    ++d.stats.packets;
    d.stats.bytes += bytes;
    last_any_ = p.time;
    sent_side(d, p, content_hash, out, sink);

    // The receiver's state for this direction, exactly as the game keeps it.
    const int16_t diff = int16_t(uint16_t(p.seq - d.recv_ack));
    d.recv_hist = received_history(d.recv_hist, diff);
    if (diff < 0 && d.any) {
        // ack moves back: the receiver now reads its history against an older
        // ack, until 32 seqs past the one it had.
        d.recv_quirk_until = std::max(d.recv_quirk_until, unwrap(d.recv_ack, d.max) + 32);
    }
    d.recv_ack = p.seq;
    // Only a newer packet updates what the receiver knows of its own packets.
    if (diff > 0) sender_view(o, ack, hist, p, sink);
    ack_side(d, o, p, ack, hist, out, sink);

    switch (type) {
    case type::Login: if (sender == Role::Client && !login_frame_) login_frame_ = p.frame; break;
    case type::Join: if (sender == Role::Server && !join_frame_) join_frame_ = p.frame; break;
    case type::Part:
        if (!part_frame_) {
            part_frame_ = p.frame;
            part_by_ = sender;
            if (sender == Role::Server && login_frame_ && !join_frame_)
                sink.add(at(FindingCode::LoginRefused, p, 0, 0, 0, login_frame_));
        }
        break;
    case type::PlayerUpdate:
        if (player && sender == Role::Client && out.record) {
            if (updates_.empty()) updates_.resize(cfg_.window ? cfg_.window : 1);
            Update& u = updates_[ring_index(out.record->seq, updates_.size())];
            u = Update{out.record->seq, p.frame, p.time, *player, d.base + d.records.size() - 1};
        }
        break;
    case type::PlayerCorrection:
        if (player && sender == Role::Server && corrects >= 0) correction(p, *player, corrects, out, sink);
        break;
    default: break;
    }
}

void SeqTracker::liveness(Direction& d, Direction& o, Role sender, const PacketRef& p, SeqFrame& out,
                          FindingSink& sink) {
    if (o.have_time && !o.silence_marked && p.time - o.last_time >= cfg_.silence) {
        out.peer_silent_since = o.last_frame;
        o.silence_marked = true;
    }
    if (d.have_time && !d.records.empty()) {
        const double gap = p.time - d.last_time;
        if (gap >= cfg_.silence) {
            Finding f = at(gap >= cfg_.timeout ? FindingCode::Timeout : FindingCode::Silence, p, int64_t(gap * 1000), 0,
                           0, d.records.back().frame);
            f.what = role_name(sender);
            sink.add(f);
        }
    }
    d.have_time = true;
    d.last_time = p.time;
    d.last_frame = p.frame;
    d.silence_marked = false;
    d.peer_packets_at_last = o.stats.packets;
    o.acks_unseen = 0;  // the peer's acks of seqs beyond ours were early, not of packets lost to the capture
}

// The game's server forgets a client that sent Part; any later packet from
// its address makes a new connection, whose seq starts at 0 again (src/
// server/net.cpp: Server::GetClient; a client that joins again does the
// same). So after a Part, a packet further behind its side's highest seq
// than the 32 the acks can name is not late: a new session starts there,
// one note, and that side's sequence and ack analysis starts over.
bool SeqTracker::restarts(Direction& d, Direction& o, Role sender, const PacketRef& p, FindingSink& sink) {
    if (!part_frame_ || !d.any || p.frame <= part_frame_) return false;
    const int64_t u = unwrap(p.seq, d.max);
    if (d.max - u <= 32) return false;
    if (!restart_frame_ || restart_frame_ < part_frame_) {  // one note per Part, whichever side starts over first
        restart_frame_ = p.frame;
        Finding f = at(FindingCode::SessionRestart, p, p.seq, d.max, 0, part_frame_);
        f.what = role_name(sender);
        sink.add(f);
    }
    d.never_seen_earlier += uint64_t(d.max - d.min + 1) - d.distinct;
    d.stats.restart_frame = p.frame;
    d.any = false;
    d.distinct = 0;
    std::fill(d.ring.begin(), d.ring.end(), Slot{});
    d.recv_ack = 0xFFFF;
    d.recv_hist = 0xFFFFFFFF;
    d.recv_quirk_until = -1;
    d.in_ack = 0xFFFF;
    d.in_hist = 0xFFFFFFFF;
    d.ack_any = false;
    d.ack_max = d.ack_prev = 0;
    d.quirk_until = -1;
    std::fill(o.acked.begin(), o.acked.end(), -1);  // the new session's acks of the other side start afresh
    return true;
}

void SeqTracker::sent_side(Direction& d, const PacketRef& p, uint64_t hash, SeqFrame& out, FindingSink& sink) {
    const int64_t u = d.any ? unwrap(p.seq, d.max) : int64_t(p.seq);
    const size_t idx = d.base + d.records.size();
    d.records.push_back(SeqRecord{p.frame, p.time, u});
    out.record = &d.records.back();
    if (!d.first_frame) d.first_frame = p.frame;
    // Acks and corrections refer to the last 33 seqs or the window: older
    // records can go when the front end does not need them afterwards.
    while (!cfg_.retain_all && d.records.size() > size_t(cfg_.window) + 64) {
        if (cfg_.on_retire) cfg_.on_retire->retired(&d == &dir_[1] ? Role::Server : Role::Client, d.records.front());
        d.records.pop_front();
        ++d.base;
    }
    auto remember = [&] {
        Slot* s = slot(d, u);
        *s = Slot{u, hash, idx};
        ++d.distinct;
    };
    if (!d.any) {
        d.any = true;
        d.max = d.min = u;
        d.max_frame = p.frame;
        d.stats.first_seq = u;
        remember();
        return;
    }
    if (u > d.max) {
        const int64_t gap = u - d.max - 1;
        if (gap > 0) {
            d.stats.gaps += uint64_t(gap);
            out.lost_before = uint32_t(std::min<int64_t>(gap, UINT32_MAX));
            sink.add(at(FindingCode::SeqLostBefore, p, gap, uint16_t(d.max + 1), uint16_t(u - 1)));
        }
        d.max = u;
        d.max_frame = p.frame;
        remember();
        return;
    }
    if (d.max - u >= int64_t(cfg_.window)) {
        sink.add(at(FindingCode::SeqFarBack, p, p.seq, d.max - u));
        return;
    }
    Slot* s = slot(d, u);
    if (s->seq == u) {
        const SeqRecord* first = rec(d, s->record);
        const uint64_t first_frame = first ? first->frame : 0;
        if (s->hash == hash) {
            ++d.stats.duplicates;
            out.duplicate_of = first_frame;
            sink.add(at(FindingCode::SeqDuplicate, p, p.seq, 0, 0, first_frame));
        } else {
            sink.add(at(FindingCode::SeqReused, p, p.seq, 0, 0, first_frame));
        }
        return;
    }
    ++d.stats.reordered;
    out.reordered_after = d.max_frame;
    sink.add(at(FindingCode::SeqReordered, p, p.seq, uint16_t(d.max), 0, d.max_frame));
    if (u < d.min) d.min = u;
    remember();
}

// The sender of `sent` reads the peer's (ack, hist) from a newer packet.
void SeqTracker::sender_view(Direction& sent, uint16_t ack, uint32_t hist, const PacketRef& p, FindingSink& sink) {
    const int16_t d2 = int16_t(uint16_t(ack - sent.in_ack));
    if (d2 > 0) {
        const int n = std::min<int>(d2, int(cfg_.window) + 33);  // a hostile jump stays bounded
        Finding f = at(FindingCode::SeqLost, p);
        f.what = &sent == &dir_[1] ? "server" : "client";
        for (int i = 0; i < n; ++i) {
            if (!(i > 32 || (i < 32 && !(sent.in_hist & (1u << (31 - i)))))) continue;
            const uint16_t lost = uint16_t(sent.in_ack - 32 + i);
            if (!sent.any) continue;
            const int64_t u = unwrap(lost, sent.max);
            if (u < sent.min || u > sent.max) continue;  // not sent within the capture
            // A packet lost before the capture point has no record, but the
            // sender counts it all the same.
            SeqRecord* r = record_of(sent, u);
            if (r && (r->lost_in || r->acked_in)) continue;
            if (r) r->lost_in = p.frame;
            ++sent.stats.lost;
            if (f.a++ == 0) {  // one finding per ack: how many, and the first
                f.b = lost;
                f.ref_frame = r ? r->frame : 0;
            }
        }
        if (f.a) sink.add(f);
    }
    for (uint16_t s = ack, end = uint16_t(ack - 33); s != end; --s) {
        if (!acks(ack, hist, s) || acks(sent.in_ack, sent.in_hist, s)) continue;
        SeqRecord* r = sent.any ? record_of(sent, unwrap(s, sent.max)) : nullptr;
        if (!r || r->acked_in) continue;
        r->acked_in = p.frame;
        r->rtt = p.time - r->time;
        ++sent.stats.received;
        acks_now_.add(r->rtt);
        sent.stats.rtts.add(float(r->rtt));
    }
    sent.in_ack = ack;
    sent.in_hist = hist;
}

// The ack field of a packet of `d`, which acknowledges packets of `o`.
void SeqTracker::ack_side(Direction& d, Direction& o, const PacketRef& p, uint16_t ack, uint32_t hist, SeqFrame& out,
                          FindingSink& sink) {
    if (!o.any) {  // nothing sent the other way yet: ack is still 0xFFFF, or before the capture
        out.hist_bits = ack == 0xFFFF ? 0 : 32;
        return;
    }
    const int64_t au = unwrap(ack, o.max);
    out.hist_bits = uint8_t(std::clamp<int64_t>(au, 0, 32));
    if (au > o.max) {
        sink.add(at(FindingCode::AckUnsent, p, ack, uint16_t(o.max)));
        ++d.acks_unseen;
    }
    if (d.ack_any && au < d.ack_prev) {
        ++d.stats.ack_back;
        out.ack_back = uint32_t(std::min<int64_t>(d.ack_prev - au, UINT32_MAX));
        sink.add(at(FindingCode::AckBackwards, p, uint16_t(d.ack_prev), ack));
        d.quirk_until = std::max(d.ack_max, d.ack_prev) + 32;
    }
    if (o.acked.empty()) o.acked.assign(cfg_.window ? cfg_.window : 1, -1);
    // A seq acknowledged before must not be reported missing again. The
    // ring's slot of each seq further back is the one before (no division
    // per history bit).
    const size_t n = o.acked.size();
    size_t ring_at = ring_index(au - 1, n);
    for (int i = 0; i < 32; ++i, ring_at = ring_at ? ring_at - 1 : n - 1) {
        const int64_t x = au - 1 - i;
        if (x < o.min) break;
        int64_t& mark = o.acked[ring_at];
        if (hist >> i & 1) {
            mark = x;
        } else if (mark == x) {
            const SeqRecord* r = record_of(o, x);
            const bool quirk = au <= d.quirk_until || au <= o.recv_quirk_until;
            sink.add(at(quirk ? FindingCode::AckHistQuirk : FindingCode::AckHistContradiction, p, uint16_t(x), 0, 0,
                        r ? r->acked_in : 0));
            mark = -1;  // once per seq and contradiction
            break;
        }
    }
    if (au >= o.min) o.acked[ring_index(au, o.acked.size())] = au;
    d.ack_prev = au;
    d.ack_max = d.ack_any ? std::max(d.ack_max, au) : au;
    d.ack_any = true;
}

void SeqTracker::correction(const PacketRef& p, const PlayerState& server, int update_seq, SeqFrame& out,
                            FindingSink& sink) {
    Direction& c = dir_[0];
    const int64_t u = c.any ? unwrap(uint16_t(update_seq), c.max) : update_seq;
    const Update* up = updates_.empty() ? nullptr : &updates_[ring_index(u, updates_.size())];
    if (!up || up->seq != u) {
        sink.add(at(FindingCode::CorrectionUnknown, p, update_seq));
        return;
    }
    double d2 = 0, dot = 0;
    for (int i = 0; i < 3; ++i) d2 += (server.pos[i] - up->state.pos[i]) * (server.pos[i] - up->state.pos[i]);
    for (int i = 0; i < 4; ++i) dot += server.orient[i] * up->state.orient[i];
    const double dist = std::sqrt(d2);
    out.correction_for = up->frame;
    out.correction_distance = dist;
    out.correction_delay = p.time - up->time;
    out.correction_angle = 2 * std::acos(std::min(1.0, std::fabs(dot)));
    if (SeqRecord* r = rec(c, up->record))
        if (!r->corrected_in) r->corrected_in = p.frame;
    ++corrections_;
    correction_distances_.add(float(dist));
    sink.add(at(dist > cfg_.correction_warn ? FindingCode::CorrectionLarge : FindingCode::Correction, p, update_seq,
                int64_t(std::llround(dist * 1e6)), int64_t(std::llround(out.correction_delay * 1e6)), up->frame));
}

void SeqTracker::finish(double capture_end, FindingSink& sink) {
    for (Direction& d : dir_) {
        if (!d.any) continue;
        d.stats.first_seq = d.min;
        d.stats.last_seq = d.max;
        d.stats.never_seen = d.never_seen_earlier + uint64_t(d.max - d.min + 1) - d.distinct;
        if (d.min != 0) {  // seq 0 never seen: the capture starts inside the connection
            Finding f{FindingCode::SeqMidStart, 0, 0, d.min};
            f.frame = d.first_frame;
            f.what = &d == &dir_[1] ? "server" : "client";
            sink.add(f);
        }
    }
    uint64_t last_frame = 0;
    for (Direction& d : dir_)
        if (!d.records.empty()) last_frame = std::max(last_frame, d.records.back().frame);
    if (!last_frame) return;
    const PacketRef end{last_frame, last_any_, 0};
    if (login_frame_ && !join_frame_ && !(part_frame_ && part_by_ == Role::Server)) {
        Finding f = at(FindingCode::LoginNoJoin, end);
        f.frame = login_frame_;
        sink.add(f);
    }
    silence_ = silence(capture_end);
    if (silence_) sink.add(silence_finding(silence_));
    if (silence_.any()) {
        end_state_ = silence_text(silence_);
    } else if (part_frame_) {
        end_state_ = part_by_ == Role::Server ? "Part from the server" : "Part from the client";
        if (restart_frame_ > part_frame_)
            end_state_ += "; then a new session from frame " + std::to_string(restart_frame_) + " (seq 0 again)";
    } else if (capture_end - last_any_ >= cfg_.timeout) {
        end_state_ = "timeout (10 s without packets, no Part)";
    } else {
        end_state_ = "cut by the end of the capture (no Part)";
    }
    Finding f = at(FindingCode::SessionEnd, end);
    f.what = end_state_.c_str();
    if (part_frame_) f.frame = part_frame_;
    sink.add(f);
}

Silence SeqTracker::silence(double capture_end) const {
    Silence s;
    const Direction& c = dir_[0];
    const Direction& v = dir_[1];
    if (!c.have_time || !v.have_time) return s;
    const bool client_first = c.last_time < v.last_time;
    const Direction& quiet = client_first ? c : v;
    const Direction& other = client_first ? v : c;
    if (other.last_time - quiet.last_time < cfg_.silence) return s;  // both stopped together
    s.silent = client_first ? Role::Client : Role::Server;
    if (part_frame_ && part_by_ == s.silent) return Silence{};  // it said goodbye
    s.frame = quiet.last_frame;
    s.time = quiet.last_time;
    s.survivor_frame = other.last_frame;
    s.survivor_time = other.last_time;
    s.after = other.stats.packets - quiet.peer_packets_at_last;
    s.acked_unseen = other.acks_unseen;
    s.end = part_frame_ ? SilenceEnd::PeerParted
                        : classify_silence_end(s.span(), other.last_time, capture_end, cfg_.timeout, cfg_.silence);
    s.benign = s.end == SilenceEnd::PeerParted && s.span() < cfg_.timeout - kTimeoutSlack;
    return s;
}

}  // namespace blank
