// `blankshark report FILE -o report.html`: one self-contained HTML page
// (inline SVG and CSS, no script, nothing fetched) with per-connection
// timelines and the findings table.
#pragma once

#include <string>

#include "file_analysis.hpp"

namespace blankshark {

struct ReportOptions {
    std::string output;             // the HTML file
    size_t max_charted = 16;        // conversations with sections and timelines (the rest: summary rows)
    size_t max_findings = 5000;     // rows of the findings table
    FileAnalysisOptions file;
};

int run_report(const CaptureFiles& files, const ReportOptions& opt);

}  // namespace blankshark
