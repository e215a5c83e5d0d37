// `blankshark chunks`: one row per chunk of every protocol (blank's
// transmissions, Java's chunk columns, Alpha's Map Chunks, MCPE's chunk
// data), each protocol's under its own header, and --extract.
#pragma once

#include <string>

#include "capture_stream.hpp"

namespace blankshark {

struct ChunksOptions {
    bool json = false;
    std::string extract_dir;  // write each completed chunk's data there
    StreamOptions stream;     // each protocol's own settings too
};

int run_chunks(const CaptureFiles& files, const ChunksOptions& opt);

}  // namespace blankshark
