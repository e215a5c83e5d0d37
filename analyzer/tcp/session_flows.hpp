// The dispatcher's sink (tcp_dispatcher.hpp) for a TCP protocol whose
// session is a core::TcpSession: the bookkeeping every such protocol does
// alike, written once. Per connection it claims: a record (C, deriving
// from FlowRecord) made at its first bytes with its conversation, its
// session fed data, gaps, each direction's FIN or RST and the end, how it
// ended and its TCP counters kept, its TCP findings counted and handed on.
//
// What stays the protocol's (P, CRTP):
//   C& open(Connection& conn)          a new record by add() (its session on
//                                      inflater_), the session set up
//   class Relay : <its session's sink> Relay(P&, C&, double time): hands each
//                                      message on as its commands see it
// Its session takes data(), gap(), end() and finish() with a Relay.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/inflater.hpp"
#include "core/tcp_session.hpp"
#include "tcp/flow_record.hpp"
#include "tcp/tcp_connection.hpp"

namespace blankshark::tcp {

// A TCP finding as a protocol's units carry it: in its frame, a: the
// stream offset, b: how many bytes.
inline core::Finding core_finding(const FindingInfo& f) {
    core::Finding g{core_code(f.kind), 0, 0, int64_t(f.stream_offset), int64_t(f.length)};
    g.frame = f.frame;
    return g;
}

template <class P, class C>
class SessionFlows : public Sink {
public:
    // Registers a connection's conversation (ids shared with the UDP
    // protocols); nullptr: no room (the conversation limit), and the
    // connection is not followed.
    using NewConversation = std::function<Conversation*(const Connection&, uint64_t frame)>;
    // Every TCP finding of one of its connections.
    using OnFinding = std::function<void(const C&, const FindingInfo&)>;
    // A connection ended (or the capture did).
    using OnClosed = std::function<void(C&)>;

    // The records kept: every connection's, or (let_go) the open ones'.
    const std::vector<std::unique_ptr<C>>& connections() const { return conns_; }
    // For whoever keeps what points into them (each record stays where it is).
    std::vector<std::unique_ptr<C>> release_connections() { return std::move(conns_); }
    // A connection's record is freed once it ended and its on_closed
    // returned (check has written its conversation then), so memory follows
    // the connections open, not all ever seen. Off: every record is kept to
    // the end (for reports that read them there).
    void let_go(bool on) { let_go_ = on; }
    // Each further delivery of a connection that found no room, to count.
    void on_no_room(std::function<void()> f) { no_room_ = std::move(f); }

    void on_data(Connection& conn, Side dir, const uint8_t* p, uint32_t n, uint64_t offset,
                 const SegmentOrigin& o) override {
        C* c = of(conn);
        if (!c && conn.user == &kNoRoom) {
            if (no_room_) no_room_();
            return;
        }
        if (!c && !(c = start(conn, o.delivered_frame))) return;  // its first bytes (the dispatcher gave it)
        typename P::Relay r(self(), *c, o.delivered_time);
        c->session.data(dir, p, n, offset, core_origin(o), r);
    }
    void on_gap(Connection& conn, Side dir, uint64_t offset, uint64_t missing, GapReason, uint64_t frame,
                double time) override {
        C* c = of(conn);
        if (!c) return;
        typename P::Relay r(self(), *c, time);
        c->session.gap(dir, offset, missing, core::Origin{frame, time}, r);
    }
    void on_fin(Connection& conn, Side dir, uint64_t, const SegmentOrigin& o) override {
        C* c = of(conn);
        if (!c) return;
        c->fin[int(dir)] = true;
        c->fin_frame[int(dir)] = o.frame;
        typename P::Relay r(self(), *c, o.delivered_time);
        c->session.end(dir, core::StreamEnd::Fin, core_origin(o), r);
    }
    void on_rst(Connection& conn, Side dir, uint64_t frame, double time) override {
        C* c = of(conn);
        if (!c) return;
        c->rst[int(dir)] = true;
        c->rst_frame[int(dir)] = frame;
        typename P::Relay r(self(), *c, time);
        c->session.end(dir, core::StreamEnd::Reset, core::Origin{frame, time}, r);
    }
    void on_close(Connection& conn, CloseReason why, uint64_t frame, double time) override {
        C* c = of(conn);
        if (!c) return;
        closing(*c, conn, why);
        closed(*c, frame, time);
    }
    void on_finding(Connection* conn, Side, const FindingInfo& f) override {
        C* c = conn ? of(*conn) : nullptr;
        if (!c) return;
        ++c->tcp_findings;
        if (on_finding_) on_finding_(*c, f);
    }

protected:
    // on_close in its two steps, for a protocol that ends some connections
    // only after the capture: what the TCP side says (before the connection
    // is released), then the session's end.
    void closing(C& c, Connection& conn, CloseReason why) {
        conn.user = nullptr;  // the transport says no more of it (the record may go first)
        c.close = why;
        for (int d = 0; d < 2; ++d) c.stats[d] = conn.stats(Side(d));
        c.first_time = conn.first_time();
        c.last_time = conn.last_time();
        c.tcp = nullptr;
    }
    void closed(C& c, uint64_t frame, double time) {
        typename P::Relay r(self(), c, time);
        c.session.finish(r, core::Origin{frame, time});
        c.session.release();  // memory bounded by the connections still open, not all ever seen
        if (let_go_) self().forgetting(c);  // while its conversation is still its own
        if (on_closed_) on_closed_(c);
        if (let_go_) forget(c);
    }
    // A new record, kept until it is let go (or the end).
    template <class... A>
    C& add(A&&... a) {
        conns_.push_back(std::make_unique<C>(std::forward<A>(a)...));
        conns_.back()->slot = conns_.size() - 1;
        return *conns_.back();
    }
    static C* of(Connection& conn) { return conn.user == &kNoRoom ? nullptr : static_cast<C*>(conn.user); }

    SessionFlows(NewConversation new_conversation, OnFinding on_finding, OnClosed on_closed)
        : new_conversation_(std::move(new_conversation)),
          on_finding_(std::move(on_finding)),
          on_closed_(std::move(on_closed)) {}

    // Shared by every connection (one message is inflated at a time);
    // before the connections, which refer to it.
    core::Inflater inflater_;
    std::vector<std::unique_ptr<C>> conns_;  // by FlowRecord::slot

    // What the protocol keeps of a record about to be freed, before its
    // on_closed (P may hide it).
    void forgetting(const C&) {}

private:
    P& self() { return static_cast<P&>(*this); }
    void forget(C& c) {
        const size_t i = c.slot;
        if (i + 1 != conns_.size()) {
            conns_[i] = std::move(conns_.back());
            conns_[i]->slot = i;
        }
        conns_.pop_back();
    }
    C* start(Connection& conn, uint64_t frame) {
        Conversation* conv = new_conversation_(conn, frame);
        if (!conv) {
            conn.user = &kNoRoom;  // not followed (this delivery was counted)
            return nullptr;
        }
        C& c = self().open(conn);
        c.tcp = &conn;
        c.midstream = conn.midstream();
        c.conv = conv;
        conn.user = &c;
        return &c;
    }
    static inline char kNoRoom = 0;  // conn.user of a connection that found no room

    NewConversation new_conversation_;
    OnFinding on_finding_;
    OnClosed on_closed_;
    std::function<void()> no_room_;
    bool let_go_ = false;
};

}  // namespace blankshark::tcp
