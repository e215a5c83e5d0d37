// Minecraft Bedrock Edition findings: stable names "bedrock.*". Decoding
// findings come from the core decoder (schema.cpp), the rest from the game
// layer of a RakNet connection (session.hpp): batches, compression,
// encryption, the release.
#pragma once

#include <cstdint>

#include "core/finding.hpp"

namespace bedrock {

enum class FindingCode : uint16_t {
    // Decoding (core decoder)
    UnknownId,          // a packet id the release does not define
    Truncated,          // a field runs past the end of the packet
    TrailingBytes,      // bytes after the last field
    CountRange,         // a count outside its bounds
    StringNotUtf8,      // text that is not valid UTF-8
    UnknownValue,       // an enumerated value outside its defined values
    DepthLimit,         // nesting deeper than the decoder's bound
    BadVarInt,          // a VarInt longer than its maximum
    EmptyPacket,        // a packet without a header
    // Batches
    BadBatch,           // a packet's length runs past the end of its batch, or is not a VarInt
    BadCompression,     // the batch does not decompress (deflate, Snappy)
    UnknownAlgorithm,   // a compression header byte other than 0x00, 0x01, 0xff
    BatchTooLarge,      // decompresses to more than the limit
    // The release
    ReleaseDetected,    // the client's protocol number, from Request Network Settings or the Login
    ReleaseUnknown,     // a protocol number no known release has: decoded with the nearest
    ReleaseInferred,    // no Login seen: the release inferred from the packets' shapes
    MidConnection,      // picked up after the login: compression and encryption inferred
    // Encryption
    Encrypted,          // the server turned encryption on (Server To Client Handshake): the key's salt
    KeyFound,           // the key log has this connection's key
    NoKey,              // encrypted and no key for it: its batches are shown as they are
    ChecksumMismatch,   // a decrypted batch's checksum is wrong: wrong key, damaged or missing batch
    CannotDecrypt,      // encrypted batches picked up after their stream began: the cipher's position is unknown
    // The session
    LoginDecoded,       // the Login's JWT chain and client data, decoded; signatures not verified
    NetworkSettings,    // the server's compression threshold and algorithm
    Disconnect,         // a game Disconnect: the session ends
    HeldBack,           // batches never handed on: an earlier ordered message never arrived
    // Play (game_figures.hpp)
    TickJump,           // a Player Auth Input's tick more than one after the previous input's
    Correction,         // Correct Player Move Prediction: the server moved the player off its input
    Teleport,           // Move Player, mode teleport
    PackRepeated,       // a resource pack chunk asked again
    PackIncomplete,     // a resource pack with chunks never received
    SubChunksUnanswered,  // a Subchunk Request none of whose sub-chunks was answered
    Count_
};

constexpr uint16_t kFindingBase = 1792;  // the analyzer's capture table has 1536..1791

const core::FindingTable& finding_table();

}  // namespace bedrock

template <>
struct core::FindingBlock<bedrock::FindingCode> {
    static constexpr uint16_t base = bedrock::kFindingBase;
};
