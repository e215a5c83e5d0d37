// The Minecraft Alpha connections of a capture: the TCP dispatcher's
// claimant (tcp_dispatcher.hpp) for Alpha, which takes connections to the
// Alpha port (25565, Java's too) whose client starts with 0x02, Alpha's
// Handshake. Each gets a mcalpha::Session fed per direction (data, gaps,
// FIN / RST, the capture's end); each message and connection event is
// handed on with its conversation.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>

#include "core/inflater.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace blankshark {

struct Conversation;

// One Alpha message (or connection event), as the commands see it.
struct AlphaMessage {
    mcalpha::Message* msg;   // valid during the callback; null for an event
    const core::Finding* event;  // a finding of the connection that belongs to no message
    Conversation* conv;
    double time;             // of the frame that completed it, since the capture's first frame
};

// What an Alpha connection keeps for the reports.
struct AlphaConnection {
    Conversation* conv = nullptr;
    const tcp::Connection* tcp = nullptr;  // null once released
    mcalpha::Session session;
    bool midstream = false;
    tcp::CloseReason close = tcp::CloseReason::EndOfCapture;
    bool fin[2] = {false, false}, rst[2] = {false, false};
    uint64_t fin_frame[2] = {0, 0}, rst_frame[2] = {0, 0};
    tcp::StreamStats stats[2];  // copied at the close
    uint64_t tcp_findings = 0;
    explicit AlphaConnection(core::Inflater& inflater) : session(inflater) {}
};

class AlphaFlows : public tcp::Sink {
public:
    AlphaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t frame)> new_conversation,
               std::function<void(const AlphaMessage&)> on_message,
               std::function<void(const AlphaConnection&, const tcp::FindingInfo&)> on_tcp = {});

    // tcp::Sink, from the dispatcher: every event of the connections it gave.
    tcp::Hint on_new_tuple(const capture::TcpSegment&, uint64_t) override { return tcp::Hint::Unknown; }
    void on_open(tcp::Connection&, uint64_t, double) override {}
    void on_data(tcp::Connection& conn, core::Side dir, const uint8_t* p, uint32_t n, uint64_t stream_offset,
                 const tcp::SegmentOrigin& origin) override;
    void on_gap(tcp::Connection& conn, core::Side dir, uint64_t stream_offset, uint64_t missing, tcp::GapReason why,
                uint64_t frame, double time) override;
    void on_fin(tcp::Connection& conn, core::Side dir, uint64_t stream_offset, const tcp::SegmentOrigin& origin) override;
    void on_rst(tcp::Connection& conn, core::Side dir, uint64_t frame, double time) override;
    // The connection ended (or the capture did): finishes its session.
    void on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) override;
    void on_finding(tcp::Connection* conn, core::Side dir, const tcp::FindingInfo& f) override;

    const std::deque<AlphaConnection>& connections() const { return conns_; }
    // The connections, for whoever keeps their findings: a Kick's reason
    // is text in the connection (moving a deque moves no element).
    std::deque<AlphaConnection> release_connections() { return std::move(conns_); }

private:
    class Relay : public mcalpha::MessageSink {
    public:
        void message(mcalpha::Message& m) override;
        void event(const core::Finding& f) override;
        AlphaFlows* flows = nullptr;
        AlphaConnection* conn = nullptr;
        double time = 0;
    };

    std::function<Conversation*(const tcp::Connection&, uint64_t)> new_conversation_;
    std::function<void(const AlphaMessage&)> on_message_;
    std::function<void(const AlphaConnection&, const tcp::FindingInfo&)> on_tcp_;
    core::Inflater inflater_;  // shared by every connection: one message at a time
    std::deque<AlphaConnection> conns_;
};

}  // namespace blankshark
