// The protocol versions blankshark decodes, as data: each is a core::Version
// (header: the packet id; one message table per state and direction) built
// from the packet tables of its generation. The Handshake names the
// connection's version exactly; an unknown number decodes with the nearest
// known one (and says so).
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "core/message.hpp"
#include "states.hpp"
#include "types.hpp"

namespace mcjava {

class VersionInfo {
public:
    VersionInfo(int32_t protocol, const char* name, Generation gen, uint32_t description = 0)
        : protocol(protocol), name(name), gen(gen), description_(description) {}
    VersionInfo(const VersionInfo&) = delete;
    VersionInfo& operator=(const VersionInfo&) = delete;

    const int32_t protocol;  // 404
    const char* const name;  // "1.13.2"
    const Generation gen;
    uint32_t index = 0;      // position in versions()

    // The core's description of the version: its message tables, built on
    // first use (a generated version's from minecraft-data's layouts, which
    // takes milliseconds each: a capture needs one or two of 47).
    const core::Version& version() const;

private:
    void build() const;
    const uint32_t description_;  // Generation::Data: index into mcdata::descriptions()
    mutable std::once_flag built_;
    mutable core::Version version_{};
    mutable std::vector<core::MessageTable> tables_;  // what version_.tables points to
};

// Every version, oldest first: those written by hand (1.13.2, 1.14.x) and
// every other release minecraft-data describes (mcdata/), its tables
// generated from the description. A schema is compiled on first use.
const std::vector<const VersionInfo*>& versions();
// The generated ones alone.
const std::vector<const VersionInfo*>& data_versions();
const VersionInfo* find_version(int32_t protocol);
// The known version closest to `protocol` (ties: the older).
const VersionInfo& nearest_version(int32_t protocol);
// The version a connection is decoded with before its Handshake is seen
// (the newest written by hand).
const VersionInfo& default_version();

// Message tables of one version, indexed by table_index(state, direction).
// Defined per generation (handshake_status_login.cpp, play_404.cpp, play_477.cpp).
void add_handshake_status_login(std::vector<core::MessageTable>& tables, const Types& t);
void add_play_404(std::vector<core::MessageTable>& tables, const Types& t);
void add_play_477(std::vector<core::MessageTable>& tables, const Types& t, int32_t protocol);

}  // namespace mcjava
