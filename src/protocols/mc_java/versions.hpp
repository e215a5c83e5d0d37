// The protocol versions blankshark decodes, as data: each is a core::Version
// (header: the packet id; one message table per state and direction) built
// from the packet tables of its generation. The Handshake names the
// connection's version exactly; an unknown number decodes with the nearest
// known one (and says so).
#pragma once

#include <cstdint>
#include <vector>

#include "core/message.hpp"
#include "states.hpp"
#include "types.hpp"

namespace mcjava {

struct VersionInfo {
    int32_t protocol;   // 404
    const char* name;   // "1.13.2"
    Generation gen;
    core::Version version;
    std::vector<core::MessageTable> tables;  // what version.tables points to
};

// Oldest first: the versions written by hand (decoded today).
const std::vector<const VersionInfo*>& versions();
// Every other release minecraft-data describes (mcdata/), oldest first:
// tables generated from its descriptions, compiled and tested, not yet
// chosen by a connection's Handshake (the configuration state of 1.20.2+
// and the plugin's registration of their fields come first).
const std::vector<const VersionInfo*>& data_versions();
const VersionInfo* find_version(int32_t protocol);
// The known version closest to `protocol` (ties: the older).
const VersionInfo& nearest_version(int32_t protocol);
// The version a connection is decoded with before its Handshake is seen.
const VersionInfo& default_version();

// Message tables of one version, indexed by table_index(state, direction).
// Defined per generation (handshake_status_login.cpp, play_404.cpp, play_477.cpp).
void add_handshake_status_login(std::vector<core::MessageTable>& tables, const Types& t);
void add_play_404(std::vector<core::MessageTable>& tables, const Types& t);
void add_play_477(std::vector<core::MessageTable>& tables, const Types& t, int32_t protocol);

}  // namespace mcjava
