// RakNet's own settings (protocol_settings.hpp): the key log of the
// Minecraft Bedrock connections it carries.
#pragma once

#include <memory>
#include <string>

#include "protocol_settings.hpp"
#include "protocols/bedrock/key_log.hpp"

namespace blankshark {

struct RaknetSettings final : Settings {
    // The run's key log's Bedrock keys, read once for the run
    // (key_log_option.hpp; null: no key log).
    std::shared_ptr<bedrock::KeyLog> keys;
};

}  // namespace blankshark
