// `blankshark decode`: every packet of every protocol as a summary line, a
// field tree (-V) or a JSON object per line (--json), with the plugin's
// field names.
#pragma once

#include <string>

#include "capture_stream.hpp"
#include "type_filter.hpp"

namespace blankshark {

enum class DecodeFormat { Summary, Tree, Json };

struct DecodeOptions {
    DecodeFormat format = DecodeFormat::Summary;
    TypeFilter filter;  // -t: the packet types to show; empty: all
    bool filtered() const { return !filter.empty(); }
    // Two passes, as tshark -2: what only the end tells is shown where it
    // happened (blank: a side that went silent is marked at its last
    // packet, what followed shown as its consequence).
    bool two_pass = false;
    StreamOptions stream;  // each protocol's own settings too
};

// Returns the process exit code (see exit_codes.hpp).
int run_decode(const CaptureFiles& files, const DecodeOptions& opt);

}  // namespace blankshark
