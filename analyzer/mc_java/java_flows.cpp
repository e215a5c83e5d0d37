#include "mc_java/java_flows.hpp"

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
    JavaConnection& c = conns_.emplace_back(inflater_, analysis_);
    if (conn.midstream()) c.session.start_mid_stream();
    c.session.set_key_log(keys_);
    return c;
}

}  // namespace blankshark
