#include "tcp/tcp_dispatcher.hpp"

#include "tcp/pending_claim.hpp"
#include "tcp/tcp_connection.hpp"

namespace blankshark::tcp {
namespace {

// Connection::owner of a connection no protocol took, and of one held
// until its bytes tell (pending_).
int kDecidedNone, kPending;

}  // namespace

Dispatcher::Dispatcher(std::vector<Claimant> claimants) : claimants_(std::move(claimants)), tcp_(*this) {}
Dispatcher::~Dispatcher() = default;

Sink* Dispatcher::owner(const Connection& conn) {
    return conn.owner == &kDecidedNone || conn.owner == &kPending ? nullptr : static_cast<Sink*>(conn.owner);
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

Sink* Dispatcher::claim(const Connection& conn, Side dir, const uint8_t* p, uint32_t n, bool& by_bytes,
                        bool* more_bytes) const {
    const uint16_t port = conn.server().port;
    const auto looks = [&](const Claimant& c) { return c.info->looks_like && c.info->looks_like(p, n); };
    const auto anywhere = [&](const Claimant& c) {
        if (!c.info->looks_like_on_port_only) return looks(c);
        if (!c.info->looks_like_anywhere) return false;
        const core::Looks l = c.info->looks_like_anywhere(p, n);
        if (l == core::Looks::MoreBytes && more_bytes) *more_bytes = true;
        return l == core::Looks::Yes;
    };
    by_bytes = true;
    if (dir == Side::Client && n > 0) {
        // A port-only test reads the client's first bytes: not those of a
        // connection picked up mid-way (Alpha's 0x02 is also a Java length).
        for (const Claimant& c : claimants_)
            if (c.port == port && (conn.midstream() ? anywhere(c) : looks(c))) return c.sink;
        for (const Claimant& c : claimants_)
            if (anywhere(c)) return c.sink;
    }
    by_bytes = false;
    for (const Claimant& c : claimants_)
        if (c.port == port) return c.sink;
    return nullptr;
}

Sink* Dispatcher::decide(const Connection& conn, PendingClaim& held, bool final, bool& decided) const {
    if (!held.first_bytes()) {
        Sink* to = held.decide(final);
        decided = to != nullptr;
        return to;
    }
    bool by_bytes = false, more = false;
    Sink* to = claim(conn, Side::Client, held.client_bytes(), uint32_t(held.client_length()), by_bytes,
                     final ? nullptr : &more);
    decided = by_bytes || !more;
    return to;
}

std::unique_ptr<PendingClaim> Dispatcher::contest(const Connection& conn, Sink* port_owner) const {
    if (!conn.midstream() || pending_.size() >= kMaxPending) return nullptr;
    std::vector<const Claimant*> readers;
    bool owner_reads = false;
    for (const Claimant& c : claimants_) {
        if (!c.info->reads_midstream) continue;
        readers.push_back(&c);
        owner_reads = owner_reads || c.sink == port_owner;
    }
    if (readers.size() < 2 || !owner_reads) return nullptr;
    return std::make_unique<PendingClaim>(std::move(readers), port_owner);
}

void Dispatcher::settle(Connection& conn, Sink* to) {
    const auto it = pending_.find(&conn);
    std::unique_ptr<PendingClaim> held = std::move(it->second);
    pending_.erase(it);
    if (!to) {  // no protocol's after all: forgotten, as on its first bytes
        conn.owner = &kDecidedNone;
        tcp_.release(conn);
        return;
    }
    conn.owner = to;
    held->replay(conn, *to);
}

void Dispatcher::on_data(Connection& conn, Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                         const SegmentOrigin& origin) {
    if (!conn.owner) {  // its first bytes: decide what it is
        bool by_bytes = false, more = false;
        Sink* s = claim(conn, dir, p, n, by_bytes, conn.midstream() ? nullptr : &more);
        if (!by_bytes && more && pending_.size() < kMaxPending) {
            // The start of a Handshake that tells the protocol anywhere:
            // held until the client's next bytes complete it or rule it out.
            conn.owner = &kPending;
            pending_.emplace(&conn, std::make_unique<PendingClaim>());
        } else if (!s) {
            conn.owner = &kDecidedNone;
            tcp_.release(conn);
            return;
        } else {
            conn.owner = s;
            if (!by_bytes)
                if (std::unique_ptr<PendingClaim> held = contest(conn, s)) {
                    conn.owner = &kPending;
                    pending_.emplace(&conn, std::move(held));
                }
        }
    }
    if (conn.owner == &kPending) {
        PendingClaim& held = *pending_.at(&conn);
        bool decided = false;
        if (held.data(dir, p, n, stream_offset, origin)) {
            Sink* to = decide(conn, held, false, decided);
            if (decided) settle(conn, to);
            return;
        }
        settle(conn, decide(conn, held, true, decided));  // the bound: these bytes follow on
    }
    if (Sink* s = owner(conn)) s->on_data(conn, dir, p, n, stream_offset, origin);
}

void Dispatcher::on_gap(Connection& conn, Side dir, uint64_t stream_offset, uint64_t missing, GapReason why,
                        uint64_t frame, double time) {
    if (conn.owner == &kPending) return pending_.at(&conn)->gap(dir, stream_offset, missing, why, frame, time);
    if (Sink* s = owner(conn)) s->on_gap(conn, dir, stream_offset, missing, why, frame, time);
}

void Dispatcher::on_fin(Connection& conn, Side dir, uint64_t stream_offset, const SegmentOrigin& origin) {
    if (conn.owner == &kPending) return pending_.at(&conn)->fin(dir, stream_offset, origin);
    if (Sink* s = owner(conn)) s->on_fin(conn, dir, stream_offset, origin);
}

void Dispatcher::on_rst(Connection& conn, Side dir, uint64_t frame, double time) {
    if (conn.owner == &kPending) return pending_.at(&conn)->rst(dir, frame, time);
    if (Sink* s = owner(conn)) s->on_rst(conn, dir, frame, time);
}

void Dispatcher::on_close(Connection& conn, CloseReason why, uint64_t frame, double time) {
    if (conn.owner == &kPending) {
        bool decided = false;
        settle(conn, decide(conn, *pending_.at(&conn), true, decided));
    }
    Sink* s = owner(conn);
    if (!s) return;
    s->on_close(conn, why, frame, time);
    tcp_.release(conn);
}

void Dispatcher::on_finding(Connection* conn, Side dir, const FindingInfo& f) {
    if (!conn) return;  // the connection limit: no protocol's (the file analysis tells it from the stats)
    if (conn->owner == &kPending) return pending_.at(conn)->finding(dir, f);
    if (Sink* s = owner(*conn)) s->on_finding(conn, dir, f);
}

}  // namespace blankshark::tcp
