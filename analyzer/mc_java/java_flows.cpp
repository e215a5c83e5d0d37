#include "mc_java/java_flows.hpp"

#include "capture_stream.hpp"

namespace blankshark {

JavaFlows::JavaFlows(NewConversation new_conversation, std::function<void(const JavaPacket&)> on_packet,
                     OnFinding on_tcp, OnClosed on_closed)
    : SessionFlows(std::move(new_conversation), std::move(on_tcp), std::move(on_closed)),
      on_packet_(std::move(on_packet)) {}

void JavaFlows::Relay::packet(mcjava::Packet& p) {
    JavaPacket jp{&p, conn_.conv, conn_.tcp, p.span.last.time, conn_.analysis->packet(p)};
    flows_.on_packet_(jp);
}

JavaConnection& JavaFlows::open(tcp::Connection& conn) {
    JavaConnection& c = add(inflater_, analysis_);
    if (conn.midstream()) c.session.start_mid_stream(release_);
    c.session.set_key_log(keys_);
    return c;
}

mcjava::VersionSet JavaFlows::releases_of_server(const JavaConnection& c) const {
    mcjava::VersionSet set = 0;
    if (!c.conv) return set;
    if (const auto it = forgotten_.find(c.conv->server); it != forgotten_.end()) set = it->second;
    for (const auto& o : conns_)
        if (o.get() != &c && o->conv && o->conv->server == c.conv->server) set |= o->session.known_releases();
    return set;
}

void JavaFlows::forgetting(const JavaConnection& c) {
    if (c.conv)
        if (const mcjava::VersionSet v = c.session.known_releases()) forgotten_[c.conv->server] |= v;
}

void JavaFlows::on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) {
    JavaConnection* c = of(conn);
    if (c && c->session.undecided()) {
        c->session.hint(releases_of_server(*c));
        Relay r(*this, *c, time);
        if (!c->session.settle(r) && parked_.size() < kMaxParked) {
            closing(*c, conn, why);
            parked_.push_back({c, frame, time});
            return;
        }
    }
    SessionFlows::on_close(conn, why, frame, time);
}

void JavaFlows::finish() {
    for (const Parked& p : parked_) {
        p.c->session.hint(releases_of_server(*p.c));
        closed(*p.c, p.frame, p.time);
    }
    parked_.clear();
}

}  // namespace blankshark
