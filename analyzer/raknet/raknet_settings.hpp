// RakNet's own settings (protocol_settings.hpp): the key log of the
// Minecraft Bedrock connections it carries.
#pragma once

#include <memory>
#include <string>

#include "protocol_settings.hpp"
#include "protocols/bedrock/key_log.hpp"

namespace CLI {
class Option;
}

namespace blankshark {

struct RaknetSettings final : Settings {
    std::string keylog;                     // --keylog FILE, when no other protocol added the option
    const CLI::Option* keylog_option = nullptr;  // the option, when another protocol (Java) added it
    std::shared_ptr<const bedrock::KeyLog> keys;  // read once for the run (null: none)
};

}  // namespace blankshark
