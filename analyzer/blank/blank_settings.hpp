// blank's own settings (protocol_settings.hpp): the analysis' limits and
// thresholds, the revision to decode with, and check's inflation threads.
#pragma once

#include <string>

#include "protocol_settings.hpp"
#include "protocols/blank/analysis.hpp"

namespace blankshark {

struct BlankSettings final : Settings {
    blank::AnalysisConfig analysis;
    std::string revision = "auto";  // --revision, resolved into analysis.revision
    // Completed chunks are inflated on this many worker threads while the
    // file is read (check, stats, report; 0: on the reading thread, at the
    // same points: the output is the same whatever the number); -1: one,
    // or none when check reads several files at once (they use the cores).
    // decode and chunks inflate each chunk as it completes.
    int inflate_threads = -1;
    bool no_inflate = false;  // check --no-inflate
};

}  // namespace blankshark
