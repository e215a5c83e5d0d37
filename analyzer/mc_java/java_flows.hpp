// The Minecraft Java connections of a capture: a TCP sink that gives every
// connection on the Java port (--port mcjava=N, 25565), or whose
// first client bytes are a Java Handshake, a mcjava::Session, feeds it the
// reassembled streams, and hands each packet on with its conversation.
// Connections of no known protocol are released (the reassembler forgets
// them). Port 25565 is shared with Minecraft Alpha: with set_alpha(), a
// connection to the Java port whose client starts with an Alpha Handshake
// (minecraft_detect.hpp) goes to AlphaFlows instead, with all its events.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>

#include "core/inflater.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/session.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace blankshark {

struct Conversation;
class AlphaFlows;

// One Java packet, as the commands see it.
struct JavaPacket {
    mcjava::Packet* packet;     // valid during the callback (its data may be an inflation buffer)
    Conversation* conv;
    const tcp::Connection* tcp;
    double time;                // of the frame that completed it, since the capture's first frame
    mcjava::PacketLink link;    // the analysis' link to its request or answer (keep-alive, ping, teleport)
};

// What a Java connection keeps for the reports.
struct JavaConnection {
    Conversation* conv = nullptr;
    const tcp::Connection* tcp = nullptr;  // null once released
    mcjava::Session session;
    // Keep-alives, teleports, chunk columns, entities (shared with the reports).
    std::shared_ptr<mcjava::Analysis> analysis;
    bool midstream = false;
    tcp::CloseReason close = tcp::CloseReason::EndOfCapture;
    bool fin[2] = {false, false}, rst[2] = {false, false};
    tcp::StreamStats stats[2];     // copied at the close
    uint64_t tcp_findings = 0;     // conflicting retransmissions and the like
    JavaConnection(core::Inflater& inflater, const mcjava::AnalysisConfig& cfg) : session(inflater), analysis(std::make_shared<mcjava::Analysis>(cfg)) {}
};

class JavaFlows : public tcp::Sink {
public:
    // `new_conversation` registers a connection's conversation (ids shared
    // with the UDP protocols); `on_packet` gets every packet; `on_tcp`
    // every TCP finding of a Java connection.
    JavaFlows(uint16_t port, std::function<Conversation*(const tcp::Connection&, uint64_t frame)> new_conversation,
              std::function<void(const JavaPacket&)> on_packet,
              std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp = {});

    tcp::Reassembler& reassembler() { return tcp_; }
    // Alpha connections on the Java port go there (null: none are told apart).
    void set_alpha(AlphaFlows* alpha, uint16_t port) {
        alpha_ = alpha;
        alpha_port_ = port;
    }
    // The analysis settings of connections opened from now on.
    void set_analysis(const mcjava::AnalysisConfig& cfg) { analysis_ = cfg; }
    // The capture's first frame time (to make times relative) and its end.
    void set_start(double t) { start_ = t; }
    void finish(double end_time);
    const std::deque<JavaConnection>& connections() const { return conns_; }

    // tcp::Sink
    tcp::Hint on_new_tuple(const capture::TcpSegment& first, uint64_t frame) override;
    void on_open(tcp::Connection& conn, uint64_t frame, double time) override;
    void on_data(tcp::Connection& conn, tcp::Dir dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                 const tcp::SegmentOrigin& origin) override;
    void on_gap(tcp::Connection& conn, tcp::Dir dir, uint64_t stream_offset, uint64_t missing, tcp::GapReason why,
                uint64_t frame, double time) override;
    void on_fin(tcp::Connection& conn, tcp::Dir dir, uint64_t stream_offset, const tcp::SegmentOrigin& origin) override;
    void on_rst(tcp::Connection& conn, tcp::Dir dir, uint64_t frame, double time) override;
    void on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) override;
    void on_finding(tcp::Connection* conn, tcp::Dir dir, const tcp::FindingInfo& f) override;

private:
    // Hands each packet on with its conversation and relative time.
    class Relay : public mcjava::PacketSink {
    public:
        void packet(mcjava::Packet& p) override;
        JavaFlows* flows = nullptr;
        JavaConnection* conn = nullptr;
    };
    JavaConnection* java(tcp::Connection& conn);
    bool is_java(const tcp::Connection& conn, const uint8_t* p, uint32_t n) const;

    uint16_t port_;
    uint16_t alpha_port_ = 0;  // Alpha's port (the Java port unless told otherwise)
    std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation_;
    std::function<void(const JavaPacket&)> on_packet_;
    std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp_;
    core::Inflater inflater_;  // shared by every connection: one packet at a time
    std::deque<JavaConnection> conns_;
    tcp::Reassembler tcp_;
    AlphaFlows* alpha_ = nullptr;
    double start_ = 0;
    mcjava::AnalysisConfig analysis_;
};

}  // namespace blankshark
