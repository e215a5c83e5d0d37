// `blankshark stats FILE...`: per protocol, packets, bytes and rates per
// packet type, per direction and per connection (blank: the same tree as
// Wireshark's Statistics > blank, tshark -z blank,tree); findings by code.
#pragma once

#include <string>
#include <vector>

#include "file_analysis.hpp"

namespace blankshark {

struct StatsOptions {
    bool json = false;
    FileAnalysisOptions file;
};

int run_stats(const std::vector<CaptureFiles>& files, const StatsOptions& opt);

}  // namespace blankshark
