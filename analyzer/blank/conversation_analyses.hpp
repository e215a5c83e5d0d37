// One blank::ConversationAnalysis per conversation of a CaptureStream,
// shared with the conversation's summary (blank_summary.hpp), which check
// and report read once the file is done.
#pragma once

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "blank/blank_flows.hpp"

namespace blankshark {

class ConversationAnalyses {
public:
    // `forced`: one revision for every conversation; null: each detects its own.
    // The analyzer prints each frame as it goes: old per-packet records can go.
    explicit ConversationAnalyses(const blank::AnalysisConfig& cfg) : cfg_(cfg), forced_(cfg.revision) {
        cfg_.seq.retain_all = false;
    }

    // Runs the packet through its conversation's analysis and returns the
    // frame's results (and the revision to decode it with), valid until the
    // next call. Without a conversation (limit reached): only the revision.
    const blank::FrameAnalysis* on_packet(const BlankPacket& p) {
        if (!p.conv) {
            frame_ = blank::FrameAnalysis{};
            frame_.frame = p.frame->number;
            frame_.schema = &blank::schema(forced_ ? *forced_ : blank::current_revision());
            return &frame_;
        }
        if (by_id_.size() <= p.conv->id) by_id_.resize(p.conv->id + 1);
        auto& a = by_id_[p.conv->id];
        if (!a) a = std::make_shared<blank::ConversationAnalysis>(cfg_, forced_);
        a->on_packet(p.frame->number, p.time, p.sender, p.data, p.len, frame_);
        if (!silences_.empty()) frame_.silence = silence_of(*p.conv);
        return &frame_;
    }
    // Conversations whose side went silent, by (client, server), from an
    // earlier pass over the capture: each frame then carries its
    // conversation's silence, so its last packet is marked and what the
    // survivor got after it shows as consequences (as tshark -2 does).
    using Endpoints = std::pair<capture::Endpoint, capture::Endpoint>;
    void mark_silences(std::map<Endpoints, blank::Silence> s) { silences_ = std::move(s); }
    // The analysis of the packet's conversation (after on_packet), or null.
    const blank::ConversationAnalysis* of(const BlankPacket& p) const {
        return p.conv && p.conv->id < by_id_.size() ? by_id_[p.conv->id].get() : nullptr;
    }
    // Conversation id -> analysis (null where a conversation had no packet analysed).
    const std::vector<std::shared_ptr<blank::ConversationAnalysis>>& all() const { return by_id_; }
    std::vector<std::shared_ptr<blank::ConversationAnalysis>>& all() { return by_id_; }

private:
    const blank::Silence* silence_of(const Conversation& c) {
        if (silence_by_id_.size() <= c.id) silence_by_id_.resize(c.id + 1, nullptr);
        const blank::Silence*& s = silence_by_id_[c.id];
        if (!s) {  // once per conversation: found, or the empty one
            const auto it = silences_.find({c.client, c.server});
            s = it != silences_.end() ? &it->second : &none_;
        }
        return s == &none_ ? nullptr : s;
    }

    blank::AnalysisConfig cfg_;
    std::map<Endpoints, blank::Silence> silences_;
    std::vector<const blank::Silence*> silence_by_id_;
    blank::Silence none_;
    const blank::Revision* forced_;
    std::vector<std::shared_ptr<blank::ConversationAnalysis>> by_id_;
    blank::FrameAnalysis frame_;
};

}  // namespace blankshark
