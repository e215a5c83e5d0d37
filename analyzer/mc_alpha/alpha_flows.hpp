// The Minecraft Alpha connections of a capture. The TCP reassembler belongs
// to JavaFlows (java_flows.hpp), which owns the Minecraft port 25565: on a
// connection to that port whose client starts with an Alpha Handshake
// (src/protocols/minecraft_detect.hpp) it hands the connection here, and
// every later event of it. Each connection gets a mcalpha::Session fed
// per direction (data, gaps, FIN / RST, the capture's end); each message
// and connection event is handed on with its conversation.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_set>

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

class AlphaFlows {
public:
    AlphaFlows(std::function<Conversation*(const tcp::Connection&, uint64_t frame)> new_conversation,
               std::function<void(const AlphaMessage&)> on_message,
               std::function<void(const AlphaConnection&, const tcp::FindingInfo&)> on_tcp = {});

    // Whether the client's first bytes `p[0, n)` start an Alpha connection.
    static bool starts_alpha(const uint8_t* p, uint32_t n);
    // Takes `conn` over (conn.user points to its AlphaConnection).
    AlphaConnection* adopt(tcp::Connection& conn, uint64_t frame);
    // conn.user of an adopted connection, else null.
    AlphaConnection* of(const tcp::Connection& conn) const;

    void data(AlphaConnection& c, tcp::Dir dir, const uint8_t* p, uint32_t n, uint64_t offset,
              const tcp::SegmentOrigin& o);
    void gap(AlphaConnection& c, tcp::Dir dir, uint64_t offset, uint64_t missing, uint64_t frame, double time);
    void fin(AlphaConnection& c, tcp::Dir dir, const tcp::SegmentOrigin& o);
    void rst(AlphaConnection& c, tcp::Dir dir, uint64_t frame, double time);
    // The connection ended (or the capture did): finishes its session.
    void close(AlphaConnection& c, tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time);
    void finding(AlphaConnection& c, const tcp::FindingInfo& f);

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
    std::unordered_set<const void*> adopted_;  // one insert per connection
};

}  // namespace blankshark
