// What the blank dissector keeps between passes: the core's analysis per
// conversation, fed in frame order on the first pass, and per frame the
// results it showed, so that later passes and clicks only read them and a
// frame shows the same whatever order frames are dissected in.
//
// Memory (issue 11): 12 bytes per blank frame plus side records for the
// frames that have something more, the chunk transmissions the core keeps,
// a copy of each multi-piece chunk's reassembled bytes (shown again in later
// passes), and per conversation the core's fixed windows (about 0.3 MB:
// 1024-seq rings, records of the last 1088 packets per direction), which
// dominate on captures of many short conversations.
#pragma once

#include <epan/packet.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "protocols/blank/analysis.hpp"

namespace blank_plugin {

// A frame's analysis results, as the dissector shows them (built on the
// stack from the stored records).
struct FrameState {
    const blank::Schema* schema;  // the revision this frame decodes with
    guint8 revision_state;
    guint8 from_server;  // the sender is the conversation's server
    blank::SeqFrame seq;
    blank::SeqRecord seq_record;  // seq.record points here
    blank::ChunkEvent chunk;
    const blank::Finding* findings;
    guint8 nfindings;
    blank::Finding rebuilt[blank::FrameAnalysis::kMaxFindings];  // findings points here
    const guint8* reassembled;  // a completed transmission's bytes (inflated again when shown)
    guint32 reassembled_len;
    // First pass only: the analysis's own inflation of a valid chunk this
    // frame completed (not done again to show it).
    const guint8* inflated;
    guint32 inflated_len;
    const blank::Silence* silence;  // later passes: the conversation's, if a side went silent
};

class FrameStore {
public:
    FrameStore();
    FrameStore(const FrameStore&) = delete;
    FrameStore& operator=(const FrameStore&) = delete;
    ~FrameStore();

    // At registration: the protocol whose conversation data holds the
    // analyses, and the preference forcing a revision (0: detect,
    // else revisions()[i - 1]).
    void configure(int proto, const gint* pref_revision);
    // Every revision's schema, newest first; a frame names its own by index.
    const std::vector<const blank::Schema*>& schemas() const { return schemas_; }

    // First pass only: feed the analysis, keep the frame's results.
    bool analyse(packet_info* pinfo, const guint8* data, guint len, FrameState& out);
    // Later passes: the stored results of the frame, if it was analysed.
    // (Not const: it sorts records added late and judges silences.)
    bool load(packet_info* pinfo, const guint8* data, guint len, FrameState& out) {
        return load(pinfo, data, len, out, nullptr);
    }
    // The file closed.
    void clear();

private:
    struct Conversation;
    struct Records;
    struct RetireHook;

    bool load(packet_info* pinfo, const guint8* data, guint len, FrameState& out, const blank::SeqRecord* live);
    Conversation* conversation(packet_info* pinfo, const guint8* data, guint len);
    const blank::Revision* forced_revision() const;

    int proto_ = -1;
    const gint* pref_revision_ = nullptr;
    std::vector<const blank::Schema*> schemas_;
    std::vector<std::unique_ptr<Conversation>> conversations_;
    std::unique_ptr<Records> records_;
    std::unique_ptr<RetireHook> retire_hook_;
    // First pass: blank frames analysed, and the time of the last one (the
    // end of the capture as the analyzer's check sees it).
    guint32 frames_analysed_ = 0;
    double last_time_ = 0;
};

}  // namespace blank_plugin
