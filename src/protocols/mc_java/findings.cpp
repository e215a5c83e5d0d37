#include "findings.hpp"

#include <cinttypes>

#include "core/finding_text.hpp"
#include "inferred.hpp"

namespace mcjava {
namespace {

using core::FindingGroup;
using core::FindingInfo;
using core::Severity;
using C = FindingCode;
using S = Severity;
using G = FindingGroup;

// Indexed by FindingCode.
constexpr FindingInfo kFindings[] = {
    {C::BadVarInt, "mcjava.malformed.varint", S::Error, G::Malformed, "VarInt longer than its maximum (5 bytes)"},
    {C::LengthOverMax, "mcjava.malformed.length", S::Error, G::Malformed,
     "packet length above the protocol's maximum of 2097151 bytes"},
    {C::EmptyPacket, "mcjava.malformed.empty", S::Error, G::Malformed, "packet of length 0: no packet id"},
    {C::CompressedBelowThreshold, "mcjava.compression.below_threshold", S::Error, G::Malformed,
     "compressed packet smaller than the compression threshold (the vanilla implementation rejects it)"},
    {C::InflateFailed, "mcjava.compression.inflate_failed", S::Error, G::Malformed,
     "compressed packet is not a valid zlib stream"},
    {C::InflateSizeMismatch, "mcjava.compression.size_mismatch", S::Error, G::Malformed,
     "compressed packet inflates to another size than its Data Length"},
    {C::DataLengthOverMax, "mcjava.compression.data_length", S::Error, G::Malformed,
     "Data Length above the maximum uncompressed packet size (8388608 bytes)"},
    {C::UnknownId, "mcjava.malformed.unknown_id", S::Error, G::Malformed,
     "packet id unknown in the connection's state and direction"},
    {C::WrongState, "mcjava.malformed.wrong_state", S::Error, G::Malformed,
     "packet id unknown in this state but known in another: sent in the wrong state"},
    {C::Truncated, "mcjava.malformed.truncated", S::Error, G::Malformed,
     "a field runs past the end of the packet"},
    {C::TrailingBytes, "mcjava.malformed.trailing", S::Error, G::Malformed, "bytes after the last field of the packet"},
    {C::CountRange, "mcjava.malformed.count", S::Error, G::Malformed, "array count outside its bounds"},
    {C::StringNotUtf8, "mcjava.string.not_utf8", S::Warn, G::Protocol, "string is not valid UTF-8"},
    {C::StringTooLong, "mcjava.string.too_long", S::Warn, G::Protocol,
     "string longer than its maximum number of characters"},
    {C::UnknownValue, "mcjava.unknown_value", S::Warn, G::Protocol, "enumerated value outside its defined values"},
    {C::DepthLimit, "mcjava.malformed.depth", S::Error, G::Malformed,
     "nesting deeper than the decoder's bound (NBT): the rest of the packet is not decoded"},
    {C::AfterEnd, "mcjava.malformed.after_end", S::Error, G::Malformed,
     "bytes after the end of the connection's last state (status Pong, Disconnect)"},
    {C::VersionUnknown, "mcjava.version.unknown", S::Warn, G::Protocol,
     "protocol version not known: decoded with the nearest known version"},
    {C::VersionDetected, "mcjava.version.detected", S::Comment, G::Protocol,
     "the connection's protocol version, from its Handshake"},
    {C::CompressionEnabled, "mcjava.compression.enabled", S::Comment, G::Protocol,
     "Set Compression: packets from the next one on use compressed framing"},
    {C::Encrypted, "mcjava.encrypted", S::Note, G::Protocol,
     "online mode: after Encryption Response the stream is encrypted (AES/CFB8) and, without the connection's "
     "secret in a key log, not decoded"},
    {C::LegacyPing, "mcjava.legacy_ping", S::Note, G::Protocol,
     "legacy (pre-1.7) server list ping 0xFE, not the VarInt-framed protocol"},
    {C::MidStream, "mcjava.stream.mid_start", S::Comment, G::Sequence,
     "the capture starts inside the connection: the bytes before its first whole packet are the end of one that "
     "began before the capture (common at capture start)"},
    {C::StreamGap, "mcjava.stream.gap", S::Warn, G::Sequence,
     "bytes of the TCP stream were never captured: packets in them are lost to the analysis"},
    {C::Resynchronised, "mcjava.stream.resync", S::Note, G::Sequence,
     "decoding found a packet boundary again after a gap or an unreadable packet"},
    {C::IncompleteAtEnd, "mcjava.stream.incomplete", S::Note, G::Sequence,
     "the capture ends inside a packet: its last bytes were never captured"},
    {C::CutByGap, "mcjava.stream.cut", S::Note, G::Sequence,
     "a packet a stream gap cut: its first bytes arrived and its Length said where it ends (decoding resumed there)"},
    {C::ChunkDataLength, "mcjava.chunk.data_length", S::Error, G::Malformed,
     "a chunk section's packed states are not 64 longs per bit of bits per block"},
    {C::ChunkPaletteIndex, "mcjava.chunk.palette_index", S::Error, G::Malformed,
     "a packed block state points past the section's palette"},
    {C::ChunkBlockCount, "mcjava.chunk.block_count", S::Warn, G::Protocol,
     "a section's declared non-air block count differs from its block states"},
    {C::KeepAliveUnanswered, "mcjava.keepalive.unanswered", S::Warn, G::Sequence,
     "a Keep Alive the client never answered (the capture may have ended first)"},
    {C::KeepAliveUnknownId, "mcjava.keepalive.unknown_id", S::Warn, G::Sequence,
     "a Keep Alive answer with an id the server never sent or that was already answered"},
    {C::KeepAliveLate, "mcjava.keepalive.late", S::Warn, G::Sequence,
     "a Keep Alive answered after the vanilla server's 30 s kick window"},
    {C::PingUnanswered, "mcjava.ping.unanswered", S::Note, G::Sequence, "a status Ping the server never answered"},
    {C::PongUnknown, "mcjava.ping.unknown_payload", S::Warn, G::Sequence,
     "a status Pong whose payload no Ping carried"},
    {C::TeleportUnconfirmed, "mcjava.teleport.unconfirmed", S::Warn, G::Sequence,
     "a Player Position And Look the client never confirmed (the capture may have ended first)"},
    {C::TeleportConfirmUnknown, "mcjava.teleport.unknown_id", S::Warn, G::Sequence,
     "a Teleport Confirm for a teleport id the server never sent or that was already confirmed"},
    {C::TeleportFar, "mcjava.teleport.far", S::Warn, G::Sequence,
     "a teleport farther than the threshold (default 1 block) from where the client last said it was, with no "
     "command of the client before it: a correction (rubber-banding) or the server's own decision"},
    {C::ChunkSentTwice, "mcjava.chunk.sent_twice", S::Warn, G::Protocol,
     "Chunk Data for a column the client already has (no Unload Chunk since)"},
    {C::ChunkUnloadUnknown, "mcjava.chunk.unload_unknown", S::Warn, G::Protocol,
     "Unload Chunk for a column the client does not have"},
    {C::ChunkLightUnknown, "mcjava.chunk.light_unknown", S::Warn, G::Protocol,
     "Update Light for a column that never got Chunk Data"},
    {C::ChunkChangeUnloaded, "mcjava.chunk.change_unloaded", S::Warn, G::Protocol,
     "a block change in a column the client does not have (the protocol documentation calls it unsafe)"},
    {C::EntityUnknown, "mcjava.entity.unknown", S::Comment, G::Protocol,
     "an update for an entity the client does not have (never spawned or already destroyed): the client "
     "ignores it (flying-squid sends a player's moves before spawning it)"},
    {C::EntityDestroyUnknown, "mcjava.entity.destroy_unknown", S::Note, G::Protocol,
     "Destroy Entities for an entity not alive (never spawned, or destroyed twice)"},
    {C::EntitySpawnTwice, "mcjava.entity.spawn_twice", S::Note, G::Protocol,
     "a spawn for an entity id that is already alive"},
    {C::KeepAliveSlow, "mcjava.keepalive.slow", S::Warn, G::Sequence,
     "a Keep Alive answered later than the lag threshold (default 1 s, the latency at which vanilla's player "
     "list shows its worst ping bar): the client or the path lagged"},
    {C::TeleportCommanded, "mcjava.teleport.commanded", S::Comment, G::Sequence,
     "a teleport farther than the threshold that follows the client's own command (a chat message starting "
     "with '/'): asked for, not a correction"},
    {C::Decrypted, "mcjava.decrypted", S::Note, G::Protocol,
     "online mode: after Encryption Response the stream is encrypted (AES/CFB8); decrypted with the key log's "
     "shared secret"},
    {C::WrongKey, "mcjava.decrypt.wrong_key", S::Warn, G::Protocol,
     "the key log's shared secret for this connection does not decrypt it (the first decrypted packet does not "
     "frame): the rest is shown encrypted"},
    {C::ChunkHeightInferred, "mcjava.chunk.height_inferred", S::Note, G::Protocol,
     "the dimension's height was not seen (the capture started after Join Game, Respawn or the dimension "
     "registry): Chunk Data's section count inferred from the first one's data"},
    {C::ChunkPadding, "mcjava.chunk.padding", S::Error, G::Malformed,
     "bytes after the dimension's chunk sections that are not the zero padding a vanilla server leaves"},
    {C::VersionInferred, "mcjava.version.inferred", S::Note, G::Protocol,
     "no Handshake was captured: the release, the states and compressed framing are inferred from the packets "
     "(the release whose tables decode them cleanly, clearly ahead of every other)"},
    {C::VersionGiven, "mcjava.version.given", S::Comment, G::Protocol,
     "no Handshake was captured: the release is the one named by the user (analyzer option "
     "--mcjava-release, Wireshark preference mcjava.release); the states and compressed framing are inferred from "
     "the packets"},
    {C::VersionNarrowed, "mcjava.version.narrowed", S::Comment, G::Protocol,
     "a packet that the releases of the inferred range decode differently: fewer releases agree with it"},
    {C::VersionUndecided, "mcjava.version.undecided", S::Warn, G::Protocol,
     "no Handshake was captured and no release decodes the packets, or several fit them equally: the connection is "
     "not decoded (name its release with --mcjava-release, in Wireshark mcjava.release)"},
    {C::KeyFound, "mcjava.decrypt.key_found", S::Note, G::Protocol,
     "picked up after its Encryption Response: decrypted with the key log's secret whose plaintext decodes (AES/CFB8 "
     "decrypts right 16 bytes into the stream)"},
    {C::EncryptedNoKey, "mcjava.encrypted.no_key", S::Note, G::Protocol,
     "picked up after its Encryption Response: its bytes look random and no release reads them, and no secret of the "
     "key log decrypts them: not decoded"},
};
static_assert(sizeof(kFindings) / sizeof(kFindings[0]) == size_t(C::Count_), "one row per FindingCode");

size_t format(const core::Finding& f, char* buf, size_t cap) {
    const char* what = f.what ? f.what : "field";
    switch (core::local_code<FindingCode>(f.code)) {
    case C::BadVarInt: return core::print(buf, cap, "%s: VarInt longer than %" PRId64 " bytes", what, f.a ? f.a : 5);
    case C::LengthOverMax:
        return core::print(buf, cap, "Packet length %" PRId64 " above the maximum %" PRId64, f.a, f.b);
    case C::EmptyPacket: return core::print(buf, cap, "Packet of length 0");
    case C::CompressedBelowThreshold:
        return core::print(buf, cap, "Compressed packet of %" PRId64 " bytes below the threshold %" PRId64, f.a, f.b);
    case C::InflateFailed: return core::print(buf, cap, "Compressed packet does not inflate (zlib error %" PRId64 ")", f.a);
    case C::InflateSizeMismatch:
        if (f.c)  // c: inflating stopped at the Data Length, the stream had more
            return core::print(buf, cap, "Inflates to more than %" PRId64 " bytes, Data Length says %" PRId64, f.a, f.b);
        return core::print(buf, cap, "Inflated to %" PRId64 " bytes, Data Length says %" PRId64, f.a, f.b);
    case C::DataLengthOverMax:
        return core::print(buf, cap, "Data Length %" PRId64 " above the maximum %" PRId64, f.a, f.b);
    case C::UnknownId: return core::print(buf, cap, "Packet id 0x%02" PRIx64 " unknown in %s", uint64_t(f.a), what);
    case C::WrongState:
        return core::print(buf, cap, "Packet id 0x%02" PRIx64 " unknown in %s (known in another state)", uint64_t(f.a), what);
    case C::Truncated:
        return core::print(buf, cap, "%s runs past the end of the packet (offset %" PRId64 " of %" PRId64 ")", what, f.a, f.b);
    case C::TrailingBytes: return core::text::trailing(f, what, buf, cap);
    case C::CountRange: return core::text::count_range(f, what, buf, cap);
    case C::StringNotUtf8: return core::text::not_utf8(f, what, buf, cap);
    case C::StringTooLong: return core::text::too_long(f, what, buf, cap);
    case C::UnknownValue: return core::text::unknown_value(f, what, buf, cap);
    case C::DepthLimit: return core::print(buf, cap, "%s nested deeper than %" PRId64 " levels", what, f.a);
    case C::AfterEnd: return core::print(buf, cap, "%" PRId64 " bytes after the end of %s", f.a, what);
    case C::VersionUnknown:
        return core::print(buf, cap, "Protocol version %" PRId64 " not known: decoded as %s", f.a, what);
    case C::VersionDetected: return core::print(buf, cap, "Protocol version %" PRId64 " (%s)", f.a, what);
    case C::CompressionEnabled:
        return core::print(buf, cap, "Compression threshold %" PRId64 " from the next packet on", f.a);
    case C::Encrypted: {
        // The key log's keys for it (Connection::start_decryption).
        const unsigned token_len = unsigned(f.b & 0xFFFF), secret_len = unsigned(f.b >> 16 & 0xFFFF);
        if (!token_len && !secret_len)
            return core::print(buf, cap, "Encrypted from here on (AES/CFB8); no key for this connection (--keylog): not decoded");
        char token[24] = "", secret[24] = "";
        std::snprintf(token, sizeof token, "%0*" PRIx64, int(2 * (token_len < 8 ? token_len : 8)), uint64_t(f.a));
        std::snprintf(secret, sizeof secret, "%0*" PRIx64, int(2 * (secret_len < 8 ? secret_len : 8)), uint64_t(f.c));
        return core::print(buf, cap,
                           "Encrypted from here on (AES/CFB8); no key for this connection (--keylog): not decoded. A key "
                           "log line is found by the verify token %s%s or the encrypted shared secret %s%s (%u bytes)",
                           token, token_len > 8 ? "..." : "", secret, secret_len > 8 ? "..." : "", secret_len);
    }
    case C::LegacyPing: return core::print(buf, cap, "Legacy server list ping (0xFE), %" PRId64 " bytes", f.a);
    case C::MidStream:
        return core::print(buf, cap, "Capture starts inside the connection: the first %" PRId64
                           " bytes are the end of a packet that began before it", f.a);
    case C::StreamGap: return core::text::stream_gap(f, buf, cap);
    case C::Resynchronised: return core::text::resynchronised(f, buf, cap);
    case C::IncompleteAtEnd:
        return core::print(buf, cap, "Capture ends inside a packet: %" PRId64 " bytes of it captured", f.a);
    case C::CutByGap:
        if (f.c < 0)
            return core::print(buf, cap, "A compressed packet cut by a gap after %" PRId64 " of its %" PRId64 " bytes", f.a, f.b);
        return core::text::cut_by_gap(f, buf, cap);
    case C::ChunkDataLength:
        return core::print(buf, cap, "Section %" PRId64 ": %" PRId64 " longs of packed states, %" PRId64 " expected", f.c, f.a, f.b);
    case C::ChunkPaletteIndex:
        return core::print(buf, cap, "Section %" PRId64 ": palette index %" PRId64 " of %" PRId64 " entries", f.c, f.a, f.b);
    case C::ChunkBlockCount:
        return core::print(buf, cap, "Section %" PRId64 ": %" PRId64 " non-air blocks declared, %" PRId64 " in its states", f.c, f.a, f.b);
    case C::KeepAliveUnanswered:
        if (f.c > 0 && f.b > f.c * 1000)
            return core::print(buf, cap, "Keep Alive id %" PRId64 " never answered, %.3f s until the connection's last packet: beyond the %" PRId64 " s kick window", f.a, double(f.b) / 1000.0, f.c);
        return core::print(buf, cap, "Keep Alive id %" PRId64 " never answered (%.3f s until the connection's last packet)", f.a, double(f.b) / 1000.0);
    case C::KeepAliveUnknownId:
        return core::print(buf, cap, "Keep Alive answer with id %" PRId64 ": no such Keep Alive waits for an answer", f.a);
    case C::KeepAliveLate:
        return core::print(buf, cap, "Keep Alive id %" PRId64 " answered after %.3f s (kick window %" PRId64 " s)", f.a, double(f.b) / 1000.0, f.c);
    case C::PingUnanswered: return core::print(buf, cap, "Ping payload %" PRId64 " never answered", f.a);
    case C::PongUnknown: return core::print(buf, cap, "Pong payload %" PRId64 ": no Ping carried it", f.a);
    case C::TeleportUnconfirmed:
        return core::print(buf, cap, "Teleport id %" PRId64 " never confirmed", f.a);
    case C::TeleportConfirmUnknown:
        return core::print(buf, cap, "Teleport Confirm id %" PRId64 ": no such teleport waits for a confirmation", f.a);
    case C::TeleportFar:
        if (f.what)  // before 1.9 a teleport has no id
            return core::print(buf, cap, "Teleport (%s) moved the client %.3f blocks (threshold %.3f)", f.what,
                               double(f.b) / 1000.0, double(f.c) / 1000.0);
        return core::print(buf, cap, "Teleport id %" PRId64 " moved the client %.3f blocks (threshold %.3f)", f.a, double(f.b) / 1000.0, double(f.c) / 1000.0);
    case C::ChunkSentTwice:
        return core::print(buf, cap, "Column (%" PRId64 ", %" PRId64 ") sent again without Unload Chunk", f.a, f.b);
    case C::ChunkUnloadUnknown:
        return core::print(buf, cap, "Unload Chunk of column (%" PRId64 ", %" PRId64 "), not loaded", f.a, f.b);
    case C::ChunkLightUnknown:
        return core::print(buf, cap, "Update Light for column (%" PRId64 ", %" PRId64 "), which never got Chunk Data", f.a, f.b);
    case C::ChunkChangeUnloaded:
        return core::print(buf, cap, "%s in column (%" PRId64 ", %" PRId64 "), not loaded", what, f.a, f.b);
    case C::EntityUnknown:
        return core::print(buf, cap, "%s for entity %" PRId64 ", %s", what, f.a, f.b ? "already destroyed" : "never spawned");
    case C::EntityDestroyUnknown:
        return core::print(buf, cap, "Destroy of entity %" PRId64 ", %s", f.a, f.b ? "already destroyed" : "never spawned");
    case C::EntitySpawnTwice:
        return core::print(buf, cap, "Spawn of entity %" PRId64 ", already alive", f.a);
    case C::KeepAliveSlow:
        return core::print(buf, cap, "Keep Alive id %" PRId64 " answered after %.3f s (lag threshold %.3f s)",
                           f.a, double(f.b) / 1000.0, double(f.c) / 1000.0);
    case C::TeleportCommanded:
        if (f.what)
            return core::print(buf, cap, "Teleport (%s) moved the client %.3f blocks, after its command in frame %llu",
                               f.what, double(f.b) / 1000.0, (unsigned long long)f.ref_frame);
        return core::print(buf, cap, "Teleport id %" PRId64 " moved the client %.3f blocks, after its command in frame %llu",
                           f.a, double(f.b) / 1000.0, (unsigned long long)f.ref_frame);
    case C::Decrypted:
        return core::print(buf, cap, "Encrypted from here on, decrypted with the key log's secret (found by %s)",
                           f.a ? "the encrypted shared secret" : "the verify token");
    case C::WrongKey:
        return core::print(buf, cap, "The key log's secret does not decrypt the %s stream: shown encrypted", what);
    case C::ChunkHeightInferred:
        return core::print(buf, cap, "Dimension height not seen: %" PRId64 " sections (%" PRId64 " blocks), inferred from this Chunk Data", f.a, f.b);
    case C::ChunkPadding:
        return core::print(buf, cap, "%" PRId64 " bytes after the dimension's %" PRId64 " sections, not zero padding", f.a, f.b);
    case C::VersionInferred:
    case C::VersionGiven:
    case C::VersionNarrowed: return format_inferred(f, buf, cap);
    case C::VersionUndecided:
        if (f.b)
            return core::print(buf, cap, "No Handshake, and the %" PRId64 " packets seen fit several releases (%s) "
                               "equally: not decoded (--mcjava-release or mcjava.release names it)", f.a, range_name(VersionSet(f.b)));
        return core::print(buf, cap, "No Handshake, and no release decodes the packets: not decoded "
                           "(--mcjava-release or mcjava.release names it)");
    case C::KeyFound:
        return core::print(buf, cap, "Picked up encrypted: decrypted with the key log's line %" PRId64
                           " (its secret's plaintext decodes; %" PRId64 " secrets tried)", f.a, f.b);
    case C::EncryptedNoKey:
        if (f.b == 0)
            return core::print(buf, cap, "Picked up encrypted (no release reads these bytes, they look random): no key "
                               "log (--keylog) to try");
        return core::print(buf, cap, "Picked up encrypted (no release reads these bytes, they look random): none of the "
                           "key log's %" PRId64 " secrets decrypts them", f.b);
    case C::Count_: break;
    }
    return core::text::summary(f, buf, cap);
}

constexpr core::FindingTable kTable{"mcjava", kFindingBase, kFindings, size_t(C::Count_), format};

}  // namespace

const core::FindingTable& finding_table() { return kTable; }

}  // namespace mcjava
