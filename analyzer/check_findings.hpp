// check's text report of one conversation's findings, readable on a flood:
// the count per severity, a summary per code (severity, count, first
// frames, the worst case), the consequences of an event grouped with it
// (ConversationSummary::cause: what the survivor got after a side went
// silent; not counted on their own), then the list with
// runs of loss/reordering findings folded into one line led by their first
// (the cause), at most --max-listed lines. JSON and JUnit keep every finding.
#pragma once

#include <functional>

#include "file_analysis.hpp"
#include "output.hpp"

namespace blankshark {

struct FindingsTextOptions {
    size_t max_listed = 100;  // list lines per conversation; 0: all
    bool comments = false;    // comment-level findings are counted and listed
};

// `shown`: the findings --ignore leaves in.
void text_findings(Output& out, const ConvReport& conv, const FindingsTextOptions& opt,
                   const std::function<bool(const core::Finding&)>& shown);

}  // namespace blankshark
