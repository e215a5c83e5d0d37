// A blank packet as the commands see it (unit.hpp): the datagram, what the
// conversation's analysis found of its frame, and the conversation's
// summary; or the findings of a conversation known only at the capture's
// end (Note), or decode's closing line naming a conversation's revision
// (Trailer). blank's sections (stats, chunks, report) read their units back.
#pragma once

#include <memory>

#include "blank/blank_flows.hpp"
#include "blank/blank_summary.hpp"
#include "protocols/blank/analysis.hpp"
#include "unit.hpp"

namespace blankshark {

class BlankUnit final : public Unit {
public:
    // `analysis`: the conversation's (null without one); `summary`: kept by
    // the pass (null: none kept).
    BlankUnit(const BlankPacket& p, const blank::FrameAnalysis& fa,
              const std::shared_ptr<blank::ConversationAnalysis>* analysis,
              const std::shared_ptr<BlankSummary>* summary);
    // Kind::Note with its findings, or Kind::Trailer.
    BlankUnit(Kind k, Conversation* c, double t, const std::shared_ptr<blank::ConversationAnalysis>* analysis,
              const core::Finding* notes, size_t n, const std::shared_ptr<BlankSummary>* summary);

    const BlankPacket* packet = nullptr;
    const blank::FrameAnalysis* frame = nullptr;
    const std::shared_ptr<blank::ConversationAnalysis>* analysis = nullptr;

    std::shared_ptr<ConversationSummary> summary() const override;
    void findings(FindingOut& out) const override;
    bool matches(const TypeFilter& filter) const override;
    void print_summary(Output& out) const override;
    void print_tree(Output& out) const override;
    void print_json(Output& out) const override;

private:
    const core::Finding* notes_ = nullptr;
    size_t nnotes_ = 0;
    const std::shared_ptr<BlankSummary>* summary_;
};

}  // namespace blankshark
