// A Minecraft Java connection picked up mid-way, while its bytes are held
// (core::HeldStreams: the analyzer's session, the plugin's desegmentation):
// the release search (release_search.hpp) judges them, and once it decides
// the connection is set up as inferred (Connection::start_inferred) and
// each direction's first whole packet is known. The client's first bytes
// being a Handshake (a capture begun between the SYN and it) end the
// matter at once: read from the start. Both front ends ask the same.
#pragma once

#include <memory>

#include "connection.hpp"
#include "core/held_streams.hpp"
#include "core/tcp_session.hpp"
#include "release_search.hpp"

namespace mcjava {

class MidStreamStart {
public:
    MidStreamStart(core::Inflater& inflater, const KeyLog* keys, const VersionInfo* only)
        : search_(inflater, keys, only) {}

    void set_hint(VersionSet releases) { search_.set_hint(releases); }
    void set_key_log(const KeyLog* keys) { search_.set_key_log(keys); }

    // The held bytes, judged: decided (`conn` set up, where each
    // direction's first packet starts) or not yet. `last`: the bytes ended
    // (or reached their bound): decide now; a tie between releases then
    // waits when `may_wait` (a hint may tell), else is not decoded.
    core::HeldStart judge(const core::HeldStreams& held, bool last, bool may_wait, Connection& conn);

private:
    ReleaseSearch search_;
};

}  // namespace mcjava
