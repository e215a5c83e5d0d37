// One blank::ConversationAnalysis per conversation of a BlankStream.
#pragma once

#include <memory>
#include <vector>

#include "analysis.hpp"
#include "blank_stream.hpp"

namespace blankshark {

class ConversationAnalyses {
public:
    // The analyzer prints each frame as it goes: old per-packet records can go.
    ConversationAnalyses(const blank::Schema& s, const blank::AnalysisConfig& cfg) : s_(s), cfg_(cfg) {
        cfg_.seq.retain_all = false;
    }

    // Runs the packet through its conversation's analysis (none without a
    // conversation) and returns the frame's results, valid until the next call.
    const blank::FrameAnalysis* on_packet(const BlankPacket& p) {
        if (!p.conv) return nullptr;
        if (by_id_.size() <= p.conv->id) by_id_.resize(p.conv->id + 1);
        auto& a = by_id_[p.conv->id];
        if (!a) a = std::make_unique<blank::ConversationAnalysis>(s_, cfg_);
        const uint16_t seq = p.len >= 6 ? uint16_t(p.data[4] | p.data[5] << 8) : 0;
        a->on_packet(blank::PacketRef{p.frame->number, p.time, seq}, p.sender, p.data, p.len, frame_);
        return &frame_;
    }
    // Conversation id -> analysis (null where a conversation had no packet analysed).
    const std::vector<std::unique_ptr<blank::ConversationAnalysis>>& all() const { return by_id_; }
    std::vector<std::unique_ptr<blank::ConversationAnalysis>>& all() { return by_id_; }

private:
    const blank::Schema& s_;
    blank::AnalysisConfig cfg_;
    std::vector<std::unique_ptr<blank::ConversationAnalysis>> by_id_;
    blank::FrameAnalysis frame_;
};

}  // namespace blankshark
