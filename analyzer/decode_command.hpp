// `blankshark decode`: every blank packet as a summary line, a field tree
// (-V) or a JSON object per line (--json), with the plugin's field names.
#pragma once

#include <set>
#include <string>

#include "protocols/blank/analysis.hpp"
#include "blank_stream.hpp"

namespace blankshark {

enum class DecodeFormat { Summary, Tree, Json };

struct DecodeOptions {
    DecodeFormat format = DecodeFormat::Summary;
    std::set<uint8_t> types;  // empty: all
    StreamOptions stream;
    blank::AnalysisConfig analysis;
};

// Returns the process exit code (see exit_codes.hpp).
int run_decode(const std::string& path, const DecodeOptions& opt);

}  // namespace blankshark
