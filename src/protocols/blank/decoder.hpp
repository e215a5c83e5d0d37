// Table-driven, bounds-checked decoding of one blank packet.
//
// decode() walks the compiled Schema and reports every field to a visitor:
//
//   void open(const Item&)      a node with children (group, vec3, quat,
//                               array entry, flags field); close() ends it
//   void leaf(const Item&)      a value
//   void close()
//   void finding(const Finding&)
//
// A visitor that declares `static constexpr bool kFindingsOnly = true` gets
// only finding() calls (open/leaf/close are still required but not called):
// values nothing can find fault with (header fields, ack history, group
// labels, quaternion components) are then not computed at all, the fast
// path of `blankshark check`. The findings are the same in both modes.
// Adding `static constexpr bool kSummaryLeaves = true` also gets the
// fields marked for one-line summaries (Node::summary), as open/leaf/close:
// what a summary line or an Info column needs.
//
// Nothing is allocated and nothing throws: a field that does not fit in the
// packet is not reported, and the violation is a Finding, so the rest of the
// packet (and the capture) still decodes.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "codec.hpp"
#include "findings.hpp"
#include "protocol.hpp"
#include "utf8.hpp"

namespace blank {

struct Item {
    const FieldInfo* info;
    const Node* node;
    uint32_t offset;   // in the packet
    uint32_t length;
    ValueClass vclass;
    bool generated;    // computed (Wireshark: PROTO_ITEM_SET_GENERATED)
    int32_t index;     // array entry number, -1 outside arrays
    uint64_t u;
    int64_t i;
    double d;
    std::string_view s;  // String value (up to the NUL) or Bytes
    bool hidden;         // filterable but not printed (Wireshark: PROTO_ITEM_SET_HIDDEN)
    // Up to four component values of a vec3/quat group, for its label.
    uint8_t nvals;
    double vals[4];
};

// What the header says, and the outcome of the whole packet.
struct PacketSummary {
    bool header_ok = false;  // at least 16 bytes and the right tag
    uint32_t tag = 0;
    uint16_t seq = 0, ack = 0;
    uint32_t hist = 0;
    uint8_t type = 0;
    const PacketType* ptype = nullptr;  // null for unknown types
    uint32_t payload_len = 0;
    uint32_t findings = 0;        // all findings
    uint32_t counted = 0;         // findings above Comment
    Severity worst = Severity::Comment;
};

// Does this look like a blank packet? (heuristics: length and tag only)
inline bool looks_like_blank(const uint8_t* p, size_t len) {
    return len >= kHeaderSize && len <= 65535 && codec::u32(p) == kTag;
}

namespace detail {

template <class V, class = void>
struct findings_only : std::false_type {};
template <class V>
struct findings_only<V, std::void_t<decltype(V::kFindingsOnly)>> : std::bool_constant<V::kFindingsOnly> {};

// A visitor with `static constexpr bool kPayloadOnly = true` is not shown the
// header fields (PacketSummary has them): the analysis' field grabber.
template <class V, class = void>
struct payload_only : std::false_type {};
template <class V>
struct payload_only<V, std::void_t<decltype(V::kPayloadOnly)>> : std::bool_constant<V::kPayloadOnly> {};

template <class V, class = void>
struct summary_leaves : std::false_type {};
template <class V>
struct summary_leaves<V, std::void_t<decltype(V::kSummaryLeaves)>> : std::bool_constant<V::kSummaryLeaves> {};

template <class V>
class Decoder {
    static constexpr bool kQuiet = findings_only<V>::value;
    static constexpr bool kSummary = summary_leaves<V>::value;

public:
    Decoder(const Schema& s, const uint8_t* p, uint32_t len, V& v, uint8_t hist_bits)
        : s_(s), p_(p), len_(len), v_(v), hist_bits_(hist_bits) {}

    PacketSummary run() {
        if (len_ < kHeaderSize) {
            if (len_ >= 4) {
                sum_.tag = codec::u32(p_);
                if (sum_.tag != kTag) report({FindingCode::BadTag, 0, 4, sum_.tag});
            }
            report({FindingCode::ShortHeader, 0, uint16_t(len_), int64_t(len_)});
            if (len_ > 0) trailing(0, s_.f_payload);
            return sum_;
        }
        sum_.tag = codec::u32(p_);
        sum_.seq = codec::u16(p_ + 4);
        sum_.ack = codec::u16(p_ + 6);
        sum_.hist = codec::u32(p_ + 8);
        sum_.type = p_[12];
        sum_.payload_len = len_ - uint32_t(kHeaderSize);
        sum_.header_ok = sum_.tag == kTag;
        sum_.ptype = s_.type(sum_.type);

        if constexpr (!kQuiet && !payload_only<V>::value)
            walk(s_.header_first, s_.header_count, 0, len_, -1);  // nothing to find in it
        if (!sum_.header_ok) report({FindingCode::BadTag, 0, 4, sum_.tag});
        if (p_[13] | p_[14] | p_[15]) report({FindingCode::PaddingNonZero, 13, 3, p_[13], p_[14], p_[15]});
        if (!sum_.ptype) {
            report({FindingCode::UnknownType, 12, 1, sum_.type});
            if (len_ > kHeaderSize) trailing(kHeaderSize, s_.f_payload);
            return sum_;
        }
        const bool length_ok = check_length();
        const CompiledType& ct = s_.types[sum_.type];
        const uint32_t end = walk(ct.root_first, ct.root_count, kHeaderSize, len_, -1);
        if (end < len_) {
            // Repeated types report surplus entries as a count mismatch already.
            if (length_ok && !count_reported_)
                report({FindingCode::TrailingBytes, uint16_t(end), uint16_t(len_ - end), int64_t(len_ - end), 0, 0,
                        sum_.ptype->name});
            trailing(end, s_.f_trailing);
        }
        return sum_;
    }

private:
    void report(Finding f) {
        ++sum_.findings;
        const Severity sev = f.severity();
        if (sev != Severity::Comment) ++sum_.counted;
        if (sev > sum_.worst) sum_.worst = sev;
        v_.finding(f);
    }

    bool check_length() {
        const LengthSpec& r = sum_.ptype->length;
        const uint32_t n = sum_.payload_len;
        const char* name = sum_.ptype->name;
        const uint16_t at = uint16_t(kHeaderSize);
        const uint16_t span = uint16_t(n > 0xFFFF ? 0xFFFF : n);
        if (r.rule == LengthRule::Repeated && n >= r.base && (n - r.base) % r.stride != 0) {
            report({FindingCode::BadLength, at, span, n, r.base, r.stride, name});
            return false;
        }
        if (n < r.min) {
            report({FindingCode::BadLength, at, span, n, r.min, 0, name});
            return false;
        }
        if (n > r.max) {
            report({FindingCode::BadLength, at, span, n, r.max, 0, name});
            return false;
        }
        return true;
    }

    void trailing(uint32_t from, FieldId id) {
        if constexpr (kQuiet) return;
        Item it = base_item(&s_.nodes[s_.extra_first + (id == s_.f_payload ? 1 : 0)], from, len_ - from, -1);
        it.vclass = ValueClass::Bytes;
        it.s = std::string_view(reinterpret_cast<const char*>(p_ + from), len_ - from);
        v_.leaf(it);
    }

    Item base_item(const Node* n, uint32_t off, uint32_t length, int32_t index) const {
        Item it{};
        it.info = &s_.fields[n->field];
        it.node = n;
        it.offset = off;
        it.length = length;
        it.vclass = it.info->vclass;
        it.generated = is_generated(n->kind);
        it.index = index;
        return it;
    }

    // Decodes nodes [first, first+count) of a group starting at `base`, not
    // reading at or past `limit`. Returns the end of the last decoded field.
    uint32_t walk(uint32_t first, uint32_t count, uint32_t base, uint32_t limit, int32_t index) {
        uint32_t end = base;
        int64_t sibling[16] = {};  // integer values, for counts and sizes
        for (uint32_t k = 0; k < count; ++k) {
            const Node& n = s_.nodes[first + k];
            const uint32_t off = base + n.offset;
            if (off > limit) break;
            if constexpr (kQuiet) {
                if (!n.findable && !(kSummary && n.has_summary) && n.kind != Kind::Array && n.kind != Kind::String &&
                    n.kind != Kind::Bytes) {  // nothing to report below: step over it
                    if (off + n.size > limit) return end;
                    if (off + n.size > end) end = off + n.size;
                    continue;
                }
            }
            uint32_t got = 0;
            switch (n.kind) {
            case Kind::Array: got = array(n, off, limit, sibling[n.aux]); break;
            case Kind::String: got = string(n, off, limit, index); break;
            case Kind::Bytes: got = bytes(n, off, limit, index, n.aux ? &sibling[n.aux - 1] : nullptr); break;
            default:
                if (off + n.size > limit) return end;  // does not fit: the length finding says why
                got = value_node(n, off, index, k < 16 ? &sibling[k] : nullptr);
                break;
            }
            if (off + got > end) end = off + got;
        }
        return end;
    }

    uint32_t value_node(const Node& n, uint32_t off, int32_t index, int64_t* sibling) {
        if constexpr (kQuiet)
            if (!kSummary || !n.summary) return quiet_node(n, off, index, sibling);
        Item it = base_item(&n, off, n.size, index);
        read(n, off, it);
        if (sibling) *sibling = it.vclass == ValueClass::Int ? it.i : int64_t(it.u);
        if (n.kind == Kind::Quat) return quat(n, off, it);
        if (n.kind == Kind::QuatF) return quatf(n, off, it);
        if (n.kind == Kind::AckHist) return ack_hist(n, off, it);
        if (n.child_count == 0) {
            v_.leaf(it);
            check_enum(it);
            return n.size;
        }
        if (n.kind == Kind::Group) summarise(n, off, it);
        v_.open(it);
        walk_children(n, off, index, it);
        v_.close();
        return n.size;
    }

    // Findings-only: what value_node() would report, nothing else.
    uint32_t quiet_node(const Node& n, uint32_t off, int32_t index, int64_t* sibling) {
        if (n.kind == Kind::AckHist || n.kind == Kind::QuatF) return n.size;
        if (n.kind == Kind::Group) {
            walk(n.first_child, n.child_count, off, off + n.size, index);
            return n.size;
        }
        const FieldInfo& f = s_.fields[n.field];
        if (n.kind == Kind::Quat) {
            const uint64_t raw = codec::u64(p_ + off);
            const codec::Quat q = codec::unpack_quat(raw);
            const char* what = f.name.c_str();
            if (q.pad_bits_set) report({FindingCode::QuatPadBits, uint16_t(off), 8, int64_t(raw >> 60 & 3), 0, 0, what});
            if (q.not_normalisable) report({FindingCode::QuatNotUnit, uint16_t(off), 8, 0, 0, 0, what});
            return n.size;
        }
        const bool integer = f.vclass == ValueClass::Uint || f.vclass == ValueClass::Int;
        if (!integer || (!sibling && !f.vals && !n.sets_base && !n.child_count)) return n.size;
        Item it;
        it.info = &f;
        it.offset = off;
        it.length = n.size;
        read(n, off, it);
        if (sibling) *sibling = it.vclass == ValueClass::Int ? it.i : int64_t(it.u);
        if (n.child_count == 0) {
            check_enum(it);
            return n.size;
        }
        for (uint32_t c = 0; c < n.child_count; ++c) {  // derived views of the same bytes
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.kind == Kind::Flag || !s_.fields[cn.field].vals) continue;
            Item ci;
            ci.info = &s_.fields[cn.field];
            ci.offset = off;
            ci.length = n.size;
            read(cn, off, ci);
            check_enum(ci);
        }
        return n.size;
    }

    // Children of a group read at their own offsets; children of an integer
    // (flags, derived views) read the parent's bytes.
    void walk_children(const Node& n, uint32_t off, int32_t index, const Item& parent) {
        if (n.kind == Kind::Group) {
            walk(n.first_child, n.child_count, off, off + n.size, index);
            return;
        }
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            Item it = base_item(&cn, off, n.size, index);
            if (cn.kind == Kind::Flag) {
                it.u = (parent.u & cn.bitmask) != 0;
            } else {
                read(cn, off, it);
            }
            v_.leaf(it);
            check_enum(it);
        }
    }

    void summarise(const Node& n, uint32_t off, Item& it) {
        if (n.child_count < 2 || n.child_count > 4) return;
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.child_count || value_class(cn.kind, cn.aux) == ValueClass::None) return;
            Item tmp{};
            read(cn, off + cn.offset, tmp);
            it.vals[c] = tmp.vclass == ValueClass::Int ? double(tmp.i)
                       : tmp.vclass == ValueClass::Uint ? double(tmp.u) : tmp.d;
        }
        it.nvals = uint8_t(n.child_count);
    }

    // Reads the value of a scalar node at `off` (the node's own offset).
    void read(const Node& n, uint32_t off, Item& it) {
        const uint8_t* q = p_ + off;
        it.vclass = value_class(n.kind, n.aux);
        switch (n.kind) {
        case Kind::U8: it.u = *q; break;
        case Kind::U16: it.u = codec::u16(q); break;
        case Kind::U32: it.u = codec::u32(q); break;
        case Kind::U64: it.u = codec::u64(q); break;
        case Kind::I8: it.i = int8_t(*q); break;
        case Kind::I32:
            it.i = codec::i32(q);
            if (n.sets_base) base_[n.aux % 3] = int32_t(it.i);
            break;
        case Kind::F32: it.d = codec::f32(q); break;
        case Kind::PackN: it.d = codec::packn(codec::i16(q)) * n.scale; break;
        case Kind::PackU: it.d = codec::packu(codec::u16(q)) * n.scale; break;
        case Kind::ChunkAbs: it.i = int64_t(base_[n.aux % 3]) + int8_t(*q); break;
        case Kind::BlockPos: {
            const uint16_t idx = codec::u16(q);
            it.u = n.aux == 0 ? idx % 16 : n.aux == 1 ? idx / 16 % 16 : idx / 256;
            break;
        }
        case Kind::Face: it.u = *q / 4u; break;
        case Kind::Turn: it.u = *q % 4u; break;
        case Kind::AckHist: it.u = codec::u32(q); break;
        case Kind::Quat: it.u = codec::u64(q); break;
        default: break;
        }
    }

    uint32_t quat(const Node& n, uint32_t off, Item& it) {
        const codec::Quat q = codec::unpack_quat(it.u);
        it.nvals = 4;
        it.vals[0] = q.c[3];
        it.vals[1] = q.c[0];
        it.vals[2] = q.c[1];
        it.vals[3] = q.c[2];
        v_.open(it);
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            Item ci = base_item(&cn, off, n.size, it.index);
            if (cn.aux == 4) {
                ci.u = q.largest;
            } else {
                ci.d = q.c[cn.aux & 3];
            }
            v_.leaf(ci);
        }
        v_.close();
        const char* what = it.info->name.c_str();
        if (q.pad_bits_set) report({FindingCode::QuatPadBits, uint16_t(off), 8, int64_t(it.u >> 60 & 3), 0, 0, what});
        if (q.not_normalisable) report({FindingCode::QuatNotUnit, uint16_t(off), 8, 0, 0, 0, what});
        return n.size;
    }

    // Older revisions: glm::quat as stored, 4 x f32 in x y z w order. Each
    // component leaf covers its own 4 bytes (child offset/size); the group
    // label lists w x y z like the packed form. No finding: any float is a
    // value the game could have sent.
    uint32_t quatf(const Node& n, uint32_t off, Item& it) {
        double c[4];
        for (int i = 0; i < 4; ++i) c[i] = codec::f32(p_ + off + 4 * i);
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
            ci.d = c[cn.aux & 3];  // QuatComp leaves w x y z (aux 0..3 = x y z w)
            v_.leaf(ci);
        }
        v_.close();
        return n.size;
    }

    // Bit i of the history acknowledges remote seq ack-1-i. Only the low
    // hist_bits_ bits name seqs the peer sent (SeqFrame::hist_bits): the
    // rest are counted, neither acked nor missing. Per-seq items are hidden
    // (filters such as blank.ack_hist.missing == 7 keep working); the
    // ranges are what is shown.
    uint32_t ack_hist(const Node& n, uint32_t off, Item& it) {
        v_.open(it);
        const Node* per_seq[2] = {nullptr, nullptr};
        const Node* ranges[2] = {nullptr, nullptr};
        const Node* before = nullptr;
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s_.nodes[n.first_child + c];
            if (cn.kind == Kind::AckSeq) per_seq[cn.aux ? 1 : 0] = &cn;
            else if (cn.kind == Kind::AckRanges) ranges[cn.aux ? 1 : 0] = &cn;
            else if (cn.kind == Kind::AckBefore) before = &cn;
        }
        const uint32_t bits = hist_bits_ < 32 ? hist_bits_ : 32;
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
                const uint16_t first = uint16_t(sum_.ack - 1 - bit), last = uint16_t(sum_.ack - 1 - low);
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
            ci.u = uint16_t(sum_.ack - 1 - bit);
            ci.hidden = true;
            v_.leaf(ci);
        }
        v_.close();
        return n.size;
    }

    // "a-b" or "a", comma-separated; NUL-terminated (a generated string).
    static size_t append_range(char* buf, size_t cap, size_t len, uint16_t first, uint16_t last) {
        char tmp[16];
        char* p = tmp;
        if (len) {
            *p++ = ',';
            *p++ = ' ';
        }
        p = std::to_chars(p, tmp + sizeof tmp, first).ptr;
        if (last != first) {
            *p++ = '-';
            p = std::to_chars(p, tmp + sizeof tmp, last).ptr;
        }
        const size_t n = size_t(p - tmp);
        if (len + n + 1 > cap) return len;
        std::memcpy(buf + len, tmp, n);
        buf[len + n] = '\0';
        return len + n;
    }

    uint32_t array(const Node& n, uint32_t off, uint32_t limit, int64_t declared) {
        const LengthSpec& r = sum_.ptype->length;
        const uint32_t room = limit > off ? (limit - off) / n.size : 0;
        const uint16_t at = uint16_t(off >= 4 ? off - 4 : off);  // the count precedes the entries
        if (declared < r.count_min || declared > r.count_max)
            report({FindingCode::CountRange, at, 4, declared, r.count_min, r.count_max, "Count"});
        if (declared != int64_t(room) && (limit - off) % n.size == 0) {
            report({FindingCode::CountMismatch, at, 4, declared, room, 0, "Count"});
            count_reported_ = true;
        }
        const uint32_t entries = declared < 0 ? 0 : uint32_t(declared) < room ? uint32_t(declared) : room;
        for (uint32_t e = 0; e < entries; ++e) {
            const uint32_t at_e = off + e * n.size;
            if constexpr (kQuiet) {
                walk(n.first_child, n.child_count, at_e, at_e + n.size, int32_t(e));
                continue;
            }
            Item it = base_item(&n, at_e, n.size, int32_t(e));
            v_.open(it);
            walk(n.first_child, n.child_count, at_e, at_e + n.size, int32_t(e));
            v_.close();
        }
        return entries * n.size;
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
            report({FindingCode::StringUnterminated, uint16_t(off), uint16_t(region), region, n.size, 0, what});
        const size_t bad = utf8_invalid_at(text);
        if (bad != std::string_view::npos)
            report({FindingCode::StringNotUtf8, uint16_t(off + bad), 1, int64_t(bad), 0, 0, what});
        return region;
    }

    uint32_t bytes(const Node& n, uint32_t off, uint32_t limit, int32_t index, const int64_t* declared) {
        uint32_t len = n.size ? n.size : limit - off;
        if (off + len > limit) len = limit - off;
        if (!kQuiet || (kSummary && n.summary)) {
            Item it = base_item(&n, off, len, index);
            it.s = std::string_view(reinterpret_cast<const char*>(p_ + off), len);
            v_.leaf(it);
        }
        if (declared && *declared != int64_t(len))
            report({FindingCode::PieceSizeMismatch, uint16_t(off - 4), 4, *declared, len});
        return len;
    }

    void check_enum(const Item& it) {
        const ValueString* vs = it.info->vals;
        if (!vs || it.info->id == s_.f_type || it.vclass != ValueClass::Uint) return;
        for (; vs->text; ++vs)
            if (vs->value == it.u) return;
        report({FindingCode::UnknownValue, uint16_t(it.offset), uint16_t(it.length), int64_t(it.u), 0, 0,
                it.info->name.c_str()});
    }

    const Schema& s_;
    const uint8_t* p_;
    uint32_t len_;
    V& v_;
    uint8_t hist_bits_;
    // The ranges' text: a visitor may hold an item until the next one.
    char ranges_text_[2][200];
    PacketSummary sum_;
    int32_t base_[3] = {0, 0, 0};
    bool count_reported_ = false;
};

}  // namespace detail

// `hist_bits`: how many low bits of the ack history name seqs the peer
// sent (SeqFrame::hist_bits, from the analysis; 32 without one).
template <class V>
PacketSummary decode(const Schema& s, const uint8_t* p, size_t len, V& visitor, uint8_t hist_bits = 32) {
    const uint32_t n = len > 0xFFFF ? 0xFFFF : uint32_t(len);  // UDP cannot carry more
    return detail::Decoder<V>(s, p, n, visitor, hist_bits).run();
}

// A visitor that ignores everything: decode() then just validates.
struct NullVisitor {
    void open(const Item&) {}
    void leaf(const Item&) {}
    void close() {}
    void finding(const Finding&) {}
};

}  // namespace blank
