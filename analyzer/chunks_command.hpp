// `blankshark chunks`: one row per chunk transmission, and --extract.
#pragma once

#include <string>

#include "protocols/blank/analysis.hpp"
#include "blank_stream.hpp"

namespace blankshark {

struct ChunksOptions {
    bool json = false;
    std::string extract_dir;  // write each completed chunk's data there
    StreamOptions stream;
    blank::AnalysisConfig analysis;
};

int run_chunks(const std::string& path, const ChunksOptions& opt);

}  // namespace blankshark
