// The Minecraft Java connections of a capture: the TCP dispatcher's claimant
// (tcp_dispatcher.hpp) for Java, which takes connections on the Java port
// (--port mcjava=N, 25565) and those whose client starts with a Handshake.
// Each gets a mcjava::Session fed the reassembled streams, and each packet is
// handed on with its conversation.
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
    // with the UDP protocols); `on_packet` gets every packet; `on_closed`
    // each connection once it ended (or the capture did); `on_tcp`
    // every TCP finding of a Java connection.
    JavaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t frame)> new_conversation,
              std::function<void(const JavaPacket&)> on_packet,
              std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp = {},
              std::function<void(JavaConnection&)> on_closed = {});

    // The analysis settings of connections opened from now on.
    void set_analysis(const mcjava::AnalysisConfig& cfg) { analysis_ = cfg; }
    // The key log that decrypts encrypted connections (not owned; null: none).
    void set_key_log(const mcjava::KeyLog* keys) { keys_ = keys; }
    const std::deque<JavaConnection>& connections() const { return conns_; }

    // tcp::Sink, from the dispatcher: every event of the connections it gave.
    tcp::Hint on_new_tuple(const capture::TcpSegment&, uint64_t) override { return tcp::Hint::Unknown; }
    void on_open(tcp::Connection&, uint64_t, double) override {}
    void on_data(tcp::Connection& conn, core::Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                 const tcp::SegmentOrigin& origin) override;
    void on_gap(tcp::Connection& conn, core::Side dir, uint64_t stream_offset, uint64_t missing, tcp::GapReason why,
                uint64_t frame, double time) override;
    void on_fin(tcp::Connection& conn, core::Side dir, uint64_t stream_offset, const tcp::SegmentOrigin& origin) override;
    void on_rst(tcp::Connection& conn, core::Side dir, uint64_t frame, double time) override;
    void on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) override;
    void on_finding(tcp::Connection* conn, core::Side dir, const tcp::FindingInfo& f) override;

private:
    // Hands each packet on with its conversation and relative time.
    class Relay : public mcjava::PacketSink {
    public:
        void packet(mcjava::Packet& p) override;
        JavaFlows* flows = nullptr;
        JavaConnection* conn = nullptr;
    };
    static JavaConnection* java(tcp::Connection& conn) { return static_cast<JavaConnection*>(conn.user); }

    std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation_;
    std::function<void(const JavaPacket&)> on_packet_;
    std::function<void(const JavaConnection&, const tcp::FindingInfo&)> on_tcp_;
    std::function<void(JavaConnection&)> on_closed_;
    core::Inflater inflater_;  // shared by every connection: one packet at a time
    std::deque<JavaConnection> conns_;
    mcjava::AnalysisConfig analysis_;
    const mcjava::KeyLog* keys_ = nullptr;
};

}  // namespace blankshark
