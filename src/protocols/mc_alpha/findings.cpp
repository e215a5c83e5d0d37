#include "findings.hpp"

#include <cinttypes>

#include "core/finding_text.hpp"

namespace mcalpha {
namespace {

using core::FindingGroup;
using core::FindingInfo;
using core::Severity;
using C = FindingCode;
using S = Severity;
using G = FindingGroup;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {C::UnknownId, "mcalpha.malformed.unknown_id", S::Error, G::Malformed,
     "message id unknown in this direction: its length, and so where the next message starts, is unknown"},
    {C::BadCount, "mcalpha.malformed.count", S::Error, G::Malformed,
     "a negative count or length: where the message ends is unknown"},
    {C::TooLong, "mcalpha.malformed.too_long", S::Error, G::Malformed,
     "a message longer than the largest the analysis holds (1 MiB): an impossible length"},
    {C::Truncated, "mcalpha.malformed.truncated", S::Error, G::Malformed, "a field runs past the end of its region"},
    {C::TrailingBytes, "mcalpha.malformed.trailing", S::Error, G::Malformed, "bytes after the last field of a region"},
    {C::StringNotUtf8, "mcalpha.string.not_utf8", S::Warn, G::Protocol, "string is not valid UTF-8"},
    {C::StringTooLong, "mcalpha.string.too_long", S::Warn, G::Protocol,
     "string longer than allowed (a client's chat message over 100 characters: the server kicks)"},
    {C::UnknownValue, "mcalpha.unknown_value", S::Note, G::Protocol,
     "value outside the Alpha protocol document's lists and the values the game is known to send (the document calls several of its lists incomplete; mob types 50-57, the monsters, are the game's own)"},
    {C::StreamGap, "mcalpha.stream.gap", S::Warn, G::Sequence,
     "bytes of the TCP stream were never captured: messages in them are lost to the analysis"},
    {C::Resynchronised, "mcalpha.stream.resync", S::Note, G::Sequence,
     "decoding found a message start again (three clean messages in a row) after a gap or unframed bytes"},
    {C::BytesLost, "mcalpha.stream.lost", S::Warn, G::Sequence,
     "bytes of this direction were never cut into messages (after a gap, an unknown id or an impossible value)"},
    {C::IncompleteAtEnd, "mcalpha.stream.incomplete", S::Note, G::Sequence,
     "the capture ends inside a message: its last bytes were never captured"},
    {C::CutByGap, "mcalpha.stream.cut", S::Note, G::Sequence,
     "a message a stream gap cut: its first bytes arrived and tell how long it is (decoding resumed at its end)"},
    {C::UnexpectedState, "mcalpha.state.unexpected", S::Warn, G::Protocol,
     "message out of place: a play message before the login completed, or a Handshake or Login during play"},
    {C::ProtocolVersion, "mcalpha.login.version", S::Comment, G::Protocol,
     "the client's protocol version, from its Login Request"},
    {C::VersionNotSeed, "mcalpha.login.version_not_6", S::Note, G::Protocol,
     "protocol version other than 6 (Alpha 1.2.5 and 1.2.6, from December 2010): decoded with their layouts"},
    {C::ChunkInflateFailed, "mcalpha.chunk.inflate_failed", S::Error, G::Malformed,
     "Map Chunk data is not a complete zlib stream"},
    {C::ChunkSizeMismatch, "mcalpha.chunk.size_mismatch", S::Error, G::Malformed,
     "Map Chunk data inflates to another size than (Size_X+1)(Size_Y+1)(Size_Z+1) x 2.5 bytes"},
    {C::ChunkRegionTooLarge, "mcalpha.chunk.region_too_large", S::Warn, G::Protocol,
     "Map Chunk region larger than a chunk column (16 x 128 x 16): not inflated"},
    {C::ChunkRegionOutside, "mcalpha.chunk.region_outside", S::Note, G::Protocol,
     "Map Chunk region crosses its chunk's boundary or the world's 128 blocks of height (the vanilla server never does)"},
    {C::ChunkNotAnnounced, "mcalpha.chunk.not_announced", S::Note, G::Protocol,
     "Map Chunk for a column no Pre-Chunk initialised (the Alpha protocol document: clients initialise on demand; it happens)"},
    {C::ChunkUnloadUnknown, "mcalpha.chunk.unload_unknown", S::Note, G::Protocol,
     "Pre-Chunk unloads a column that was never initialised (common at capture start)"},
    {C::ChunkUnloadTwice, "mcalpha.chunk.unload_twice", S::Warn, G::Protocol,
     "Pre-Chunk unloads a column that is unloaded already"},
    {C::ChunkLoadTwice, "mcalpha.chunk.load_twice", S::Comment, G::Protocol,
     "Pre-Chunk initialises a column already initialised: the client clears it"},
    {C::ChunkTableFull, "mcalpha.chunk.table_full", S::Comment, G::Protocol,
     "more chunk columns than the bookkeeping holds: new columns are not followed"},
    {C::ComplexNotGzip, "mcalpha.complex.not_gzip", S::Warn, G::Protocol,
     "Complex Entities payload is not gzip (the Alpha protocol document: gzip-compressed NBT)"},
    {C::ServerPlacement, "mcalpha.move.placement", S::Comment, G::Protocol,
     "the server places the player (after login or respawn): not a correction"},
    {C::Correction, "mcalpha.move.correction", S::Note, G::Protocol,
     "the server moved the player away from where the client last said it was (Alpha's rubber band)"},
    {C::CorrectionFar, "mcalpha.move.correction_far", S::Warn, G::Protocol,
     "the server moved the player farther than the threshold from where the client last said it was"},
    {C::IllegalStance, "mcalpha.move.illegal_stance", S::Warn, G::Protocol,
     "stance - y outside [0.1, 1.65]: the vanilla server kicks with \"Illegal Stance\""},
    {C::ClientSilent, "mcalpha.keepalive.client_silent", S::Warn, G::Sequence,
     "no message from the client for 60 s or more: the server disconnects after 1200 ticks"},
    {C::EntityUnknown, "mcalpha.entity.unknown", S::Note, G::Protocol,
     "message for an entity never spawned or already destroyed (common at capture start)"},
    {C::EntityDestroyedTwice, "mcalpha.entity.destroyed_twice", S::Warn, G::Protocol,
     "Destroy Entity for an entity already destroyed"},
    {C::EntitySpawnedTwice, "mcalpha.entity.spawned_twice", S::Note, G::Protocol,
     "spawn of an entity id that is alive already"},
    {C::EntityTableFull, "mcalpha.entity.table_full", S::Comment, G::Protocol,
     "more entities than the bookkeeping holds: new entities are not followed"},
    {C::InventoryCount, "mcalpha.inventory.count", S::Warn, G::Protocol,
     "Player Inventory count other than its type's slots (36 main, 4 armour, 4 crafting)"},
    {C::Kick, "mcalpha.end.kick", S::Note, G::Protocol, "the server kicked the client"},
    {C::Disconnect, "mcalpha.end.disconnect", S::Comment, G::Protocol, "the client disconnected"},
    {C::ClosedWithoutReason, "mcalpha.end.fin", S::Comment, G::Sequence,
     "the connection closed (FIN) without a Kick or Disconnect"},
    {C::Reset, "mcalpha.end.reset", S::Warn, G::Sequence, "the connection was reset (RST)"},
    {C::OpenAtCaptureEnd, "mcalpha.end.capture", S::Comment, G::Sequence,
     "the capture ends with the connection still open"},
    {C::AfterEnd, "mcalpha.end.after_end", S::Warn, G::Protocol,
     "messages after the Kick or Disconnect of their direction"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == size_t(C::Count_), "one row per FindingCode");

// a/b/c per code: see the emitter of each.
size_t format(const core::Finding& f, char* buf, size_t cap) {
    const char* what = f.what ? f.what : "field";
#define OUT(...) return core::print(buf, cap, __VA_ARGS__)
    switch (core::local_code<FindingCode>(f.code)) {
    case C::UnknownId: OUT("Message id 0x%02" PRIx64 " unknown %s: the rest of this direction cannot be cut until a message start is found", uint64_t(f.a), f.b ? "server to client" : "client to server");
    case C::BadCount: OUT("%s: count %" PRId64 " is negative", what, f.a);
    case C::TooLong: OUT("Message 0x%02" PRIx64 " needs at least %" PRId64 " bytes, more than %" PRId64, uint64_t(f.a), f.b, f.c);
    case C::Truncated: OUT("%s runs past the end of its region (offset %" PRId64 " of %" PRId64 ")", what, f.a, f.b);
    case C::TrailingBytes: return core::text::trailing(f, what, buf, cap);
    case C::StringNotUtf8: return core::text::not_utf8(f, what, buf, cap);
    case C::StringTooLong: return core::text::too_long(f, what, buf, cap);
    case C::UnknownValue: OUT("%s: value %" PRId64 " is not one the Alpha protocol knows", what, f.a);
    case C::StreamGap: return core::text::stream_gap(f, buf, cap);
    case C::Resynchronised: return core::text::resynchronised(f, buf, cap);
    case C::BytesLost: OUT("%" PRId64 " bytes of this direction were never cut into messages", f.a);
    case C::IncompleteAtEnd: OUT("Capture ends inside a message: %" PRId64 " bytes of it captured", f.a);
    case C::CutByGap: return core::text::cut_by_gap(f, buf, cap);
    case C::UnexpectedState: OUT("%s during %s", what, f.a ? "play" : "login");
    case C::ProtocolVersion: OUT("Protocol version %" PRId64, f.a);
    case C::VersionNotSeed: OUT("Protocol version %" PRId64 ", not 6 (Alpha 1.2.5 and 1.2.6)", f.a);
    case C::ChunkInflateFailed: OUT("Map Chunk data does not inflate (zlib error %" PRId64 ")", f.a);
    case C::ChunkSizeMismatch: OUT("Map Chunk data inflates to %" PRId64 "%s bytes, its size fields imply %" PRId64, f.a, f.c ? " or more" : "", f.b);
    case C::ChunkRegionTooLarge: OUT("Map Chunk region of %" PRId64 " blocks, a chunk column has 32768: not inflated", f.a);
    case C::ChunkRegionOutside: OUT("Map Chunk region at (%" PRId64 ", %" PRId64 ", %" PRId64 ") leaves its chunk", f.a, f.b, f.c);
    case C::ChunkNotAnnounced: OUT("Map Chunk for column (%" PRId64 ", %" PRId64 ") which no Pre-Chunk initialised%s", f.a, f.b, f.c ? " (unloaded)" : "");
    case C::ChunkUnloadUnknown: OUT("Pre-Chunk unloads column (%" PRId64 ", %" PRId64 ") never initialised", f.a, f.b);
    case C::ChunkUnloadTwice: OUT("Pre-Chunk unloads column (%" PRId64 ", %" PRId64 ") again", f.a, f.b);
    case C::ChunkLoadTwice: OUT("Pre-Chunk initialises column (%" PRId64 ", %" PRId64 ") again", f.a, f.b);
    case C::ChunkTableFull: OUT("More than %" PRId64 " chunk columns: new ones are not followed", f.a);
    case C::ComplexNotGzip: OUT("Complex Entities payload starts %02" PRIx64 " %02" PRIx64 ", not gzip's 1f 8b", f.a, f.b);
    case C::ServerPlacement: OUT("Server places the player at (%.2f, %.2f, %.2f)", f.a / 1000.0, f.b / 1000.0, f.c / 1000.0);
    case C::Correction:
    case C::CorrectionFar:
        OUT("Server moved the player %.3f blocks from where the client said it was %.3f s before", f.a / 1000.0, f.b / 1e6);
    case C::IllegalStance: OUT("Stance - y = %.3f, outside [0.1, 1.65]", f.a / 1000.0);
    case C::ClientSilent: OUT("No message from the client for %.1f s", f.a / 1e6);
    case C::EntityUnknown: OUT("%s for entity %" PRId64 "%s", what, f.a, f.b ? ", destroyed before" : ", never spawned");
    case C::EntityDestroyedTwice: OUT("Entity %" PRId64 " destroyed again", f.a);
    case C::EntitySpawnedTwice: OUT("Entity %" PRId64 " spawned again while alive", f.a);
    case C::EntityTableFull: OUT("More than %" PRId64 " entities: new ones are not followed", f.a);
    case C::InventoryCount: OUT("Inventory type %" PRId64 " with %" PRId64 " slots, %" PRId64 " expected", f.a, f.b, f.c);
    case C::Kick: OUT("Kicked: \"%s\"", what);
    case C::Disconnect: OUT("Client disconnected: \"%s\"", what);
    case C::ClosedWithoutReason: OUT("%s closed the connection without a Kick or Disconnect", f.a ? "The server" : "The client");
    case C::Reset: OUT("%s reset the connection", f.a ? "The server" : "The client");
    case C::OpenAtCaptureEnd: OUT("The capture ends with the connection open");
    case C::AfterEnd: OUT("%s after the %s", what, f.a ? "Kick" : "Disconnect");
    case C::Count_: break;
    }
#undef OUT
    return core::text::summary(f, buf, cap);
}

constexpr core::FindingTable kTable{"mcalpha", kFindingBase, kFindings, size_t(C::Count_), format};

}  // namespace

const core::FindingTable& finding_table() { return kTable; }

}  // namespace mcalpha
