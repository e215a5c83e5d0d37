// The Minecraft Alpha connections of a capture: the TCP dispatcher's
// claimant (tcp_dispatcher.hpp) for Alpha, which takes connections to the
// Alpha port (25565, Java's too) whose client starts with 0x02, Alpha's
// Handshake. Each gets a mcalpha::Session fed per direction (data, gaps,
// FIN / RST, the capture's end); each message and connection event is
// handed on with its conversation.
#pragma once

#include <cstdint>
#include <functional>

#include "core/inflater.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "tcp/session_flows.hpp"

namespace blankshark {

struct Conversation;

// One Alpha message (or connection event), as the commands see it.
struct AlphaMessage {
    mcalpha::Message* msg;   // valid during the callback; null for an event
    const core::Finding* event;  // a finding of the connection that belongs to no message
    Conversation* conv;
    double time;             // of the frame that completed it, since the capture's first frame
};

// What an Alpha connection keeps for the reports, beside its TCP side.
struct AlphaConnection : tcp::FlowRecord {
    mcalpha::Session session;
    explicit AlphaConnection(core::Inflater& inflater) : session(inflater) {}
};

// The TCP plumbing is SessionFlows'; what is Alpha's: each message, and each
// connection event (a finding outside any message), handed on with its
// conversation. Whoever keeps its findings takes the connections with
// release_connections(): a Kick's reason is text in the connection.
class AlphaFlows : public tcp::SessionFlows<AlphaFlows, AlphaConnection> {
public:
    // `on_closed`: each connection once it ended (or the capture did).
    AlphaFlows(NewConversation new_conversation, std::function<void(const AlphaMessage&)> on_message,
               OnFinding on_tcp = {}, OnClosed on_closed = {});

private:
    friend SessionFlows;
    class Relay : public mcalpha::MessageSink {
    public:
        Relay(AlphaFlows& flows, AlphaConnection& conn, double time) : flows_(flows), conn_(conn), time_(time) {}
        void message(mcalpha::Message& m) override;
        void event(const core::Finding& f) override;

    private:
        AlphaFlows& flows_;
        AlphaConnection& conn_;
        double time_;  // of the event that made the session speak
    };
    AlphaConnection& open(tcp::Connection& conn) {
        AlphaConnection& c = add(inflater_);
        if (conn.midstream()) c.session.start_mid_stream();
        return c;
    }

    std::function<void(const AlphaMessage&)> on_message_;
};

}  // namespace blankshark
