// The blank protocol, described as data in the core's language.
//
// This is the single source of truth both front ends are driven by: the
// Wireshark plugin registers one header field per FieldInfo and the analyzer
// prints the same abbreviations. A revision is a set of static tables
// (protocol_tables.cpp); `schema()` compiles them once with the core's
// schema compiler.
//
// Wire format (current revision, doc/protocol of game commit fa73e36):
//
//    0               1               2               3
//   +---------------+---------------+---------------+---------------+
//   |                  tag 0xFB1AB1AF (little endian)               |
//   +---------------+---------------+---------------+---------------+
//   |            seq (u16)          |            ack (u16)          |
//   +---------------+---------------+---------------+---------------+
//   |     ack history: bit i acknowledges remote seq ack-1-i        |
//   +---------------+---------------+---------------+---------------+
//   |   type (u8)   |  padding (3 bytes, never written by the game)  |
//   +---------------+---------------+---------------+---------------+
//   |                    payload, 0..484 bytes                      |
//
// All multi-byte values are little endian.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/message.hpp"
#include "core/schema.hpp"

namespace blank {

// The core's language, as blank's code names it.
using core::Display;
using core::Field;
using core::FieldId;
using core::FieldInfo;
using core::Kind;
using core::Layout;
using core::LengthRule;
using core::LengthSpec;
using core::Node;
using core::Schema;
using core::ValueClass;
using core::ValueString;
using core::kNoField;
using core::value_bits;
using core::value_class;
using PacketType = core::MessageType;

constexpr const char* kPrefix = "blank";
constexpr uint32_t kTag = 0xFB1AB1AF;
constexpr size_t kHeaderSize = 16;
constexpr size_t kMaxPacket = 500;
constexpr size_t kMaxPayload = kMaxPacket - kHeaderSize;
constexpr uint16_t kDefaultPort = 12354;

// The header's rows, in order: MessageSummary::header[] holds their values.
enum HeaderRow : uint8_t { kRowTag, kRowSeq, kRowAck, kRowHist, kRowType, kRowPadding };

// Packet type codes (doc/protocol): what the header's type byte says.
namespace type {
constexpr uint8_t Ping = 0;
constexpr uint8_t Login = 1;
constexpr uint8_t Join = 2;
constexpr uint8_t Part = 3;
constexpr uint8_t PlayerUpdate = 4;
constexpr uint8_t SpawnEntity = 5;
constexpr uint8_t DespawnEntity = 6;
constexpr uint8_t EntityUpdate = 7;
constexpr uint8_t PlayerCorrection = 8;
constexpr uint8_t ChunkBegin = 9;
constexpr uint8_t ChunkData = 10;
constexpr uint8_t BlockUpdate = 11;
constexpr uint8_t Message = 12;
constexpr uint8_t kCount = 13;
}  // namespace type

// Decoder variables (core::Version::vars): the EntityUpdate's chunk base,
// saved by its rows and added to each entry's offsets, and how many bits of
// the ack history name seqs the peer sent (the analysis says; 32 without).
enum Var : uint8_t { kVarBaseX, kVarBaseY, kVarBaseZ, kVarHistBits, kVarCount };

struct Revision {
    const char* name;         // "fa73e36"
    const char* description;
    const PacketType* types;  // indexed by code
    size_t type_count;
    const Field* header;      // header layout
    size_t header_count;
    uint8_t padding_expected[3];  // what the game leaves in the header padding
    // The game's Chunk::BlockSize(): bytes a ChunkBegin/ChunkData transmission
    // inflates to (20484; 20480 before 9240fdf).
    uint32_t chunk_size = 20484;
    // Before 56069d4 every ChunkData was sent at the full 484 bytes: only the
    // first piece_size bytes of blank.chunk.data are chunk data, the rest of
    // the last piece is stale buffer content. Later: data length = piece_size.
    bool chunk_data_padded = false;
};

const Revision& current_revision();
const std::vector<const Revision*>& revisions();
// Compiled once per revision, never freed (lives as long as the process).
const Schema& schema(const Revision& rev = current_revision());
// The revision a schema was compiled from.
const Revision& revision_of(const Schema& s);
// The packet type of a code, or null.
const PacketType* packet_type(const Schema& s, uint8_t code);

const char* type_name(const Schema& s, uint8_t code);  // "Unknown" if none

}  // namespace blank
