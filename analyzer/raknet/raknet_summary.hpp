// A RakNet connection (and the MCPE or Bedrock game on it) as `check`
// reports it: it owns the connection's mcpe::Session (which drives its
// raknet::Session) and its bedrock::Session,
// so the figures are the core's own per-direction counts (the captures'
// README's rows, and the analysis': ACK times, NAKs and the resends that
// answered them, unacknowledged reliable messages, incomplete split
// groups, ping round trips) and how the connection ended.
#pragma once

#include <cstdint>
#include <string>

#include "conversation_summary.hpp"
#include "protocols/bedrock/session.hpp"
#include "protocols/mcpe/session.hpp"

namespace blankshark {

class RaknetSummary : public ConversationSummary {
public:
    explicit RaknetSummary(const bedrock::KeyLog* keys = nullptr) : bedrock(keys) {}
    mcpe::Session session;
    bedrock::Session bedrock;  // the 0xFE batches, when they are Minecraft Bedrock's

    const char* protocol() const override { return "RakNet"; }
    std::string ended() const override;
    void text(Output& out) const override;
    void json(Output& out) const override;
    std::vector<const core::FindingTable*> tables() const override;
    std::string details() const override;
    Figures figures() const override;
};

}  // namespace blankshark
