#include "mc_alpha/alpha_flows.hpp"

#include "protocols/minecraft_detect.hpp"

namespace blankshark {

namespace {

mcalpha::Direction direction(tcp::Dir d) {
    return d == tcp::Dir::ClientToServer ? mcalpha::Direction::Serverbound : mcalpha::Direction::Clientbound;
}

core::Origin origin(const tcp::SegmentOrigin& o) {
    return core::Origin{o.delivered_frame, o.delivered_time, o.frame != o.delivered_frame ? o.frame : 0};
}

constexpr uint8_t kAlphaHandshake = 0x02;

}  // namespace

AlphaFlows::AlphaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation,
                       std::function<void(const AlphaMessage&)> on_message,
                       std::function<void(const AlphaConnection&, const tcp::FindingInfo&)> on_tcp)
    : new_conversation_(std::move(new_conversation)), on_message_(std::move(on_message)), on_tcp_(std::move(on_tcp)) {}

bool AlphaFlows::starts_alpha(const uint8_t* p, uint32_t n) {
    const minecraft::Edition e = minecraft::classify_first_client_bytes(p, n);
    // A first byte 0x02 rules Java out whatever follows (a Java Handshake's
    // first byte is its length, 6 or more): a Handshake cut by the segment,
    // or a damaged one, is still Alpha's (the plugin decides the same way).
    return e == minecraft::Edition::Alpha || (n > 0 && p[0] == kAlphaHandshake);
}

AlphaConnection* AlphaFlows::adopt(tcp::Connection& conn, uint64_t frame) {
    conns_.emplace_back(inflater_);
    AlphaConnection* ac = &conns_.back();
    ac->tcp = &conn;
    ac->midstream = conn.midstream();
    ac->conv = new_conversation_(conn, frame);
    conn.user = ac;
    adopted_.insert(ac);
    return ac;
}

AlphaConnection* AlphaFlows::of(const tcp::Connection& conn) const {
    if (!conn.user || adopted_.empty() || !adopted_.count(conn.user)) return nullptr;
    return static_cast<AlphaConnection*>(conn.user);
}

void AlphaFlows::Relay::message(mcalpha::Message& m) {
    AlphaMessage am{&m, nullptr, conn->conv, m.span.last.time};
    flows->on_message_(am);
}

void AlphaFlows::Relay::event(const core::Finding& f) {
    AlphaMessage am{nullptr, &f, conn->conv, time};
    flows->on_message_(am);
}

void AlphaFlows::data(AlphaConnection& c, tcp::Dir dir, const uint8_t* p, uint32_t n, uint64_t offset,
                      const tcp::SegmentOrigin& o) {
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = o.delivered_time;
    c.session.data(direction(dir), p, n, offset, origin(o), r);
}

void AlphaFlows::gap(AlphaConnection& c, tcp::Dir dir, uint64_t offset, uint64_t missing, uint64_t frame,
                     double time) {
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.gap(direction(dir), offset, missing, core::Origin{frame, time}, r);
}

void AlphaFlows::fin(AlphaConnection& c, tcp::Dir dir, const tcp::SegmentOrigin& o) {
    c.fin[int(dir)] = true;
    c.fin_frame[int(dir)] = o.frame;  // the FIN's own frame, also when held behind a hole
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = o.delivered_time;
    c.session.end(direction(dir), mcalpha::StreamEnd::Fin, origin(o), r);
}

void AlphaFlows::rst(AlphaConnection& c, tcp::Dir dir, uint64_t frame, double time) {
    c.rst[int(dir)] = true;
    c.rst_frame[int(dir)] = frame;
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.end(direction(dir), mcalpha::StreamEnd::Reset, core::Origin{frame, time}, r);
}

void AlphaFlows::close(AlphaConnection& c, tcp::Connection& conn, tcp::CloseReason why, uint64_t frame,
                       double time) {
    c.close = why;
    for (int d = 0; d < 2; ++d) c.stats[d] = conn.stats(tcp::Dir(d));
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.finish(r, core::Origin{frame, time});
    c.tcp = nullptr;
}

void AlphaFlows::finding(AlphaConnection& c, const tcp::FindingInfo& f) {
    ++c.tcp_findings;
    if (on_tcp_) on_tcp_(c, f);
}

}  // namespace blankshark
