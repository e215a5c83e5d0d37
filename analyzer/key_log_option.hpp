// `--keylog FILE` (or $MINECRAFT_KEY_LOG_FILE): the shared secrets that
// decrypt encrypted Minecraft Java connections, read once for the run.
#pragma once

#include <string>

#include "capture_stream.hpp"

namespace blankshark {

// Reads the key log `path` names (empty: the environment's, if set) into
// `opt`; false with `error` set when it cannot be read.
bool load_key_log(const std::string& path, StreamOptions& opt, std::string& error);

}  // namespace blankshark
