#include "tcp/tcp_reassembly.hpp"

#include <algorithm>

namespace blankshark::tcp {

using capture::Endpoint;
using capture::TcpSegment;
namespace flag = capture::tcpflag;

Reassembler::Reassembler(Sink& sink, Options opt) : sink_(sink), opt_(opt) {}

Reassembler::~Reassembler() = default;

Side Reassembler::dir_of(const Connection& c, const TcpSegment& seg) noexcept {
    // The segment belongs to the connection's tuple, so its source is one of
    // the two ends (both, on a connection to itself: then all is C>S).
    return seg.src == c.client_ ? Side::Client : Side::Server;
}

StreamContext Reassembler::context(Connection& c, Side d, uint64_t frame, double time) noexcept {
    StreamContext x;
    x.sink = &sink_;
    x.conn = &c;
    x.dir = d;
    x.frame = frame;
    x.time = time;
    x.opt = &opt_;
    x.totals = &stats_;
    x.held_cost_total = &held_cost_;
    return x;
}

Connection* Reassembler::lookup(const Key& k) noexcept {
    if (last_ && k == last_key_) return last_;
    const auto it = by_tuple_.find(k);
    if (it == by_tuple_.end()) return nullptr;
    last_key_ = k;
    last_ = it->second;
    return last_;
}

Connection* Reassembler::find(uint32_t id) noexcept {
    const auto it = conns_.find(id);
    return it == conns_.end() ? nullptr : it->second.get();
}

const Connection* Reassembler::find(uint32_t id) const noexcept {
    const auto it = conns_.find(id);
    return it == conns_.end() ? nullptr : it->second.get();
}

std::vector<const Connection*> Reassembler::connections() const {
    std::vector<const Connection*> v;
    v.reserve(conns_.size());
    for (const auto& [id, c] : conns_) v.push_back(c.get());
    std::sort(v.begin(), v.end(), [](const Connection* a, const Connection* b) { return a->id() < b->id(); });
    return v;
}

bool Reassembler::evict_one(double released_before) {
    while (!released_.empty() && released_.front().time < released_before) {
        const uint32_t id = released_.front().id;
        released_.pop_front();
        const auto it = conns_.find(id);
        if (it == conns_.end()) continue;
        Connection* c = it->second.get();
        const Key k = Key::of(c->client_, c->server_);
        const auto t = by_tuple_.find(k);
        if (t != by_tuple_.end() && t->second == c) by_tuple_.erase(t);
        if (last_ == c) last_ = nullptr;
        for (Side d : {Side::Client, Side::Server}) {  // (freed already, unless released just now)
            StreamContext x = context(*c, d, last_frame_, 0);
            c->mut(d).release_memory(x);
        }
        conns_.erase(it);
        ++stats_.evicted;
        return true;
    }
    return false;
}

Connection* Reassembler::open(const Key& k, const TcpSegment& seg, uint64_t frame, double time) {
    const Hint hint = sink_.on_new_tuple(seg, frame);
    if (hint == Hint::Ignore) {
        ++stats_.ignored_segments;
        return nullptr;
    }
    if (conns_.size() >= opt_.max_connections && !evict_one()) {
        ++stats_.untracked_segments;
        if (!limit_reported_) {
            limit_reported_ = true;
            if (!stats_.connection_limit_hits++) {
                stats_.first_untracked_frame = frame;
                stats_.open_at_limit = conns_.size();
            }
            FindingInfo f;
            f.kind = Finding::ConnectionLimit;
            f.frame = frame;
            f.time = time;
            sink_.on_finding(nullptr, Side::Client, f);
        }
        return nullptr;
    }
    limit_reported_ = false;
    const bool syn = seg.has(flag::kSyn);
    const bool sender_is_client = syn ? !seg.has(flag::kAck) : hint != Hint::SenderIsServer;
    const uint32_t id = uint32_t(++stats_.connections);
    auto owned = std::make_unique<Connection>(id, sender_is_client ? seg.src : seg.dst,
                                              sender_is_client ? seg.dst : seg.src, opt_.compare_window);
    Connection* c = owned.get();
    c->first_frame_ = frame;
    c->first_time_ = time;
    c->midstream_ = !syn;
    conns_.emplace(id, std::move(owned));
    by_tuple_[k] = c;
    last_key_ = k;
    last_ = c;
    sink_.on_open(*c, frame, time);
    return c;
}

bool Reassembler::starts_new(const Connection& c, const TcpSegment& seg) const noexcept {
    const Stream& s = c.stream(dir_of(c, seg));
    if (s.syn_seen()) return seg.seq != s.isn();
    if (s.has_base()) return s.base_seq() != uint32_t(seg.seq + 1);
    return !c.live();
}

void Reassembler::end(Connection& c, CloseReason why, uint64_t frame, double time) {
    if (c.ended_) return;
    c.ended_ = true;
    c.close_reason_ = why;
    if (!c.released_) sink_.on_close(c, why, frame, time);
    if (opt_.release_on_close) release(c);
}

void Reassembler::maybe_close(Connection& c, uint64_t frame, double time) {
    if (c.live() && c.stream(Side::Client).fin_delivered() && c.stream(Side::Server).fin_delivered())
        end(c, CloseReason::Fin, frame, time);
}

void Reassembler::supersede(Connection& c, const Key& k, uint64_t frame, double time) {
    if (c.live()) {
        StreamContext cs = context(c, Side::Client, frame, time);
        cs.finding(Finding::PortReuseUnclosed, 0, 0);
        c.mut(Side::Client).flush(cs, GapReason::Superseded);
        StreamContext sc = context(c, Side::Server, frame, time);
        c.mut(Side::Server).flush(sc, GapReason::Superseded);
        end(c, CloseReason::Superseded, frame, time);
    }
    by_tuple_.erase(k);
    if (last_ == &c) last_ = nullptr;
}

void Reassembler::release(Connection& c) {
    if (c.released_) return;
    c.released_ = true;
    released_.push_back(Released{c.id_, last_time_});
    to_free_.push_back(c.id_);
}

void Reassembler::process_releases() {
    for (const uint32_t id : to_free_) {
        Connection* c = find(id);
        if (!c) continue;
        for (Side d : {Side::Client, Side::Server}) {
            StreamContext x = context(*c, d, last_frame_, 0);
            c->mut(d).release_memory(x);
        }
    }
    to_free_.clear();
}

void Reassembler::feed(const TcpSegment& seg, uint64_t frame, double time) {
    ++stats_.segments;
    last_frame_ = frame;
    last_time_ = time;
    if (!to_free_.empty()) process_releases();
    const double forget_before = time - opt_.released_linger_seconds;
    while (!released_.empty() && released_.front().time < forget_before && evict_one(forget_before)) {
    }
    const bool syn = seg.has(flag::kSyn), ack = seg.has(flag::kAck);
    const bool fin = seg.has(flag::kFin), rst = seg.has(flag::kRst);
    const Key k = Key::of(seg.src, seg.dst);
    Connection* conn = lookup(k);
    if (conn && syn && !ack && starts_new(*conn, seg)) {
        supersede(*conn, k, frame, time);
        conn = nullptr;
    }
    if (!conn) {
        if (!syn && seg.payload_len == 0) {
            ++stats_.ignored_segments;
            return;
        }
        conn = open(k, seg, frame, time);
        if (!conn) return;
    }
    Connection& c = *conn;
    c.last_frame_ = frame;
    c.last_time_ = time;
    const Side d = dir_of(c, seg);
    Stream& s = c.mut(d);
    Stream& peer = c.mut(other(d));
    ++s.stats_.segments;
    s.stats_.payload_bytes += seg.payload_len;
    if (seg.truncated) ++s.stats_.truncated_segments;
    if (c.released_) return;  // counted, nothing more
    StreamContext x = context(c, d, frame, time);

    if (rst) {
        s.rst_seen_ = true;
        if (c.live()) {
            StreamContext cs = context(c, Side::Client, frame, time);
            c.mut(Side::Client).flush(cs, GapReason::Reset);
            StreamContext sc = context(c, Side::Server, frame, time);
            c.mut(Side::Server).flush(sc, GapReason::Reset);
            if (c.live()) sink_.on_rst(c, d, frame, time);
            end(c, CloseReason::Reset, frame, time);
        }
        return;
    }
    s.window_ = seg.window;
    s.window_known_ = true;

    SegmentTally t;
    if (syn) {
        if (!s.syn_seen_ && (!s.has_base_ || s.base_ == uint32_t(seg.seq + 1))) {
            s.syn_seen_ = true;
            s.isn_ = seg.seq;
            s.set_base(seg.seq + 1);
        } else if (s.syn_seen_ && seg.seq == s.isn_) {
            t.retransmitted = true;
        } else {
            x.finding(Finding::SynMismatch, 0, 0);
            return;
        }
    }
    if (!s.has_base_ && (seg.payload_len > 0 || fin)) s.set_base(seg.seq);
    if (s.has_base_) {
        const int64_t off = s.offset_of(uint32_t(seg.seq + (syn ? 1 : 0)));
        const int64_t next = int64_t(s.next_);
        const bool peer_zero_window = peer.window_known_ && peer.window_ == 0;
        if (!syn && !fin && seg.payload_len <= 1 && off == next - 1) {
            // A keep-alive, or Linux's zero-window probe: one below next,
            // its byte (if any) is not stream data.
            ++(peer_zero_window ? s.stats_.zero_window_probes : s.stats_.keep_alives);
        } else {
            if (seg.payload_len == 1 && off == next && peer_zero_window) ++s.stats_.zero_window_probes;
            s.data(x, off, seg.payload, seg.payload_len, t);
            if (fin) s.fin(x, off + seg.payload_len, t);
            s.enforce_limits(x);
        }
        if (seg.truncated) {
            const int64_t at = off + seg.payload_len;
            x.finding(Finding::TruncatedSegment, at < 0 ? 0 : uint64_t(at), 0);
        }
    }
    if (t.retransmitted) ++s.stats_.retransmitted_segments;
    if (t.out_of_order) ++s.stats_.out_of_order_segments;
    if (t.conflicts) {
        ++s.stats_.conflicting_segments;
        s.stats_.conflicting_bytes += t.conflicts;
        x.finding(Finding::RetransmissionConflict, t.first_conflict, t.conflicts);
    }
    s.check_fin(x);

    // An acknowledged hole of either direction waits a few segments for
    // its bytes (counted before this segment's own acknowledgement).
    for (Side e : {Side::Client, Side::Server}) {
        if (c.mut(e).ack_wait_ == 0) continue;
        StreamContext ex = context(c, e, frame, time);
        c.mut(e).segment_passed(ex);
    }
    // The acknowledgement tells where the peer's stream is.
    if (ack) {
        if (!peer.has_base_) {
            peer.set_base(seg.ack);
        } else {
            StreamContext px = context(c, other(d), frame, time);
            peer.acked(px, peer.offset_of(seg.ack));
        }
    }
    maybe_close(c, frame, time);
}

void Reassembler::finish(double end_time) {
    process_releases();
    for (const Connection* cc : connections()) {
        Connection& c = *find(cc->id());
        if (!c.live()) continue;
        for (Side d : {Side::Client, Side::Server}) {
            StreamContext x = context(c, d, last_frame_, end_time);
            c.mut(d).flush(x, GapReason::EndOfCapture);
        }
        maybe_close(c, last_frame_, end_time);
        end(c, CloseReason::EndOfCapture, last_frame_, end_time);
    }
}

}  // namespace blankshark::tcp
