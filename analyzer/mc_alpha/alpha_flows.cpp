#include "mc_alpha/alpha_flows.hpp"

namespace blankshark {

AlphaFlows::AlphaFlows(NewConversation new_conversation, std::function<void(const AlphaMessage&)> on_message,
                       OnFinding on_tcp, OnClosed on_closed)
    : SessionFlows(std::move(new_conversation), std::move(on_tcp), std::move(on_closed)),
      on_message_(std::move(on_message)) {}

void AlphaFlows::Relay::message(mcalpha::Message& m) {
    AlphaMessage am{&m, nullptr, conn_.conv, m.span.last.time};
    flows_.on_message_(am);
}

void AlphaFlows::Relay::event(const core::Finding& f) {
    AlphaMessage am{nullptr, &f, conn_.conv, time_};
    flows_.on_message_(am);
}

}  // namespace blankshark
