// Table-driven, bounds-checked decoding of one message of any protocol.
//
// decode() reads the version's header, picks the message type by its id in
// the table the caller names (the connection's state and direction), walks
// the compiled Schema and reports every field to a visitor:
//
//   void open(const Item&)      a node with children (group, vec3, quat,
//                               array entry, flags field, present option);
//                               close() ends it
//   void leaf(const Item&)      a value
//   void close()
//   void finding(const Finding&)
//   void set_length(uint32_t)   optional: the length of the node opened
//                               last, once known (variable-length groups)
//
// A visitor that declares `static constexpr bool kFindingsOnly = true` gets
// only finding() calls (open/leaf/close are still required but not called):
// values nothing can find fault with are then not computed at all, the fast
// path of `blankshark check`. The findings are the same in both modes.
// Adding `static constexpr bool kSummaryLeaves = true` also gets the fields
// marked for one-line summaries (Node::summary), as open/leaf/close: what a
// summary line or an Info column needs. `kPayloadOnly` skips the header's
// items (MessageSummary has its values).
//
// Fields at fixed offsets (blank) that do not fit are not reported: the
// message's length finding says why. Fields that follow each other
// (Minecraft) and do not fit end the message with a `truncated` finding,
// since nothing after them can be placed. Nothing is allocated and nothing
// throws; nesting is bounded (SchemaSpec::max_depth).
//
// Text is handed to visitors as UTF-8 (Item::s): UTF-16BE text (Minecraft's
// string16) is converted into a buffer the decoder owns (4 KiB per message;
// longer text is cut at a character and ends with an ellipsis), while
// Item::offset/length still cover its bytes on the wire.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "codecs.hpp"
#include "finding.hpp"
#include "schema.hpp"
#include "text.hpp"
#include "utf16.hpp"
#include "wire.hpp"

namespace core {

struct Item {
    const FieldInfo* info;
    const Node* node;
    uint32_t offset;   // in the message
    uint32_t length;
    ValueClass vclass;
    bool generated;    // computed (Wireshark: PROTO_ITEM_SET_GENERATED)
    bool entry;        // this item is a whole array entry (of a one-row entry layout): label it "#index"
    bool hidden;       // filterable but not printed (Wireshark: PROTO_ITEM_SET_HIDDEN)
    int32_t index;     // array entry number, -1 outside arrays
    uint64_t u;
    int64_t i;
    double d;
    std::string_view s;  // String / Text value, Bytes, the 16 bytes of a Uuid
    // Up to four component values of a vec3/quat/position group, for its label.
    uint8_t nvals;
    double vals[4];
};

// What the header says, and the outcome of the whole message.
struct MessageSummary {
    static constexpr uint32_t kHeaderValues = 8;
    bool header_ok = false;      // the header fits and every expectation holds
    uint32_t table = 0;
    uint32_t id = 0;             // the message id read from the header
    const MessageType* type = nullptr;  // null for unknown ids
    uint32_t header_len = 0;
    uint32_t payload_len = 0;
    uint64_t header[kHeaderValues] = {};  // values of the first header fields, in row order
    uint32_t findings = 0;       // all findings
    uint32_t counted = 0;        // findings above Comment
    Severity worst = Severity::Comment;
    bool truncated = false;      // a field ran past the end (sequential layouts)
    uint32_t end = 0;            // where the last decoded field ends (header included)
    // Measuring (DecodeContext::measure): the bytes the message needs at
    // least when a field ran past the end (more than were given), and
    // whether its length cannot be told at all (an unknown id, a negative
    // count, a VarInt too long, nesting too deep).
    uint64_t need = 0;
    bool unframeable = false;
};

// What the caller knows about the message beyond its bytes.
struct DecodeContext {
    uint32_t table = 0;                 // which MessageTable (state and direction)
    const int64_t* vars = nullptr;      // initial decoder variables ($name), Version::var_count of them
    bool header_only = false;           // stop once the message type is known (no payload walk)
    // The bytes are what has arrived so far of a stream whose messages are
    // delimited by parsing alone (Minecraft Alpha): the message is as long
    // as its fields (MessageSummary::end); a field past the end means more
    // bytes are needed (MessageSummary::need), not a truncated message, and
    // bytes after the message are the next message's, not trailing bytes.
    // A count taken from the rest of the bytes (CountFrom::Rest) outside a
    // sized region takes all that has arrived: such protocols need a prefix.
    bool measure = false;
};

namespace detail {

template <class V, class = void>
struct findings_only : std::false_type {};
template <class V>
struct findings_only<V, std::void_t<decltype(V::kFindingsOnly)>> : std::bool_constant<V::kFindingsOnly> {};

template <class V, class = void>
struct payload_only : std::false_type {};
template <class V>
struct payload_only<V, std::void_t<decltype(V::kPayloadOnly)>> : std::bool_constant<V::kPayloadOnly> {};

template <class V, class = void>
struct summary_leaves : std::false_type {};
template <class V>
struct summary_leaves<V, std::void_t<decltype(V::kSummaryLeaves)>> : std::bool_constant<V::kSummaryLeaves> {};

template <class V, class = void>
struct has_set_length : std::false_type {};
template <class V>
struct has_set_length<V, std::void_t<decltype(std::declval<V&>().set_length(uint32_t{}))>> : std::true_type {};

// The values of one scope's rows that later rows refer to.
struct Scope {
    Scope* up;
    // Trivial to construct (a walk makes a Scope per level and fills only
    // the slots later rows refer to): the text as pointer and length.
    struct Slot {
        int64_t i;
        const char* str;
        uint32_t str_len;
        uint32_t offset, length;
        std::string_view s() const { return {str, str_len}; }
    } v[kMaxScopeSlots];
};

constexpr uint32_t kMaxHeaderRows = 16;  // header rows read (their offsets kept)

// The value of a LEB128 integer of kind `k` whose 7-bit groups gave `raw`.
inline int64_t varint_value(Kind k, uint64_t raw) {
    switch (k) {
    case Kind::VarInt: return int32_t(uint32_t(raw));
    case Kind::ZigZag32: return int32_t(uint32_t(wire::unzigzag(uint32_t(raw))));
    case Kind::ZigZag64: return wire::unzigzag(raw);
    default: return int64_t(raw);
    }
}

// An integer-like node's bits (Bytes: big-endian packed, up to 8 bytes).
inline uint64_t node_bits(const Node& n, const uint8_t* p) {
    const unsigned w = n.size > 8 ? 8 : n.size;
    if (n.kind == Kind::Bytes) return wire::uint_be(p, w);
    return wire::uint(p, w, n.order);
}

// decode_header() of a whole header whose fields all have fixed places
// (Schema::header_fixed): what Decoder::run() gives in header-only mode,
// read straight from those places, for callers that read every message's
// header first (blank's analysis, the frame stores).
inline MessageSummary fixed_header(const Schema& s, const uint8_t* p, uint32_t len, uint32_t table) {
    MessageSummary sum;
    sum.table = table;
    const uint32_t count = s.header_count < kMaxHeaderRows ? s.header_count : kMaxHeaderRows;
    for (uint32_t k = 0; k < count; ++k) {
        const uint32_t idx = s.header_first + k;
        const Node& n = s.nodes[idx];
        const uint64_t value = node_bits(n, p + n.offset);
        if (k < MessageSummary::kHeaderValues) sum.header[k] = value;
        if (idx == s.id_node) sum.id = uint32_t(s.version->id_mask ? value & s.version->id_mask : value);
    }
    const uint32_t end = s.header_fixed;
    sum.header_len = end;
    sum.payload_len = len - end;
    sum.header_ok = true;
    for (const Schema::CompiledExpect& e : s.expects) {
        const Node& n = s.nodes[e.node];
        if (e.spoils_header && node_bits(n, p + n.offset) != e.value) sum.header_ok = false;
    }
    const CompiledType* ct = table < s.tables.size() ? s.tables[table].type(sum.id) : nullptr;
    sum.end = end;
    if (ct) sum.type = ct->type;
    return sum;
}

template <class V>
class Decoder {
    static constexpr bool kQuiet = findings_only<V>::value;
    static constexpr bool kSummary = summary_leaves<V>::value;

public:
    Decoder(const Schema& s, const uint8_t* p, uint32_t len, const DecodeContext& ctx, V& v)
        : s_(s), f_(s.spec.findings), p_(p), len_(len), v_(v) {
        sum_.table = ctx.table;
        header_only_ = ctx.header_only;
        measure_ = ctx.measure;
        const size_t nv = s.version->var_count < kMaxVars ? s.version->var_count : kMaxVars;
        const int64_t* init = ctx.vars ? ctx.vars : s.version->var_defaults;
        for (size_t i = 0; i < nv && init; ++i) vars_[i] = init[i];
    }

    MessageSummary run() {
        const uint32_t fixed = s_.header_fixed;
        if (fixed && len_ < fixed && measure_) {
            sum_.truncated = true;
            sum_.need = fixed;
            return sum_;
        }
        if (fixed && len_ < fixed) {
            // Shorter than the header: check what fits, show the rest as payload.
            for (const Schema::CompiledExpect& e : s_.expects) {
                const Node& n = s_.nodes[e.node];
                if (n.offset + n.size > len_) continue;
                const uint64_t got = raw_value(n, n.offset);
                if (got != e.value) report({e.code, n.offset, n.size, int64_t(got), int64_t(e.value)});
            }
            report({f_.short_header, 0, len_, int64_t(len_)});
            if (len_ > 0) trailing(0, true);
            return sum_;
        }
        // The header's values (the id among them), without items.
        bool fits = true;
        uint32_t end = read_header(fits);
        if (!fits) {
            sum_.truncated = true;
            if (measure_) {
                if (!sum_.unframeable) sum_.need = header_need_ > len_ ? header_need_ : uint64_t(len_) + 1;
                return sum_;
            }
            report({f_.short_header, 0, len_, int64_t(len_)});
            if (len_ > 0) trailing(0, true);
            return sum_;
        }
        sum_.header_len = end;
        sum_.payload_len = len_ - end;
        if (!header_only_ && !kQuiet && !payload_only<V>::value) {
            walk(s_.header_first, s_.header_count, 0, len_, -1, nullptr);  // nothing to find in it
        }
        sum_.header_ok = true;
        for (const Schema::CompiledExpect& e : s_.expects) {
            const Node& n = s_.nodes[e.node];
            const uint64_t got = raw_value(n, node_offset(e.node));
            if (got != e.value) {
                if (e.spoils_header) sum_.header_ok = false;
                if (!header_only_) report({e.code, node_offset(e.node), n.size, int64_t(got), int64_t(e.value)});
            }
        }
        const CompiledType* ct = sum_.table < s_.tables.size() ? s_.tables[sum_.table].type(sum_.id) : nullptr;
        sum_.end = end;
        if (!ct) {
            const Node& idn = s_.nodes[s_.id_node];
            if (measure_) sum_.unframeable = true;  // nothing tells its length
            if (header_only_) return sum_;
            // Named by the table it is missing from ("play, clientbound"), else by the id field.
            const MessageTable* mt = sum_.table < s_.tables.size() ? s_.tables[sum_.table].table : nullptr;
            report({f_.unknown_type, node_offset(s_.id_node), id_length_, int64_t(sum_.id), 0, 0,
                    mt && mt->name ? mt->name : s_.fields[idn.field].name.c_str()});
            if (len_ > end && !measure_) trailing(end, true);
            return sum_;
        }
        sum_.type = ct->type;
        if (header_only_) return sum_;
        if constexpr (!kQuiet) {  // the message type as a filter: hidden, over the payload
            Item mark = base_item(&s_.nodes[ct->filter_node], end, len_ - end, -1);
            mark.hidden = true;
            v_.leaf(mark);
        }
        const bool length_ok = check_length();
        // A message's rows refer only to its own earlier rows (the schema
        // compiler rejects others), so its scope has nothing above it.
        const uint32_t got = walk(ct->root_first, ct->root_count, end, len_, -1, nullptr);
        sum_.end = got;
        if (got < len_ && !stop_ && !measure_) {
            // Counted arrays that must fill the message report surplus entries already.
            if (length_ok && !count_reported_)
                report({f_.trailing, got, len_ - got, int64_t(len_ - got), 0, 0, sum_.type->name});
            trailing(got, false);
        }
        return sum_;
    }

private:
    // ---- findings -------------------------------------------------------

    void report(Finding f) {
        if (f.code == kNoCode) return;  // the protocol does not report this
        ++sum_.findings;
        const Severity sev = f.severity();
        if (sev != Severity::Comment) ++sum_.counted;
        if (sev > sum_.worst) sum_.worst = sev;
        v_.finding(f);
    }

    // A field placed after the previous one does not fit: the rest of the
    // message cannot be placed, decoding stops here.
    // `need`: the message's length at least for the field to fit, when known.
    void truncated(const Node& n, uint32_t off, uint64_t need = 0) {
        if (stop_) return;
        stop_ = true;
        sum_.truncated = true;
        if (measure_ && regions_ == 0) {  // not a fault: the rest has not arrived yet
            const uint64_t at_least = need > len_ ? need : uint64_t(len_) + 1;
            if (at_least > sum_.need) sum_.need = at_least;
            return;
        }
        report({f_.truncated, off, off < len_ ? len_ - off : 0, int64_t(off), int64_t(len_), 0,
                n.field != kNoField ? s_.fields[n.field].name.c_str() : nullptr});
    }

    // Measuring: a value after which the message's length cannot be told.
    void unframeable() {
        stop_ = true;
        if (measure_) sum_.unframeable = true;
    }

    bool check_length() {
        const LengthSpec& r = sum_.type->length;
        const uint32_t n = sum_.payload_len;
        const char* name = sum_.type->name;
        const uint32_t at = sum_.header_len;
        if (r.rule == LengthRule::Any) return true;
        if (r.rule == LengthRule::Repeated && n >= r.base && (n - r.base) % r.stride != 0) {
            report({f_.bad_length, at, n, n, r.base, r.stride, name});
            return false;
        }
        if (n < r.min) {
            report({f_.bad_length, at, n, n, r.min, 0, name});
            return false;
        }
        if (n > r.max) {
            report({f_.bad_length, at, n, n, r.max, 0, name});
            return false;
        }
        return true;
    }

    void trailing(uint32_t from, bool payload) {
        if constexpr (kQuiet) return;
        const Node* n = &s_.nodes[s_.extra_first + (payload ? 1 : 0)];
        Item it = base_item(n, from, len_ - from, -1);
        it.vclass = ValueClass::Bytes;
        it.s = std::string_view(reinterpret_cast<const char*>(p_ + from), len_ - from);
        v_.leaf(it);
    }

    // ---- header -----------------------------------------------------------

    uint32_t node_offset(uint32_t node) const { return header_offsets_[node - s_.header_first]; }

    // Reads the header's integer values into sum_.header; `fits` false when
    // a header field does not fit. Nothing below refers to them by scope
    // (a message's rows see only their own scope), so none is filled.
    uint32_t read_header(bool& fits) {
        uint32_t cursor = 0, end = 0;
        for (uint32_t k = 0; k < s_.header_count && k < kMaxHeader; ++k) {
            const uint32_t idx = s_.header_first + k;
            const Node& n = s_.nodes[idx];
            const uint32_t off = n.sequential ? cursor : n.offset;
            header_offsets_[k] = off;
            uint64_t value = 0;
            uint32_t used = n.size;
            if (is_varint(n.kind)) {
                const wire::VarIntResult r = wire::read_varint(p_ + off, off < len_ ? len_ - off : 0,
                                                               is_varint32(n.kind) ? 5 : 10, value, used);
                if (r != wire::VarIntResult::Ok) {
                    fits = false;
                    header_need_ = uint64_t(off) + used + 1;
                    if (r == wire::VarIntResult::TooLong) {
                        if (measure_) sum_.unframeable = true;
                        report({f_.bad_varint, off, used, 0, 0, 0, s_.fields[n.field].name.c_str()});
                    }
                    return off;
                }
                if (n.kind != Kind::VarLong) value = uint64_t(varint_value(n.kind, value));
            } else {
                if (off + n.size > len_) {
                    fits = false;
                    header_need_ = uint64_t(off) + n.size;
                    return off;
                }
                value = raw_value(n, off);
            }
            if (k < MessageSummary::kHeaderValues) sum_.header[k] = value;
            if (idx == s_.id_node) {
                sum_.id = uint32_t(s_.version->id_mask ? value & s_.version->id_mask : value);
                id_length_ = used;
            }
            cursor = off + used;
            if (cursor > end) end = cursor;
        }
        return end;
    }

    uint64_t raw_value(const Node& n, uint32_t off) const { return node_bits(n, p_ + off); }

    // ---- items ------------------------------------------------------------

    Item base_item(const Node* n, uint32_t off, uint32_t length, int32_t index) {
        Item it{};
        it.info = &s_.fields[n->field];
        it.node = n;
        it.offset = off;
        it.length = length;
        it.vclass = it.info->vclass;
        it.generated = is_generated(n->kind);
        it.index = index;
        it.entry = entry_;
        entry_ = false;
        return it;
    }

    void set_length(uint32_t length) {
        if constexpr (has_set_length<V>::value) v_.set_length(length);
    }

    static void keep(const Node& n, Scope* sc, const Item& it) {
        if (!n.keep) return;
        for (uint8_t u = 0; u < n.lift && sc; ++u) sc = sc->up;  // a switch's or option's value
        if (!sc) return;
        Scope::Slot& s = sc->v[n.slot];
        s.i = it.vclass == ValueClass::Int ? it.i : int64_t(it.u);
        s.str = it.s.data();
        s.str_len = uint32_t(it.s.size());
        s.offset = it.offset;
        s.length = it.length;
    }

    // The value a node refers to (a count, a switch value, a sum's base).
    bool value_of(const Ref& r, const Scope* sc, Scope::Slot& out) const {
        if (r.where == Ref::Var) {
            out = {vars_[r.index], nullptr, 0, 0, 0};
            return true;
        }
        if (r.where != Ref::Scope) return false;
        for (uint8_t u = 0; u < r.up && sc; ++u) sc = sc->up;
        if (!sc) return false;
        out = sc->v[r.index];
        return true;
    }

    // ---- walking ----------------------------------------------------------

    // Decodes nodes [first, first+count) of a scope starting at `base`, not
    // reading at or past `limit`. Returns the end of the last decoded field.
    uint32_t walk(uint32_t first, uint32_t count, uint32_t base, uint32_t limit, int32_t index, Scope* up_scope) {
        Scope sc;
        sc.up = up_scope;
        uint32_t end = base, cursor = base;
        for (uint32_t k = 0; k < count && !stop_; ++k) {
            const Node& n = s_.nodes[first + k];
            const uint32_t off = n.sequential ? cursor : base + n.offset;
            if (off > limit) {
                if (n.sequential) truncated(n, off, uint64_t(off) + 1);
                break;
            }
            if constexpr (kQuiet) {
                if (n.quiet_run > 1 && uint64_t(base) + n.quiet_run_end <= limit) {
                    // rows at fixed places with nothing below to report
                    if (base + n.quiet_run_end > end) end = base + n.quiet_run_end;
                    cursor = base + n.quiet_run_cursor;
                    k += n.quiet_run - 1;
                    continue;
                }
                if (!n.findable && !(kSummary && n.has_summary) && n.size && n.kind != Kind::Array &&
                    n.kind != Kind::String && n.kind != Kind::Bytes && n.kind != Kind::Text) {
                    // nothing to report below: step over it
                    if (off + n.size > limit) {
                        if (n.sequential) truncated(n, off, uint64_t(off) + n.size);
                        return end;
                    }
                    cursor = off + n.size;
                    if (cursor > end) end = cursor;
                    continue;
                }
            }
            uint32_t got = 0;
            switch (n.kind) {
            case Kind::Array: got = array(n, off, limit, &sc); break;
            case Kind::String: got = string(n, off, limit, index); break;
            case Kind::Text: got = text(n, off, limit, index, &sc); break;
            case Kind::Bytes: got = bytes(n, off, limit, index, &sc); break;
            case Kind::Switch: got = switch_node(n, off, limit, index, &sc); break;
            case Kind::Option: got = option(n, off, limit, index, &sc); break;
            case Kind::Type: got = type_node(n, off, limit, index, &sc); break;
            case Kind::VarInt: case Kind::VarLong: case Kind::ZigZag32: case Kind::ZigZag64:
                got = varint(n, off, limit, index, &sc);
                break;
            case Kind::Group:
                if (n.size == 0) {
                    got = variable_group(n, off, limit, index, &sc);
                    break;
                }
                [[fallthrough]];
            default:
                if (off + n.size > limit) {  // does not fit: the length finding says why
                    if (n.sequential) truncated(n, off, uint64_t(off) + n.size);
                    return end;
                }
                got = value_node(n, off, index, &sc);
                break;
            }
            cursor = off + got;
            if (cursor > end) end = cursor;
        }
        return end;
    }

    uint32_t value_node(const Node& n, uint32_t off, int32_t index, Scope* sc) {
        if constexpr (kQuiet)  // summaries: the value, or a flag of it (has_summary: itself or below)
            if (!kSummary || !n.has_summary) return quiet_node(n, off, index, sc);
        Item it = base_item(&n, off, n.size, index);
        read(n, off, it);
        keep(n, sc, it);
        if (n.kind == Kind::Quat) return quat(n, off, it);
        if (n.kind == Kind::QuatF) return quatf(n, off, it);
        if (n.kind == Kind::AckHist) return ack_hist(n, off, it, sc);
        if (n.kind == Kind::Position) return position(n, off, it);
        if (n.child_count == 0) {
            v_.leaf(it);
            check_value(it);
            return n.size;
        }
        if (n.kind == Kind::Group) summarise(n, off, it);
        v_.open(it);
        walk_children(n, off, index, it, sc);
        v_.close();
        return n.size;
    }

    // Findings-only: what value_node() would report, nothing else.
    uint32_t quiet_node(const Node& n, uint32_t off, int32_t index, Scope* sc) {
        if (n.kind == Kind::AckHist || n.kind == Kind::QuatF || n.kind == Kind::Position) return n.size;
        if (n.kind == Kind::Group) {
            walk(n.first_child, n.child_count, off, off + n.size, index, sc);
            return n.size;
        }
        const FieldInfo& f = s_.fields[n.field];
        if (n.kind == Kind::Quat) {
            const uint64_t raw = wire::uint(p_ + off, 8, n.order);
            const codecs::Quat q = codecs::unpack_quat(raw);
            const char* what = f.name.c_str();
            if (q.pad_bits_set) report({f_.quat_pad_bits, off, 8, int64_t(raw >> 60 & 3), 0, 0, what});
            if (q.not_normalisable) report({f_.quat_not_unit, off, 8, 0, 0, 0, what});
            return n.size;
        }
        const bool integer = f.vclass == ValueClass::Uint || f.vclass == ValueClass::Int ||
                             f.vclass == ValueClass::Bool;
        if (!integer || (!n.keep && n.save < 0 && !f.vals && !n.child_count && n.kind != Kind::Bool)) return n.size;
        Item it{};
        it.info = &f;
        it.node = &n;
        it.offset = off;
        it.length = n.size;
        read(n, off, it);
        keep(n, sc, it);
        if (n.child_count == 0) {
            check_value(it);
            return n.size;
        }
        check_derived(n, off, n.size, raw_bits(it));
        return n.size;
    }

    // The integer a flag or bits child takes its bits from (signed parents
    // sign-extended: the mask picks the bits).
    static uint64_t raw_bits(const Item& parent) {
        return parent.vclass == ValueClass::Int ? uint64_t(parent.i) : parent.u;
    }

    // A derived view of the parent's bytes: a flag (a bit of `mask` set),
    // bits (the masked value shifted down), or another reading of them.
    void derive(const Node& cn, uint32_t off, uint64_t parent, Item& out) {
        if (cn.kind == Kind::Flag) {
            out.vclass = ValueClass::Bool;
            out.u = (parent & cn.mask) != 0;
        } else if (cn.kind == Kind::Bits) {
            out.vclass = ValueClass::Uint;
            out.u = cn.mask ? (parent & cn.mask) >> __builtin_ctzll(cn.mask) : parent;
        } else {
            read(cn, off, out);
        }
    }

    // Findings-only: the enumerated values among an integer's derived views.
    void check_derived(const Node& n, uint32_t off, uint32_t length, uint64_t parent) {
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.kind == Kind::Flag || !s_.fields[cn.field].vals) continue;
            Item ci{};
            ci.info = &s_.fields[cn.field];
            ci.node = &cn;
            ci.offset = off;
            ci.length = length;
            derive(cn, off, parent, ci);
            check_value(ci);
        }
    }

    // Children of a group read at their own offsets; children of an integer
    // (flags, derived views) read the parent's bytes.
    void walk_children(const Node& n, uint32_t off, int32_t index, const Item& parent, Scope* sc) {
        if (n.kind == Kind::Group) {
            walk(n.first_child, n.child_count, off, off + n.size, index, sc);
            return;
        }
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            Item it = base_item(&cn, off, n.size, index);
            derive(cn, off, raw_bits(parent), it);
            v_.leaf(it);
            check_value(it);
        }
    }

    uint32_t variable_group(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        if constexpr (kQuiet) {
            if (!kSummary || !n.has_summary) return walk(n.first_child, n.child_count, off, limit, index, sc) - off;
        }
        Item it = base_item(&n, off, 0, index);
        v_.open(it);
        const uint32_t end = walk(n.first_child, n.child_count, off, limit, index, sc);
        set_length(end - off);
        v_.close();
        return end - off;
    }

    void summarise(const Node& n, uint32_t off, Item& it) {
        if (n.child_count < 2 || n.child_count > 4) return;
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.child_count || cn.sequential || value_class(cn.kind, cn.axis) == ValueClass::None ||
                cn.kind == Kind::Bytes || cn.kind == Kind::String || cn.kind == Kind::Text)
                return;
            Item tmp{};
            read(cn, off + cn.offset, tmp);
            it.vals[c] = tmp.vclass == ValueClass::Int ? double(tmp.i)
                       : tmp.vclass == ValueClass::Uint || tmp.vclass == ValueClass::Bool ? double(tmp.u) : tmp.d;
        }
        it.nvals = uint8_t(n.child_count);
    }

    // Reads the value of a fixed-size scalar node at `off` (the node's own offset).
    void read(const Node& n, uint32_t off, Item& it) {
        const uint8_t* q = p_ + off;
        it.vclass = value_class(n.kind, n.axis);
        switch (n.kind) {
        case Kind::U8: it.u = *q; break;
        case Kind::U16: it.u = wire::uint(q, 2, n.order); break;
        case Kind::U24: it.u = wire::uint(q, 3, n.order); break;
        case Kind::U32: it.u = wire::uint(q, 4, n.order); break;
        case Kind::U64: it.u = wire::uint(q, 8, n.order); break;
        case Kind::I8: it.i = int8_t(*q); break;
        case Kind::I16: it.i = wire::sint(q, 2, n.order); break;
        case Kind::I32: it.i = wire::sint(q, 4, n.order); break;
        case Kind::I64: it.i = wire::sint(q, 8, n.order); break;
        case Kind::Bool: it.u = *q; break;
        case Kind::F32: it.d = wire::f32(uint32_t(wire::uint(q, 4, n.order))); break;
        case Kind::F64: it.d = wire::f64(wire::uint(q, 8, n.order)); break;
        case Kind::Fixed: {
            const unsigned w = codecs::width(n.wire);
            it.i = n.wire == Kind::U8 || n.wire == Kind::U16 || n.wire == Kind::U32 ? int64_t(wire::uint(q, w, n.order))
                                                                                   : wire::sint(q, w, n.order);
            it.d = double(it.i) * n.scale;
            break;
        }
        case Kind::PackN: it.d = codecs::packn(int16_t(wire::uint(q, 2, n.order))) * n.scale; break;
        case Kind::PackU: it.d = codecs::packu(uint16_t(wire::uint(q, 2, n.order))) * n.scale; break;
        case Kind::Sum: it.i = vars_[n.axis % kMaxVars] + int8_t(*q); break;
        case Kind::BlockPos: {
            const uint16_t idx = uint16_t(wire::uint(q, 2, n.order));
            it.u = n.axis == 0 ? idx % 16 : n.axis == 1 ? idx / 16 % 16 : idx / 256;
            break;
        }
        case Kind::Face: it.u = *q / 4u; break;
        case Kind::Turn: it.u = *q % 4u; break;
        case Kind::AckHist: it.u = wire::uint(q, 4, n.order); break;
        case Kind::Quat: it.u = wire::uint(q, 8, n.order); break;
        case Kind::Position: it.u = wire::uint(q, 8, n.order); break;
        case Kind::Uuid: it.s = std::string_view(reinterpret_cast<const char*>(q), 16); break;
        case Kind::Ipv4: it.u = (wire::uint(q, 4, n.order) ^ n.mask) & 0xFFFFFFFFu; break;
        default: break;
        }
        if (n.save >= 0) vars_[n.save] = it.vclass == ValueClass::Int ? it.i : int64_t(it.u);
    }

    uint32_t quat(const Node& n, uint32_t off, Item& it) {
        const codecs::Quat q = codecs::unpack_quat(it.u);
        it.nvals = 4;
        it.vals[0] = q.c[3];
        it.vals[1] = q.c[0];
        it.vals[2] = q.c[1];
        it.vals[3] = q.c[2];
        v_.open(it);
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            Item ci = base_item(&cn, off, n.size, it.index);
            if (cn.axis == 4) {
                ci.u = q.largest;
            } else {
                ci.d = q.c[cn.axis & 3];
            }
            v_.leaf(ci);
        }
        v_.close();
        const char* what = it.info->name.c_str();
        if (q.pad_bits_set) report({f_.quat_pad_bits, off, 8, int64_t(it.u >> 60 & 3), 0, 0, what});
        if (q.not_normalisable) report({f_.quat_not_unit, off, 8, 0, 0, 0, what});
        return n.size;
    }

    // glm::quat as stored, 4 x f32 in x y z w order. Each component leaf
    // covers its own 4 bytes (child offset/size); the group label lists w x
    // y z like the packed form. No finding: any float is a value.
    uint32_t quatf(const Node& n, uint32_t off, Item& it) {
        double c[4];
        for (int i = 0; i < 4; ++i) c[i] = wire::f32(uint32_t(wire::uint(p_ + off + 4 * i, 4, n.order)));
        it.nvals = 4;
        it.vals[0] = c[3];
        it.vals[1] = c[0];
        it.vals[2] = c[1];
        it.vals[3] = c[2];
        v_.open(it);
        for (uint32_t k = 0; k < n.child_count; ++k) {
            const Node& cn = s_.nodes[n.first_child + k];
            const bool own = cn.size == 4 && cn.offset + 4u <= n.size;
            Item ci = base_item(&cn, own ? off + cn.offset : off, own ? 4 : n.size, it.index);
            ci.generated = !own;
            ci.d = c[cn.axis & 3];  // QuatComp leaves w x y z (axis 0..3 = x y z w)
            v_.leaf(ci);
        }
        v_.close();
        return n.size;
    }

    // A packed block position: children x y z, sign-extended.
    uint32_t position(const Node& n, uint32_t off, Item& it) {
        int64_t c[3];
        codecs::unpack_position(it.u, n.variant, c);
        it.nvals = 3;
        for (int i = 0; i < 3; ++i) it.vals[i] = double(c[i]);
        v_.open(it);
        for (uint32_t k = 0; k < n.child_count; ++k) {
            const Node& cn = s_.nodes[n.first_child + k];
            Item ci = base_item(&cn, off, n.size, it.index);
            ci.i = c[cn.axis % 3];
            v_.leaf(ci);
        }
        v_.close();
        return n.size;
    }

    // Bit i of the history acknowledges remote seq ref-1-i (blank). Only
    // the low bits the node's variable says name seqs the peer sent (the
    // analysis knows its first seq): the rest are counted, neither acked
    // nor missing. Per-seq items are hidden (filters such as
    // blank.ack_hist.missing == 7 keep working); the ranges are shown.
    uint32_t ack_hist(const Node& n, uint32_t off, Item& it, Scope* sc) {
        Scope::Slot base{};
        value_of(n.ref, sc, base);
        const int64_t valid = vars_[n.axis % kMaxVars];
        v_.open(it);
        const Node* per_seq[2] = {nullptr, nullptr};
        const Node* ranges[2] = {nullptr, nullptr};
        const Node* before = nullptr;
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.kind == Kind::AckSeq) per_seq[cn.acked ? 1 : 0] = &cn;
            else if (cn.kind == Kind::AckRanges) ranges[cn.acked ? 1 : 0] = &cn;
            else if (cn.kind == Kind::AckBefore) before = &cn;
        }
        const uint64_t wrap = per_seq[1] ? (uint64_t(1) << s_.fields[per_seq[1]->field].bits) - 1 : 0xFFFF;
        const uint32_t bits = valid < 0 ? 0 : valid < 32 ? uint32_t(valid) : 32;
        for (int set = 1; set >= 0; --set) {
            // From the oldest seq (the highest bit) up: ascending ranges.
            char* text = ranges_text_[set];
            size_t len = 0;
            for (int32_t bit = int32_t(bits) - 1; bit >= 0;) {
                if ((it.u >> bit & 1) != uint64_t(set)) {
                    --bit;
                    continue;
                }
                int32_t low = bit;
                while (low > 0 && (it.u >> (low - 1) & 1) == uint64_t(set)) --low;
                const uint64_t first = uint64_t(base.i - 1 - bit) & wrap, last = uint64_t(base.i - 1 - low) & wrap;
                len = append_range(text, sizeof ranges_text_[set], len, first, last);
                bit = low - 1;
            }
            if (len && ranges[set]) {
                Item ci = base_item(ranges[set], off, n.size, -1);
                ci.s = std::string_view(text, len);
                v_.leaf(ci);
            }
        }
        if (bits < 32 && before) {
            Item ci = base_item(before, off, n.size, -1);
            ci.u = 32 - bits;
            v_.leaf(ci);
        }
        for (uint32_t bit = 0; bit < bits; ++bit) {
            const bool set = it.u >> bit & 1;
            const Node* cn = per_seq[set ? 1 : 0];
            if (!cn) continue;
            Item ci = base_item(cn, off, n.size, int32_t(bit));
            ci.u = uint64_t(base.i - 1 - int64_t(bit)) & wrap;
            ci.hidden = true;
            v_.leaf(ci);
        }
        v_.close();
        return n.size;
    }

    // "a-b" or "a", comma-separated; NUL-terminated (a generated string).
    static size_t append_range(char* buf, size_t cap, size_t len, uint64_t first, uint64_t last) {
        char tmp[48];
        char* p = tmp;
        if (len) {
            *p++ = ',';
            *p++ = ' ';
        }
        char* const end = tmp + sizeof tmp;  // two u64s and three separators fit
        p = std::to_chars(p, end, first).ptr;
        if (last != first && p < end) {  // always true; tells GCC 16 the '-' fits
            *p++ = '-';
            p = std::to_chars(p, end, last).ptr;
        }
        const size_t n = size_t(p - tmp);
        if (len + n + 1 > cap) return len;
        std::memcpy(buf + len, tmp, n);
        buf[len + n] = '\0';
        return len + n;
    }

    uint32_t varint(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        uint64_t raw;
        uint32_t used;
        const wire::VarIntResult r =
            wire::read_varint(p_ + off, limit - off, is_varint32(n.kind) ? 5 : 10, raw, used);
        if (r == wire::VarIntResult::Short) {
            truncated(n, off, uint64_t(off) + used + 1);
            return limit - off;
        }
        if (r == wire::VarIntResult::TooLong) {
            report({f_.bad_varint, off, used, 0, 0, 0, s_.fields[n.field].name.c_str()});
            unframeable();
            return used;
        }
        Item it = base_item(&n, off, used, index);
        it.i = varint_value(n.kind, raw);
        it.u = n.kind == Kind::VarInt ? uint64_t(uint32_t(raw)) : n.kind == Kind::VarLong ? raw : uint64_t(it.i);  // hex-shown VarInts are unsigned
        keep(n, sc, it);
        if (n.save >= 0) vars_[n.save] = it.i;
        if constexpr (kQuiet) {
            if (!kSummary || !n.summary) {
                check_value(it);
                check_derived(n, off, used, uint64_t(it.i));
                return used;
            }
        }
        if (n.child_count == 0) {
            v_.leaf(it);
        } else {
            v_.open(it);
            for (uint32_t c = 0; c < n.child_count; ++c) {
                const Node& cn = s_.nodes[n.first_child + c];
                Item ci = base_item(&cn, off, used, index);
                derive(cn, off, it.u, ci);
                v_.leaf(ci);
                check_value(ci);
            }
            v_.close();
        }
        check_value(it);
        return used;
    }

    // An integer prefix before a Text / Bytes / Array: its value and size.
    bool prefix(const Node& n, uint32_t off, uint32_t limit, int64_t& value, uint32_t& used) {
        if (is_varint(n.wire)) {
            uint64_t raw;
            const wire::VarIntResult r =
                wire::read_varint(p_ + off, limit - off, is_varint32(n.wire) ? 5 : 10, raw, used);
            if (r == wire::VarIntResult::Short) {
                truncated(n, off, uint64_t(off) + used + 1);
                return false;
            }
            if (r == wire::VarIntResult::TooLong) {
                report({f_.bad_varint, off, used, 0, 0, 0, s_.fields[n.field].name.c_str()});
                unframeable();
                return false;
            }
            value = varint_value(n.wire, raw);
            return true;
        }
        used = codecs::width(n.wire);
        if (off + used > limit) {
            truncated(n, off, uint64_t(off) + used);
            return false;
        }
        const bool is_signed = n.wire == Kind::I8 || n.wire == Kind::I16 || n.wire == Kind::I32 || n.wire == Kind::I64;
        value = is_signed ? wire::sint(p_ + off, used, n.order) : int64_t(wire::uint(p_ + off, used, n.order));
        return true;
    }

    // How many entries or bytes a node has, and where they start. False
    // when the count itself cannot be read (decoding stops).
    bool count_of(const Node& n, uint32_t off, uint32_t limit, const Scope* sc, int64_t& count, uint32_t& start,
                  Scope::Slot& declared) {
        start = off;
        declared = {0, nullptr, 0, off, 0};
        switch (n.count_from) {
        case CountFrom::None: count = n.kind == Kind::Array ? n.count_max : n.size; return true;
        case CountFrom::Rest: count = -1; return true;
        case CountFrom::Sentinel: count = -1; return true;
        case CountFrom::TopBit: count = -1; return true;
        case CountFrom::Prefix: {
            uint32_t used;
            if (!prefix(n, off, limit, count, used)) return false;
            declared = {count, nullptr, 0, off, used};
            start = off + used;
            return count_known(n, count, declared);
        }
        case CountFrom::Field:
            value_of(n.ref, sc, declared);
            count = declared.i + n.bias;
            return count_known(n, count, declared);
        case CountFrom::Product: {
            Scope::Slot b{};
            value_of(n.ref, sc, declared);
            value_of(n.ref2, sc, b);
            count = declared.i * b.i;
            return count_known(n, count, declared);
        }
        case CountFrom::Popcount:
            value_of(n.ref, sc, declared);
            count = __builtin_popcountll(uint64_t(declared.i));
            return true;
        }
        return true;
    }

    // count * unit bytes, kept far from overflowing when added to an offset.
    static uint64_t saturated(int64_t count, uint64_t unit) {
        constexpr uint64_t kHuge = uint64_t(1) << 62;
        return uint64_t(count) > kHuge / unit ? kHuge : uint64_t(count) * unit;
    }

    // Measuring: a negative count leaves the message's length unknowable.
    bool count_known(const Node& n, int64_t count, const Scope::Slot& declared) {
        if (!measure_ || count >= 0) return true;
        report({f_.count_range, declared.offset, declared.length, count, n.count_min, n.count_max,
                n.field != kNoField ? s_.fields[n.field].name.c_str() : nullptr});
        unframeable();
        return false;
    }

    // Where "the rest" of a region ends for a node: `reserve` bytes before
    // its end are left to the fields after it (never before `start`).
    static uint32_t rest_limit(const Node& n, uint32_t start, uint32_t limit) {
        if (!n.reserve) return limit;
        return limit - start > n.reserve ? limit - n.reserve : start;
    }

    uint32_t array(const Node& n, uint32_t off, uint32_t limit, Scope* sc) {
        int64_t declared = 0;
        uint32_t start = off;
        Scope::Slot decl;
        if (!count_of(n, off, limit, sc, declared, start, decl)) return limit - off;
        const bool counted = n.count_from != CountFrom::Rest && n.count_from != CountFrom::Sentinel &&
                             n.count_from != CountFrom::TopBit;
        // blank's counts precede the entries: the finding points there
        const uint32_t at = n.sequential ? decl.offset : (off >= 4 ? off - 4 : off);
        const uint32_t at_len = n.sequential ? decl.length : 4;
        if (counted && (declared < int64_t(n.count_min) || (n.count_max && declared > int64_t(n.count_max))))
            report({f_.count_range, at, at_len, declared, n.count_min, n.count_max, "Count"});
        // Entries to the end hold at most count_max (then the region's rest is trailing).
        uint64_t entries = !counted ? (n.count_max ? n.count_max : ~uint64_t(0)) : declared < 0 ? 0 : uint64_t(declared);
        if (n.size) {  // fixed-size entries: never more than fit
            const uint32_t room = limit > start ? (limit - start) / n.size : 0;
            if (n.fills_rest && declared != int64_t(room) && (limit - start) % n.size == 0) {
                report({f_.count_mismatch, at, at_len, declared, room, 0, "Count"});
                count_reported_ = true;
            }
            if (entries > room) {
                if (counted && n.sequential && !n.fills_rest) {
                    const uint64_t all = entries > (~uint64_t(0) - start) / n.size ? ~uint64_t(0)
                                                                                    : start + entries * n.size;
                    truncated(n, start + room * n.size, all);
                }
                entries = room;
            }
        }
        if (measure_ && counted && n.entry_size && entries > (limit - start) / n.entry_size) {
            // Measuring: entries of a known size ask for all of them at once.
            const uint64_t all = entries > (~uint64_t(0) - start) / n.entry_size ? ~uint64_t(0)
                                                                                : start + entries * n.entry_size;
            truncated(n, start, all);
            return limit - off;
        }
        if constexpr (kQuiet) {
            // Fixed-size entries with nothing in them to report: only their extent.
            if (counted && !stop_ && n.size && n.child_count && !(kSummary && n.has_summary)) {
                const Node& c0 = s_.nodes[n.first_child];
                if (c0.quiet_run >= n.child_count && c0.quiet_run_end <= n.size)
                    return start + uint32_t(entries) * n.size - off;
            }
        }
        uint32_t cursor = start;
        uint32_t empty = 0;
        const uint32_t stop_at = rest_limit(n, start, limit);
        for (uint64_t e = 0; e < entries && !stop_; ++e) {
            if (n.count_from == CountFrom::TopBit && cursor >= limit) {  // a last entry is still owed
                truncated(n, cursor, uint64_t(cursor) + 1);
                break;
            }
            if (!counted && cursor >= stop_at) break;  // the rest: until the end (less what follows it)
            if (n.count_from == CountFrom::Sentinel) {
                if (cursor >= limit) {
                    truncated(n, cursor, uint64_t(cursor) + 1);
                    break;
                }
                if (p_[cursor] == n.sentinel) {
                    ++cursor;
                    break;
                }
            }
            if (counted && !n.size && cursor >= limit && n.child_count) {
                truncated(n, cursor, uint64_t(cursor) + 1);
                break;
            }
            const uint32_t at_e = cursor;
            const uint32_t lim_e = n.size ? at_e + n.size : (counted ? limit : stop_at);
            uint32_t end;
            const int32_t idx = int32_t(e > 0x7FFFFFFF ? 0x7FFFFFFF : e);
            if (kQuiet && !(kSummary && n.has_summary)) {
                end = walk(n.first_child, n.child_count, at_e, lim_e, idx, sc);
            } else if (n.child_count == 1 && !n.size) {
                // One row per entry: no wrapper, the row itself is entry #e.
                entry_ = true;
                end = walk(n.first_child, n.child_count, at_e, lim_e, idx, sc);
                entry_ = false;
            } else {
                Item it = base_item(&n, at_e, n.size, idx);
                v_.open(it);
                end = walk(n.first_child, n.child_count, at_e, lim_e, idx, sc);
                if (!n.size) set_length(end - at_e);
                v_.close();
            }
            cursor = n.size ? at_e + n.size : end;
            if (end == at_e && ++empty > kMaxEmptyEntries) break;  // entries of nothing: bounded work
            if (n.count_from == CountFrom::TopBit && !(p_[at_e] & 0x80)) break;  // the last entry
        }
        return cursor - off;
    }

    uint32_t string(const Node& n, uint32_t off, uint32_t limit, int32_t index) {
        const uint32_t region = limit - off < n.size ? limit - off : n.size;
        const char* b = reinterpret_cast<const char*>(p_ + off);
        uint32_t len = 0;
        while (len < region && b[len] != '\0') ++len;
        const std::string_view text(b, len);
        if (!kQuiet || (kSummary && n.summary)) {
            Item it = base_item(&n, off, region, index);
            it.s = text;
            v_.leaf(it);
        }
        const char* what = s_.fields[n.field].name.c_str();
        if (len == region && region < n.size)
            report({f_.string_unterminated, off, region, region, n.size, 0, what});
        const size_t bad = utf8_invalid_at(text);
        if (bad != std::string_view::npos) report({f_.string_not_utf8, uint32_t(off + bad), 1, int64_t(bad), 0, 0, what});
        return region;
    }

    uint32_t text(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        int64_t count = 0;
        uint32_t start = off;
        Scope::Slot decl;
        if (!count_of(n, off, limit, sc, count, start, decl)) return limit - off;
        const char* what = s_.fields[n.field].name.c_str();
        const uint64_t unit = n.encoding == Encoding::Utf16Be ? 2 : n.unit;
        uint64_t bytes = count < 0 ? rest_limit(n, start, limit) - start : saturated(count, unit);
        if (count < -1 || start + bytes > limit) {
            truncated(n, off, count < -1 ? 0 : start + bytes);
            return limit - off;
        }
        // Up to its terminator (consumed), or to the region's end without one.
        uint32_t terminator = 0;
        if (n.count_from == CountFrom::Sentinel) {
            const void* at = std::memchr(p_ + start, n.sentinel, size_t(bytes));
            if (at) {
                bytes = uint64_t(static_cast<const uint8_t*>(at) - (p_ + start));
                terminator = 1;
            }
        }
        const std::string_view raw(reinterpret_cast<const char*>(p_ + start), size_t(bytes));
        if (n.child_count) {  // rows of its own inside the text (after the checks of the whole)
            text_checks(n, off, start, raw, count, what);
            return substream(n, off, start, uint32_t(bytes), index, sc) + terminator;
        }
        Item it = base_item(&n, off, uint32_t(start - off + bytes + terminator), index);
        it.s = raw;
        const bool shown = !kQuiet || (kSummary && n.summary);
        if (n.encoding == Encoding::Utf16Be && (shown || n.keep)) it.s = utf16_text(p_ + start, size_t(bytes / 2));
        keep(n, sc, it);
        if (shown) v_.leaf(it);
        text_checks(n, off, start, raw, count, what);
        return it.length;
    }

    // A text's encoding and length limit (`count`: its declared count).
    void text_checks(const Node& n, uint32_t off, uint32_t start, std::string_view raw, int64_t count, const char* what) {
        const uint32_t length = uint32_t(start - off + raw.size());
        if (n.encoding == Encoding::Utf8 || n.encoding == Encoding::Mutf8) {
            const size_t bad = utf8_invalid_at(raw, n.encoding == Encoding::Mutf8);
            if (bad != std::string_view::npos)
                report({f_.string_not_utf8, uint32_t(start + bad), 1, int64_t(bad), 0, 0, what});
            // At most `size` characters, and at most 4 bytes per character.
            else if (n.size && (raw.size() > uint64_t(n.size) * 4 || utf8_length(raw) > n.size))
                report({f_.text_too_long, off, length, int64_t(utf8_length(raw)), n.size, 0, what});
        } else if (n.encoding == Encoding::Utf16Be) {
            const size_t bad = utf16be_invalid_at(p_ + start, raw.size() / 2);
            if (bad != std::string_view::npos)
                report({f_.string_not_utf8, uint32_t(start + 2 * bad), 2, int64_t(bad), 0, 0, what});
            else if (n.size && count > int64_t(n.size))
                report({f_.text_too_long, off, length, count, n.size, 0, what});
        }
    }

    // UTF-16BE text as UTF-8 in the decoder's own buffer (shared by the
    // message's texts; what does not fit is cut at a character and ends
    // with an ellipsis).
    std::string_view utf16_text(const uint8_t* p, size_t units) {
        static constexpr char kEllipsis[] = "\xE2\x80\xA6";
        static constexpr size_t kEllipsisLen = sizeof kEllipsis - 1;
        char* out = text_ + text_used_;
        const size_t room = kTextScratch - text_used_;
        Utf16Converted c = utf16be_to_utf8(p, units, out, room);
        if (c.cut) {
            c = utf16be_to_utf8(p, units, out, room > kEllipsisLen ? room - kEllipsisLen : 0);
            if (room >= c.written + kEllipsisLen) {
                for (size_t k = 0; k < kEllipsisLen; ++k) out[c.written + k] = kEllipsis[k];
                c.written += kEllipsisLen;
            }
        }
        text_used_ += uint32_t(c.written);
        return std::string_view(out, c.written);
    }

    uint32_t bytes(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        int64_t count = 0;
        uint32_t start = off;
        Scope::Slot decl;
        if (!count_of(n, off, limit, sc, count, start, decl)) return limit - off;
        uint64_t len = count < 0 || (n.count_from == CountFrom::None && n.size == 0)
                           ? rest_limit(n, start, limit) - start
                       : n.count_bits ? (uint64_t(count) + 7) / 8
                                      : saturated(count, n.unit);
        if (count < -1 || start + len > limit) {
            if (n.sequential) {
                truncated(n, off, count < -1 ? 0 : start + len);
                return limit - off;
            }
            len = limit - start;  // fixed layouts: what is there
        }
        const uint32_t total = uint32_t(start - off + len);
        if (n.child_count) return substream(n, off, start, uint32_t(len), index, sc);
        if (!kQuiet || (kSummary && n.summary)) {
            Item it = base_item(&n, off, total, index);
            it.s = std::string_view(reinterpret_cast<const char*>(p_ + start), size_t(len));
            keep(n, sc, it);
            v_.leaf(it);
        }
        // A length declared by an earlier field (blank's piece size).
        if (n.count_from == CountFrom::None && n.ref.where != Ref::None) {
            Scope::Slot d{};
            if (value_of(n.ref, sc, d) && d.i != int64_t(len))
                report({f_.size_mismatch, d.offset, d.length, d.i, int64_t(len)});
        }
        return total;
    }

    // Bytes whose own rows are decoded inside them (Kaitai's size + type): a
    // field that does not fit stops at the region's end, not the message's.
    uint32_t substream(const Node& n, uint32_t off, uint32_t start, uint32_t len, int32_t index, Scope* sc) {
        const uint32_t total = start - off + len;
        const bool show = !kQuiet || (kSummary && n.has_summary);
        if (!enter(n, off)) return total;
        if (show) {
            Item it = base_item(&n, off, total, index);
            it.s = std::string_view(reinterpret_cast<const char*>(p_ + start), len);
            v_.open(it);
        }
        ++regions_;  // measuring: a field past the region's end is a fault, not a need for more
        const uint32_t end = walk(n.first_child, n.child_count, start, start + len, index, sc);
        --regions_;
        if (end < start + len && !stop_)
            report({f_.trailing, end, start + len - end, int64_t(start + len - end), 0, 0, s_.fields[n.field].name.c_str()});
        // A truncated field inside the region ends the region, not the packet.
        stop_ = false;
        if (show) v_.close();
        --depth_;
        return total;
    }

    // A switch's or option's value before (or without) its chosen leaf's:
    // equal to no case.
    static void undefined_result(const Node& n, Scope* sc) {
        if (n.result && sc) sc->v[n.slot] = Scope::Slot{INT64_MIN, nullptr, 0, 0, 0};
    }

    uint32_t switch_node(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        undefined_result(n, sc);
        Scope::Slot v{};
        if (n.ref.where == Ref::None && n.count_from == CountFrom::Sentinel && off <= limit) {
            // The case named by the text ahead, up to the sentinel (not consumed).
            const void* at = std::memchr(p_ + off, n.sentinel, limit - off);
            v.str = reinterpret_cast<const char*>(p_ + off);
            v.str_len = uint32_t(at ? static_cast<const uint8_t*>(at) - (p_ + off) : limit - off);
        } else {
            value_of(n.ref, sc, v);
        }
        const int64_t key = n.mask ? int64_t(uint64_t(v.i) & n.mask) : v.i;
        uint32_t first = n.first_child, count = n.child_count;
        for (uint32_t c = 0; c < n.case_count; ++c) {
            const CompiledCase& cc = s_.cases[n.first_case + c];
            if (cc.text ? v.s() == cc.text : cc.value == key) {
                first = cc.first_child;
                count = cc.child_count;
                break;
            }
        }
        if (!count) return 0;
        if (!enter(n, off)) return limit - off;
        const uint32_t end = walk(first, count, off, limit, index, sc);
        --depth_;
        return end - off;
    }

    uint32_t option(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        undefined_result(n, sc);
        if (n.ref.where != Ref::None) {  // present when ref & mask
            Scope::Slot v{};
            value_of(n.ref, sc, v);
            const bool present = n.mask ? (uint64_t(v.i) & n.mask) != 0 : v.i != 0;
            if (!present) return 0;
            if (!enter(n, off)) return limit - off;
            const uint32_t end = walk(n.first_child, n.child_count, off, limit, index, sc);
            --depth_;
            return end - off;
        }
        if (off + 1 > limit) {
            truncated(n, off, uint64_t(off) + 1);
            return limit - off;
        }
        Item it = base_item(&n, off, 1, index);
        it.u = p_[off];
        keep(n, sc, it);
        const bool show = !kQuiet || (kSummary && n.has_summary);
        if (it.u > 1) report({f_.unknown_value, off, 1, int64_t(it.u), 0, 0, it.info->name.c_str()});
        if (it.u != 1) {
            if (show) v_.leaf(it);
            return 1;
        }
        if (!enter(n, off)) return limit - off;
        if (show) v_.open(it);
        const uint32_t end = walk(n.first_child, n.child_count, off + 1, limit, index, sc);
        if (show) {
            set_length(end - off);
            v_.close();
        }
        --depth_;
        return end - off;
    }

    uint32_t type_node(const Node& n, uint32_t off, uint32_t limit, int32_t index, Scope* sc) {
        if (!enter(n, off)) return limit - off;
        uint32_t end;
        if (kQuiet && !(kSummary && n.has_summary)) {
            end = walk(n.first_child, n.child_count, off, limit, index, nullptr);
        } else {
            Item it = base_item(&n, off, 0, index);
            v_.open(it);
            end = walk(n.first_child, n.child_count, off, limit, index, nullptr);
            set_length(end - off);
            v_.close();
        }
        (void)sc;  // a named type sees only its own rows
        --depth_;
        return end - off;
    }

    // One level deeper; past the bound the message stops with a finding.
    bool enter(const Node& n, uint32_t off) {
        if (++depth_ <= s_.spec.max_depth) return true;
        --depth_;
        if (!stop_) {
            report({f_.depth_limit, off, len_ - off, int64_t(s_.spec.max_depth), 0, 0,
                    n.field != kNoField ? s_.fields[n.field].name.c_str() : nullptr});
            unframeable();
            sum_.truncated = true;
        }
        return false;
    }

    void check_value(const Item& it) {
        if (it.node && it.node->kind == Kind::Bool) {
            if (it.u > 1) report({f_.unknown_value, it.offset, it.length, int64_t(it.u), 0, 0, it.info->name.c_str()});
            return;
        }
        const ValueString* vs = it.info->vals;
        if (!vs || (it.node && it.node == &s_.nodes[s_.id_node])) return;
        if (it.vclass != ValueClass::Uint && it.vclass != ValueClass::Int) return;
        const bool is_signed = it.vclass == ValueClass::Int;
        const int64_t v = is_signed ? it.i : int64_t(it.u);
        for (; vs->text; ++vs)  // signed fields name negative values as their 32-bit pattern
            if ((is_signed ? int64_t(int32_t(vs->value)) : int64_t(vs->value)) == v) return;
        report({f_.unknown_value, it.offset, it.length, v, 0, 0, it.info->name.c_str()});
    }

    static constexpr uint32_t kMaxHeader = kMaxHeaderRows;
    static constexpr uint32_t kTextScratch = 4096;  // UTF-8 of a message's UTF-16 texts
    static constexpr uint32_t kMaxEmptyEntries = 1024;

    const Schema& s_;
    const DecodeFindings& f_;
    const uint8_t* p_;
    uint32_t len_;
    V& v_;
    MessageSummary sum_;
    int64_t vars_[kMaxVars] = {};
    uint32_t header_offsets_[kMaxHeader] = {};
    uint32_t id_length_ = 0;
    uint32_t depth_ = 0;
    bool count_reported_ = false;
    bool stop_ = false;
    bool header_only_ = false;
    bool measure_ = false;
    uint64_t header_need_ = 0;  // measuring: bytes the header needs
    uint32_t regions_ = 0;      // substreams being walked
    bool entry_ = false;  // the next item is a whole array entry
    // The ack history's ranges: a visitor may hold an item until the next one.
    char ranges_text_[2][200];
    uint32_t text_used_ = 0;
    char text_[kTextScratch];
};

}  // namespace detail

template <class V>
MessageSummary decode(const Schema& s, const uint8_t* p, size_t len, const DecodeContext& ctx, V& visitor) {
    const uint32_t n = len > 0xFFFFFFFFu ? 0xFFFFFFFFu : uint32_t(len);
    return detail::Decoder<V>(s, p, n, ctx, visitor).run();
}

// The header alone: the message id and type, nothing reported.
inline MessageSummary decode_header(const Schema& s, const uint8_t* p, size_t len, DecodeContext ctx);

// A visitor that ignores everything: decode() then just validates.
struct NullVisitor {
    static constexpr bool kFindingsOnly = true;
    void open(const Item&) {}
    void leaf(const Item&) {}
    void close() {}
    void finding(const Finding&) {}
};

inline MessageSummary decode_header(const Schema& s, const uint8_t* p, size_t len, DecodeContext ctx) {
    if (s.header_fixed && len >= s.header_fixed && len <= 0xFFFFFFFFu && !ctx.measure)
        return detail::fixed_header(s, p, uint32_t(len), ctx.table);
    ctx.header_only = true;
    NullVisitor v;
    return decode(s, p, len, ctx, v);
}

}  // namespace core
