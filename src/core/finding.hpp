// Findings: what decoding and analysis found wrong or worth noting, for
// every protocol. A protocol declares its findings as an enum and a table
// (one stable name, severity, group and summary per code); the enum's
// values convert to a core::Code unique over all protocols, so one list of
// findings can hold several protocols' (a capture that mixes them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace core {

// Comment findings describe healthy behaviour worth showing; `check` does
// not count them.
enum class Severity : uint8_t { Comment, Note, Warn, Error };

// Wireshark's expert groups, as the plugin maps them.
enum class FindingGroup : uint8_t { Malformed, Protocol, Sequence, Comment };

// Each protocol's findings enum names its block of codes: specialise
// FindingBlock<E> with `static constexpr uint16_t base` (a multiple of
// kFindingBlock, one per protocol).
constexpr uint16_t kFindingBlock = 256;
template <class E>
struct FindingBlock;

template <class E, class = void>
struct is_finding_enum : std::false_type {};
template <class E>
struct is_finding_enum<E, std::void_t<decltype(FindingBlock<E>::base)>> : std::true_type {};

// A finding code, unique over all protocols.
struct Code {
    uint16_t v = 0;
    constexpr Code() = default;
    constexpr explicit Code(uint16_t raw) : v(raw) {}
    template <class E, class = std::enable_if_t<is_finding_enum<E>::value>>
    constexpr Code(E e) : v(uint16_t(FindingBlock<E>::base + uint16_t(e))) {}  // NOLINT: implicit on purpose
    constexpr uint16_t block() const { return v / kFindingBlock; }
    constexpr uint16_t local() const { return v % kFindingBlock; }
    friend constexpr bool operator==(Code a, Code b) { return a.v == b.v; }
    friend constexpr bool operator!=(Code a, Code b) { return a.v != b.v; }
    friend constexpr bool operator<(Code a, Code b) { return a.v < b.v; }
    // For tables indexed by a protocol's own codes (block base 0: blank).
    constexpr explicit operator size_t() const { return v; }
};

// "No finding": a DecodeFindings entry a protocol leaves unreported.
constexpr Code kNoCode{0xFFFF};

// The protocol's own enum value of a code of its block.
template <class E>
constexpr E local_code(Code c) {
    return E(c.v - FindingBlock<E>::base);
}

struct FindingInfo {
    Code code;
    const char* name;     // stable: "blank.malformed.length", also the Wireshark expert field
    Severity severity;
    FindingGroup group;
    const char* summary;  // one line, what it means (and why it may be benign)
    // The offending field's value says it all (blank's padding bytes):
    // Wireshark puts the expert info on that field, without a text item.
    bool in_field = false;
};

// The words a protocol's table of FindingInfo rows is written in
// (`using namespace core::finding_rows;`): {C::Gap, "p.gap", S::Note, G::Sequence, "..."}.
namespace finding_rows {
using core::FindingInfo;
using S = Severity;
using G = FindingGroup;
}  // namespace finding_rows

// One occurrence. a/b/c are code-specific details the protocol's formatter
// turns into a message.
struct Finding {
    Code code;
    uint32_t offset = 0;  // in the message
    uint32_t length = 0;
    int64_t a = 0, b = 0, c = 0;
    const char* what = nullptr;  // the field or message type concerned
    uint64_t frame = 0;          // analysis findings: the frame it belongs to
    uint64_t ref_frame = 0;      // and the frame it refers to (0 = none)

    Severity severity() const;
};

// A protocol's findings: infos[i] describes code base + i.
struct FindingTable {
    const char* protocol;  // filter prefix, "blank"
    uint16_t base;
    const FindingInfo* infos;
    size_t count;
    // The human-readable message of one finding, identical in both front
    // ends. Returns the characters written (truncated to cap - 1, always
    // terminated).
    size_t (*format)(const Finding& f, char* buf, size_t cap);
    // How bad one occurrence is, to pick a code's worst case (the number of
    // packets lost, a distance, a duration; -1: no measure); null: none has one.
    int64_t (*magnitude)(const Finding& f) = nullptr;
    // Whether the finding is of the path between the peers (loss,
    // reordering, duplication): one burst yields many, and its first says
    // what happened; null: none is.
    bool (*on_path)(const Finding& f) = nullptr;
};

const FindingInfo& finding_info(Code c);
size_t format_finding(const Finding& f, char* buf, size_t cap);
// Its table's magnitude and on_path (-1 and false where it has none).
int64_t finding_magnitude(const Finding& f);
bool finding_on_path(const Finding& f);
const char* severity_name(Severity s);  // "comment", "note", "warn", "error"

// The registry of findings tables. The core knows no protocol: each table is
// handed in by its owner, a protocol's at start-up from its findings header
// (registered(), below), so wherever a protocol's codes are used its table
// is there. Thread-safe; a lookup takes no lock.
void add_finding_table(const FindingTable& t);
// Every registered table, in block order (a snapshot).
struct FindingTables {
    static constexpr size_t kMax = 32;
    const FindingTable* tables[kMax] = {};
    size_t count = 0;
};
FindingTables finding_tables();
// In a protocol's findings header, after its FindingBlock and its table's
// accessor: `inline const bool kFindingsRegistered =
// core::registered(finding_table());` registers the table in every program
// that includes the header (an inline variable: initialised once, before
// main).
inline bool registered(const FindingTable& t) {
    add_finding_table(t);
    return true;
}
// The code of a stable name ("blank.seq.duplicate"), if registered.
bool find_code(const char* name, Code& out);

inline Severity Finding::severity() const { return finding_info(code).severity; }

}  // namespace core
