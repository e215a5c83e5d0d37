// One pass over a capture file: every blank packet decoded and analysed per
// conversation, every other protocol's conversations decoded by their front
// ends (front_end.hpp), findings collected with frame numbers. `check`,
// `stats` and `report` are different views of this one pass.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "blank/blank_flows.hpp"
#include "conversation_summary.hpp"
#include "conversation_analyses.hpp"
#include "finding_list.hpp"
#include "protocols/blank/inflate_queue.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "unit.hpp"

namespace blankshark {

struct ConvReport {
    bool has_conv = false;
    Conversation conv;  // a copy: the stream (and its table) ends with the file
    FindingList findings;  // sorted by frame once the file is done
    double first_time = 0, last_time = 0;
    blank::Silence silence;  // a side went silent (kept when the analyses are let go)
    // Protocols other than blank: what their conversation tells check.
    std::shared_ptr<ConversationSummary> summary;
};

struct FileReport {
    std::string path;
    StreamResult result = StreamResult::Ok;
    std::string error;
    uint64_t error_frame = 0;                  // ReadError: the frame that could not be read
    std::optional<uint64_t> error_offset;      // and where its record starts
    StreamStats stats;
    uint64_t blank = 0;  // blank datagrams
    std::map<uint32_t, ConvReport> convs;  // by conversation id (0: packets without one)
    std::shared_ptr<SpillFile> spill;  // where long finding lists go
    std::unique_ptr<blank::InflateQueue> inflate_queue;  // outlives nothing: analyses end first
    std::unique_ptr<ConversationAnalyses> analyses;
    // What findings of the report point into (the text of an Alpha Kick's
    // reason lives in its connection), kept until the report is printed.
    std::vector<std::shared_ptr<void>> kept;
    double end_time = 0;
    // The packets (messages) of each protocol besides blank, as front_ends() lists them.
    std::vector<uint64_t> units;

    // The analysis of a conversation (null for id 0 or none analysed).
    const blank::ConversationAnalysis* analysis(uint32_t id) const {
        return id < analyses->all().size() ? analyses->all()[id].get() : nullptr;
    }
};

// Whether the file held anything of a supported protocol: a conversation,
// or packets without one (past the conversation limit). A file that could
// not be opened is an error, not "nothing recognised".
bool recognised(const FileReport& rep);

// What the file held, protocol by protocol, each in its own unit: `blank`
// (the caller's words for blank's part, empty when it had none) then
// "313 Minecraft Java packets", "495 Minecraft Alpha messages", "2079 RakNet
// packets" (front_ends() order); "nothing recognised" when there was nothing.
std::string found_text(const FileReport& rep, const std::string& blank);

struct FileAnalysisOptions {
    StreamOptions stream;
    blank::AnalysisConfig analysis;
    bool comments = false;  // keep comment-level findings
    // Completed chunks are inflated on this many worker threads while the
    // file is read (0: on the reading thread, at the same points; the
    // output is the same whatever the number); -1: inline, as decode does.
    int inflate_threads = 1;
    mcjava::AnalysisConfig java;  // Minecraft Java connections' analysis settings
};

// Called for every blank packet after its analysis, with its type (-1 when the
// header is short), the frame's results and its conversation's analysis
// (null without a conversation). The conversation's findings may still grow
// by end-of-capture findings.
using PacketObserver = std::function<void(const BlankPacket&, int type, const blank::FrameAnalysis&,
                                          const blank::ConversationAnalysis*)>;
// Called for every unit of the other protocols (after its findings were
// collected).
using UnitObserver = std::function<void(const Unit&)>;

FileReport analyse_file(const std::string& path, const FileAnalysisOptions& opt, const PacketObserver& observe = {},
                        const UnitObserver& observe_units = {});

}  // namespace blankshark
