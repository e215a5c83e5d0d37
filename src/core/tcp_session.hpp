// What every TCP protocol's session (the analyzer's) does with its two byte
// streams, whatever the protocol: each direction cut into messages by its
// core::StreamBuffer and handed to the protocol's connection, its gaps,
// bytes never captured and bytes the framing gave up on counted, how it
// ended, and the stream findings (a gap, a resynchronisation) held for the
// next message of their direction. What a message is and what it means stay
// the protocol's.
//
// The protocol's session `P` derives from TcpSession<P, Connection, Sink>
// (CRTP: no virtual call beyond the stream buffer's sink),
// declares the base a friend and provides the rest of its stream buffers'
// callbacks (stream_buffer.hpp):
//   class Relay : RelayTo         overrides Sink's message method(s): passes
//                                 each message on with its held findings
//   void on_message(Side d, const uint8_t* p, uint32_t len, const Span& where, Relay& r);
//   void on_resynchronised(Side d, uint64_t skipped, const Span& where);
//   void on_cut(Side d, const uint8_t* p, uint32_t have, uint32_t declared, const Span& where, Relay& r);
// The connection provides framing(d) (a Framing&) and unframed(d, p, len,
// where, sink) for bytes its framing gave up on.
//
// A connection picked up mid-way may be held from its first bytes
// (hold_from_start()) until P says where each direction's first whole
// message starts: P provides
//   HeldStart on_held(const HeldStreams& held, bool last);
// (`last`: decide now, the bytes ended) and calls hold_gap(), hold_end()
// and hold_finish() first in its own gap(), end() and finish(); the held
// events are then replayed through data() and P's gap() and end().
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "finding.hpp"
#include "held_streams.hpp"
#include "side.hpp"
#include "stream_buffer.hpp"
#include "stream_end.hpp"

namespace core {


template <class P, class Connection, class Sink>
class TcpSession {
public:
    // In-order bytes of direction `d` at `offset` of its stream.
    void data(Side d, const uint8_t* p, uint32_t n, uint64_t offset, const Origin& o, Sink& sink) {
        if (held_bytes_) {
            if (held_bytes_->data(d, p, n, offset, o)) return judge_held(sink, false);
            judge_held(sink, true);  // the bound: decide on what is held, these bytes follow
        }
        Cut cut(self(), d, sink);
        buf_[int(d)].push(p, n, offset, o, conn_.framing(d), cut);
    }
    // Bytes are held: where messages start is not known yet.
    bool holding() const { return held_bytes_ != nullptr; }

    const Connection& connection() const { return conn_; }
    uint64_t gaps(Side d) const { return gaps_[int(d)]; }
    uint64_t missing_bytes(Side d) const { return missing_[int(d)]; }
    uint64_t unframed_bytes(Side d) const { return unframed_[int(d)]; }
    StreamEnd ended(Side d) const { return end_[int(d)]; }
    const Origin& end_origin(Side d) const { return end_at_[int(d)]; }
    // After P's finish(): no byte will come any more; what the buffers and the
    // held bytes took goes back (the reports read the protocol's records).
    void release() {
        buf_[0].release();
        buf_[1].release();
        held_bytes_.reset();
    }

protected:
    // The connection is built from `args`.
    template <class... Args>
    explicit TcpSession(Args&&... args) : conn_(std::forward<Args>(args)...) {}

    // The sink between the connection and the caller's: P::Relay derives
    // from it and passes messages on as sink_.method(attached(m)).
    class RelayTo : public Sink {
    public:
        RelayTo(P& s, Sink& sink) : sink_(sink), s_(s) {}

    protected:
        // m with the findings held for its direction (see attach()).
        template <class M>
        M& attached(M& m) {
            static_cast<TcpSession&>(s_).attach(m);
            return m;
        }
        Sink& sink_;

    private:
        P& s_;
    };

    // `missing` bytes at `offset` were never captured: counted, the
    // protocol's gap finding `code` (a: missing, b: offset) held for the
    // next message, and the stream buffer told (a message they cut whose
    // length is known goes to on_cut).
    void skip(Side d, uint64_t offset, uint64_t missing, Code code, const Origin& o, Sink& sink) {
        const int i = int(d);
        ++gaps_[i];
        missing_[i] += missing;
        note(d, {code, 0, 0, int64_t(missing), int64_t(offset)});
        Cut cut(self(), d, sink);
        buf_[i].gap(offset, missing, o, conn_.framing(d), cut);
    }
    // The direction ended in `o`; the first end counts. False when it had
    // ended already.
    bool close(Side d, StreamEnd how, const Origin& o) {
        if (end_[int(d)] != StreamEnd::Open) return false;
        end_[int(d)] = how;
        end_at_[int(d)] = o;
        return true;
    }
    // No more bytes will come in direction `d`: a search for a message
    // start stops waiting for a candidate's missing bytes and hands on what
    // it finds after it.
    void drain(Side d, Sink& sink) {
        StreamBuffer& b = buf_[int(d)];
        if (!b.resyncing()) return;
        Cut cut(self(), d, sink);
        b.finish(conn_.framing(d), cut);
    }
    const StreamBuffer& stream(Side d) const { return buf_[int(d)]; }
    // Holds both directions from their first bytes (at most `limit` bytes
    // each) until P::on_held() finds where their messages start.
    void hold_from_start(size_t limit) { held_bytes_ = std::make_unique<HeldStreams>(limit); }
    // P's gap(), end() and finish() call these first: true when the event
    // was held.
    bool hold_gap(Side d, uint64_t offset, uint64_t missing, const Origin& o, Sink& sink) {
        if (!held_bytes_) return false;
        held_bytes_->gap(d, offset, missing, o);
        judge_held(sink, false);
        return true;
    }
    bool hold_end(Side d, StreamEnd how, const Origin& o, Sink& sink) {
        if (!held_bytes_) return false;
        held_bytes_->end(d, how, o);
        judge_held(sink, false);
        return true;
    }
    // The capture ended in `last`: no more bytes come in either direction
    // (each ends there unless a gap or an end came first).
    void hold_finish(Sink& sink, const Origin& last) {
        if (!held_bytes_) return;
        for (const Side d : {Side::Client, Side::Server})
            if (!held_bytes_->contiguous_ended(d)) held_bytes_->end(d, StreamEnd::CaptureEnd, last);
        judge_held(sink, true);
    }
    // Asks P again (a connection's end may tell what its bytes did not).
    void judge_held(Sink& sink, bool last) {
        const HeldStart s = self().on_held(*held_bytes_, last);
        if (s.decided) replay_held(sink, s);
    }
    // The direction's first message was searched for (its start not known)
    // and this is the first found: true once.
    bool first_found(Side d) {
        const bool f = first_search_[int(d)];
        first_search_[int(d)] = false;
        return f;
    }

    // Holds a finding for the next message of direction `d` (two at most:
    // a gap, then where decoding resumed).
    void note(Side d, const Finding& f) {
        uint8_t& n = held_count_[int(d)];
        if (n < 2) held_[int(d)][n++] = f;
    }
    bool holds(Side d) const { return held_count_[int(d)] != 0; }
    // Adds the findings held for m's direction to m, in the frame that
    // completed it.
    template <class M>
    void attach(M& m) {
        const int d = int(m.dir);
        for (uint8_t i = 0; i < held_count_[d]; ++i) {
            Finding f = held_[d][i];
            f.frame = m.span.last.frame;
            m.add(f);
        }
        held_count_[d] = 0;
    }
    // `f` on the message `where` spans: in the frame that completed it,
    // referring to the frame it began in (a cut message's finding).
    static Finding spanning(Finding f, const Span& where) {
        f.frame = where.last.frame;
        f.ref_frame = where.first.frame;
        return f;
    }

    Connection conn_;

private:
    // One direction's stream buffer callbacks, to the session (a relay per
    // message: a push that completes none builds none).
    class Cut final : public StreamSink {
    public:
        using Relay = typename P::Relay;
        Cut(P& s, Side d, Sink& sink) : s_(s), d_(d), sink_(sink) {}
        void message(const uint8_t* p, uint32_t len, const Span& where) override {
            Relay r(s_, sink_);
            s_.on_message(d_, p, len, where, r);
        }
        void invalid(const uint8_t* p, uint32_t len, const Span& where) override {
            TcpSession& t = s_;
            t.unframed_[int(d_)] += len;
            Relay r(s_, sink_);
            t.conn_.unframed(d_, p, len, where, r);
        }
        void resynchronised(uint64_t skipped, const Span& where) override { s_.on_resynchronised(d_, skipped, where); }
        void cut(const uint8_t* p, uint32_t have, uint32_t declared, const Span& where) override {
            Relay r(s_, sink_);
            s_.on_cut(d_, p, have, declared, where, r);
        }

    private:
        P& s_;
        Side d_;
        Sink& sink_;
    };

    P& self() { return static_cast<P&>(*this); }

    // The held events, in the order they came, through data() and P's gap()
    // and end(); each direction's bytes from its first message on.
    void replay_held(Sink& sink, const HeldStart& s) {
        std::unique_ptr<HeldStreams> h = std::move(held_bytes_);  // from here on, nothing is held
        bool begun[2] = {false, false};
        for (const HeldStreams::Event& e : h->events()) {
            const int i = int(e.dir);
            switch (e.kind) {
            case HeldStreams::Kind::Data: {
                uint64_t offset = e.offset, n = e.length;
                const uint8_t* p = h->bytes(e.dir) + e.at;
                if (!begun[i]) {
                    if (!s.start_known[i]) {
                        buf_[i].resync();
                        first_search_[i] = true;
                    }
                    const uint64_t from = h->first_offset(e.dir) + (s.start_known[i] ? s.start[i] : 0);
                    if (offset + n <= from) continue;
                    const uint64_t skip = from > offset ? from - offset : 0;
                    p += skip;
                    n -= skip;
                    offset += skip;
                    begun[i] = true;
                }
                data(e.dir, p, uint32_t(n), offset, e.origin, sink);
                break;
            }
            case HeldStreams::Kind::Gap: self().gap(e.dir, e.offset, e.length, e.origin, sink); break;
            case HeldStreams::Kind::End: self().end(e.dir, e.how, e.origin, sink); break;
            }
        }
    }

    StreamBuffer buf_[2];
    std::unique_ptr<HeldStreams> held_bytes_;
    bool first_search_[2] = {false, false};
    uint64_t gaps_[2] = {0, 0}, missing_[2] = {0, 0}, unframed_[2] = {0, 0};
    StreamEnd end_[2] = {StreamEnd::Open, StreamEnd::Open};
    Origin end_at_[2];
    Finding held_[2][2];
    uint8_t held_count_[2] = {0, 0};
};

}  // namespace core
