// The compiled form of a protocol version: what both front ends index.
//
// compile() turns a Version's rows into flat arrays: one FieldInfo per
// distinct filter abbreviation (the plugin registers one header field per
// FieldInfo, the analyzer prints the same names), one Node per row with its
// children contiguous, references between rows resolved to scope slots, so
// decoding walks arrays and never allocates or looks up a name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "field.hpp"
#include "field_decl.hpp"
#include "message.hpp"

namespace core {

ValueClass value_class(Kind kind, uint8_t axis);
uint8_t value_bits(Kind kind, uint8_t axis);  // integer width for Uint / Int (0 for others)

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
    uint64_t bitmask;
    bool generated;  // computed, not a byte range of its own
    bool repeated;   // inside an Array (or a recursive type)
};

// How a node finds the value it depends on (a count, a switch, a sum).
struct Ref {
    enum Where : uint8_t { None, Scope, Var } where = None;
    uint8_t up = 0;     // Scope: enclosing scopes to climb (0 = the node's own siblings)
    uint8_t index = 0;  // Scope: sibling slot; Var: variable number
};

// Values a scope keeps for later references (a node whose `keep` is set).
constexpr uint32_t kMaxScopeSlots = 32;
// Decoder variables: `save` targets and the caller's context ($name).
constexpr uint32_t kMaxVars = 8;

struct Node {
    const char* key;         // the row's key (values are looked up by it when encoding)
    FieldId field;
    Kind kind;
    Kind wire;               // Fixed: the integer; Text/Bytes/Array with a prefix: the prefix kind
    ByteOrder order;         // resolved: Little or Big
    Encoding encoding;
    PositionLayout variant;
    CountFrom count_from;
    uint8_t axis;
    uint8_t sentinel;
    int8_t bias;             // CountFrom::Field: added to the field's value
    uint32_t unit;           // Bytes / Text: bytes per counted element
    int8_t save;             // variable to store the value in, -1 none
    uint8_t slot;            // this node's slot in its scope, when `keep` (or `result`), `lift` scopes up
    bool keep;               // a later node refers to this node's value
    // A switch's or option's value is its chosen leaf's (ProtoDef's): a
    // `result` row's slot starts undefined (equal to no case) and the leaves that
    // give it write there, `lift` scopes above their own.
    bool result;
    uint8_t lift;
    bool summary;
    // Fixed point (Fixed, PackN, PackU) and a packed quaternion's components
    // (QuatComp): the decimals that tell one step of
    // the wire's integer from the next, to show the value without the
    // noise of the scaling (-1: every digit, the value is exact).
    int8_t decimals;
    bool acked;              // AckSeq
    bool fills_rest;         // Array: its entries must fill the rest of the message
    bool sequential;         // offset is kFollows
    bool count_bits;         // Bytes: the count is in bits (Count::in_bits)
    // Set by the compiler for the decoder's findings-only mode: something at
    // or below this node can be found at fault (or is a value another node
    // depends on); a summary field is at or below it.
    bool findable;
    bool has_summary;
    // From this row on, `quiet_run` rows at fixed offsets with nothing to
    // find or summarise (0: this one has): the findings-only walk steps over
    // them at once. Their last row ends at `quiet_run_cursor`, the furthest
    // at `quiet_run_end` (both from the scope's start).
    uint32_t quiet_run, quiet_run_cursor, quiet_run_end;
    uint32_t offset;         // inside the enclosing group (unless sequential)
    uint32_t size;
    uint32_t count_min, count_max;
    uint32_t entry_size;     // Array of variable layout whose entries are fixed-size values in a row: their
                             // size (measuring asks for all entries at once), else 0
    uint32_t reserve;        // Rest: bytes left at the end of the region (Count::reserve)
    double scale;
    uint64_t mask;
    Ref ref, ref2;
    uint32_t first_child, child_count;  // children; Type: the named type's rows
    uint32_t first_case, case_count;    // Switch: Schema::cases
};

struct CompiledCase {
    int64_t value;
    const char* text;  // match the referenced field's text instead of its value
    uint32_t first_child, child_count;
};

struct CompiledType {
    const MessageType* type = nullptr;  // null: no message with this id
    uint32_t root_first = 0, root_count = 0;
    // The message type as a filter of its own ("mcjava.play.cb.keep_alive",
    // "blank.player_correction"): a node with no bytes of its own that the
    // decoder shows, hidden, over the payload of every message of the type.
    uint32_t filter_node = 0;
};

// The filter segment of a message type: its key, or for a protocol whose
// messages have none (blank) its name in lower case with '_' between the
// words ("PlayerCorrection" -> "player_correction").
std::string message_filter_key(const MessageType& m);

struct CompiledTable {
    const MessageTable* table;
    std::vector<CompiledType> by_id;  // dense, indexed by message id
    std::vector<ValueString> names;   // value strings of the id field in this table
    const CompiledType* type(uint32_t id) const {
        return id < by_id.size() && by_id[id].type ? &by_id[id] : nullptr;
    }
};

// The protocol-wide parts a schema is compiled with.
struct SchemaSpec {
    const char* prefix;           // "blank", "mcjava"
    const Version* version;
    ByteOrder order;              // default byte order of the protocol
    DecodeFindings findings;
    Layout analysis;              // generated analysis fields (under the prefix)
    uint32_t max_depth = 32;      // nesting bound of the decoder (recursive types)
    // Tables generated from a description (minecraft-data's), not written by
    // hand. A filter name met again with another type is then named
    // "<name>_<type>" (such descriptions reuse names: a switch's cases, an
    // array's entries beside the packet's own fields), where in hand tables
    // it is a table error.
    bool generated = false;
    // The type each filter name has in the protocol's other versions (null:
    // none known), hand-written or generated. A field that would give a name
    // another type is renamed "<name>_<type>" the same way, so one name has
    // one type everywhere (a front end registers each name once).
    const FieldTypes* across = nullptr;
};

struct Schema {
    SchemaSpec spec;
    const Version* version;
    std::vector<FieldInfo> fields;
    std::vector<Node> nodes;
    std::vector<CompiledCase> cases;
    std::vector<CompiledTable> tables;
    uint32_t header_first = 0, header_count = 0;
    uint32_t header_fixed = 0;    // bytes of the header when every field has a fixed place, else 0
    uint32_t id_node = 0;         // the header node holding the message id
    struct CompiledExpect {
        uint32_t node;
        uint64_t value;
        Code code;
        bool spoils_header;
    };
    std::vector<CompiledExpect> expects;
    FieldId f_trailing = kNoField, f_payload = kNoField;
    uint32_t extra_first = 0;     // nodes of <prefix>.trailing, <prefix>.payload
    uint32_t analysis_first = 0, analysis_count = 0;

    const FieldInfo* find(std::string_view abbrev) const;
    const Node* node(std::string_view abbrev) const;
    FieldId id(std::string_view abbrev) const;  // throws std::logic_error when missing
    const MessageType* type(uint32_t table, uint32_t id) const {
        const CompiledType* t = table < tables.size() ? tables[table].type(id) : nullptr;
        return t ? t->type : nullptr;
    }
};

// Compiles a version. Throws std::logic_error on a table error (an
// abbreviation redefined with another type, a reference to nothing, too many
// slots): a bug in the tables, caught by the unit tests.
Schema compile(const SchemaSpec& spec);

// The schema of `version`, compiled from spec(version) on its first request
// and kept for the process (what a protocol's schema(version) returns;
// thread-safe; later requests only look it up).
const Schema& compile_once(const Version* version, SchemaSpec (*spec)(const Version*));

}  // namespace core
