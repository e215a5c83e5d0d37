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
    // The run's key log's shared secrets, read once for the run
    // (key_log_option.hpp; null: no key log).
    std::shared_ptr<mcjava::KeyLog> keys;
    std::string release_text;  // --mcjava-release: a release or a protocol number
    // The release connections without a Handshake are decoded as (null:
    // inferred from their packets).
    const mcjava::VersionInfo* release = nullptr;
};

}  // namespace blankshark
