// A blank conversation as `check` and the report tell it: the revision it
// decodes with, each direction's sequence figures (skips, reordering,
// duplicates, the sender's own loss count, time to ack), corrections, chunk
// transmissions, how it ended, and the side that went silent (what the
// other side got afterwards is that silence's consequence).
#pragma once

#include <memory>
#include <string>

#include "conversation_summary.hpp"
#include "protocols/blank/analysis.hpp"

namespace blankshark {

class BlankSummary final : public ConversationSummary {
public:
    // The conversation's analysis, shared with the pass (read once it is done).
    void analysed_by(std::shared_ptr<const blank::ConversationAnalysis> a) { analysis_ = std::move(a); }
    // After the analysis' finish(): the silence it found, if any.
    void finished();

    const blank::ConversationAnalysis* analysis() const { return analysis_.get(); }

    const char* protocol() const override { return "blank"; }
    std::string ended() const override;
    void text(Output& out) const override;
    void json(Output& out) const override;
    std::vector<const core::FindingTable*> tables() const override;
    std::string details() const override;
    Figures figures() const override;
    const Cause* cause() const override { return cause_.frame ? &cause_ : nullptr; }
    bool consequence(const core::Finding& f) const override;
    void release() override { analysis_.reset(); }

private:
    std::shared_ptr<const blank::ConversationAnalysis> analysis_;
    blank::Silence silence_;
    Cause cause_;
};

}  // namespace blankshark
