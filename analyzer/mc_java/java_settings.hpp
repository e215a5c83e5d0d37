// Minecraft Java's own settings (protocol_settings.hpp): the analysis'
// thresholds, and the key log that decrypts encrypted connections.
#pragma once

#include <memory>
#include <string>

#include "protocol_settings.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/key_log.hpp"
#include "protocols/mc_java/versions.hpp"

namespace blankshark {

struct JavaSettings final : Settings {
    mcjava::AnalysisConfig analysis;
    std::string keylog;  // --keylog FILE (empty: $MINECRAFT_KEY_LOG_FILE, if set)
    std::string keylog_file;  // the one read
    // The shared secrets it holds, read once for the run (null: none).
    std::shared_ptr<const mcjava::KeyLog> keys;
    std::string release_text;  // --mcjava-release: a release or a protocol number
    // The release connections without a Handshake are decoded as (null:
    // inferred from their packets).
    const mcjava::VersionInfo* release = nullptr;
};

}  // namespace blankshark
