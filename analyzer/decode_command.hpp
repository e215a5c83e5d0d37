// `blankshark decode`: every blank packet as a summary line, a field tree
// (-V) or a JSON object per line (--json), with the plugin's field names.
#pragma once

#include <set>
#include <string>

#include "protocols/blank/analysis.hpp"
#include "capture_stream.hpp"

namespace blankshark {

enum class DecodeFormat { Summary, Tree, Json };

struct DecodeOptions {
    DecodeFormat format = DecodeFormat::Summary;
    std::set<uint8_t> types;       // blank packet types to show (-t); both empty: all
    std::set<std::string> names;   // other protocols' packet names to show, as packet_name_key() gives them
    std::set<uint32_t> ids;        // and their packet ids to show (type_filter.hpp)
    bool filtered() const { return !types.empty() || !names.empty() || !ids.empty(); }
    // Two passes, as tshark -2: a side that went silent is marked at its
    // last packet, what followed shown as its consequence.
    bool two_pass = false;
    StreamOptions stream;
    blank::AnalysisConfig analysis;
};

// A packet name as -t compares it: lower case, spaces and '_' alike ("chunk_data").
std::string packet_name_key(std::string_view name);

// Returns the process exit code (see exit_codes.hpp).
int run_decode(const std::string& path, const DecodeOptions& opt);

}  // namespace blankshark
