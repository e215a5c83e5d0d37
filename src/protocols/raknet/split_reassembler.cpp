#include "split_reassembler.hpp"

#include <cstring>

#include "findings.hpp"

namespace raknet {

using C = FindingCode;

namespace {
// A released group keeps at most this much capacity for reuse.
constexpr size_t kKeepCapacity = 64 * 1024;
}  // namespace

uint32_t SplitReassembler::open_groups() const {
    uint32_t n = 0;
    for (const Group& g : groups_) n += g.used;
    return n;
}

SplitReassembler::Group* SplitReassembler::find(uint16_t id) {
    for (Group& g : groups_)
        if (g.used && g.id == id) return &g;
    return nullptr;
}

SplitReassembler::Group* SplitReassembler::oldest(const Group* except) {
    Group* best = nullptr;
    for (Group& g : groups_)
        if (g.used && &g != except && (!best || g.first_frame < best->first_frame)) best = &g;
    return best;
}

void SplitReassembler::release(Group& g) {
    buffered_ -= g.data.size();
    g.used = false;
    g.data.clear();
    if (g.data.capacity() > kKeepCapacity) std::vector<uint8_t>().swap(g.data);
    g.pieces.clear();
    if (g.pieces.capacity() > kKeepCapacity / sizeof(Piece)) std::vector<Piece>().swap(g.pieces);
}

void SplitReassembler::give_up(Group& g, DirectionStats& st, Events& ev, bool evicted) {
    ++st.split_incomplete;
    core::Finding f = evicted ? core::Finding{C::SplitEvicted, 0, 0, g.id, g.received, g.count}
                              : core::Finding{C::SplitIncomplete, 0, 0, g.received, g.count, g.id};
    f.frame = g.first_frame;
    ev.late_finding(f);
    release(g);
}

SplitReassembler::Group* SplitReassembler::open(const WireFrame& f, uint64_t frame, double time, DirectionStats& st,
                                                Events& ev) {
    Group* g = nullptr;
    for (Group& k : groups_)
        if (!k.used) {
            g = &k;
            break;
        }
    if (!g && groups_.size() < o_.max_open_splits) g = &groups_.emplace_back();
    if (!g) {
        g = oldest(nullptr);
        give_up(*g, st, ev, /*evicted=*/true);
    }
    g->used = true;
    g->id = f.split_id;
    g->count = f.split_count;
    g->received = 0;
    g->reliability = f.reliability;
    g->message_index = f.message_index;
    g->order_index = f.order_index;
    g->channel = f.channel;
    g->first_frame = frame;
    g->first_time = time;
    g->pieces.assign(f.split_count, Piece{});
    // Room for the whole message at once (pieces are alike in size), up to
    // what a released group keeps: no regrowth while its pieces arrive.
    const size_t expect = size_t(f.split_count) * f.body_len;
    g->data.reserve(expect < kKeepCapacity ? expect : kKeepCapacity);
    ++st.split_groups;
    ++st.split_groups_by_reliability[uint8_t(f.reliability) & 7];
    return g;
}

SplitReassembler::Added SplitReassembler::add(const WireFrame& f, const uint8_t* body, uint64_t frame, double time,
                                              DirectionStats& st, Events& ev) {
    Added a;
    if (f.split_count == 0 || f.split_count > o_.max_split_count) {
        if (!rejected_any_ || rejected_id_ != f.split_id) {
            core::Finding e{C::SplitCountLimit};
            e.a = f.split_count;
            e.b = o_.max_split_count;
            e.c = f.split_id;
            ev.finding(e);
            rejected_any_ = true;
            rejected_id_ = f.split_id;
        }
        return a;
    }
    Group* g = find(f.split_id);
    if (!g) {
        for (const Done& d : recent_)
            if (d.used && d.id == f.split_id && d.count == f.split_count) {
                core::Finding e{C::SplitDuplicate};
                e.a = f.split_id;
                e.b = f.split_index;
                ev.finding(e);
                a.outcome = Outcome::Duplicate;
                return a;
            }
        g = open(f, frame, time, st, ev);
    }
    if (f.split_count != g->count || f.split_index >= g->count) {
        core::Finding e{C::SplitInconsistent};
        e.a = f.split_id;
        e.b = f.split_index;
        e.what = f.split_index >= f.split_count ? "index beyond the split count" : "split count differs from its group's";
        ev.finding(e);
        a.held = g->received;
        return a;
    }
    if (f.reliability != g->reliability) {
        core::Finding e{C::SplitInconsistent};
        e.a = f.split_id;
        e.b = f.split_index;
        e.what = "reliability differs from its group's";
        ev.finding(e);
    }
    Piece& p = g->pieces[f.split_index];
    if (p.present) {
        core::Finding e{C::SplitDuplicate};
        e.a = f.split_id;
        e.b = f.split_index;
        ev.finding(e);
        a.outcome = Outcome::Duplicate;
        a.held = g->received;
        return a;
    }
    if (g->data.size() + f.body_len > o_.max_split_bytes) {
        core::Finding e{C::SplitSizeLimit};
        e.a = int64_t(g->data.size() + f.body_len);
        e.b = o_.max_split_bytes;
        e.c = f.split_id;
        ev.finding(e);
        give_up(*g, st, ev);
        return a;
    }
    // Make room in the direction's budget by giving up the oldest groups.
    while (buffered_ + f.body_len > o_.max_split_buffer) {
        Group* old = oldest(g);
        if (!old) break;
        give_up(*old, st, ev, /*evicted=*/true);
    }
    p.offset = uint32_t(g->data.size());
    p.len = f.body_len;
    p.frame = frame;
    p.present = true;
    g->data.insert(g->data.end(), body, body + f.body_len);
    buffered_ += f.body_len;
    ++g->received;
    a.held = g->received;
    if (g->received < g->count) {
        a.outcome = Outcome::Held;
        return a;
    }
    // Complete: the pieces in index order. Arrived in that order (as they
    // mostly do), the group's bytes are the message: handed over, not copied.
    out_frames_.clear();
    bool in_order = true;
    uint32_t next = 0;
    for (const Piece& k : g->pieces) {
        in_order &= k.offset == next;
        next = k.offset + k.len;
        out_frames_.push_back(k.frame);
        if (k.frame != frame) ev.link(Link{k.frame, LinkKind::ReassembledIn, frame, (time - g->first_time) * 1000.0,
                                           g->id, side_});
    }
    out_.clear();
    if (in_order) {
        buffered_ -= g->data.size();  // release() below sees the emptied buffer
        out_.swap(g->data);           // the group keeps out_'s old one for its next message
    } else {
        out_.reserve(g->data.size());
        for (const Piece& k : g->pieces)
            out_.insert(out_.end(), g->data.begin() + k.offset, g->data.begin() + k.offset + k.len);
    }
    a.outcome = Outcome::Completed;
    a.data = out_.data();
    a.len = uint32_t(out_.size());
    a.frames = out_frames_.data();
    a.count = g->count;
    a.reliability = g->reliability;
    a.message_index = g->message_index;
    a.order_index = g->order_index;
    a.channel = g->channel;
    ++st.split_completed;
    recent_[recent_next_] = Done{true, g->id, g->count};
    recent_next_ = (recent_next_ + 1) % kRecent;
    release(*g);
    return a;
}

void SplitReassembler::finish(DirectionStats& st, Events& ev) {
    // Oldest first.
    for (Group* g = oldest(nullptr); g; g = oldest(nullptr)) give_up(*g, st, ev);
}

}  // namespace raknet
