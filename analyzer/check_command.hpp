// `blankshark check FILE...`: per-connection summary and every finding, with
// an exit status for CI (--fail-on) and text, JSON or JUnit output.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "capture_stream.hpp"

namespace blankshark {

enum class CheckFormat { Text, Json, Junit };

struct CheckOptions {
    CheckFormat format = CheckFormat::Text;
    blank::Severity fail_on = blank::Severity::Warn;
    std::set<std::string> ignore;  // finding codes left out
    bool comments = false;         // list comment-level findings too
    size_t max_listed = 100;       // text: list lines per conversation (0: all)
    unsigned jobs = 1;             // files checked in parallel
    int inflate_threads = 1;       // FileAnalysisOptions::inflate_threads
    StreamOptions stream;
    blank::AnalysisConfig analysis;
    mcjava::AnalysisConfig java;   // Minecraft Java: teleport threshold, keep-alive window
};

int run_check(const std::vector<std::string>& files, const CheckOptions& opt);

// "note", "warn", "error" -> severity; false if unknown.
bool parse_severity(const std::string& s, blank::Severity& out);

}  // namespace blankshark
