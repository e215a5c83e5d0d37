#include "findings.hpp"

#include <cinttypes>

#include "core/finding_text.hpp"
#include "core/usual_findings.hpp"

namespace bedrock {
namespace {

using namespace core::finding_rows;
using C = FindingCode;

// Indexed by FindingCode.
const FindingInfo kFindings[] = {
    {C::UnknownId, "bedrock.malformed.unknown_id", S::Warn, G::Malformed,
     "packet id the connection's release does not define (another release's packet?)"},
    CORE_USUAL_DECODE_FINDING_ROWS(C, "bedrock", "packet", "enumerated value outside its defined values"),
    {C::BadVarInt, "bedrock.malformed.varint", S::Error, G::Malformed, "a VarInt longer than its maximum"},
    {C::EmptyPacket, "bedrock.malformed.empty", S::Error, G::Malformed, "a packet of length 0 in a batch"},
    {C::BadBatch, "bedrock.batch.malformed", S::Error, G::Malformed,
     "a packet's length runs past the end of its batch (or is not a VarInt): the rest of the batch is not read"},
    {C::BadCompression, "bedrock.batch.compression", S::Error, G::Malformed,
     "the batch does not decompress with the connection's algorithm (damaged, or not compressed as announced)"},
    {C::UnknownAlgorithm, "bedrock.batch.algorithm", S::Error, G::Malformed,
     "a compression header byte other than 0x00 (deflate), 0x01 (Snappy) or 0xff (none)"},
    {C::BatchTooLarge, "bedrock.batch.too_large", S::Error, G::Malformed,
     "the batch decompresses to more than the analysis keeps (a bomb, or damaged)"},
    {C::ReleaseDetected, "bedrock.release.detected", S::Comment, G::Protocol,
     "the client's release, from the protocol number in Request Network Settings or the Login"},
    {C::ReleaseUnknown, "bedrock.release.unknown", S::Warn, G::Protocol,
     "a protocol number no known release has: decoded with the nearest known release"},
    {C::ReleaseInferred, "bedrock.release.inferred", S::Note, G::Protocol,
     "no Login seen (picked up mid-connection): the release is inferred from the packets' ids and shapes"},
    {C::MidConnection, "bedrock.mid_connection", S::Note, G::Protocol,
     "the capture starts after the login: compression and encryption are inferred from the batches"},
    {C::Encrypted, "bedrock.encryption.started", S::Comment, G::Protocol,
     "Server To Client Handshake: both directions are encrypted from the next batch (its JWT carries the key's salt)"},
    {C::KeyFound, "bedrock.encryption.key", S::Comment, G::Protocol, "the key log has this connection's key"},
    {C::NoKey, "bedrock.encryption.no_key", S::Note, G::Protocol,
     "encrypted and the key log has no key for this connection (--keylog, $MINECRAFT_KEY_LOG_FILE): its batches "
     "are shown as they are"},
    {C::ChecksumMismatch, "bedrock.encryption.checksum", S::Error, G::Malformed,
     "a decrypted batch's checksum is wrong (wrong key, a damaged or a missing batch): the rest of the direction "
     "is not decrypted"},
    {C::CannotDecrypt, "bedrock.encryption.position_unknown", S::Note, G::Protocol,
     "encrypted batches picked up after their cipher stream began: the stream's position is unknown, they are "
     "shown as they are"},
    {C::LoginDecoded, "bedrock.login.decoded", S::Comment, G::Protocol,
     "the Login's JWT chain and client data, decoded (signatures not verified)"},
    {C::NetworkSettings, "bedrock.network_settings", S::Comment, G::Protocol,
     "the server's compression threshold and algorithm (Network Settings)"},
    {C::Disconnect, "bedrock.disconnect", S::Comment, G::Sequence, "a Disconnect packet: the session ends"},
    {C::HeldBack, "bedrock.batch.never_delivered", S::Warn, G::Sequence,
     "batches RakNet ordering never handed on (an earlier ordered message never arrived): not decoded"},
    {C::TickJump, "bedrock.input.tick_jump", S::Note, G::Sequence,
     "a Player Auth Input's tick more than one after the previous input's: ticks the client never sent (a stall "
     "or a lost input)"},
    {C::Correction, "bedrock.movement.correction", S::Note, G::Sequence,
     "Correct Player Move Prediction: the server put the player elsewhere than the client's input of that tick "
     "said (reconciliation; rubber-banding when large or frequent)"},
    {C::Teleport, "bedrock.movement.teleport", S::Note, G::Sequence,
     "Move Player in mode teleport: the server moved the player, this far from its last input"},
    {C::PackRepeated, "bedrock.resource_pack.asked_again", S::Note, G::Sequence,
     "a resource pack chunk the client had asked already (its answer late or lost)"},
    {C::PackIncomplete, "bedrock.resource_pack.incomplete", S::Warn, G::Sequence,
     "a resource pack with chunks never received by the end of the capture"},
    {C::SubChunksUnanswered, "bedrock.subchunk.unanswered", S::Note, G::Sequence,
     "a Subchunk Request none of whose sub-chunks was answered by the end of the capture (terrain that never "
     "arrived, or a capture that ends first)"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == size_t(C::Count_), "one row per FindingCode");

const char* algorithm_name(int64_t a) {
    switch (a) {
    case 0: return "deflate";
    case 1: return "Snappy";
    default: return "none";
    }
}

size_t format(const core::Finding& f, char* b, size_t cap) {
    const char* what = f.what ? f.what : "packet";
    switch (core::local_code<FindingCode>(f.code)) {
    case C::UnknownId: return core::print(b, cap, "Packet id %" PRId64 " unknown in %s", f.a, what);
    case C::Truncated: case C::TrailingBytes: case C::CountRange: case C::StringNotUtf8: case C::UnknownValue:
    case C::DepthLimit: return core::text::usual_decode<C>(f, what, b, cap);
    case C::BadVarInt: return core::print(b, cap, "VarInt %s longer than its maximum", what);
    case C::EmptyPacket: return core::print(b, cap, "Empty packet in a batch");
    case C::BadBatch:
        return core::print(b, cap, "Packet %" PRId64 " of the batch: length %" PRId64 " past the end (%" PRId64
                           " bytes left)", f.a, f.b, f.c);
    case C::BadCompression:
        return core::print(b, cap, "Batch does not decompress (%s, %" PRId64 " bytes): %s", algorithm_name(f.a), f.b,
                           what);
    case C::UnknownAlgorithm: return core::print(b, cap, "Compression header 0x%02" PRIx64 " unknown", uint64_t(f.a));
    case C::BatchTooLarge:
        return core::print(b, cap, "Batch decompresses to more than %" PRId64 " bytes", f.a);
    case C::ReleaseDetected:
        return core::print(b, cap, "Protocol %" PRId64 " (Bedrock %s), from %s", f.a, what,
                           f.b ? "Request Network Settings" : "the Login");
    case C::ReleaseUnknown: return core::print(b, cap, "Protocol %" PRId64 " not known: decoded as %s", f.a, what);
    case C::ReleaseInferred:
        return core::print(b, cap, "No Login seen: release inferred as %s (%" PRId64 " of %" PRId64
                           " packets decode cleanly)", what, f.a, f.b);
    case C::MidConnection: return core::print(b, cap, "Bedrock picked up mid-connection (%s)", what);
    case C::Encrypted:
        return core::print(b, cap, "Encryption on (AES-256-%s) after the Server To Client Handshake", what);
    case C::KeyFound: return core::print(b, cap, "Key found in the key log (%s)", what);
    case C::NoKey:
        return core::print(b, cap, "Encrypted, no key in the key log for salt %s: batches not decrypted", what);
    case C::ChecksumMismatch:
        return core::print(b, cap, "Checksum mismatch on encrypted batch %" PRId64
                           " of this direction (wrong key, damaged or missing batch): not decrypted from here",
                           f.a);
    case C::CannotDecrypt:
        return core::print(b, cap, "Encrypted batches picked up mid-stream (%s): cannot be decrypted", what);
    case C::LoginDecoded:
        return core::print(b, cap, "Login: %" PRId64 " chain tokens and client data decoded, signatures not verified",
                           f.a);
    case C::NetworkSettings:
        return core::print(b, cap, "Network settings: compress batches over %" PRId64 " bytes with %s", f.a,
                           f.b == 1 ? "Snappy" : f.b == 0 ? "deflate" : "an unknown algorithm");
    case C::Disconnect: return core::print(b, cap, "Disconnect from the %s: %s", f.a ? "server" : "client", what);
    case C::HeldBack:
        return core::print(b, cap, "%" PRId64 " batches held back by RakNet ordering never handed on", f.a);
    case C::TickJump:
        return core::print(b, cap, "Player Auth Input tick %" PRId64 " after %" PRId64 ": %" PRId64
                           " ticks never sent, %.1f ms without input", f.b, f.a, f.b - f.a - 1, double(f.c) / 1000);
    case C::Correction:
        return core::print(b, cap, "Movement corrected: %.3f blocks from the input of tick %" PRId64
                           " (%.1f ms earlier)", double(f.a) / 1000, f.b, double(f.c) / 1000);
    case C::Teleport:
        return core::print(b, cap, "Teleported %.3f blocks from the last input (tick %" PRId64 ")",
                           double(f.a) / 1000, f.b);
    case C::PackRepeated:
        return core::print(b, cap, "Resource pack chunk %" PRId64 " asked again (%" PRId64 " times): %s", f.a, f.b,
                           what);
    case C::PackIncomplete:
        return core::print(b, cap, "Resource pack %s: %" PRId64 " of its %" PRId64 " chunks never received (the first: %"
                           PRId64 ")", what, f.a, f.b, f.c);
    case C::SubChunksUnanswered:
        return core::print(b, cap, "Subchunk Request never answered (%" PRId64 " sub-chunks)", f.a);
    case C::Count_: break;
    }
    return core::text::summary(f, b, cap);
}

const core::FindingTable kTable{"bedrock", kFindingBase, kFindings, size_t(C::Count_), format};

}  // namespace

// Not in the protocol catalog yet (no Wireshark dissector): added to the
// core's tables on first use, like the analyzer's own.
const core::FindingTable& finding_table() {
    static const bool added = (core::add_finding_table(kTable), true);
    (void)added;
    return kTable;
}

}  // namespace bedrock
