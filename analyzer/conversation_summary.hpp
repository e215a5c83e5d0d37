// What a conversation tells `check` and the report, whatever its protocol:
// how it ended, in words, its lines and JSON keys, and an event whose
// consequences are grouped with it. Each protocol's summary is built during
// the file's one pass (blank_summary.hpp, java_summary.hpp, ...).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/finding.hpp"
#include "output.hpp"

namespace blankshark {

// An event of a conversation that explains later findings (blank: a side
// went silent, and what the other side got afterwards piles up sequence
// findings): check groups those with it and does not count them on their
// own; decode -2 and the JSON mark them as its consequences.
struct Cause {
    core::Code code;     // the finding that reports the event
    uint64_t frame = 0;  // where it happened
    std::string what;    // "the client went silent"
    std::string after;   // "the server sent 617 more packets"
};

// A conversation's figures as the report shows them: a sentence of what
// went wrong (or that nothing did), then one row per figure with a value per
// sending side (or one value, in `client`, for the conversation as a whole)
// and its unit. The names are the ones check and stats use.
struct FigureRow {
    std::string name, client, server, unit;
};
struct Figures {
    std::string sentence;
    std::vector<FigureRow> rows;
};

class ConversationSummary {
public:
    virtual ~ConversationSummary() = default;
    // "Minecraft Java" (after the endpoints of the conversation line).
    virtual const char* protocol() const = 0;
    // How it ended, in words ("Disconnect from the server: bye bob, then FIN both ways").
    virtual std::string ended() const = 0;
    // Lines after the conversation's first line, each "  ...\n".
    virtual void text(Output& out) const = 0;
    // Keys of its JSON conversation event, each ",\"key\":value", the
    // first ",\"protocol\":\"<its field prefix>\"".
    virtual void json(Output& out) const = 0;
    // The finding tables its findings come from (JUnit has a case per code).
    virtual std::vector<const core::FindingTable*> tables() const = 0;
    // The conversation's first and last time when its transport knows them
    // beyond its decoded packets (a TCP connection: its first and last
    // segment, also of bytes that could not be decoded); false: the span of
    // its packets.
    virtual bool span(double& /*first*/, double& /*last*/) const { return false; }
    // Its figures in one cell of the report's conversation table (empty: none).
    virtual std::string details() const { return {}; }
    // Its figures as a table for the report (no rows: the report shows its text).
    virtual Figures figures() const { return {}; }
    // The event whose consequences are grouped with it, or null (known once
    // the file is done).
    virtual const Cause* cause() const { return nullptr; }
    // Whether `f` is a consequence of cause().
    virtual bool consequence(const core::Finding&) const { return false; }
    // Once its text and JSON are written: lets go of all but what tables(),
    // cause() and consequence() read (check keeps every file's findings for
    // JUnit until the end).
    virtual void release() {}
};

}  // namespace blankshark
