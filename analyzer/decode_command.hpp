// `blankshark decode`: every blank packet as a summary line, a field tree
// (-V) or a JSON object per line (--json), with the plugin's field names.
#pragma once

#include <set>
#include <string>

#include "protocols/blank/analysis.hpp"
#include "capture_stream.hpp"
#include "type_filter.hpp"

namespace blankshark {

enum class DecodeFormat { Summary, Tree, Json };

struct DecodeOptions {
    DecodeFormat format = DecodeFormat::Summary;
    TypeFilter filter;  // -t: the packet types to show; empty: all
    bool filtered() const { return !filter.empty(); }
    // Two passes, as tshark -2: a side that went silent is marked at its
    // last packet, what followed shown as its consequence.
    bool two_pass = false;
    StreamOptions stream;
    blank::AnalysisConfig analysis;
};


// Returns the process exit code (see exit_codes.hpp).
int run_decode(const std::string& path, const DecodeOptions& opt);

}  // namespace blankshark
