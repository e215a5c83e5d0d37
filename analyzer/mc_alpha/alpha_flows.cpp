#include "mc_alpha/alpha_flows.hpp"

namespace blankshark {

AlphaFlows::AlphaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation,
                       std::function<void(const AlphaMessage&)> on_message,
                       std::function<void(const AlphaConnection&, const tcp::FindingInfo&)> on_tcp)
    : new_conversation_(std::move(new_conversation)), on_message_(std::move(on_message)), on_tcp_(std::move(on_tcp)) {}

void AlphaFlows::Relay::message(mcalpha::Message& m) {
    AlphaMessage am{&m, nullptr, conn->conv, m.span.last.time};
    flows->on_message_(am);
}

void AlphaFlows::Relay::event(const core::Finding& f) {
    AlphaMessage am{nullptr, &f, conn->conv, time};
    flows->on_message_(am);
}

void AlphaFlows::on_data(tcp::Connection& conn, core::Side dir, const uint8_t* p, uint32_t n, uint64_t offset,
                         const tcp::SegmentOrigin& o) {
    auto* c = static_cast<AlphaConnection*>(conn.user);
    if (!c) {  // its first bytes (the dispatcher gave it)
        conns_.emplace_back(inflater_);
        c = &conns_.back();
        c->tcp = &conn;
        c->midstream = conn.midstream();
        c->conv = new_conversation_(conn, o.delivered_frame);
        conn.user = c;
    }
    Relay r;
    r.flows = this;
    r.conn = c;
    r.time = o.delivered_time;
    c->session.data(dir, p, n, offset, tcp::core_origin(o), r);
}

void AlphaFlows::on_gap(tcp::Connection& conn, core::Side dir, uint64_t offset, uint64_t missing, tcp::GapReason,
                        uint64_t frame, double time) {
    auto& c = *static_cast<AlphaConnection*>(conn.user);
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.gap(dir, offset, missing, core::Origin{frame, time}, r);
}

void AlphaFlows::on_fin(tcp::Connection& conn, core::Side dir, uint64_t, const tcp::SegmentOrigin& o) {
    auto& c = *static_cast<AlphaConnection*>(conn.user);
    c.fin[int(dir)] = true;
    c.fin_frame[int(dir)] = o.frame;  // the FIN's own frame, also when held behind a hole
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = o.delivered_time;
    c.session.end(dir, mcalpha::StreamEnd::Fin, tcp::core_origin(o), r);
}

void AlphaFlows::on_rst(tcp::Connection& conn, core::Side dir, uint64_t frame, double time) {
    auto& c = *static_cast<AlphaConnection*>(conn.user);
    c.rst[int(dir)] = true;
    c.rst_frame[int(dir)] = frame;
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.end(dir, mcalpha::StreamEnd::Reset, core::Origin{frame, time}, r);
}

void AlphaFlows::on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) {
    auto& c = *static_cast<AlphaConnection*>(conn.user);
    c.close = why;
    for (int d = 0; d < 2; ++d) c.stats[d] = conn.stats(core::Side(d));
    Relay r;
    r.flows = this;
    r.conn = &c;
    r.time = time;
    c.session.finish(r, core::Origin{frame, time});
    c.tcp = nullptr;
}

void AlphaFlows::on_finding(tcp::Connection* conn, core::Side, const tcp::FindingInfo& f) {
    auto& c = *static_cast<AlphaConnection*>(conn->user);
    ++c.tcp_findings;
    if (on_tcp_) on_tcp_(c, f);
}

}  // namespace blankshark
