// Minecraft Java Edition findings: stable names "mcjava.*", one severity
// each. Framing and stream findings come from the connection's framing
// (framing.hpp, connection.cpp), decoding findings from the core decoder
// (core::usual_decode_findings, message.hpp).
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace mcjava {

enum class FindingCode : uint16_t {
    // Framing (framing.hpp)
    BadVarInt,          // a VarInt longer than 5 bytes (length, data length, or a field)
    LengthOverMax,      // packet length above the protocol's maximum (2 MiB)
    EmptyPacket,        // length 0: no packet id
    CompressedBelowThreshold,  // Data Length below the threshold: the vanilla server rejects it
    InflateFailed,      // not a zlib stream, or a corrupt one
    InflateSizeMismatch,  // inflated to another size than Data Length
    DataLengthOverMax,  // Data Length above the maximum uncompressed size (8 MiB)
    // Decoding (core decoder)
    UnknownId,          // id unknown in the connection's state and direction
    WrongState,         // id unknown in this state but known in another: the state machine disagrees
    Truncated,          // a field runs past the end of the packet
    TrailingBytes,      // bytes after the last field
    CountRange,         // an array count outside its bounds
    StringNotUtf8,      // text that is not valid UTF-8
    StringTooLong,      // more characters than the field allows
    UnknownValue,       // enumerated value or bool outside its defined values
    DepthLimit,         // NBT or other nesting deeper than the decoder's bound
    AfterEnd,           // bytes after the state ended (after the status Pong, a Disconnect, ...)
    // Connection
    VersionUnknown,     // Handshake protocol number not known: decoded with the nearest version
    VersionDetected,    // the connection's protocol version, from its Handshake
    CompressionEnabled, // Set Compression: the threshold and from where it applies
    Encrypted,          // after Encryption Response the stream is encrypted (AES/CFB8): not decoded
    LegacyPing,         // the pre-1.7 server list ping (0xFE), not the VarInt protocol
    MidStream,          // the capture starts inside a connection: the bytes before its first whole packet
    StreamGap,          // bytes of the TCP stream never captured; decoding resumed after them
    Resynchronised,     // decoding found a packet boundary again after a gap or an error
    IncompleteAtEnd,    // the capture (or the stream) ends inside a packet
    CutByGap,           // a packet a gap cut: its first bytes and declared length (decoding resumed at its end)
    // Chunk contents (chunk_column.hpp)
    ChunkDataLength,    // a section's packed longs are not 64 x bits per block
    ChunkPaletteIndex,  // a packed entry points past the section's palette
    ChunkBlockCount,    // 1.14: the declared non-air count differs from the states
    // Connection analysis (analysis.hpp and its trackers); append only: the codes are stable
    KeepAliveUnanswered,  // a Keep Alive never answered (same id) by the client
    KeepAliveUnknownId,   // a Keep Alive answer whose id the server never sent (or already answered)
    KeepAliveLate,        // answered after the vanilla server's 30 s kick window
    PingUnanswered,       // a status Ping never answered by a Pong
    PongUnknown,          // a status Pong whose payload no Ping carried
    TeleportUnconfirmed,  // a Player Position And Look never confirmed (Teleport Confirm)
    TeleportConfirmUnknown,  // a Teleport Confirm for an id the server never sent (or already confirmed)
    TeleportFar,          // the server put the client farther than the threshold from where it said it was, unasked
    ChunkSentTwice,       // Chunk Data (full) for a column loaded and not unloaded since
    ChunkUnloadUnknown,   // Unload Chunk for a column not loaded
    ChunkLightUnknown,    // Update Light for a column that never got Chunk Data
    ChunkChangeUnloaded,  // Block Change, Multi Block Change or partial Chunk Data in a column not loaded
    EntityUnknown,        // a move or state update for an entity never spawned or already destroyed
    EntityDestroyUnknown, // Destroy Entities for an entity not alive (never spawned, destroyed twice)
    EntitySpawnTwice,     // a spawn for an entity id already alive
    KeepAliveSlow,        // answered later than the lag threshold (AnalysisConfig::keepalive_slow)
    TeleportCommanded,    // a far teleport after the client's own command (/tp): not a correction
    Decrypted,            // encrypted after the Encryption Response, decrypted with the key log's secret
    WrongKey,             // the key log's secret does not decrypt the connection (the first packet does not frame)
    ChunkHeightInferred,  // 1.18+: the dimension's height not seen: its sections inferred from a Chunk Data (world_height.hpp)
    ChunkPadding,         // 1.18+: bytes after the dimension's sections that are not zero padding
    // A connection without its Handshake (release_search.hpp)
    VersionInferred,      // the release, states and compression inferred from the packets
    VersionGiven,         // the release the user named (option, preference), states and compression inferred
    VersionNarrowed,      // a packet told apart releases of the inferred range
    VersionUndecided,     // no release decodes the packets: not decoded
    KeyFound,             // picked up encrypted: the key log's secret whose plaintext decodes
    EncryptedNoKey,       // picked up encrypted (random-looking bytes no release reads) and no key decrypts it
    Count_
};

constexpr uint16_t kFindingBase = 256;  // blank has 0..255

const core::FindingTable& finding_table();

}  // namespace mcjava

template <>
struct core::FindingBlock<mcjava::FindingCode> {
    static constexpr uint16_t base = mcjava::kFindingBase;
};

namespace mcjava {
// Registered with the core's findings registry wherever the codes are used.
inline const bool kFindingsRegistered = core::registered(finding_table());
}  // namespace mcjava
