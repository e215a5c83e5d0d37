// What the analyzer knows of each protocol besides blank, beyond the core's
// description (ProtocolInfo): its name in sentences, how a pass over a
// capture takes its conversations (protocol_pass.hpp), and its own parts of
// the commands' output (its stats table). The commands loop over
// front_ends() and never name a protocol; each protocol's folder
// (mc_java/, mc_alpha/, raknet/) holds its front end.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/protocol_info.hpp"
#include "protocol_pass.hpp"
#include "protocol_section.hpp"

namespace blankshark {

class FrontEnd {
public:
    virtual ~FrontEnd() = default;
    virtual const core::ProtocolInfo& info() const = 0;
    // "Minecraft Java": conversation headers, check's lines.
    virtual const char* title() const = 0;
    // What its units are called in counts: "packets", "messages".
    virtual const char* unit_name() const = 0;
    // What its heuristic recognises on any port ("a Minecraft Java
    // Handshake"), or null: its port only.
    virtual const char* heuristic_text() const = 0;
    virtual std::unique_ptr<ProtocolPass> start(const PassSetup& setup) const = 0;
    // Its table of `blankshark stats`.
    virtual std::unique_ptr<StatsSection> stats() const = 0;
    // Its rows of `blankshark chunks` (--extract into `extract_dir`, empty: none).
    virtual std::unique_ptr<ChunksSection> chunks(const std::string& extract_dir) const = 0;
    // The title of its report chart of units per second by
    // Unit::rate_series, or null: none.
    virtual const char* rate_title() const { return nullptr; }
    // Its charts in the report, for the first `max_conversations`
    // conversations (null: none of its own).
    virtual std::unique_ptr<ReportSection> report(uint32_t) const { return nullptr; }
};

// Every protocol's front end but blank's, in the order the TCP dispatcher
// prefers them where several could take a connection (Java before Alpha on
// their shared port) and the commands list them.
const std::vector<const FrontEnd*>& front_ends();
// A front end's place in front_ends(): where the commands keep its sections
// and counts (front_ends().size() for one not listed).
size_t front_end_index(const FrontEnd& fe);

}  // namespace blankshark
