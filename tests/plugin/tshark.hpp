// Runs the system's tshark with the plugin from this build. As root tshark
// ignores WIRESHARK_PLUGIN_DIR, so it then runs as the user nobody.
#pragma once

#include <unistd.h>

#include <string>

#include "../support/run.hpp"

namespace blank::test {

inline std::string tshark_cmd(const std::string& args) {
    std::string env = "env HOME=/tmp WIRESHARK_PLUGIN_DIR=" BLANKSHARK_PLUGIN_DIR " tshark ";
    if (geteuid() == 0) env = "setpriv --reuid=65534 --regid=65534 --clear-groups " + env;
    return env + args;
}

inline RunResult tshark(const std::string& args) { return run(tshark_cmd(args)); }

}  // namespace blank::test
