// `blankshark check FILE...`: per-connection summary and every finding, with
// an exit status for CI (--fail-on) and text, JSON or JUnit output.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "capture_stream.hpp"
#include "core/finding.hpp"

namespace blankshark {

enum class CheckFormat { Text, Json, Junit };

struct CheckOptions {
    CheckFormat format = CheckFormat::Text;
    core::Severity fail_on = core::Severity::Warn;
    std::set<std::string> ignore;  // finding codes left out
    bool comments = false;         // list comment-level findings too
    size_t max_listed = 100;       // text: list lines per conversation (0: all)
    unsigned jobs = 1;             // files checked in parallel
    StreamOptions stream;          // each protocol's own settings too
};

int run_check(const std::vector<CaptureFiles>& files, const CheckOptions& opt);

// "note", "warn", "error" -> severity; false if unknown.
bool parse_severity(const std::string& s, core::Severity& out);

}  // namespace blankshark
