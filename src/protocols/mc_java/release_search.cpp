#include "release_search.hpp"

#include <algorithm>
#include <bitset>
#include <cstring>

#include "core/decoder.hpp"
#include "core/wire.hpp"
#include "framing.hpp"
#include "schema.hpp"

namespace mcjava {

namespace {

// Packet scores (release_search.hpp); a status Pong that echoes the Ping
// counts as one more clean packet.
constexpr int32_t kClean = 2, kWarned = 1, kError = -4, kEchoed = 2;
// A candidate this far behind the best of its direction is dropped: four
// packets it cannot decode that the best can.
constexpr int32_t kDropBehind = 24;
// Whole frames of a good shape (Length, Data Length and zlib header, an id
// some release knows) a start needs before its candidates are opened,
// unless the bytes end first.
constexpr uint32_t kShapeFrames = 3;
// Starts waiting for bytes before their shape can be judged, per direction.
constexpr size_t kMaxWaiting = 64;
// A start this far into the bytes is not looked for: the first whole packet
// starts within one packet of the first byte.
constexpr size_t kMaxStartOffset = kMaxPacketLength + 3;
// Before giving up on bytes no release reads: a key log's secrets are
// tried on this many bytes of a direction (more than the largest packet of
// most connections, so a start is inside them).
constexpr size_t kKeyTrialBytes = 64 * 1024;
// No release reads this many bytes of a direction (more than nearly every
// packet, so a whole one is inside them): the key log's secrets are tried,
// then the search gives up without waiting for the bound.
constexpr size_t kHopeless = 64 * 1024;
// CFB8: a byte decrypts right once the 16 ciphertext bytes before it are known.
constexpr size_t kCipherWarmUp = 16;
// Packet ids whose types the releases of a range may name differently (in
// the states the connection is in) for the range to be decided: releases
// that agree on what was seen but read many other ids as other packets
// would decode the next packet of such an id differently, so the search
// goes on until the bytes end (or kMaxJudged packets).
constexpr uint32_t kTightIds = 8;
// Packets judged after which the best is taken even if its range is not tight.
constexpr uint32_t kMaxJudged = 512;

enum Grade : uint8_t { kGradeClean, kGradeWarned, kGradeError };

// The states a capture may start in after the Handshake.
constexpr State kStartStates[] = {State::Play, State::Configuration, State::Login, State::Status};

bool configures(const VersionInfo& v) {
    return v.version().tables[table_index(State::Configuration, Side::Server)].count > 0;
}

// Ids below 256 some release knows in a state a capture may start in, per
// direction: the shape test of a start.
const std::bitset<256>& known_ids(Side d) {
    static const std::bitset<256>* ids = [] {
        auto* b = new std::bitset<256>[2];
        for (const VersionInfo* v : versions()) {
            const core::Schema& s = schema(*v);
            for (int dir = 0; dir < 2; ++dir)
                for (State st : kStartStates)
                    for (uint32_t id = 0; id < 256; ++id)
                        if (s.type(table_index(st, Side(dir)), id)) b[dir].set(id);
        }
        return b;
    }();
    return ids[int(d)];
}

bool known_id_at(Side d, const uint8_t* p, size_t n) {
    uint64_t id;
    uint32_t used;
    return core::wire::read_varint(p, uint32_t(std::min<size_t>(n, 5)), 5, id, used) == core::wire::VarIntResult::Ok &&
           id < 256 && known_ids(d).test(size_t(id));
}

// The frame at p[0, n): a whole one of a shape some release may send with
// or without compressed framing (1: yes, 0: no, -1: not whole yet).
int shape(Side d, const uint8_t* p, size_t n, bool compressed, uint32_t& len) {
    const core::MeasureResult m = measure_frame(p, n);
    if (m.status == core::Measure::Invalid) return 0;
    if (m.status == core::Measure::NeedMore) return m.length > kHoldLimit ? 0 : -1;
    len = m.length;
    const FrameParts f = split_frame(p, len, compressed);
    if (f.length == 0 || f.data_length_bad || f.body_offset >= len) return 0;
    const uint8_t* body = p + f.body_offset;
    const size_t left = len - f.body_offset;
    if (compressed && f.data_length != 0) {
        if (f.data_length > kMaxDataLength || left < 2) return 0;
        return (body[0] & 0x0f) == 8 && ((body[0] << 8) | body[1]) % 31 == 0;
    }
    return known_id_at(d, body, left);
}

// Whole frames of a good shape from p (a start), -1 once one is not. A
// start without compressed framing may meet Set Compression: the frames
// after its first may have either shape.
int shaped_frames(Side d, const uint8_t* p, size_t n, bool compressed) {
    int good = 0;
    for (size_t at = 0; at < n && good < int(kShapeFrames);) {
        uint32_t len = 0;
        int s = shape(d, p + at, n - at, compressed, len);
        if (s == 0 && !compressed && good > 0) s = shape(d, p + at, n - at, true, len);
        if (s == 0) return -1;
        if (s < 0) break;
        ++good;
        at += len;
    }
    return good;
}

uint64_t mix(uint64_t h, const char* key, Grade g) {
    for (const char* c = key ? key : ""; *c; ++c) h = (h ^ uint8_t(*c)) * 1099511628211ull;
    return (h ^ (uint64_t(g) + 0x9e)) * 1099511628211ull;
}

// Ids below 256 that the versions of `range` name as different packet
// types (or know in some and not in others) in these states.
uint32_t disagreeing_ids(VersionSet range, const State states[2]) {
    uint32_t n = 0;
    for (int d = 0; d < 2; ++d)
        for (uint32_t id = 0; id < 256; ++id) {
            const char* first = nullptr;
            bool seen = false, differ = false;
            for (const VersionInfo* v : versions()) {
                if (!(range & version_bit(*v))) continue;
                const core::MessageType* t = schema(*v).type(table_index(states[d], Side(d)), id);
                const char* k = t ? (t->key ? t->key : "") : nullptr;
                if (!seen) {
                    first = k;
                    seen = true;
                } else if (!first != !k || (k && std::strcmp(first, k) != 0)) {
                    differ = true;
                    break;
                }
            }
            n += differ;
        }
    return n;
}

bool is(const core::MessageSummary& s, const char* key) {
    return s.type && s.type->key && std::strcmp(s.type->key, key) == 0;
}

// Byte values spread as in random bytes: what an encrypted stream looks
// like (the Java protocol's own bytes are mostly small values).
bool looks_random(const uint8_t* p, size_t n) {
    if (n < 1024) return false;
    uint32_t count[256] = {};
    for (size_t i = 0; i < n; ++i) ++count[p[i]];
    const double expect = double(n) / 256.0;
    double chi = 0;
    for (uint32_t c : count) chi += (double(c) - expect) * (double(c) - expect) / expect;
    return chi < 400;  // 255 degrees of freedom: random bytes stay well under
}

}  // namespace

struct ReleaseSearch::Chain {
    uint8_t version = 0;  // index into versions()
    State first_state = State::Play;
    State state = State::Play;
    bool first_compressed = false;
    bool compressed = false;
    bool alive = true;
    uint32_t start = 0, pos = 0;
    int32_t score = 0;
    uint32_t frames = 0, clean = 0, errors = 0;
    uint64_t trace = 14695981039346656037ull;
    uint64_t echo = 0;  // status: the first Ping's (client) or Pong's (server) payload
    bool echoed = false;
};

struct ReleaseSearch::Direction {
    std::vector<Chain> chains;
    size_t ended_at = SIZE_MAX;      // no more bytes after this many (a gap, the end)
    size_t scan = 0;                 // next offset a start is looked for at
    std::vector<uint32_t> waiting;   // starts whose shape needs more bytes
    size_t plain = 0;                // bytes decrypted into plain_ (a key kept)
};

// One release with or without compressed framing (by now), over both directions.
struct ReleaseSearch::Total {
    bool valid = false;
    uint8_t version = 0;
    bool compressed = false;
    int32_t score = 0;
    uint32_t frames = 0, clean = 0, errors = 0;
    const Chain* best[2] = {nullptr, nullptr};
};

ReleaseSearch::ReleaseSearch(core::Inflater& inflater, const KeyLog* keys, const VersionInfo* only)
    : inflater_(inflater), keys_(keys), only_(only), dirs_(2) {}

ReleaseSearch::~ReleaseSearch() = default;

const uint8_t* ReleaseSearch::view(Side d, const uint8_t* raw, size_t n) {
    if (!result_.key) return raw;
    Direction& dir = dirs_[int(d)];
    if (dir.plain < n) {
        plain_[int(d)].insert(plain_[int(d)].end(), raw + dir.plain, raw + n);
        cipher_[int(d)].decrypt(plain_[int(d)].data() + dir.plain, n - dir.plain);
        dir.plain = n;
    }
    return plain_[int(d)].data();
}

bool ReleaseSearch::open_chains(Side d, uint32_t start, const uint8_t* p, size_t n) {
    Direction& dir = dirs_[int(d)];
    const size_t before = dir.chains.size();
    for (const VersionInfo* v : versions()) {
        if (only_ && v != only_) continue;
        for (State st : kStartStates) {
            if (st == State::Configuration && !configures(*v)) continue;
            for (bool comp : {false, true}) {
                if (shaped_frames(d, p + start, n - start, comp) <= 0) continue;
                Chain c;
                c.version = uint8_t(v->index);
                c.first_state = c.state = st;
                c.first_compressed = c.compressed = comp;
                c.start = c.pos = start;
                dir.chains.push_back(c);
            }
        }
    }
    // Their first packet, judged now: a start is where a packet decodes.
    sweep(d, p, n);
    bool any = false;
    for (size_t i = before; i < dir.chains.size(); ++i) {
        Chain& c = dir.chains[i];
        if (c.frames && c.errors) c.alive = false;
        any = any || c.alive;
    }
    dir.chains.erase(std::remove_if(dir.chains.begin(), dir.chains.end(), [](const Chain& c) { return !c.alive; }),
                     dir.chains.end());
    return any;
}

bool ReleaseSearch::convinced(Side d) const {
    for (const Chain& c : dirs_[int(d)].chains)
        if (c.alive && c.frames && !c.errors) return true;
    return false;
}

void ReleaseSearch::add_starts(Side d, const uint8_t* p, size_t n, bool ended) {
    Direction& dir = dirs_[int(d)];
    auto ready = [&](size_t at) {
        // 1: open it, 0: never, -1: wait for more bytes.
        int verdict = 0;
        for (bool comp : {false, true}) {
            const int f = shaped_frames(d, p + at, n - at, comp);
            if (f >= int(kShapeFrames) || (f > 0 && ended)) return 1;
            if (f >= 0 && !ended) verdict = -1;
        }
        return verdict;
    };
    // Starts that were waiting for bytes (while no candidate convinces).
    for (size_t i = 0; i < dir.waiting.size() && !convinced(d);) {
        const uint32_t at = dir.waiting[i];
        const int r = ready(at);
        if (r < 0) {
            ++i;
            continue;
        }
        dir.waiting.erase(dir.waiting.begin() + long(i));
        if (r > 0) open_chains(d, at, p, n);
    }
    // New starts, while no candidate of this direction decoded every packet
    // it read (a start inside the bytes of a packet may decode once by
    // chance, not on and on).
    const size_t limit = std::min(n, kMaxStartOffset);
    while (!convinced(d) && dir.scan < limit && dir.waiting.size() < kMaxWaiting) {
        const size_t at = dir.scan++;
        if (result_.key && at < kCipherWarmUp) continue;  // decrypted wrong: before the cipher caught up
        const int r = ready(at);
        if (r < 0) dir.waiting.push_back(uint32_t(at));
        else if (r > 0) open_chains(d, uint32_t(at), p, n);
    }
}

namespace {

// How one release in one state reads a frame: its grade, and the packet's
// bytes and summary.
struct Reading {
    Grade grade = kGradeError;
    core::MessageSummary sum{};
    const uint8_t* data = nullptr;
    size_t len = 0;
};
Reading read_frame(const VersionInfo& v, State st, Side d, bool compressed, const uint8_t* wire, uint32_t len,
                   const uint8_t* inflated, size_t inflated_len, bool inflated_ok) {
    Reading r;
    const FrameParts f = split_frame(wire, len, compressed);
    if (f.length && !f.data_length_bad) {
        if (!compressed || f.data_length == 0) {
            r.data = wire + f.body_offset;
            r.len = len - f.body_offset;
        } else if (inflated_ok) {
            r.data = inflated;
            r.len = inflated_len;
        }
    }
    if (!r.data) return r;
    core::DecodeContext ctx;
    ctx.table = table_index(st, d);
    core::NullVisitor nv;
    r.sum = core::decode(schema(v), r.data, r.len, ctx, nv);
    if (r.sum.type && r.sum.worst < core::Severity::Warn) r.grade = kGradeClean;
    else if (r.sum.type && r.sum.worst == core::Severity::Warn) r.grade = kGradeWarned;
    return r;
}

}  // namespace

void ReleaseSearch::judge_frame(Side d, Chain& c, const uint8_t* wire, uint32_t len, const uint8_t* inflated,
                                size_t inflated_len, bool inflated_ok) {
    const VersionInfo& v = *versions()[c.version];
    Reading r = read_frame(v, c.state, d, c.compressed, wire, len, inflated, inflated_len, inflated_ok);
    if (r.grade == kGradeError && c.frames && c.state == State::Login && !c.compressed && d == Side::Client) {
        // The client's packets use compressed framing from the server's Set
        // Compression on, which this side does not see.
        Reading z = read_frame(v, c.state, d, true, wire, len, inflated, inflated_len, inflated_ok);
        if (z.grade != kGradeError) {
            r = z;
            c.compressed = true;
        }
    }
    const Grade g = r.grade;
    const core::MessageSummary& sum = r.sum;
    const uint8_t* data = r.data;
    const size_t dlen = r.len;
    c.score += g == kGradeClean ? kClean : g == kGradeWarned ? kWarned : kError;
    ++c.frames;
    if (g == kGradeClean) ++c.clean;
    if (g == kGradeError) ++c.errors;
    c.trace = mix(c.trace, sum.type ? sum.type->key : nullptr, g);
    c.pos += len;
    if (g == kGradeError || !sum.type) return;
    // The status exchange's Pong answers the Ping's payload: evidence that a
    // short connection is a server list ping (totals()).
    if (c.state == State::Status && !c.echoed && (is(sum, "ping") || is(sum, "pong")) && dlen == 9) {
        std::memcpy(&c.echo, data + 1, 8);
        c.echoed = true;
    }
    // The state machine, as the connection follows it (connection.cpp).
    if (c.state == State::Login && is(sum, "login_success")) c.state = configures(v) ? State::Configuration : State::Play;
    else if (c.state == State::Login && is(sum, "login_acknowledged")) c.state = State::Configuration;
    else if (c.state == State::Login && is(sum, "set_compression")) c.compressed = true;
    else if (c.state == State::Configuration && is(sum, "finish_configuration")) c.state = State::Play;
    else if (c.state == State::Play && (is(sum, "start_configuration") || is(sum, "configuration_acknowledged")))
        c.state = State::Configuration;
}

void ReleaseSearch::sweep(Side d, const uint8_t* p, size_t n) {
    Direction& dir = dirs_[int(d)];
    // Every candidate reads the frames at its own offsets; those at the same
    // offset share one inflation.
    for (;;) {
        size_t at = SIZE_MAX;
        uint32_t len = 0;
        for (Chain& c : dir.chains) {
            if (!c.alive || c.pos >= n || c.pos >= at) continue;
            const core::MeasureResult m = measure_frame(p + c.pos, n - c.pos);
            if (m.status == core::Measure::Invalid) {
                c.alive = false;
                continue;
            }
            if (m.status == core::Measure::NeedMore) continue;
            at = c.pos;
            len = m.length;
        }
        if (at == SIZE_MAX) return;
        const uint8_t* wire = p + at;
        const FrameParts f = split_frame(wire, len, true);
        bool inflated = false, inflated_ok = false;
        for (Chain& c : dir.chains) {
            if (!c.alive || c.pos != at) continue;
            if (c.compressed && !inflated && !f.data_length_bad && f.data_length && f.data_length <= kMaxDataLength) {
                inflated = true;
                const core::Inflater::Result r = inflater_.inflate(wire + f.body_offset, len - f.body_offset, f.data_length);
                inflated_ok = r == core::Inflater::Result::Ok && inflater_.out_size() == f.data_length;
            }
            judge_frame(d, c, wire, len, inflater_.out(), inflater_.out_size(), inflated_ok);
        }
        prune(d);
    }
}

void ReleaseSearch::prune(Side d) {
    Direction& dir = dirs_[int(d)];
    int32_t best = INT32_MIN;
    for (const Chain& c : dir.chains)
        if (c.alive && c.frames) best = std::max(best, c.score);
    bool dead = false;
    for (Chain& c : dir.chains)
        if (c.alive && c.frames && (c.score < best - kDropBehind || c.errors * 2 > c.frames)) {
            c.alive = false;
            dead = true;
        }
    if (dead)
        dir.chains.erase(std::remove_if(dir.chains.begin(), dir.chains.end(), [](const Chain& c) { return !c.alive; }),
                         dir.chains.end());
}

bool ReleaseSearch::totals(Total& best, Total& runner, VersionSet& range) const {
    const size_t nv = versions().size();
    std::vector<Total> all(nv * 2);
    bool live[2] = {false, false};
    for (int d = 0; d < 2; ++d)
        for (const Chain& c : dirs_[d].chains)
            if (c.alive && c.frames) live[d] = true;
    // The server's reading first: on a tie the client's in the same state is
    // preferred (both sides are mostly in one state).
    for (int d : {1, 0}) {
        for (const Chain& c : dirs_[d].chains) {
            if (!c.alive || !c.frames) continue;
            // By compression now: a server read from before its Set Compression
            // goes with a client read from after it.
            Total& t = all[c.version * 2 + c.compressed];
            const Chain*& b = t.best[d];
            const Chain* other = t.best[1 - d];
            const int32_t w = worth(Side(d), c), wb = b ? worth(Side(d), *b) : 0;
            const bool same = other && c.state == other->state, b_same = b && other && b->state == other->state;
            if (!b || w > wb || (w == wb && same && !b_same) || (w == wb && same == b_same && c.start < b->start)) b = &c;
        }
    }
    bool any = false;
    for (size_t i = 0; i < all.size(); ++i) {
        Total& t = all[i];
        t.version = uint8_t(i / 2);
        t.compressed = i % 2;
        // A direction with candidates must have one of this release's.
        t.valid = (t.best[0] || t.best[1]) && (!live[0] || t.best[0]) && (!live[1] || t.best[1]);
        if (!t.valid) continue;
        for (int d = 0; d < 2; ++d) {
            const Chain* c = t.best[d];
            if (!c) continue;
            t.score += worth(Side(d), *c);
            t.frames += c->frames;
            t.clean += c->clean;
            t.errors += c->errors;
        }
        // A status exchange: the Pong echoes the Ping, or ends the server's stream.
        const Chain *cl = t.best[0], *sv = t.best[1];
        if (cl && sv && cl->echoed && sv->echoed && cl->echo == sv->echo) t.score += kEchoed;
        // The best: the highest score, then one the hint names, then the
        // most packets, then the newest.
        const bool hinted = hint_ & version_bit(*versions()[t.version]);
        const bool best_hinted = any && (hint_ & version_bit(*versions()[best.version]));
        if (!any || t.score > best.score || (t.score == best.score && hinted && !best_hinted) ||
            (t.score == best.score && hinted == best_hinted &&
             (t.frames > best.frames || (t.frames == best.frames && t.version > best.version))))
            best = t;
        any = true;
    }
    if (!any) return false;
    // Every release that decoded every packet as the best did is in its range.
    range = 0;
    auto same = [&](const Total& t) {
        if (!t.valid || t.compressed != best.compressed || t.score != best.score) return false;
        for (int d = 0; d < 2; ++d) {
            const Chain *a = t.best[d], *b = best.best[d];
            if (!a != !b || (a && (a->trace != b->trace || a->frames != b->frames))) return false;
        }
        return true;
    };
    for (const Total& t : all)
        if (same(t)) range |= version_bit(*versions()[t.version]);
    runner = Total{};
    for (const Total& t : all) {
        if (!t.valid || (range & version_bit(*versions()[t.version]))) continue;
        if (!runner.valid || t.score > runner.score) runner = t;
    }
    return true;
}

int32_t ReleaseSearch::worth(Side d, const Chain& c) const {
    // A status reading whose Pong ends the server's stream (the status
    // exchange ends there) is worth one packet more.
    const bool pong_last = d == Side::Server && c.echoed && c.state == State::Status && c.pos == dirs_[1].ended_at;
    return c.score + (pong_last ? kEchoed : 0);
}

bool ReleaseSearch::tight(const Total& best, VersionSet range) {
    if (!(range & (range - 1))) return true;  // one version
    State states[2];
    for (int d = 0; d < 2; ++d) states[d] = best.best[d] ? best.best[d]->state : State::Play;
    if (range != tight_range_ || states[0] != tight_states_[0] || states[1] != tight_states_[1]) {
        tight_range_ = range;
        tight_states_[0] = states[0];
        tight_states_[1] = states[1];
        tight_ = disagreeing_ids(range, states) <= kTightIds;
    }
    return tight_;
}

void ReleaseSearch::decide(const Total& best, const Total& runner, VersionSet range, Inferred::How how,
                           const uint8_t* const bytes[2]) {
    Inferred& r = result_;
    r.how = only_ ? Inferred::How::Given : how;
    r.range = range;
    // The release another connection to the server speaks, if it is one of them.
    r.version = newest_of(range & hint_) ? newest_of(range & hint_) : newest_of(range);
    r.compressed = true;  // from the start: unless a direction began before Set Compression
    for (const Chain* c : best.best)
        if (c && !c->first_compressed) r.compressed = false;
    r.packets = best.frames;
    r.clean = best.clean;
    r.runner_up = runner.valid ? versions()[runner.version] : nullptr;
    r.runner_up_clean = runner.valid ? runner.clean : 0;
    for (int d = 0; d < 2; ++d) {
        const Chain* c = best.best[d];
        r.start_known[d] = c != nullptr;
        r.start[d] = c ? c->start : 0;
        r.state[d] = c ? c->first_state : State::Play;
    }
    for (int d = 0; d < 2; ++d) {
        // A direction not judged: as the other (play when neither was).
        if (!r.start_known[d] && r.start_known[1 - d]) r.state[d] = r.state[1 - d];
        // Decrypting: the cipher goes on from the 16 bytes before the start.
        if (r.key && r.start_known[d] && r.start[d] >= kCipherWarmUp)
            std::memcpy(r.iv[d], bytes[d] + r.start[d] - kCipherWarmUp, kCipherWarmUp);
        else if (r.key)
            r.start_known[d] = false;  // searched for from the first byte the cipher reads right
    }
}

bool ReleaseSearch::try_keys(const uint8_t* const bytes[2], const size_t len[2]) {
    keys_tried_ = true;
    if (!keys_) return false;
    // The direction with more bytes, up to kKeyTrialBytes: both use the same secret.
    const int d = len[0] > len[1] ? 0 : 1;
    const size_t n = std::min(len[d], kKeyTrialBytes);
    if (n <= kCipherWarmUp) return false;
    std::vector<uint8_t> plain(n);
    const SharedSecret zero{};
    for (const KeyLog::Entry& e : keys_->entries()) {
        ++result_.keys_tried;
        StreamCipher c;
        if (!c.start(e.secret, zero)) continue;  // the IV is lost with the bytes before the capture
        std::memcpy(plain.data(), bytes[d], n);
        c.decrypt(plain.data(), n);
        // A start after the cipher caught up whose packets decode: three
        // that decode are no accident of a wrong key.
        ReleaseSearch probe(inflater_, nullptr, only_);
        probe.add_starts(Side(d), plain.data() + kCipherWarmUp, n - kCipherWarmUp, true);
        bool found = false;
        for (const Chain& ch : probe.dirs_[d].chains) found = found || (ch.alive && ch.frames >= 3 && !ch.errors);
        if (!found) continue;
        result_.key = &e;
        for (int i = 0; i < 2; ++i) cipher_[i].start(e.secret, zero);
        keys_->mark_used(e);
        return true;
    }
    return false;
}

uint32_t reads_midstream(const uint8_t* p, size_t len, bool from_client) {
    thread_local core::Inflater inflater;
    ReleaseSearch probe(inflater, nullptr);
    const Side d = from_client ? Side::Client : Side::Server;
    probe.add_starts(d, p, len, true);
    uint32_t best = 0;
    for (const ReleaseSearch::Chain& c : probe.dirs_[int(d)].chains) {
        if (!c.alive || c.errors * 8 > c.frames) continue;
        // Read to the end: the bytes after its last whole packet are the
        // start of one whose Length fits (a big Chunk Data in progress),
        // once a few packets before it decoded cleanly.
        const bool to_end = c.frames >= 2 && !c.errors;
        best = std::max(best, to_end ? uint32_t(len) - c.start : c.pos - c.start);
    }
    return best;
}

ReleaseSearch::Verdict ReleaseSearch::judge(const uint8_t* const bytes[2], const size_t len[2], const bool ended[2],
                                            bool last) {
    for (int i = 0; i < 2; ++i) {
        const Side d = Side(i);
        const uint8_t* p = view(d, bytes[i], len[i]);
        dirs_[i].ended_at = ended[i] ? len[i] : SIZE_MAX;
        add_starts(d, p, len[i], ended[i] || last);
        sweep(d, p, len[i]);
    }
    Total best, runner;
    VersionSet range = 0;
    const bool judged = totals(best, runner, range);
    // At the end, a key log's secrets are tried before a weak best is
    // taken: a few hundred encrypted bytes may read as a packet or two of
    // some release.
    const bool weak = !judged || best.frames < kMinPackets || best.errors * 8 > best.frames;
    if (keys_ && last && weak && !result_.key && !keys_tried_ && (len[0] + len[1]) > kCipherWarmUp) {
        if (try_keys(bytes, len)) {
            for (Direction& dir : dirs_) dir = Direction{};
            return judge(bytes, len, ended, last);
        }
    }
    if (judged) {
        const bool ahead = !runner.valid || best.score - runner.score >= kDecisiveLead;
        if (best.frames >= kMinPackets && best.errors * 8 <= best.frames && ahead && tight(best, range)) {
            decide(best, runner, range, Inferred::How::Sure, bytes);
            return Verdict::Decided;
        }
        if ((last || best.frames >= kMaxJudged) && best.errors * 4 <= best.frames) {
            if (!runner.valid || best.score > runner.score) {
                decide(best, runner, range, Inferred::How::AtEnd, bytes);
                return Verdict::Decided;
            }
            if (hint_ & version_bit(*versions()[best.version])) {
                decide(best, runner, range, Inferred::How::Peer, bytes);
                return Verdict::Decided;
            }
            if (last) {
                result_.packets = best.frames;
                result_.tied = range | version_bit(*versions()[runner.version]);
                return Verdict::Tied;
            }
        }
    }
    // No release reads these bytes: perhaps encrypted (a key log's secret
    // may read them), else nothing will.
    bool alive = false;
    for (const Direction& dir : dirs_)
        for (const Chain& c : dir.chains) alive = alive || c.alive;
    const bool hopeless = !alive && std::max(len[0], len[1]) >= kHopeless;
    if (!alive && !result_.key && !keys_tried_ && (hopeless || last) && (len[0] + len[1]) > kCipherWarmUp) {
        if (try_keys(bytes, len)) {
            for (Direction& dir : dirs_) dir = Direction{};
            return judge(bytes, len, ended, last);
        }
    }
    if (last || hopeless) {
        result_.how = Inferred::How::None;
        const int d = len[0] > len[1] ? 0 : 1;
        result_.looks_encrypted = !result_.key && looks_random(bytes[d], std::min(len[d], kKeyTrialBytes));
        return Verdict::GaveUp;
    }
    return Verdict::Undecided;
}

}  // namespace mcjava
