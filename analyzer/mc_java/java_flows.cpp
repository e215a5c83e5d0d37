#include "mc_java/java_flows.hpp"

namespace blankshark {

JavaFlows::JavaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation,
                     std::function<void(const JavaPacket&)> on_packet,
                     std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp,
                     std::function<void(JavaConnection&)> on_closed)
    : new_conversation_(std::move(new_conversation)),
      on_packet_(std::move(on_packet)),
      on_tcp_(std::move(on_tcp)),
      on_closed_(std::move(on_closed)) {}

void JavaFlows::Relay::packet(mcjava::Packet& p) {
    JavaPacket jp{&p, conn->conv, conn->tcp, p.span.last.time, conn->analysis->packet(p)};
    flows->on_packet_(jp);
}

void JavaFlows::on_data(tcp::Connection& conn, core::Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                        const tcp::SegmentOrigin& o) {
    JavaConnection* jc = java(conn);
    if (!jc) {  // its first bytes (the dispatcher gave it)
        conns_.emplace_back(inflater_, analysis_);
        jc = &conns_.back();
        jc->tcp = &conn;
        jc->midstream = conn.midstream();
        jc->conv = new_conversation_(conn, o.delivered_frame);
        if (conn.midstream()) jc->session.start_mid_stream();
        jc->session.set_key_log(keys_);
        conn.user = jc;
    }
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.data(dir, p, n, stream_offset, tcp::core_origin(o), r);
}

void JavaFlows::on_gap(tcp::Connection& conn, core::Side dir, uint64_t stream_offset, uint64_t missing, tcp::GapReason,
                       uint64_t frame, double time) {
    JavaConnection* jc = java(conn);
    if (!jc) return;
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.gap(dir, stream_offset, missing, core::Origin{frame, time}, r);
}

void JavaFlows::on_fin(tcp::Connection& conn, core::Side dir, uint64_t, const tcp::SegmentOrigin& o) {
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->fin[int(dir)] = true;
    jc->session.end(dir, mcjava::StreamEnd::Fin, tcp::core_origin(o));
}

void JavaFlows::on_rst(tcp::Connection& conn, core::Side dir, uint64_t frame, double time) {
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->rst[int(dir)] = true;
    jc->session.end(dir, mcjava::StreamEnd::Reset, core::Origin{frame, time});
}

void JavaFlows::on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) {
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->close = why;
    for (int d = 0; d < 2; ++d) jc->stats[d] = conn.stats(core::Side(d));
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.finish(r, core::Origin{frame, time});
    jc->tcp = nullptr;
    if (on_closed_) on_closed_(*jc);
}

void JavaFlows::on_finding(tcp::Connection* conn, core::Side, const tcp::FindingInfo& f) {
    JavaConnection* jc = conn ? java(*conn) : nullptr;
    if (!jc) return;
    ++jc->tcp_findings;
    if (on_tcp_) on_tcp_(*jc, f);
}

}  // namespace blankshark
