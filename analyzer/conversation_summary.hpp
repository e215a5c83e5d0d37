// What a conversation of a protocol other than blank tells `check`: how it
// ended, in words, and its lines and JSON keys. Each protocol's summary is
// built during the file's one pass (java_summary.hpp, ...); blank's is its
// ConversationAnalysis.
#pragma once

#include <string>
#include <vector>

#include "core/finding.hpp"
#include "output.hpp"

namespace blankshark {

class ConversationSummary {
public:
    virtual ~ConversationSummary() = default;
    // "Minecraft Java" (after the endpoints of the conversation line).
    virtual const char* protocol() const = 0;
    // How it ended, in words ("Disconnect from the server: bye bob, then FIN both ways").
    virtual std::string ended() const = 0;
    // Lines after the conversation's first line, each "  ...\n".
    virtual void text(Output& out) const = 0;
    // Keys of its JSON conversation event, each ",\"key\":value".
    virtual void json(Output& out) const = 0;
    // The finding tables its findings come from (JUnit has a case per code).
    virtual std::vector<const core::FindingTable*> tables() const = 0;
};

}  // namespace blankshark
