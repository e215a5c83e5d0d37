// `--port PROTOCOL=PORT`: one spelling for every protocol's port, by the
// names the findings and Wireshark filters use (blank, mcjava, mcalpha,
// raknet). A port alone is blank's, as the option meant before it took names.
#pragma once

#include <string>

#include "capture_stream.hpp"

namespace blankshark {

// Sets the port `spec` names in `opt`; false with `error` set when the
// protocol is unknown, has no port of its own, or the port is not 1..65535.
bool apply_port(const std::string& spec, StreamOptions& opt, std::string& error);

// The option's help: the names it takes and their defaults.
std::string port_help();

}  // namespace blankshark
