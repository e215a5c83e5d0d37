// libFuzzer target: the TCP reassembler fed synthetic segments built from
// the input, with small bounds so the limits are hit. Asserts (abort on
// violation) that per direction the delivered offsets are contiguous except
// across reported gaps, nothing follows a FIN or on_close, held memory stays
// within its bounds after every segment, counters agree with what was
// delivered, everything is flushed by finish(), and that streams whose
// segments all carry the same function of their sequence number come out
// as that function with no conflict reported.
//
// Input: 3 option bytes, then records
//   [ctl][flags][delta lo][delta hi][len] + len payload bytes (when ctl bit 3 is clear)
//   ctl bit 0: from the server; bits 1-2: which of 4 client ports (tuples);
//   bit 3: payload = f(seq) (len bytes, nothing read); bit 4: carry an ack
//   near the peer's highest sequence number; bit 5: marked truncated;
//   bit 6: delta is in units of 65536 (far jumps, wrap); bit 7: window 0.
//   seq = the sender's highest sequence number so far + delta (signed).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "tcp/tcp_reassembly.hpp"

namespace {

using namespace blankshark;
using core::Side;

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) {                                                     \
            std::fprintf(stderr, "fuzz_tcp: %s (line %d)\n", #cond, __LINE__); \
            std::abort();                                                  \
        }                                                                  \
    } while (0)

inline uint8_t f_of(uint32_t seq, int tuple, int dir) { return uint8_t(seq * 131u + seq / 251u + tuple * 7 + dir * 3); }

struct Sink : tcp::Sink {
    struct State {
        uint64_t next[2] = {0, 0};
        uint64_t delivered[2] = {0, 0};
        bool fin[2] = {false, false};
        bool closed = false;
        bool released_by_us = false;
        int tuple = 0;
    };
    std::map<uint32_t, State> conns;
    tcp::Reassembler* r = nullptr;
    bool release_in_data = false, release_on_close = false;
    bool consistent[4][2];  // every segment of that tuple and direction carried f(seq)

    static int tuple_of(const tcp::Connection& c) {
        const uint16_t p = c.client().port >= 40000 && c.client().port < 40004 ? c.client().port : c.server().port;
        return (p - 40000) & 3;
    }
    tcp::Hint on_new_tuple(const capture::TcpSegment& s, uint64_t) override {
        return s.src.port == 25565 ? tcp::Hint::SenderIsServer : tcp::Hint::Unknown;
    }
    void on_open(tcp::Connection& c, uint64_t, double) override {
        CHECK(conns.count(c.id()) == 0);
        conns[c.id()].tuple = tuple_of(c);
    }
    State& live(tcp::Connection& c) {
        CHECK(conns.count(c.id()) == 1);
        State& s = conns[c.id()];
        CHECK(!s.closed);
        CHECK(!s.released_by_us);
        return s;
    }
    void on_data(tcp::Connection& c, Side d, const uint8_t* p, uint32_t n, uint64_t off,
                 const tcp::SegmentOrigin& o) override {
        State& s = live(c);
        const int k = int(d);
        CHECK(!s.fin[k]);
        CHECK(n > 0);
        CHECK(off == s.next[k]);
        CHECK(o.delivered_frame >= o.frame);
        const int from_server = c.sender(d).port == 25565;  // the input's direction (roles may be swapped)
        if (consistent[s.tuple][from_server]) {
            const uint32_t base = c.stream(d).base_seq();
            for (uint32_t i = 0; i < n; ++i) CHECK(p[i] == f_of(uint32_t(base + off + i), s.tuple, from_server));
        }
        s.next[k] = off + n;
        s.delivered[k] += n;
        if (release_in_data && n % 7 == 3) {
            s.released_by_us = true;
            r->release(c);
        }
    }
    void on_gap(tcp::Connection& c, Side d, uint64_t off, uint64_t missing, tcp::GapReason, uint64_t,
                double) override {
        State& s = live(c);
        const int k = int(d);
        CHECK(!s.fin[k]);
        CHECK(missing > 0);
        CHECK(off == s.next[k]);
        s.next[k] = off + missing;
    }
    void on_fin(tcp::Connection& c, Side d, uint64_t off, const tcp::SegmentOrigin&) override {
        State& s = live(c);
        CHECK(!s.fin[int(d)]);
        CHECK(off == s.next[int(d)]);
        s.fin[int(d)] = true;
    }
    void on_rst(tcp::Connection& c, Side, uint64_t, double) override { live(c); }
    void on_close(tcp::Connection& c, tcp::CloseReason why, uint64_t, double) override {
        State& s = live(c);
        s.closed = true;
        if (why == tcp::CloseReason::Fin) CHECK(s.fin[0] && s.fin[1]);
        for (Side d : {Side::Client, Side::Server}) {
            CHECK(c.stats(d).delivered_bytes == s.delivered[int(d)]);
            CHECK(c.stream(d).next_offset() == s.next[int(d)]);
            CHECK(c.stream(d).held_bytes() == 0);
        }
        if (release_on_close) r->release(c);
    }
    void on_finding(tcp::Connection* c, Side d, const tcp::FindingInfo& f) override {
        if (!c) {
            CHECK(f.kind == tcp::Finding::ConnectionLimit);
            return;
        }
        live(*c);
        if (f.kind == tcp::Finding::RetransmissionConflict)
            CHECK(!consistent[conns[c->id()].tuple][c->sender(d).port == 25565]);
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3) return 0;
    tcp::Options opt;
    opt.max_held_per_direction = 64 + (data[0] & 15) * 128;
    opt.max_held_total = 128 + ((data[0] >> 4) & 7) * 256;
    opt.gap_on_ack = data[0] & 0x80;
    opt.compare_window = uint32_t(data[1]) * 16;
    opt.max_connections = 1 + (data[2] & 3);
    opt.ack_reorder_segments = ((data[2] >> 5) & 1) | ((data[2] >> 6) & 2);  // at once, or after 1..3 segments
    opt.release_on_close = data[2] & 0x40;
    Sink sink;
    sink.release_on_close = data[2] & 4;
    sink.release_in_data = data[2] & 8;
    for (auto& t : sink.consistent) t[0] = t[1] = true;
    tcp::Reassembler r(sink, opt);
    sink.r = &r;

    capture::Endpoint server;
    server.family = 4;
    server.addr[0] = 10;
    server.addr[3] = 1;
    server.port = 25565;
    // The highest sequence number each side of each tuple sent, from ISNs
    // near the wrap when the option byte says so.
    uint32_t cursor[4][2];
    for (int t = 0; t < 4; ++t)
        for (int d = 0; d < 2; ++d) cursor[t][d] = (data[2] & 0x10) ? 0xFFFFFF00u + uint32_t(t * 64 + d * 32) : 1000u * (t + 1) + d * 500;

    std::vector<uint8_t> buf;
    uint64_t frame = 0;
    size_t at = 3;
    while (at + 5 <= size) {
        const uint8_t ctl = data[at], flags = data[at + 1];
        const int16_t delta = int16_t(uint16_t(data[at + 2] | data[at + 3] << 8));
        const uint8_t len = data[at + 4];
        at += 5;
        const int dir = ctl & 1, tuple = (ctl >> 1) & 3;
        const bool generated = ctl & 8;
        capture::TcpSegment s;
        capture::Endpoint client = server;
        client.addr[3] = 2;
        client.port = uint16_t(40000 + tuple);
        s.src = dir ? server : client;
        s.dst = dir ? client : server;
        const int32_t step = (ctl & 0x40) ? int32_t(delta) * 65536 : delta;
        s.seq = cursor[tuple][dir] + uint32_t(step);
        s.flags = flags;
        s.window = (ctl & 0x80) ? 0 : 65535;
        s.truncated = ctl & 0x20;
        if (ctl & 0x10) {
            s.flags |= capture::tcpflag::kAck;
            s.ack = cursor[tuple][1 - dir] - (data[at - 3] & 0x3F);
        } else {
            s.ack = 0;
        }
        if (generated) {
            buf.resize(len);
            const uint32_t first = s.seq + ((flags & capture::tcpflag::kSyn) ? 1 : 0);
            for (uint32_t i = 0; i < len; ++i) buf[i] = f_of(first + i, tuple, dir);
            s.payload = buf.data();
            s.payload_len = len;
        } else {
            const size_t n = std::min<size_t>(len, size - at);
            s.payload = data + at;  // straight from the input: no copy, so ASan sees any read past it
            s.payload_len = uint32_t(n);
            at += n;
            if (n) sink.consistent[tuple][dir] = false;
        }
        const uint32_t end = s.seq + s.payload_len + ((flags & capture::tcpflag::kSyn) ? 1 : 0) +
                             ((flags & capture::tcpflag::kFin) ? 1 : 0);
        if (int32_t(end - cursor[tuple][dir]) > 0) cursor[tuple][dir] = end;

        ++frame;
        r.feed(s, frame, double(frame));

        CHECK(r.tracked() <= opt.max_connections);
        CHECK(r.held_cost() <= opt.max_held_total);
        uint64_t held = 0, cost = 0;
        for (const tcp::Connection* c : r.connections()) {
            for (Side d : {Side::Client, Side::Server}) {
                const tcp::Stream& st = c->stream(d);
                if (!c->released()) CHECK(st.held_cost() <= opt.max_held_per_direction);
                held += st.held_bytes();
                cost += st.held_cost();
                CHECK(st.stats().retransmitted_bytes >= st.stats().unchecked_retransmitted_bytes);
                CHECK(st.stats().payload_bytes >= st.stats().delivered_bytes);
            }
        }
        CHECK(held == r.stats().held_bytes);
        CHECK(cost == r.held_cost());
    }
    r.finish(double(frame + 1));
    CHECK(r.held_cost() == 0);
    CHECK(r.stats().held_bytes == 0);
    for (const auto& [id, st] : sink.conns) CHECK(st.closed || st.released_by_us || (r.find(id) && r.find(id)->released()));
    return 0;
}
