// Which protocol revision a conversation speaks, told from what it sends.
//
// The revisions (protocol_tables.cpp, oldest first in revisions()) differ in
// which packet types exist and in their length rules, so the (type, payload
// length) of every packet rules revisions out: a packet is consistent with a
// revision when its type exists there and its length obeys that type's
// LengthSpec. A completed chunk's inflated size rules out the revisions with
// another Revision::chunk_size (933ca0f: 20480, later 20484).
//
//   RevisionDetector d;
//   for each packet of the conversation (both directions, header tag valid):
//       d.packet(type, payload_len);
//   for each completed chunk transmission:  d.chunk(inflated_size);
//   const Schema& s = schema(d.decode_with());
//
// Results (Detection):
//   Detected   one candidate is left, or the candidates left are equivalent:
//              every packet type they have in common is the same table row
//              with the same length rule, so everything seen (and everything
//              that fits all of them later) decodes identically in each of
//              them; they differ only in types one of them lacks or in the
//              chunk size. revision() is then the OLDEST of them (a later
//              packet of a type the oldest lacks moves it on; chunk() may
//              narrow it: chunk_size_settled() says whether it still can).
//              Example: the 933ca0f capture's packets leave 933ca0f and
//              9240fdf (chunk size only): Detected 933ca0f.
//   Ambiguous  candidates left that decode some packet type differently; the
//              packets seen so far cannot tell them apart. Ping, Login,
//              Part, DespawnEntity, ChunkBegin, BlockUpdate and a 484-byte
//              ChunkData fit every revision and tell nothing. A
//              PlayerUpdate, PlayerCorrection or EntityUpdate tells the
//              entity-state layout (64, 50 or 42 bytes); so do a Join or
//              SpawnEntity at the full length the game always sends (100/86/78,
//              132/118/110; the doc's shorter ranges overlap); a Message
//              rules out the revisions before ca90ec4, a ChunkData shorter
//              than 484 those before 56069d4 (fa73e36's wire format).
//   None       nothing fits (a packet no revision allows, e.g. a malformed
//              one, or another protocol): decode with current_revision().
//              Final: later packets do not revive a revision.
//
// Pairs that no length or chunk size can tell apart stay Ambiguous: 9240fdf
// vs 4da2ae6 (velocity in blocks/ms vs blocks/s), 7c5e04a vs 808d9db (angular
// velocity vs 12 reserved bytes), 33b37e7 vs da06ac1 (4 x packn vs 20-bit
// quaternion). decode_with() then picks the newest candidate; a front end may
// let the user name the revision (find_revision).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "protocol.hpp"

namespace blank {

enum class Detection : uint8_t { Ambiguous, Detected, None };
const char* detection_name(Detection d);  // "ambiguous", "detected", "none"

// Is a packet of this type and payload length (UDP payload - 16) legal in `rev`?
bool fits(const Revision& rev, uint8_t type, uint32_t payload_len);
// Do `a` and `b` decode every packet type both have identically (same header,
// same payload rows, same length rules)? Names, descriptions and chunk sizes
// are not compared.
bool equivalent(const Revision& a, const Revision& b);

// A revision by name: the short commit names of revisions() ("933ca0f"),
// any longer prefix of their full commit hash, and the aliases "current" /
// "new" (fa73e36), "56069d4" (the commit that introduced fa73e36's wire
// format; fa73e36 only added the ChunkBegin re-request) and "old" (933ca0f,
// the revision of the older doc excerpt and of the old capture). Case does
// not matter. nullptr if unknown.
const Revision* find_revision(std::string_view name);

class RevisionDetector {
public:
    // Candidates oldest first, as revisions() lists them.
    explicit RevisionDetector(const std::vector<const Revision*>& candidates = revisions());

    // One packet of the conversation, either direction.
    void packet(uint8_t type, uint32_t payload_len);
    // The inflated size of a completed chunk transmission.
    void chunk(uint32_t inflated_size);

    Detection state() const { return state_; }
    // Detected: the oldest remaining candidate; otherwise nullptr.
    const Revision* revision() const { return state_ == Detection::Detected ? left_.front() : nullptr; }
    // What to decode with: revision() if Detected, the newest candidate if
    // Ambiguous, current_revision() if None.
    const Revision& decode_with() const;
    // Exactly one candidate is left.
    bool exact() const { return left_.size() == 1; }
    // All candidates left agree on Revision::chunk_size.
    bool chunk_size_settled() const;
    // The revisions still consistent with everything seen, oldest first.
    const std::vector<const Revision*>& candidates() const { return left_; }
    uint64_t packets() const { return packets_; }
    // Packets fed until the last change of candidates (0: none ruled out yet).
    uint64_t last_change() const { return last_change_; }

private:
    void update();

    std::vector<const Revision*> left_;
    Detection state_ = Detection::Ambiguous;
    uint64_t packets_ = 0;
    uint64_t last_change_ = 0;
};

}  // namespace blank
