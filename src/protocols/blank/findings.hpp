// Findings: what decoding (and later analysis) found wrong or worth noting.
// Each code has one stable name (used as the Wireshark expert field, in the
// analyzer's reports and in --ignore) and one severity.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/finding.hpp"

namespace blank {

using core::Finding;
using core::FindingGroup;
using core::FindingInfo;
using core::Severity;
using core::finding_info;
using core::severity_name;

enum class FindingCode : uint16_t {
    ShortHeader,        // fewer than 16 bytes
    BadTag,             // tag is not 0xFB1AB1AF
    UnknownType,        // type code not in the revision's table
    BadLength,          // payload length outside the type's rule
    CountRange,         // entity/block count outside its range
    CountMismatch,      // count disagrees with the payload length
    StringUnterminated, // shorter than its maximum and not zero-terminated
    StringNotUtf8,      // string bytes are not valid UTF-8
    PaddingNonZero,     // header padding is not zero (the game never writes it)
    QuatPadBits,        // the two pad bits of a quaternion are set
    QuatNotUnit,        // the three small components exceed length 1
    UnknownValue,       // an enumerated field outside its defined values
    PieceSizeMismatch,  // ChunkData piece size field != bytes carried
    TrailingBytes,      // bytes after the last field
    // Chunk transmissions (chunk_reassembler.hpp)
    ChunkIncomplete,       // never completed: missing byte ranges
    ChunkDataBeforeBegin,  // piece arrived before its ChunkBegin
    ChunkUnknownTransmission,  // data for a transmission whose ChunkBegin was never seen
    ChunkPieceResent,      // same transmission and offset again, new seq (the game's resend)
    ChunkBeginResent,      // same ChunkBegin again, new seq
    ChunkDuplicate,        // same packet again (same seq): duplicated on the path
    ChunkOverlapMismatch,  // overlapping pieces whose bytes differ
    ChunkBeyondSize,       // piece past the announced size
    ChunkIdReused,         // ChunkBegin reuses a live id with other parameters
    ChunkRerequest,        // the client asks for a chunk again (its 5 s timeout)
    ChunkInflateFailed,    // zlib could not inflate the completed data
    ChunkTrailingData,     // bytes after the end of the zlib stream
    ChunkWrongSize,        // inflated (or raw) size is not the chunk size
    ChunkLimit,            // a resource limit was hit: transmission dropped
    // Sequence / ack (seq_tracker.hpp)
    SeqLostBefore,      // seqs skipped before this packet (lost before the capture point, or late)
    SeqReordered,       // arrived below the highest seq seen
    SeqDuplicate,       // same seq, same bytes again
    SeqReused,          // same seq, other bytes
    SeqFarBack,         // seq further back than the window
    SeqMidStart,        // the capture starts inside a connection
    AckBackwards,       // ack field moved back (the game's quirk after a late packet)
    AckUnsent,          // acks a seq the other side has not sent
    AckHistQuirk,       // history contradicts an earlier ack, explained by ack moving back
    AckHistContradiction,  // history contradicts an earlier ack
    SeqLost,            // the sender concluded a packet of its own lost
    Silence,            // one side silent longer than the configured time
    Timeout,            // silence of 10 s: the game closes the connection
    LoginRefused,       // Login answered with Part
    LoginNoJoin,        // Login never answered
    SessionEnd,         // how the session ended
    WentSilent,         // one side stopped sending while the other went on (liveness.hpp)
    AfterSilence,       // a finding of the survivor caused by that silence (as Wireshark shows it)
    Correction,         // PlayerCorrection: distance and delay from the update it names
    CorrectionLarge,    // PlayerCorrection further off than the configured threshold
    CorrectionUnknown,  // names an update seq not in the capture
    RevisionAmbiguous,  // packet lengths fit several protocol revisions
    RevisionDetected,   // the conversation's revision is settled
    RevisionUnknown,    // no known revision fits
    SessionRestart,     // after a Part, a side starts over from seq 0: a new session on the same ports
    Count_
};

constexpr size_t kFindingCount = size_t(FindingCode::Count_);

// blank's findings for the core: block 0, names "blank.*", and the
// formatter of their messages.
const core::FindingTable& finding_table();

// How bad one occurrence is, to pick a code's worst case: the number of
// seqs skipped or counted lost, a correction's distance, a silence's
// length, how far a packet or the ack came back, bytes missing; -1 for
// codes without a measure (then the first is shown).
int64_t finding_magnitude(const Finding& f);
// Loss, reordering and duplication on the path between the peers (and the
// chunk findings they cause): check folds a burst of them into one line.
bool finding_on_path(const Finding& f);

// The human-readable message, identical in both front ends (the core's, for
// any protocol's finding).
using core::format_finding;

}  // namespace blank

template <>
struct core::FindingBlock<blank::FindingCode> {
    static constexpr uint16_t base = 0;
};

namespace blank {
// Registered with the core's findings registry wherever the codes are used.
inline const bool kFindingsRegistered = core::registered(finding_table());
}  // namespace blank
