#include "tcp/tcp_dispatcher.hpp"

#include "tcp/tcp_connection.hpp"

namespace blankshark::tcp {
namespace {

// Connection::owner of a connection no protocol took.
int kDecidedNone;

}  // namespace

Dispatcher::Dispatcher(std::vector<Claimant> claimants) : claimants_(std::move(claimants)), tcp_(*this) {}

Sink* Dispatcher::owner(const Connection& conn) {
    return conn.owner == &kDecidedNone ? nullptr : static_cast<Sink*>(conn.owner);
}

Hint Dispatcher::on_new_tuple(const capture::TcpSegment& first, uint64_t) {
    // Without a SYN: the side on a protocol's port is the server.
    for (const Claimant& c : claimants_) {
        if (!c.port) continue;
        if (first.dst.port == c.port && first.src.port != c.port) return Hint::SenderIsClient;
        if (first.src.port == c.port && first.dst.port != c.port) return Hint::SenderIsServer;
    }
    return Hint::Unknown;
}

Sink* Dispatcher::claim(const Connection& conn, Side dir, const uint8_t* p, uint32_t n) const {
    const uint16_t port = conn.server().port;
    const auto looks = [&](const Claimant& c) { return c.info->looks_like && c.info->looks_like(p, n); };
    if (dir == Side::Client && n > 0) {
        for (const Claimant& c : claimants_)
            if (c.port == port && looks(c)) return c.sink;
        for (const Claimant& c : claimants_)
            if (!c.info->looks_like_on_port_only && looks(c)) return c.sink;
    }
    for (const Claimant& c : claimants_)
        if (c.port == port) return c.sink;
    return nullptr;
}

void Dispatcher::on_data(Connection& conn, Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                         const SegmentOrigin& origin) {
    if (!conn.owner) {  // its first bytes: decide what it is
        Sink* s = claim(conn, dir, p, n);
        if (!s) {
            conn.owner = &kDecidedNone;
            tcp_.release(conn);
            return;
        }
        conn.owner = s;
    }
    if (Sink* s = owner(conn)) s->on_data(conn, dir, p, n, stream_offset, origin);
}

void Dispatcher::on_gap(Connection& conn, Side dir, uint64_t stream_offset, uint64_t missing, GapReason why,
                        uint64_t frame, double time) {
    if (Sink* s = owner(conn)) s->on_gap(conn, dir, stream_offset, missing, why, frame, time);
}

void Dispatcher::on_fin(Connection& conn, Side dir, uint64_t stream_offset, const SegmentOrigin& origin) {
    if (Sink* s = owner(conn)) s->on_fin(conn, dir, stream_offset, origin);
}

void Dispatcher::on_rst(Connection& conn, Side dir, uint64_t frame, double time) {
    if (Sink* s = owner(conn)) s->on_rst(conn, dir, frame, time);
}

void Dispatcher::on_close(Connection& conn, CloseReason why, uint64_t frame, double time) {
    Sink* s = owner(conn);
    if (!s) return;
    s->on_close(conn, why, frame, time);
    tcp_.release(conn);
}

void Dispatcher::on_finding(Connection* conn, Side dir, const FindingInfo& f) {
    if (!conn) return;  // the connection limit: no protocol's
    if (Sink* s = owner(*conn)) s->on_finding(conn, dir, f);
}

}  // namespace blankshark::tcp
