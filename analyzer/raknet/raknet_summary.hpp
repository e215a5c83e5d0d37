// A RakNet connection (and the MCPE game on it) as `check` reports it: it
// owns the connection's mcpe::Session (which drives its raknet::Session),
// so the figures are the core's own per-direction counts (the captures'
// README's rows, and the analysis': ACK times, NAKs and the resends that
// answered them, unacknowledged reliable messages, incomplete split
// groups, ping round trips) and how the connection ended.
#pragma once

#include <cstdint>
#include <string>

#include "conversation_summary.hpp"
#include "protocols/mcpe/session.hpp"

namespace blankshark {

class RaknetSummary : public ConversationSummary {
public:
    mcpe::Session session;

    const char* protocol() const override { return "RakNet"; }
    std::string ended() const override;
    void text(Output& out) const override;
    void json(Output& out) const override;
    std::vector<const core::FindingTable*> tables() const override;
    std::string details() const override;
    Figures figures() const override;
};

}  // namespace blankshark
