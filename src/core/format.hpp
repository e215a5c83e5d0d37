// Text forms of decoded values of any protocol, shared by both front ends so that the
// Wireshark Info column and the analyzer's lines read the same.
#pragma once

#include <cstddef>

#include "decoder.hpp"

namespace core {

// Shortest round-trip form of a double ("0.5", "6.500095368886854"), or
// with `compact` at most 6 significant digits ("6.5001") for labels.
size_t format_double(double v, char* buf, size_t cap, bool compact = false);

// A measured value (a generated field: a time, a distance, a delay) to the
// precision of what it measures, without the noise of the arithmetic that
// made it (0.0909999999999522 ms is 0.091 ms): seconds to the microsecond
// (capture timestamps), everything else to three decimals (a microsecond in
// ms, a millimetre in blocks). Every front end shows this value.
double measured(double v, const char* unit);

// The value of a Double item as every front end exports it (JSON, a
// Wireshark field's value): one the analysis computed measured(), one read
// from the wire (also a packed quaternion's components, computed from its
// bits) exactly: a filter or a script compares it with what was sent.
double shown_value(const Item& it);

// The same value as a person reads it in a label or a tree line: a
// fixed-point one (or a packed quaternion's component) to the decimals that
// tell its wire steps apart (Node::decimals: 43007/65535*16 blocks is
// 10.4999, not 10.499916075379568).
double display_value(const Item& it);

// format_value() for a tree line or label: Doubles by display_value().
size_t format_display(const Item& it, char* buf, size_t cap);

// The value of an item: numbers, enum names as "chat (1)", strings as-is,
// bytes in hex up to 16 bytes and "<n bytes>" beyond, groups with
// components as "(1, 2, 3)" (6 significant digits).
// Returns the length written (always terminated, truncated to cap - 1).
size_t format_value(const Item& it, char* buf, size_t cap, bool compact = false);

// The last dotted component of a field's abbreviation ("coords", "name").
const char* short_key(const FieldInfo& f);

// One-line summaries: " key=value" for each field the tables mark as
// summary (compact numbers), appended to buf. Returns the new length.
size_t append_summary(const Item& it, char* buf, size_t len, size_t cap);

}  // namespace core
