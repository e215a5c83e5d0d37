#include "chunk_reassembler.hpp"

#include <algorithm>
#include <cstring>

namespace blank {

const char* tx_state_name(TxState s) {
    switch (s) {
    case TxState::Open: return "open";
    case TxState::Complete: return "complete";
    case TxState::Failed: return "failed";
    case TxState::Incomplete: return "incomplete";
    }
    return "?";
}

uint32_t Transmission::bytes_covered() const {
    uint32_t n = 0;
    for (const ByteRange& r : covered) n += r.end - r.begin;
    return n;
}

std::vector<ByteRange> Transmission::missing() const {
    std::vector<ByteRange> out;
    const uint32_t end = begin_seen ? size : covered.empty() ? 0 : covered.back().end;
    uint32_t at = 0;
    for (const ByteRange& r : covered) {
        if (r.begin >= end) break;
        if (r.begin > at) out.push_back({at, r.begin});
        at = std::max(at, r.end);
    }
    if (at < end) out.push_back({at, end});
    return out;
}

namespace {

// Adds [b, e) to a sorted list of disjoint ranges, merging neighbours.
void cover(std::vector<ByteRange>& v, uint32_t b, uint32_t e) {
    if (b >= e) return;
    auto it = std::lower_bound(v.begin(), v.end(), b, [](const ByteRange& r, uint32_t x) { return r.end < x; });
    ByteRange merged{b, e};
    auto first = it;
    while (it != v.end() && it->begin <= e) {
        merged.begin = std::min(merged.begin, it->begin);
        merged.end = std::max(merged.end, it->end);
        ++it;
    }
    it = v.erase(first, it);
    v.insert(it, merged);
}

Finding at(FindingCode c, const PacketRef& p, int64_t a = 0, int64_t b = 0, int64_t cc = 0) {
    Finding f{c, 0, 0, a, b, cc};
    f.frame = p.frame;
    return f;
}

}  // namespace

bool ChunkTotals::operator==(const ChunkTotals& o) const {
    return transmissions == o.transmissions && with_begin == o.with_begin && complete == o.complete &&
           failed == o.failed && incomplete == o.incomplete && pieces_before_begin == o.pieces_before_begin &&
           resent == o.resent && begins_resent == o.begins_resent && duplicates == o.duplicates &&
           rerequests == o.rerequests;
}

// all_ is sorted by number; without drops number n is at n - first.
Transmission* ChunkReassembler::by_number(uint32_t number) {
    if (all_.empty() || number < all_.front().number || number > all_.back().number) return nullptr;
    const size_t guess = number - all_.front().number;
    if (guess < all_.size() && all_[guess].number == number) return &all_[guess];
    auto it = std::lower_bound(all_.begin(), all_.end(), number,
                               [](const Transmission& t, uint32_t n) { return t.number < n; });
    return it != all_.end() && it->number == number ? &*it : nullptr;
}

Transmission* ChunkReassembler::live(uint32_t id) {
    auto it = live_.find(id);
    return it == live_.end() ? nullptr : by_number(it->second);
}

Transmission* ChunkReassembler::recent(uint32_t id) {
    auto it = ended_.find(id);
    return it == ended_.end() ? nullptr : by_number(it->second);  // null once dropped
}

Transmission& ChunkReassembler::create(const PacketRef& p, uint32_t id) {
    all_.emplace_back();
    Transmission& t = all_.back();
    t.number = ++created_;
    t.id = id;
    t.first_frame = t.last_frame = p.frame;
    t.first_time = t.last_time = p.time;
    live_[id] = t.number;
    ++totals_.transmissions;
    return t;
}

ChunkReassembler::~ChunkReassembler() {
    if (queue_) queue_->forget(*this);
}

void ChunkReassembler::defer_to(InflateQueue* q, ChunkApplyHook* hook) {
    if (queue_ && queue_ != q) queue_->forget(*this);
    queue_ = q;
    hook_ = hook;
}

void ChunkReassembler::take_deferred_findings(std::vector<Finding>& out) {
    out.insert(out.end(), deferred_.begin(), deferred_.end());
    deferred_.clear();
}

void ChunkReassembler::set_state(Transmission& t, TxState state) {
    count_state(t.state, state);
    t.state = state;
}

void ChunkReassembler::count_state(TxState from, TxState to) {
    auto count = [this](TxState s) -> uint64_t* {
        switch (s) {
        case TxState::Complete: return &totals_.complete;
        case TxState::Failed: return &totals_.failed;
        case TxState::Incomplete: return &totals_.incomplete;
        case TxState::Open: break;
        }
        return nullptr;
    };
    if (uint64_t* c = count(from)) --*c;
    if (uint64_t* c = count(to)) ++*c;
}

void ChunkReassembler::add_receipt(Transmission& t, const Receipt& r) {
    // Frames come in capture order: a piece before the ChunkBegin is one
    // received while begin_seen is still false.
    if (!r.is_begin && !t.begin_seen) ++totals_.pieces_before_begin;
    t.receipts.push_back(r);
}

// Drops the oldest ended transmissions beyond keep_ended. Called at the
// start of begin() / data() / finish(), so the Transmission returned by the
// previous call stays valid until then.
void ChunkReassembler::prune() {
    while (all_.size() - live_.size() > limits_.keep_ended) {
        auto it = all_.begin();
        for (;; ++it) {  // skip live ones (at most max_live + 1)
            auto l = live_.find(it->id);
            if (l == live_.end() || l->second != it->number) break;
        }
        auto e = ended_.find(it->id);
        if (e != ended_.end() && e->second == it->number) ended_.erase(e);
        if (it == all_.begin()) all_.pop_front();
        else all_.erase(it);
    }
}

void ChunkReassembler::evict_if_needed(const PacketRef& p, FindingSink& sink) {
    while (live_.size() > limits_.max_live) {
        // The oldest live transmission goes.
        auto oldest = std::min_element(live_.begin(), live_.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
        Transmission& t = *by_number(oldest->second);
        Finding f{FindingCode::ChunkLimit, 0, 0, t.id};
        f.what = "too many transmissions at once";
        f.frame = p.frame;  // known now, about the evicted one's last frame
        f.ref_frame = t.last_frame;
        sink.add(f);
        end(t, TxState::Incomplete, "evicted: too many transmissions at once", sink);
    }
}

// Resend (same packet content, new seq) or duplicate (same seq) of a
// ChunkBegin or piece seen before.
void ChunkReassembler::classify(Transmission& t, const PacketRef& p, bool is_begin, uint32_t offset, ChunkEvent& ev,
                                FindingSink& sink) {
    for (const Receipt& r : t.receipts) {
        if (r.is_begin != is_begin || (!is_begin && r.offset != offset)) continue;
        if (r.seq == p.seq) {
            ev.duplicate_of = r.frame;
            ++t.duplicates;
            ++totals_.duplicates;
            Finding f = at(FindingCode::ChunkDuplicate, p, t.id);
            f.ref_frame = r.frame;
            sink.add(f);
            return;
        }
        if (!ev.resend_of) ev.resend_of = r.frame;
    }
    if (ev.resend_of) {
        Finding f = at(is_begin ? FindingCode::ChunkBeginResent : FindingCode::ChunkPieceResent, p, t.id, offset);
        f.ref_frame = ev.resend_of;
        sink.add(f);
        if (is_begin) ++t.begins_resent, ++totals_.begins_resent;
        else ++t.resent, ++totals_.resent;
    }
}

ChunkEvent ChunkReassembler::begin(const PacketRef& p, bool from_client, uint32_t id, uint32_t flags,
                                   const int32_t coords[3], uint32_t size, FindingSink& sink) {
    prune();
    ChunkEvent ev;
    if (from_client) {  // a re-request: only the coordinates mean something
        ++totals_.rerequests;
        sink.add(at(FindingCode::ChunkRerequest, p, coords[0], coords[1], coords[2]));
        if (rerequests_.size() >= limits_.max_rerequests) rerequests_.erase(rerequests_.begin());
        rerequests_[{coords[0], coords[1], coords[2]}] = p.frame;
        return ev;
    }
    Transmission* t = live(id);
    if (t && t->begin_seen &&
        (t->flags != flags || t->size != size || std::memcmp(t->coords, coords, sizeof t->coords) != 0)) {
        sink.add(at(FindingCode::ChunkIdReused, p, id));
        end(*t, TxState::Incomplete, "its id was reused", sink);
        t = nullptr;
    }
    if (!t) {
        // A late copy of a ChunkBegin whose transmission already ended.
        Transmission* old = recent(id);
        if (old && old->begin_seen && old->size == size &&
            std::memcmp(old->coords, coords, sizeof old->coords) == 0) {
            classify(*old, p, true, 0, ev, sink);
            add_receipt(*old, {p.frame, p.seq, 0, 0, true});
            ev.tx = old;
            return ev;
        }
    }
    const bool fresh = !t || !t->begin_seen;
    if (!t) t = &create(p, id);
    ev.tx = t;
    if (!fresh) {
        classify(*t, p, true, 0, ev, sink);
    } else {
        t->begin_seen = true;
        ++totals_.with_begin;
        t->begin_frame = p.frame;
        t->flags = flags;
        t->size = size;
        std::memcpy(t->coords, coords, sizeof t->coords);
        if (t->first_data_frame) {
            t->data_before_begin = true;
            Finding f = at(FindingCode::ChunkDataBeforeBegin, p, id);
            f.ref_frame = t->first_data_frame;
            sink.add(f);
        }
        auto rr = rerequests_.find({coords[0], coords[1], coords[2]});
        if (rr != rerequests_.end()) {
            t->rerequest_frame = rr->second;
            rerequests_.erase(rr);
        }
        // The game sends one chunk at a time: the others were aborted (late
        // pieces of them are still accepted while they stay live).
        for (auto& [lid, number] : live_) {
            Transmission* o = by_number(number);
            if (o != t && o->begin_seen && !o->superseded_by) o->superseded_by = t->number;
        }
        if (size > limits_.max_size) {
            Finding f = at(FindingCode::ChunkLimit, p, id);
            f.what = "announced size above the limit";
            sink.add(f);
            end(*t, TxState::Incomplete, "announced size above the limit", sink);
            return ev;
        }
        if (!t->data_.empty() && t->covered.back().end > size) {
            sink.add(at(FindingCode::ChunkBeyondSize, p, id, t->covered.back().end, size));
        }
    }
    add_receipt(*t, {p.frame, p.seq, 0, 0, true});
    t->last_frame = p.frame;
    t->last_time = p.time;
    if (fresh) {
        try_complete(*t, p, ev, sink);
        evict_if_needed(p, sink);
    }
    return ev;
}

ChunkEvent ChunkReassembler::data(const PacketRef& p, uint32_t id, uint32_t offset, const uint8_t* bytes, uint32_t len,
                                  FindingSink& sink) {
    prune();
    ChunkEvent ev;
    Transmission* t = live(id);
    if (!t) {
        // A late piece of an ended transmission: only classify it.
        if (Transmission* old = recent(id)) {
            classify(*old, p, false, offset, ev, sink);
            add_receipt(*old, {p.frame, p.seq, offset, len, false});
            ev.tx = old;
            return ev;
        }
        t = &create(p, id);
        evict_if_needed(p, sink);
        if (!live(id)) return ev;  // evicted at once (max_live 0)
    }
    ev.tx = t;
    classify(*t, p, false, offset, ev, sink);
    add_receipt(*t, {p.frame, p.seq, offset, len, false});
    t->last_frame = p.frame;
    t->last_time = p.time;
    if (!t->first_data_frame) t->first_data_frame = p.frame;
    if (ev.duplicate_of || ev.resend_of) {
        // Same offset again: still compare the bytes, the game resends the same data.
        store(*t, p, offset, bytes, len, sink);
        return ev;
    }
    ++t->pieces;
    store(*t, p, offset, bytes, len, sink);
    try_complete(*t, p, ev, sink, true);
    return ev;
}

void ChunkReassembler::store(Transmission& t, const PacketRef& p, uint32_t offset, const uint8_t* bytes, uint32_t len,
                             FindingSink& sink) {
    uint64_t end = uint64_t(offset) + len;
    if (t.begin_seen && end > t.size) {
        sink.add(at(FindingCode::ChunkBeyondSize, p, t.id, int64_t(end), t.size));
        end = std::max<uint64_t>(offset, t.size);
    }
    if (end > limits_.max_size) {
        Finding f = at(FindingCode::ChunkLimit, p, t.id);
        f.what = "piece beyond the size limit";
        sink.add(f);
        end = std::max<uint64_t>(offset, limits_.max_size);
    }
    if (end <= offset) return;
    const uint32_t need = t.begin_seen ? t.size : uint32_t(end);
    if (t.data_.size() < need) t.data_.resize(need);
    const uint32_t n = uint32_t(end - offset);
    // Overlap with bytes already held must agree.
    for (const ByteRange& r : t.covered) {
        const uint32_t b = std::max(r.begin, offset), e = std::min<uint32_t>(r.end, uint32_t(end));
        if (b < e && std::memcmp(&t.data_[b], bytes + (b - offset), e - b) != 0) {
            sink.add(at(FindingCode::ChunkOverlapMismatch, p, t.id, offset));
            break;
        }
    }
    std::memcpy(&t.data_[offset], bytes, n);
    cover(t.covered, offset, uint32_t(end));
}

bool ChunkReassembler::try_complete(Transmission& t, const PacketRef& p, ChunkEvent& ev, FindingSink& sink,
                                    bool by_piece) {
    if (!t.begin_seen || t.state != TxState::Open) return false;
    if (!(t.covered.size() == 1 && t.covered[0].begin == 0 && t.covered[0].end >= t.size) && t.size != 0) return false;
    t.complete_frame = p.frame;
    ev.completed = true;
    reassembled_.assign(t.data_.begin(), t.data_.begin() + t.size);
    ev.reassembled = &reassembled_;
    if (!limits_.inflate) {  // every byte is here: that is all that is looked at
        end(t, TxState::Complete, nullptr, sink);
        return true;
    }
    if (queue_ && by_piece && t.compressed() && chunk_size_) {
        ev.deferred = true;
        std::vector<uint8_t> bytes;
        bytes.swap(t.data_);
        bytes.resize(t.size);
        pending_.push_back(Pending{t.number, t.id, chunk_size_, p, true, sink.room()});
        retire(t);  // Open until the result is applied
        queue_->submit(*this, t.number, std::move(bytes), true, chunk_size_);
        return true;
    }
    const ChunkOutcome r = process_chunk(reassembled_.data(), reassembled_.size(), t.compressed(), chunk_size_, inflater_);
    if (t.compressed()) {
        ev.inflated = inflater_.out();
        ev.inflated_len = uint32_t(inflater_.out_size());
    }
    conclude(&t, t.id, r, chunk_size_, p, sink, false);
    return true;
}

// The findings and the end of a transmission whose bytes were processed
// (inline, or a deferred result: then it was retired already, and may have
// been dropped since).
void ChunkReassembler::conclude(Transmission* t, uint32_t id, const ChunkOutcome& r, uint32_t chunk_size,
                                const PacketRef& p, FindingSink& sink, bool retired) {
    TxState state = TxState::Complete;
    const char* reason = nullptr;
    if (r.error) {
        Finding f = at(FindingCode::ChunkInflateFailed, p, id);
        f.what = r.error;
        sink.add(f);
        state = TxState::Failed;
        reason = "does not inflate";
    } else if (r.trailing) {
        sink.add(at(FindingCode::ChunkTrailingData, p, id, int64_t(r.trailing)));
    }
    if (r.wrong_size) {
        sink.add(at(FindingCode::ChunkWrongSize, p, id, int64_t(r.size), chunk_size));
        state = TxState::Failed;
        reason = "not the size of a chunk";
    }
    if (!t) {
        count_state(TxState::Open, state);
        return;
    }
    t->inflated_size = r.size;
    if (state == TxState::Complete) t->contents = r.contents;
    if (retired) {
        set_state(*t, state);
        t->end_reason = reason;
    } else {
        end(*t, state, reason, sink);
    }
}

namespace {

// A frame's remaining room, for findings that come later.
struct Capped : FindingSink {
    std::vector<Finding>& out;
    size_t left;
    Capped(std::vector<Finding>& out, size_t left) : out(out), left(left) {}
    void add(const Finding& f) override {
        if (!left) return;
        out.push_back(f);
        --left;
    }
    size_t room() const override { return left; }
};

}  // namespace

void ChunkReassembler::inflated(uint64_t token, const ChunkOutcome& r) {
    // Results come back in submission order.
    if (pending_.empty() || pending_.front().number != token) return;
    const Pending pd = pending_.front();
    pending_.pop_front();
    Capped sink(deferred_, pd.room);
    Transmission* t = by_number(pd.number);
    conclude(t, pd.id, r, pd.chunk_size, pd.p, sink, true);
    if (hook_) hook_->chunk_applied(t, pd.compressed, r, pd.p, sink);
}

void ChunkReassembler::end(Transmission& t, TxState state, const char* reason, FindingSink&) {
    set_state(t, state);
    t.end_reason = reason;
    retire(t);
}

// No longer live: later copies of its ChunkBegin / pieces are late ones.
void ChunkReassembler::retire(Transmission& t) {
    std::vector<uint8_t>().swap(t.data_);
    auto it = live_.find(t.id);
    if (it != live_.end() && it->second == t.number) live_.erase(it);
    ended_[t.id] = t.number;
}

void ChunkReassembler::end_of_capture_findings(const Transmission& t, FindingSink& sink) {
    if (!t.begin_seen) {
        Finding f{FindingCode::ChunkUnknownTransmission, 0, 0, t.id};
        f.frame = t.first_frame;
        sink.add(f);
        return;
    }
    uint32_t missing = 0;
    for (const ByteRange& r : t.missing()) missing += r.end - r.begin;
    Finding f{FindingCode::ChunkIncomplete, 0, 0, t.id, missing, t.size,
              t.superseded_by ? "superseded by the next chunk" : "capture ended"};
    f.frame = t.last_frame;
    f.ref_frame = t.begin_frame;
    sink.add(f);
}

void ChunkReassembler::finish(FindingSink& sink) {
    if (queue_) {
        queue_->drain();
        queue_ = nullptr;  // nothing pending: the queue may go before this reassembler
    }
    for (const Finding& f : deferred_) sink.add(f);
    deferred_.clear();
    prune();
    std::vector<uint32_t> open;
    for (const auto& [id, number] : live_) open.push_back(number);
    std::sort(open.begin(), open.end());
    for (uint32_t number : open) {
        Transmission& t = *by_number(number);
        end_of_capture_findings(t, sink);
        end(t, TxState::Incomplete,
            !t.begin_seen ? "its ChunkBegin was never seen"
            : t.superseded_by ? "superseded by the next chunk" : "capture ended",
            sink);
    }
}

}  // namespace blank
