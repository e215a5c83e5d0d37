// The blank protocol, described as data.
//
// This is the single source of truth both front ends are driven by: the
// Wireshark plugin registers one header field per FieldInfo and the analyzer
// prints the same abbreviations. A revision is a set of static tables
// (protocol_tables.cpp); `schema()` compiles them once into flat arrays.
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

namespace blank {

constexpr uint32_t kTag = 0xFB1AB1AF;
constexpr size_t kHeaderSize = 16;
constexpr size_t kMaxPacket = 500;
constexpr size_t kMaxPayload = kMaxPacket - kHeaderSize;
constexpr uint16_t kDefaultPort = 12354;

// What a field is on the wire and how it is shown.
enum class Kind : uint8_t {
    Group,     // subtree over [offset, offset+size); children in `sub`
    Array,     // `count` repetitions of the Group in `sub[0]`; count from a sibling
    U8, U16, U32, I8, I32, U64,
    F32,
    PackN,     // i16 / 32767 * scale
    PackU,     // u16 / 65535 * scale
    Quat,      // 8 bytes, smallest-three 20-bit form; leaves w x y z largest
    QuatF,     // 4 x f32 in x y z w order (older revision); leaves w x y z
    String,    // at most `size` bytes, zero-terminated when shorter
    Bytes,     // the rest of the payload
    AckHist,   // u32 history: generated children per bit (acked / missing)
    // Generated leaves, computed by the decoder, not read at their own offset.
    ChunkAbs,  // i8 offset + the packet's chunk base component (EntityUpdate)
    BlockPos,  // coordinate of a block index inside its chunk
    Face,      // block orientation / 4
    Turn,      // block orientation % 4
    QuatComp,  // one component of a decoded quaternion (aux: 0..3 = x y z w, 4 = largest)
    AckSeq,    // a remote seq named by a history bit (aux: 1 = acked, 0 = missing); shown hidden
    AckRanges, // those seqs as ranges, "0-2, 5-30" (aux: 1 = acked, 0 = missing)
    AckBefore, // how many history bits name seqs before the peer's first packet (never sent)
    Flag,      // one bit (`bitmask`) of the parent integer
    FrameNum,  // analysis: a link to another frame
    Measure,   // analysis: a computed quantity (double, with a unit)
};

// Kinds whose value is computed from the bytes of an enclosing field.
constexpr bool is_generated(Kind k) {
    return k == Kind::QuatComp || k == Kind::AckSeq || k == Kind::AckRanges || k == Kind::AckBefore ||
           k == Kind::FrameNum || k == Kind::Measure;
}

enum class Display : uint8_t { Dec, Hex };

// What kind of value a field holds, independent of its wire form.
enum class ValueClass : uint8_t { None, Uint, Int, Float, Double, Bool, String, Bytes };

ValueClass value_class(Kind kind, uint8_t aux);
uint8_t value_bits(Kind kind, uint8_t aux);  // integer width for Uint / Int

struct ValueString {
    uint32_t value;
    const char* text;
};

struct Field;

struct Layout {
    const Field* fields;
    size_t count;
};

// One static table row. `key` is a dotted path segment; a field's filter
// abbreviation is "blank" + the keys of its ancestors and itself.
struct Field {
    const char* key;
    const char* name;
    Kind kind;
    uint16_t offset;  // relative to the enclosing group
    uint16_t size;    // bytes; String: maximum; Group/Array: element size
    double scale;     // physical value = normalised raw * scale (0 = inherit)
    const char* unit;
    const char* desc;
    Layout sub;                       // Group / Array element / vec3 children
    const ValueString* vals = nullptr;  // zero-terminated by text == nullptr
    Display display = Display::Dec;
    uint8_t aux = 0;     // Array: index of the count sibling; Bytes: 1 + index of the size
                         // sibling (0 = none); ChunkAbs/BlockPos/QuatComp: axis
    uint32_t bitmask = 0;  // flags: a bit of the parent value (0 = whole value)
    bool sets_base = false;  // I32: store as chunk base component `aux`
    bool summary = false;    // shown in one-line summaries (Info column, decode)
};

enum class LengthRule : uint8_t { Fixed, Range, Repeated };

struct LengthSpec {
    LengthRule rule;
    uint16_t min, max;           // payload bytes
    uint16_t base, stride;       // Repeated: base + stride * n
    uint16_t count_min, count_max;
};

struct PacketType {
    uint8_t code;
    const char* name;
    const char* desc;
    LengthSpec length;
    Layout payload;
};

// Compiled form ---------------------------------------------------------------

using FieldId = uint16_t;
constexpr FieldId kNoField = 0xFFFF;

// One filter field (unique abbreviation). Both front ends index by `id`.
struct FieldInfo {
    FieldId id;
    std::string abbrev;  // "blank.state.orientation.w"
    std::string name;
    Kind kind;
    ValueClass vclass;
    uint8_t bits;
    Display display;
    double scale;
    const char* unit;
    const char* desc;
    const ValueString* vals;
    uint32_t bitmask;
    bool generated;      // computed, not a byte range of its own
    bool repeated;       // inside an Array
};

// A node of a compiled layout: absolute-offset-free, children contiguous.
struct Node {
    FieldId field;
    Kind kind;
    uint16_t offset;
    uint16_t size;
    double scale;
    uint8_t aux;
    bool sets_base;
    bool summary;
    // Set by the compiler for the decoder's findings-only mode: something at
    // or below this node can be found at fault (or is a count/size another
    // node checks against); a summary field is at or below it.
    bool findable;
    bool has_summary;
    uint32_t bitmask;
    uint32_t first_child;  // index into Schema::nodes
    uint32_t child_count;
};

struct CompiledType {
    const PacketType* type;
    uint32_t root_first;  // payload nodes
    uint32_t root_count;
};

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

struct Schema {
    const Revision* revision;
    std::vector<FieldInfo> fields;
    std::vector<Node> nodes;
    std::vector<CompiledType> types;  // by code
    uint32_t header_first, header_count;
    // Well-known fields the front ends refer to by role.
    FieldId f_tag, f_seq, f_ack, f_hist, f_type, f_padding, f_trailing, f_payload;
    uint32_t extra_first;  // nodes of blank.trailing, blank.payload
    std::vector<ValueString> type_names;  // value strings of blank.type
    // Analysis results (generated fields), compiled from analysis_tables.cpp.
    uint32_t analysis_first, analysis_count;
    const Node* node(std::string_view abbrev) const;

    const FieldInfo* find(std::string_view abbrev) const;
    const PacketType* type(uint8_t code) const {
        return code < types.size() ? types[code].type : nullptr;
    }
};

const Revision& current_revision();
const std::vector<const Revision*>& revisions();
// Compiled once per revision, never freed (lives as long as the process).
const Schema& schema(const Revision& rev = current_revision());

const char* type_name(const Schema& s, uint8_t code);  // "Unknown" if none

}  // namespace blank
