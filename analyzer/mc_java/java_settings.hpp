// Minecraft Java's own settings (protocol_settings.hpp): the analysis'
// thresholds, and the key log that decrypts encrypted connections.
#pragma once

#include <memory>
#include <string>

#include "protocol_settings.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/key_log.hpp"

namespace blankshark {

struct JavaSettings final : Settings {
    mcjava::AnalysisConfig analysis;
    std::string keylog;  // --keylog FILE (empty: $MINECRAFT_KEY_LOG_FILE, if set)
    // The shared secrets it holds, read once for the run (null: none).
    std::shared_ptr<const mcjava::KeyLog> keys;
};

}  // namespace blankshark
