// One pass over a capture file: every protocol's conversations decoded and
// analysed by their front ends (front_end.hpp), findings collected with
// frame numbers. `check`, `stats` and `report` are different views of this
// one pass.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "capture_stream.hpp"
#include "conversation_summary.hpp"
#include "finding_list.hpp"
#include "protocol_settings.hpp"
#include "unit.hpp"

namespace blankshark {

struct ConvReport {
    bool has_conv = false;
    Conversation conv;  // a copy: the stream (and its table) ends with the file
    FindingList findings;  // sorted by frame once the file is done
    double first_time = 0, last_time = 0;
    // What its protocol tells check of it (kept when the pass is let go).
    std::shared_ptr<ConversationSummary> summary;

    // Whether `f` counts on its own (not the consequence of an event the
    // summary groups it with, such as a side that went silent).
    bool counted(const core::Finding& f) const { return !summary || !summary->consequence(f); }
};

struct FileReport {
    std::string path;  // what output calls the capture (CaptureFiles::name)
    std::vector<FileSpan> files;  // a ring buffer's files: where each one's frames are
    std::string error_path;       // the file the error is in
    StreamResult result = StreamResult::Ok;
    std::string error;
    uint64_t error_frame = 0;                  // ReadError: the frame that could not be read
    std::optional<uint64_t> error_offset;      // and where its record starts
    StreamStats stats;
    bool is_set = false;  // read from several files (CaptureFiles::is_set)
    // By conversation id (0: packets without one); without those that ended
    // earlier and were handed to FileAnalysisOptions::ended.
    std::map<uint32_t, ConvReport> convs;
    uint64_t ended = 0;  // conversations handed on and let go
    std::shared_ptr<SpillFile> spill;  // where long finding lists go
    // What findings of the report point into (the text of an Alpha Kick's
    // reason lives in its connection), kept until the report is printed.
    std::vector<std::shared_ptr<void>> kept;
    double end_time = 0;
    // The packets (messages) of each protocol, as front_ends() lists them.
    std::vector<uint64_t> units;
};

// Where frame `frame` of the capture is: its file and its number there
// (the frame itself for a capture of one file).
struct FilePosition {
    const std::string* path;
    uint64_t frame;
};
FilePosition position(const FileReport& rep, uint64_t frame);
// A ring buffer's files and their frames, for a reader of frame numbers:
// "3 files read as one capture: frames 1-20 a.pcap, 21-40 b.pcap, ..."
// (empty for one file).
std::string files_text(const FileReport& rep);

// Its conversations, also those handed on before the end.
uint64_t conversations(const FileReport& rep);

// Whether the file held anything of a supported protocol: a conversation,
// or packets without one (past the conversation limit). A file that could
// not be opened is an error, not "nothing recognised".
bool recognised(const FileReport& rep);

// What the file held, protocol by protocol, each in its own unit: "4082
// blank packets, 313 Minecraft Java packets, 495 Minecraft Alpha messages"
// (front_ends() order); "nothing recognised" when there was nothing.
std::string found_text(const FileReport& rep);

struct FileAnalysisOptions {
    StreamOptions stream;  // each protocol's own settings too
    Command command = Command::Check;
    bool comments = false;  // keep comment-level findings
    unsigned files_at_once = 1;  // PassSetup::files_at_once
    // A conversation over before the capture is (UnitListener::ended), its
    // findings sorted and its span known, with the report so far (its
    // files); then it is let go. Null: every conversation stays in the
    // report to the end (stats and report read them all there).
    std::function<void(uint32_t id, ConvReport&, const FileReport&)> ended;
};

// Called for every unit (after its findings were collected), but notes.
using UnitObserver = std::function<void(const Unit&)>;

FileReport analyse_file(const CaptureFiles& files, const FileAnalysisOptions& opt, const UnitObserver& observe = {});

}  // namespace blankshark
