#include "mc_java/java_flows.hpp"

#include "mc_alpha/alpha_flows.hpp"

#include "core/decoder.hpp"
#include "protocols/mc_java/framing.hpp"
#include "protocols/mc_java/schema.hpp"

namespace blankshark {

namespace {

// A connection that is not Minecraft Java (conn.user points here).
int kNotJava;

mcjava::Direction direction(tcp::Dir d) {
    return d == tcp::Dir::ClientToServer ? mcjava::Direction::Serverbound : mcjava::Direction::Clientbound;
}

core::Origin origin(const tcp::SegmentOrigin& o) {
    return core::Origin{o.delivered_frame, o.delivered_time, o.frame != o.delivered_frame ? o.frame : 0};
}

}  // namespace

JavaFlows::JavaFlows(uint16_t port, std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation,
                     std::function<void(const JavaPacket&)> on_packet,
                     std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp)
    : port_(port), new_conversation_(std::move(new_conversation)), on_packet_(std::move(on_packet)),
      on_tcp_(std::move(on_tcp)), tcp_(*this) {}

void JavaFlows::Relay::packet(mcjava::Packet& p) {
    JavaPacket jp{&p, conn->conv, conn->tcp, p.span.last.time, conn->analysis->packet(p)};
    flows->on_packet_(jp);
}

tcp::Hint JavaFlows::on_new_tuple(const capture::TcpSegment& first, uint64_t) {
    // Without a SYN: the side on the Java (or Alpha) port is the server.
    for (uint16_t port : {port_, alpha_port_}) {
        if (!port) continue;
        if (first.dst.port == port && first.src.port != port) return tcp::Hint::SenderIsClient;
        if (first.src.port == port && first.dst.port != port) return tcp::Hint::SenderIsServer;
    }
    return tcp::Hint::Unknown;
}

void JavaFlows::on_open(tcp::Connection&, uint64_t, double) {}

// Java when the client speaks on the Java port, or speaks a Handshake
// (or the legacy ping) anywhere.
bool JavaFlows::is_java(const tcp::Connection& conn, const uint8_t* p, uint32_t n) const {
    if (conn.server().port == port_) return true;
    if (n == 0) return false;
    if (p[0] == mcjava::kLegacyPing) return n >= 2 && p[1] == 0x01;
    const core::MeasureResult m = mcjava::measure_frame(p, n);
    if (m.status != core::Measure::Complete) return false;
    const mcjava::FrameParts parts = mcjava::split_frame(p, m.length, false);
    core::DecodeContext ctx;
    ctx.table = mcjava::table_index(mcjava::State::Handshaking, mcjava::Direction::Serverbound);
    core::NullVisitor v;
    const core::MessageSummary s = core::decode(mcjava::schema(mcjava::default_version()), p + parts.body_offset,
                                                m.length - parts.body_offset, ctx, v);
    return s.type && s.findings == 0;
}

JavaConnection* JavaFlows::java(tcp::Connection& conn) {
    if (conn.user == &kNotJava) return nullptr;
    return static_cast<JavaConnection*>(conn.user);
}

void JavaFlows::on_data(tcp::Connection& conn, tcp::Dir dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                        const tcp::SegmentOrigin& o) {
    if (alpha_)
        if (AlphaConnection* ac = alpha_->of(conn)) return alpha_->data(*ac, dir, p, n, stream_offset, o);
    JavaConnection* jc = java(conn);
    if (!jc) {
        if (conn.user == &kNotJava) return;
        // Port 25565 is shared with Minecraft Alpha: its client starts with 0x02
        // Handshake, which no Java client does (so on the Java port too, when
        // Alpha's was moved).
        if (alpha_ && dir == tcp::Dir::ClientToServer &&
            (conn.server().port == alpha_port_ || conn.server().port == port_) &&
            AlphaFlows::starts_alpha(p, n)) {
            AlphaConnection* ac = alpha_->adopt(conn, o.delivered_frame);
            return alpha_->data(*ac, dir, p, n, stream_offset, o);
        }
        // First bytes of the connection: decide what it is.
        const bool client = dir == tcp::Dir::ClientToServer;
        if (!(client ? is_java(conn, p, n) : conn.server().port == port_)) {
            conn.user = &kNotJava;
            tcp_.release(conn);
            return;
        }
        conns_.emplace_back(inflater_, analysis_);
        jc = &conns_.back();
        jc->tcp = &conn;
        jc->midstream = conn.midstream();
        jc->conv = new_conversation_(conn, o.delivered_frame);
        if (conn.midstream()) jc->session.start_mid_stream();
        conn.user = jc;
    }
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.data(direction(dir), p, n, stream_offset, origin(o), r);
}

void JavaFlows::on_gap(tcp::Connection& conn, tcp::Dir dir, uint64_t stream_offset, uint64_t missing, tcp::GapReason,
                       uint64_t frame, double time) {
    if (alpha_)
        if (AlphaConnection* ac = alpha_->of(conn)) return alpha_->gap(*ac, dir, stream_offset, missing, frame, time);
    JavaConnection* jc = java(conn);
    if (!jc) return;
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.gap(direction(dir), stream_offset, missing, core::Origin{frame, time}, r);
}

void JavaFlows::on_fin(tcp::Connection& conn, tcp::Dir dir, uint64_t, const tcp::SegmentOrigin& o) {
    if (alpha_)
        if (AlphaConnection* ac = alpha_->of(conn)) return alpha_->fin(*ac, dir, o);
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->fin[int(dir)] = true;
    jc->session.end(direction(dir), mcjava::StreamEnd::Fin, origin(o));
}

void JavaFlows::on_rst(tcp::Connection& conn, tcp::Dir dir, uint64_t frame, double time) {
    if (alpha_)
        if (AlphaConnection* ac = alpha_->of(conn)) return alpha_->rst(*ac, dir, frame, time);
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->rst[int(dir)] = true;
    jc->session.end(direction(dir), mcjava::StreamEnd::Reset, core::Origin{frame, time});
}

void JavaFlows::on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) {
    if (alpha_)
        if (AlphaConnection* ac = alpha_->of(conn)) {
            alpha_->close(*ac, conn, why, frame, time);
            tcp_.release(conn);
            return;
        }
    JavaConnection* jc = java(conn);
    if (!jc) return;
    jc->close = why;
    for (int d = 0; d < 2; ++d) jc->stats[d] = conn.stats(tcp::Dir(d));
    Relay r;
    r.flows = this;
    r.conn = jc;
    jc->session.finish(r, core::Origin{frame, time});
    jc->tcp = nullptr;
    tcp_.release(conn);
}

void JavaFlows::on_finding(tcp::Connection* conn, tcp::Dir, const tcp::FindingInfo& f) {
    if (alpha_ && conn)
        if (AlphaConnection* ac = alpha_->of(*conn)) return alpha_->finding(*ac, f);
    JavaConnection* jc = conn ? java(*conn) : nullptr;
    if (!jc) return;
    ++jc->tcp_findings;
    if (on_tcp_) on_tcp_(*jc, f);
}

void JavaFlows::finish(double end_time) { tcp_.finish(end_time); }

}  // namespace blankshark
