// The description language: one row per field of a message, as data.
//
// Every protocol of the seeds is written in these rows: blank's fixed
// little-endian layouts, Minecraft's big-endian VarInt-prefixed packets,
// RakNet's u24 little-endian counters inside big-endian frames, Alpha's
// messages that are as long as their strings make them. The vocabulary is
// borrowed from ProtoDef (container, array with countType, switch with
// compareTo, option, mapper) and Kaitai (seq, repeat-expr / repeat-until,
// size, process, params):
//
//   Group   a container: its `sub` rows at fixed offsets inside `size`
//           bytes (blank), or one after another (offset kFollows)
//   Array   entries of `sub`; `count` says how many (a prefix, an earlier
//           field, the rest of the message, until a sentinel byte, ...)
//   Switch  `cases` chosen by the value of an earlier field (`ref`)
//   Option  `sub` present when a bool prefix is true, or when `ref & mask`
//   Type    a named, possibly recursive type (NBT, slots, metadata)
//
// A field's filter abbreviation is the protocol's prefix plus the keys of
// its ancestors and itself ("blank.chunk.coords.x"); the rows of a named
// Type are named after the type ("mcjava.nbt.name"). Rows are plain
// aggregates: a protocol writes them as constexpr arrays (blank) or with
// the builder in describe.hpp (nested inline, for large tables).
#pragma once

#include <cstddef>
#include <cstdint>

namespace core {

// Offsets of fields that follow the previous one (the Minecraft protocols).
constexpr uint32_t kFollows = 0xFFFFFFFF;

enum class Kind : uint8_t {
    // Structure
    Group,     // `sub` in [offset, offset + size), or as long as its children (size 0)
    Array,     // entries of `sub`, `count` of them; `size` is the entry size when fixed
    Switch,    // the case of `cases` whose value matches `ref` (masked by `mask`); `sub` is the default
    Option,    // `sub` present: no `ref`: a bool byte before it is 1; with `ref`: ref & mask != 0
    Type,      // the named type `type` (recursion allowed, depth bounded by the decoder)
    // Numbers (byte order: `order`, else the protocol's)
    U8, U16, U24, U32, U64, I8, I16, I32, I64, F32, F64, Bool,
    VarInt,    // LEB128 of a two's complement i32, at most 5 bytes
    VarLong,   // LEB128 of an i64, at most 10 bytes
    Fixed,     // the integer `wire` times `scale`, shown as a double (fixed point, byte angles)
    // Encodings of their own
    PackN,     // i16 / 32767 * scale
    PackU,     // u16 / 65535 * scale
    Quat,      // 8 bytes, smallest-three 20-bit form; children QuatComp w x y z largest
    QuatF,     // 4 x f32 in x y z w order; children QuatComp
    Position,  // u64 block position packed per `variant` (PositionLayout); children PosComp x y z
    Uuid,      // 16 bytes, shown 8-4-4-4-12
    Ipv4,      // 4 bytes of an IPv4 address, XORed with `mask` (RakNet writes each byte inverted); shown dotted
    // Text and bytes
    String,    // at most `size` bytes, zero-terminated when shorter (blank)
    Text,      // `count` bytes (usually a prefix) of text in `encoding`, at most `size` characters
    Bytes,     // `count` bytes; no count: `size` bytes, or the rest (size 0); with `sub`:
               // a substream whose rows are decoded inside those bytes
    // Generated: computed from the bytes of a field or from other fields
    Sum,       // the i8 at its offset plus the saved variable `var` (blank's EntityUpdate chunk)
    BlockPos,  // component `axis` of blank's u16 block index
    Face,      // blank block orientation / 4
    Turn,      // blank block orientation % 4
    QuatComp,  // component `axis` of the parent quaternion (0..3 = x y z w, 4 = index of the largest)
    PosComp,   // component `axis` (0..2 = x y z) of the parent Position
    AckHist,   // u32 history of the seqs before `ref` (bit i: seq ref-1-i); the low bits the
               // variable `axis` says name seqs the peer sent (the rest: before its first)
    AckSeq,    // a remote seq named by a history bit (`acked`: set bits, else clear ones); hidden
    AckRanges, // those seqs as ranges, "0-2, 5-30" (`acked`: set bits, else clear ones)
    AckBefore, // how many history bits name seqs before the peer's first packet (never sent)
    Flag,      // `mask` of the parent integer
    Bits,      // (parent & `mask`) >> the mask's lowest set bit: an unsigned part of the parent
               // integer (Minecraft's packed nibbles, a command node's 2-bit type)
    FrameNum,  // analysis: a link to another frame
    Measure,   // analysis: a computed quantity (double, with a unit)
    // Numbers added later (appended: the generated field lists store kinds as numbers)
    ZigZag32,  // LEB128 of a zigzag-encoded i32 (protobuf's sint32, ProtoDef's zigzag32), at most 5 bytes
    ZigZag64,  // LEB128 of a zigzag-encoded i64 (sint64, zigzag64), at most 10 bytes
};

// LEB128 integers (their length is what they take on the wire).
constexpr bool is_varint(Kind k) {
    return k == Kind::VarInt || k == Kind::VarLong || k == Kind::ZigZag32 || k == Kind::ZigZag64;
}
// Those of at most 5 bytes (32 bits).
constexpr bool is_varint32(Kind k) { return k == Kind::VarInt || k == Kind::ZigZag32; }

// Kinds computed from the bytes of an enclosing field or by an analysis.
constexpr bool is_generated(Kind k) {
    return k == Kind::QuatComp || k == Kind::AckSeq || k == Kind::AckRanges || k == Kind::AckBefore ||
           k == Kind::FrameNum || k == Kind::Measure || k == Kind::PosComp;
}

// Kinds that are bits of their parent integer: their type is their bit,
// their width is their parent's.
constexpr bool is_flag(Kind k) { return k == Kind::Flag || k == Kind::Bits; }

enum class ByteOrder : uint8_t { Default, Little, Big };
enum class Display : uint8_t { Dec, Hex };
enum class Encoding : uint8_t {
    Utf8,      // Minecraft Java, blank
    Utf16Be,   // Minecraft Alpha's string16: UCS-2 code units, big endian
    Mutf8,     // Java's modified UTF-8 (NBT strings): checked as UTF-8
    Raw,       // bytes shown as text without checking
};

// How a Java block position is packed into a u64.
enum class PositionLayout : uint8_t {
    XYZ_26_12_26,  // protocol 404 (1.13.2): x << 38 | y << 26 | z
    XZY_26_26_12,  // 1.14 (477) and later: x << 38 | z << 12 | y
};

// Where an Array's entries or a Text's / Bytes' bytes are counted from.
enum class CountFrom : uint8_t {
    None,      // Array: `size` entries; Bytes: `size` bytes, or the rest when 0
    Prefix,    // an integer of kind `prefix` just before the data
    Field,     // the value of the earlier field `ref`
    Product,   // `ref` times `ref2`
    Popcount,  // the number of bits set in `ref`
    Rest,      // up to the end of the enclosing region (the message)
    Sentinel,  // Array: until an entry starts with the byte `sentinel` (consumed)
    TopBit,    // Array: up to and including the first entry whose first byte has its top bit clear
               // (ProtoDef's topBitSetTerminatedArray: Minecraft's entity equipment)
};

struct Count {
    CountFrom from = CountFrom::None;
    Kind prefix = Kind::VarInt;   // CountFrom::Prefix
    const char* ref2 = nullptr;   // CountFrom::Product
    uint8_t sentinel = 0;         // CountFrom::Sentinel
    int8_t bias = 0;              // CountFrom::Field: added to the field's value (a count stored plus one)
    uint32_t max = 0;             // more than this is a finding (0: no limit beyond the message)
    uint32_t min = 0;             // fewer than this is a finding
    uint32_t unit = 1;            // Bytes / Text: bytes per counted element (longs: 8; UTF-16: 2; MCPE sections: 4096)
    bool fills_rest = false;      // Array of fixed-size entries that must fill the message (blank's lists)
    bool in_bits = false;         // Bytes: the count is a number of bits, the bytes are ceil(count / 8) (RakNet)
    uint32_t reserve = 0;         // Rest: stop this many bytes before the end of the region (fields that follow)
    // Rest: a length the document leaves open (MCPE's "byte[]" with fixed
    // fields after it). The compiler sets `reserve` to the sum of the fixed
    // sizes of the rows after this one in its scope, so the field is what
    // they leave; a later row without a fixed size is a table error.
    bool open = false;
};

struct ValueString {
    uint32_t value;
    const char* text;
};

struct Field;
struct Case;
struct TypeDef;

struct Layout {
    const Field* fields;
    size_t count;
};

// One case of a Switch: compared with the referenced value (integers), or
// with its text when `text` is set (a string field, e.g. a parser name).
struct Case {
    int64_t value;
    const char* text;
    Layout layout;
};

struct Cases {
    const Case* cases;
    size_t count;
};

// A named type: compiled once, its rows named "<prefix>.<name>.<key>".
struct TypeDef {
    const char* name;
    const char* desc;
    Layout layout;
};

struct Field {
    const char* key;
    const char* name;
    Kind kind;
    uint32_t offset = kFollows;  // inside the enclosing group
    uint32_t size = 0;           // bytes (String: maximum; Text: maximum characters; Group/Array: entry size, 0 = variable)
    double scale = 0;            // physical value = raw * scale (0 = inherit from the group, else 1)
    const char* unit = nullptr;
    const char* desc = nullptr;
    Layout sub{nullptr, 0};      // Group / Array entry / Option / Switch default / children of a value
    const ValueString* vals = nullptr;  // terminated by text == nullptr; a value outside is a finding
    Display display = Display::Dec;
    ByteOrder order = ByteOrder::Default;
    Count count{};               // Array, Text, Bytes
    const char* ref = nullptr;   // an earlier field by key ("action", "../action") or a variable ("$dimension")
    uint64_t mask = 0;           // Flag: bits of the parent value; Switch / Option: bits of `ref` tested
    Cases cases{nullptr, 0};     // Switch
    const TypeDef* type = nullptr;  // Type
    Kind wire = Kind::U8;        // Fixed: the integer on the wire
    uint8_t axis = 0;            // QuatComp, PosComp, BlockPos, Sum: which component / variable
    PositionLayout variant = PositionLayout::XYZ_26_12_26;
    Encoding encoding = Encoding::Utf8;
    bool acked = false;          // AckSeq: shows set bits (true) or clear bits (false)
    bool summary = false;        // shown in one-line summaries (Info column, decode lines)
    int8_t save = -1;            // store the value in decoder variable `save` (Sum reads it)
    bool size_of_next = false;   // Bytes: its length must equal `ref` (a mismatch is a finding)
};

}  // namespace core
