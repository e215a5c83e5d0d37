// Messages, message tables and versions: what a protocol's rows are
// grouped into. A message is keyed by (table, id): the table is chosen by
// the connection (Minecraft's state and direction; blank and RakNet have
// one), the id is read from the message's header by the decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "field.hpp"
#include "finding.hpp"

namespace core {

// A message's length rule, checked before its fields (blank's packets have
// fixed or bounded lengths; the stream protocols say nothing and use
// kAnyLength).
enum class LengthRule : uint8_t { Any, Fixed, Range, Repeated };

struct LengthSpec {
    LengthRule rule = LengthRule::Any;
    uint32_t min = 0, max = 0;        // payload bytes
    uint32_t base = 0, stride = 0;    // Repeated: base + stride * n
};

struct MessageType {
    uint32_t id;
    const char* key;   // filter segment ("chunk_data"); null: fields directly under the table's prefix
    const char* name;  // "Chunk Data"
    const char* desc;
    LengthSpec length;
    Layout payload;
};

// The messages one (state, direction) can carry, by id.
struct MessageTable {
    const char* key;   // filter segment ("play.cb"); null for a protocol with one table
    const char* name;  // "play, clientbound"
    const MessageType* types;
    size_t count;
};

// The message of `table` keyed `key` ("unload_chunk"), or null.
inline const MessageType* find_type(const MessageTable& table, const char* key) {
    for (size_t i = 0; i < table.count; ++i)
        if (table.types[i].key && std::strcmp(table.types[i].key, key) == 0) return &table.types[i];
    return nullptr;
}

// The findings the decoder itself reports, as codes of the protocol that
// owns the schema. A code left at kNoCode is not reported.
struct DecodeFindings {
    Code short_header = kNoCode;        // message shorter than its header
    Code unknown_type = kNoCode;        // id not in the table
    Code bad_length = kNoCode;          // payload length outside the message's LengthSpec
    Code count_range = kNoCode;         // an array count outside [min, max]
    Code count_mismatch = kNoCode;      // an array that must fill the message does not
    Code trailing = kNoCode;            // bytes after the last field
    Code truncated = kNoCode;           // a field runs past the end of the message
    Code bad_varint = kNoCode;          // a VarInt/VarLong longer than its maximum
    Code string_unterminated = kNoCode; // blank String shorter than its field and not zero-terminated
    Code string_not_utf8 = kNoCode;     // text that is not valid in its encoding
    Code text_too_long = kNoCode;       // more characters (or bytes) than the field allows
    Code unknown_value = kNoCode;       // an enumerated value (or a bool) outside its defined values
    Code quat_pad_bits = kNoCode;       // quaternion pad bits set
    Code quat_not_unit = kNoCode;       // quaternion components exceed length 1
    Code size_mismatch = kNoCode;       // a Bytes field's length differs from the field that declares it
    Code depth_limit = kNoCode;         // nesting deeper than the decoder's bound (recursive types)
    Code expect_mismatch = kNoCode;     // a field with an expected value holds another (see Expect)
};

// The generic decoding findings under the names most protocols' FindingCode
// give them (UnknownId, CountRange, TrailingBytes, Truncated,
// StringNotUtf8, UnknownValue, DepthLimit); a protocol adds its own.
template <class C>
DecodeFindings usual_decode_findings() {
    DecodeFindings f{};
    f.unknown_type = C::UnknownId;
    f.count_range = C::CountRange;
    f.trailing = C::TrailingBytes;
    f.truncated = C::Truncated;
    f.string_not_utf8 = C::StringNotUtf8;
    f.unknown_value = C::UnknownValue;
    f.depth_limit = C::DepthLimit;
    return f;
}

// A field of the header with one value that is right (blank's tag): a
// different value is reported with `code`, after the header is decoded.
struct Expect {
    const char* key;   // header field
    uint64_t value;    // Bytes: big-endian packed (all zero when value is 0)
    Code code;
    bool spoils_header = true;  // false: a note only, the header is still right (blank's padding)
};

// One version of a protocol: its header, its message tables, its checks.
// Versions are data: a protocol has a list of them (blank's revisions,
// Minecraft's protocol numbers) and picks one per connection.
struct Version {
    const char* name;          // "fa73e36", "404"
    const char* description;
    Layout header;             // read first, before the message id is known
    const char* id_field;      // key of the header field holding the message id
    const MessageTable* tables;
    size_t table_count;
    const Expect* expects = nullptr;  // header checks, reported in this order
    size_t expect_count = 0;
    const char* const* vars = nullptr;  // names of decoder variables ($name), set by the caller or by `save`
    size_t var_count = 0;
    const int64_t* var_defaults = nullptr;  // their values when the caller gives none (null: all 0)
    const void* user = nullptr;       // the protocol's own description of this version
    // The bits of the id field that are the message id (0: all): the rest
    // carries something else (Bedrock's sub-client numbers above its 10-bit id).
    uint64_t id_mask = 0;
};

}  // namespace core
