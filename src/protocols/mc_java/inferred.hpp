// What a Minecraft Java connection picked up without its Handshake speaks,
// as the release search (release_search.hpp) found it from its bytes: the
// release (or the releases that agree on every packet seen, a range),
// each direction's state and where its first whole packet starts, whether
// compressed framing is on, and, for a connection picked up encrypted, the
// key log's secret that decrypts it. Both front ends hand it to the
// connection (Connection::start_inferred) and replay the bytes they held.
#pragma once

#include <cstdint>
#include <string>

#include "core/finding.hpp"
#include "key_log.hpp"
#include "states.hpp"
#include "versions.hpp"

namespace mcjava {

// A set of versions, bit i for versions()[i].
using VersionSet = uint64_t;
constexpr VersionSet version_bit(const VersionInfo& v) { return VersionSet(1) << v.index; }

// "1.21.7–1.21.8": the releases of the versions in `set`, oldest to newest
// (each version's own name when it is alone: "1.20.3/1.20.4"), as a string
// that lives as long as the program (a finding may point to it).
const char* range_name(VersionSet set);
// The newest version of `set` (null when empty).
const VersionInfo* newest_of(VersionSet set);
// A release by name ("1.20.4", any release of a protocol number) or by
// protocol number ("765"); null when it names none.
const VersionInfo* find_release(const std::string& text);

struct Inferred {
    enum class How : uint8_t {
        Sure,     // clearly ahead of every other release
        AtEnd,    // the best when the bytes ran out (the capture, the bound), not clearly ahead
        Given,    // named by the user (an option, a preference): state and compression still inferred
        None,     // no release decodes the bytes
        Peer,     // several fit equally; the one another connection to the same server speaks
    };
    How how = How::None;
    const VersionInfo* version = nullptr;  // decoded with: the newest of `range`
    VersionSet range = 0;                  // every release that agrees with all packets seen
    bool compressed = false;               // Data Length framing (the threshold is not known)
    State state[2] = {State::Play, State::Play};  // at each direction's first whole packet
    bool start_known[2] = {false, false};  // false: search for the first packet as after a gap
    uint32_t start[2] = {0, 0};            // bytes held before it
    uint32_t packets = 0;                  // packets judged (both directions)
    uint32_t clean = 0;                    // of those, decoded without a finding by the best
    const VersionInfo* runner_up = nullptr;  // the best release outside the range
    uint32_t runner_up_clean = 0;
    // Picked up encrypted: the key log's secret whose plaintext frames
    // cleanly, and each direction's 16 ciphertext bytes before its start
    // (AES/CFB8 goes on from them).
    const KeyLog::Entry* key = nullptr;
    uint32_t keys_tried = 0;
    uint8_t iv[2][16] = {};
    bool looks_encrypted = false;  // None: the bytes look random (online mode without a key?)
    VersionSet tied = 0;           // None: the releases that fit the packets equally well
};

// The finding that says what was inferred (mcjava.version.inferred, or
// .given when the user named the release), its details packed in a, b, c
// (a finding's text is made from static strings and numbers).
core::Finding inferred_finding(const Inferred& r);
// mcjava.version.narrowed: the range was `before`, a packet left `after`.
core::Finding narrowed_finding(VersionSet before, VersionSet after);
// The text of those findings.
size_t format_inferred(const core::Finding& f, char* buf, size_t cap);

}  // namespace mcjava
