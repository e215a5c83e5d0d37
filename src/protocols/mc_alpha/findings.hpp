// Minecraft Alpha findings: stable names "mcalpha.*", one severity each.
// Decoding findings come from the core decoder (schema.cpp maps them),
// stream findings from the session (session.hpp), the others from the
// connection's analyses (connection.hpp).
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace mcalpha {

enum class FindingCode : uint16_t {
    // Decoding and framing
    UnknownId,            // id not in the direction's table: nothing tells where the next message starts
    BadCount,             // a negative count or length: nothing tells where the message ends
    TooLong,              // a message longer than the framing holds
    Truncated,            // a field runs past the end of the region that holds it
    TrailingBytes,        // bytes after the last field of a region
    StringNotUtf8,        // text that is not valid UTF-8
    StringTooLong,        // more characters than allowed (a client's chat over 100: the server kicks)
    UnknownValue,         // a value outside the seed's list (the seed calls several lists incomplete)
    // Stream
    StreamGap,            // bytes of the TCP stream never captured
    Resynchronised,       // decoding found a message start again after a gap or unframed bytes
    BytesLost,            // bytes of a direction that were never cut into messages
    IncompleteAtEnd,      // the capture ends inside a message
    CutByGap,             // a message a gap cut whose length its first bytes tell (decoding resumed at its end)
    // Connection state
    UnexpectedState,      // a message out of place for the login/play state
    ProtocolVersion,      // the client's protocol version (Login Request)
    VersionNotSeed,       // a protocol version other than the seed's 6
    // Chunks
    ChunkInflateFailed,   // Map Chunk data is not a complete zlib stream
    ChunkSizeMismatch,    // Map Chunk data inflates to another size than its size fields imply
    ChunkRegionTooLarge,  // a region larger than a chunk column: not inflated
    ChunkRegionOutside,   // a region crossing its chunk's boundary or the world's height
    ChunkNotAnnounced,    // a Map Chunk for a column no Pre-Chunk initialised
    ChunkUnloadUnknown,   // Pre-Chunk unloads a column never initialised
    ChunkUnloadTwice,     // Pre-Chunk unloads a column already unloaded
    ChunkLoadTwice,       // Pre-Chunk initialises a column already initialised (the client clears it)
    ChunkTableFull,       // more columns than the bookkeeping holds
    ComplexNotGzip,       // a Complex Entities payload that is not gzip
    // Movement
    ServerPlacement,      // the server places the player (login, respawn): not a correction
    Correction,           // the server moves the player away from where the client last said it was
    CorrectionFar,        // the same, farther than the threshold
    IllegalStance,        // stance - y outside [0.1, 1.65]: the vanilla server kicks for "Illegal Stance"
    // Activity
    ClientSilent,         // no client message for 60 s or more
    // Entities
    EntityUnknown,        // an entity message for an id never spawned (or destroyed)
    EntityDestroyedTwice, // Destroy Entity for an id already destroyed
    EntitySpawnedTwice,   // a spawn for an id alive already
    EntityTableFull,      // more entities than the bookkeeping holds
    // Inventory
    InventoryCount,       // a slot count other than the inventory type's
    // How the connection ended
    Kick,                 // the server kicked the client (its reason)
    Disconnect,           // the client disconnected (its reason)
    ClosedWithoutReason,  // FIN without a Kick or Disconnect
    Reset,                // RST
    OpenAtCaptureEnd,     // the capture ends with the connection open
    AfterEnd,             // messages after the Kick / Disconnect of their direction
    Count_
};

constexpr uint16_t kFindingBase = 1024;

const core::FindingTable& finding_table();

}  // namespace mcalpha

template <>
struct core::FindingBlock<mcalpha::FindingCode> {
    static constexpr uint16_t base = mcalpha::kFindingBase;
};

namespace mcalpha {
// Registered with the core's findings registry wherever the codes are used.
inline const bool kFindingsRegistered = core::registered(finding_table());
}  // namespace mcalpha
