// Compiles a Version's rows into a Schema (schema.hpp).
#include "schema.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "codecs.hpp"

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

namespace core {

ValueClass value_class(Kind kind, uint8_t axis) {
    switch (kind) {
    case Kind::Group: case Kind::Array: case Kind::Switch: case Kind::Type:
    case Kind::Quat: case Kind::QuatF: case Kind::Position: return ValueClass::None;
    case Kind::U8: case Kind::U16: case Kind::U24: case Kind::U32: case Kind::U64: case Kind::AckHist:
    case Kind::AckSeq: case Kind::BlockPos: case Kind::Face: case Kind::Turn: case Kind::AckBefore:
    case Kind::FrameNum: case Kind::Bits: case Kind::Ipv4: return ValueClass::Uint;
    case Kind::AckRanges: return ValueClass::String;
    case Kind::I8: case Kind::I16: case Kind::I32: case Kind::I64: case Kind::VarInt: case Kind::VarLong:
    case Kind::ZigZag32: case Kind::ZigZag64: case Kind::Sum: case Kind::PosComp: return ValueClass::Int;
    case Kind::Measure: case Kind::Fixed: case Kind::F64: case Kind::PackN: case Kind::PackU:
        return ValueClass::Double;
    case Kind::F32: return ValueClass::Float;
    case Kind::QuatComp: return axis == 4 ? ValueClass::Uint : ValueClass::Double;
    case Kind::Flag: case Kind::Bool: case Kind::Option: return ValueClass::Bool;
    case Kind::String: case Kind::Text: return ValueClass::String;
    case Kind::Bytes: return ValueClass::Bytes;
    case Kind::Uuid: return ValueClass::Uuid;
    }
    return ValueClass::None;
}

uint8_t value_bits(Kind kind, uint8_t axis) {
    switch (kind) {
    case Kind::U8: case Kind::I8: case Kind::Face: case Kind::Turn: case Kind::AckBefore: return 8;
    case Kind::U16: case Kind::I16: case Kind::AckSeq: case Kind::BlockPos: return 16;
    case Kind::U24: return 24;
    case Kind::U64: case Kind::I64: case Kind::VarLong: case Kind::ZigZag64: case Kind::Position: return 64;
    case Kind::QuatComp: return axis == 4 ? 8 : 0;
    case Kind::U32: case Kind::I32: case Kind::VarInt: case Kind::ZigZag32: case Kind::AckHist: case Kind::FrameNum: case Kind::Sum:
    case Kind::PosComp: case Kind::Ipv4: return 32;
    default: return 0;
    }
}

namespace {

// A string that lives as long as the program (a row's key made at compile time).
const char* kept(const std::string& s) {
    static std::mutex lock;
    static std::set<std::string>& all = *new std::set<std::string>;
    std::lock_guard<std::mutex> g(lock);
    return all.insert(s).first->c_str();
}

// Whether a field may take a filter name that already has type `known`:
// flags and bits by their bit (their width is their parent's, set after
// their first use); integers whatever their width and sign (a count that
// is a byte in one release and a VarInt in the next keeps its name,
// registered as wide as both need: widest_of()); the rest by class and
// width.
bool fits(const FieldType& known, const FieldType& t, Kind kind) {
    if (is_flag(kind)) return known.vclass == t.vclass && known.bitmask == t.bitmask;
    if (is_integer(known.vclass) && is_integer(t.vclass)) return known.bitmask == t.bitmask;
    return known.vclass == t.vclass && known.bits == t.bits;
}

// Kinds whose rows below are values of their own (a new scope at decode time).
bool opens_scope(Kind k) {
    return k == Kind::Group || k == Kind::Array || k == Kind::Switch || k == Kind::Option || k == Kind::Type ||
           k == Kind::Bytes || k == Kind::Text;  // bytes or text with rows: a region of its own
}

class Compiler {
public:
    Compiler(Schema& s, const SchemaSpec& spec) : s_(s), spec_(spec) {}

    // Compiles `layout` as one scope: its nodes contiguous, then their
    // descendants. Returns the first node.
    uint32_t scope(const Layout& layout, const std::string& prefix, double scale, const char* unit,
                   bool repeated) {
        Frame frame{&layout, 0, stack_};
        stack_ = &frame;
        const uint32_t first = uint32_t(s_.nodes.size());
        s_.nodes.resize(first + layout.count);
        for (size_t i = 0; i < layout.count; ++i) {
            frame.at = i;
            s_.nodes[first + i] = row(layout.fields[i], prefix, scale, unit, repeated, first);
        }
        frame.first = first;
        stack_ = frame.up;
        return first;
    }

    // The message type's own filter: a group without rows, named after the
    // message, under its table's prefix.
    uint32_t message_filter(const MessageType& m, const std::string& table_prefix) {
        const Field row{kept(message_filter_key(m)), m.name, Kind::Group, kFollows, 0, 0, nullptr,
                        "a message of this type (the filter matches every one)"};
        return scope(Layout{&row, 1}, table_prefix, 0, nullptr, false);
    }

    uint32_t named_type(const TypeDef* t, uint32_t& count) {
        auto it = types_.find(t);
        if (it != types_.end()) {
            count = it->second.count;
            return it->second.first;
        }
        // Registered before its rows, so a recursive reference finds it. A
        // type is compiled outside any scope: its rows see only each other.
        Frame* saved = stack_;
        stack_ = nullptr;
        const uint32_t first = uint32_t(s_.nodes.size());
        types_[t] = {first, uint32_t(t->layout.count)};
        const uint32_t got = scope(t->layout, std::string(spec_.prefix) + "." + t->name, 0, nullptr, true);
        if (got != first) throw std::logic_error("schema: type compiled out of place");
        stack_ = saved;
        count = uint32_t(t->layout.count);
        return first;
    }

    // The name a field takes where its own has another type: "<name>_<type>",
    // a flag's type being its bit mask ("unused_fe"), an integer's "int"
    // whatever its width and sign (1.8's byte deltas beside 1.9's fixed
    // point: dx_int), an array's "array" (1.17's chunk mask of longs beside
    // the integer of before: bit_mask_array), a named type's last word.
    static std::string renamed(const std::string& abbrev, Kind kind, uint64_t bitmask, const TypeDef* type) {
        if (type) return abbrev + "_" + type_suffix(type->name);
        if (!is_flag(kind)) return abbrev + "_" + (is_integer(value_class(kind, 0)) ? "int" : kind_suffix(kind));
        char hex[24];
        std::snprintf(hex, sizeof hex, "_%llx", static_cast<unsigned long long>(bitmask));
        return abbrev + hex;
    }

    static const char* kind_suffix(Kind k) {
        switch (k) {
        case Kind::F32: return "f32";
        case Kind::F64: return "f64";
        case Kind::Bool: return "bool";
        case Kind::Text: return "text";
        case Kind::Bytes: return "bytes";
        case Kind::Uuid: return "uuid";
        case Kind::Position: return "position";
        case Kind::Array: return "array";
        case Kind::Group: return "group";
        default: return "other";
        }
    }

    // A named type's use takes the type's last word: "anonymous_nbt" -> "nbt"
    // (1.20.3's text components beside the text of before), "slot".
    static std::string type_suffix(const char* name) {
        const char* last = name;
        for (const char* p = name; *p; ++p)
            if (*p == '_' || *p == '.') last = p + 1;
        return *last ? last : name;
    }

    FieldId intern(const std::string& abbrev, const std::string& name, Kind kind, uint8_t axis, Display display,
                   double scale, const char* unit, const char* desc, const ValueString* vals, uint64_t bitmask,
                   bool repeated, const TypeDef* named = nullptr) {
        ValueClass vc = value_class(kind, axis);
        // A VarInt shown in hex is a pattern of bits (ids, masks): unsigned.
        if ((kind == Kind::VarInt || kind == Kind::VarLong) && display == Display::Hex) vc = ValueClass::Uint;
        const FieldType type{vc, value_bits(kind, axis), bitmask};
        auto it = ids_.find(abbrev);
        if (it == ids_.end() && spec_.across) {
            auto a = spec_.across->find(abbrev);
            if (a != spec_.across->end() && !fits(a->second, type, kind))
                return intern(renamed(abbrev, kind, bitmask, named), name, kind, axis, display, scale, unit, desc, vals,
                              bitmask, repeated, named);
        }
        if (it != ids_.end()) {
            FieldInfo& known = s_.fields[it->second];
            // One abbreviation, one meaning: the same filter must not change type.
            if (!fits(FieldType{known.vclass, known.bits, known.bitmask}, type, kind)) {
                if (!spec_.generated)
                    throw std::logic_error(std::string(spec_.prefix) + " schema: " + abbrev +
                                           " redefined with another type");
                return intern(renamed(abbrev, kind, bitmask, named), name, kind, axis, display, scale, unit, desc, vals,
                              bitmask, repeated, named);
            }
            known.repeated |= repeated;
            if (!is_flag(kind)) {  // registered as wide as every use needs
                const FieldType w = widest_of(FieldType{known.vclass, known.bits, known.bitmask}, type);
                known.vclass = w.vclass;
                known.bits = w.bits;
            }
            return it->second;
        }
        FieldInfo fi;
        fi.id = FieldId(s_.fields.size());
        fi.abbrev = abbrev;
        fi.name = name;
        fi.kind = kind;
        fi.vclass = vc;
        fi.bits = value_bits(kind, axis);
        fi.display = display;
        fi.scale = scale;
        fi.unit = unit;
        fi.desc = desc;
        fi.vals = vals;
        fi.bitmask = bitmask;
        fi.generated = is_generated(kind);
        fi.repeated = repeated;
        s_.fields.push_back(std::move(fi));
        ids_.emplace(abbrev, s_.fields.back().id);
        return s_.fields.back().id;
    }

private:
    struct Frame {
        const Layout* layout;
        size_t at;       // the row being compiled
        Frame* up;
        uint32_t first = 0;  // set once the scope's nodes exist (while compiling: use `pending`)
        // The scope slot of each row later rows refer to (0xFF: none yet),
        // numbered in the order they are first referred to: a scope of many
        // rows (a Bedrock Start Game has 83) keeps only those.
        std::vector<uint8_t> slots = std::vector<uint8_t>(layout ? layout->count : 0, 0xFF);
        uint8_t next_slot = 0;
    };

    Node row(const Field& f, const std::string& prefix, double scale, const char* unit, bool repeated,
             uint32_t scope_first) {
        stack_->first = scope_first;
        const std::string abbrev = prefix + "." + f.key;
        const double node_scale = f.scale != 0 ? f.scale : (scale != 0 ? scale : 1);
        const char* node_unit = f.unit ? f.unit : unit;
        const bool in_array = repeated || f.kind == Kind::Array;
        Node n{};
        n.key = f.key;
        n.kind = f.kind;
        n.wire = f.kind == Kind::Fixed ? f.wire : f.count.prefix;
        n.order = f.order != ByteOrder::Default ? f.order : spec_.order;
        n.encoding = f.encoding;
        n.variant = f.variant;
        n.count_from = f.count.from;
        n.axis = f.axis;
        n.sentinel = f.count.sentinel;
        n.bias = f.count.bias;
    n.unit = f.count.unit ? f.count.unit : 1;
        n.save = f.save;
        n.summary = f.summary;
        n.acked = f.acked;
        n.fills_rest = f.count.fills_rest;
        n.sequential = f.offset == kFollows;
        n.offset = n.sequential ? 0 : f.offset;
        n.size = f.size ? f.size : codecs::width(f.kind);
    if (f.kind == Kind::Fixed && !f.size) n.size = codecs::width(f.wire);
        n.count_min = f.count.min;
        n.count_max = f.count.max;
        n.count_bits = f.count.in_bits;
        n.reserve = f.count.reserve;
        if (f.count.open) {
            if (f.count.from != CountFrom::Rest || !stack_)
                throw std::logic_error(abbrev + ": an open length is the rest of a scope");
            n.reserve = fixed_after(*stack_->layout, stack_->at, abbrev);
        }
        n.scale = node_scale;
        n.decimals = -1;
        if (f.kind == Kind::Fixed || f.kind == Kind::PackN || f.kind == Kind::PackU) {
            const double step = std::fabs(node_scale) / (f.kind == Kind::PackN ? 32767.0 : f.kind == Kind::PackU ? 65535.0 : 1.0);
            if (step > 0 && step < 1) {
                const double d = std::ceil(-std::log10(step) - 1e-9);
                if (d <= 15) n.decimals = int8_t(d);
            }
        }
        n.mask = f.mask;
        if (f.kind == Kind::Switch || (f.kind == Kind::Option && f.ref)) {
            n.field = kNoField;  // no item of its own: its rows show in its place
        } else if (f.kind == Kind::Type) {
            if (!f.type) throw std::logic_error(abbrev + ": Type without a type");
            // A named type's own rows carry its name; the row using it is a
            // group labelled with the use's name.
            n.field = intern(abbrev, f.name, Kind::Group, 0, f.display, node_scale, node_unit, f.desc, nullptr, 0,
                             in_array, f.type);
        } else {
            n.field = intern(abbrev, f.name, f.kind, f.axis, f.display, node_scale, node_unit, f.desc, f.vals,
                             f.kind == Kind::Flag || f.kind == Kind::Bits ? f.mask : 0, in_array);
        }
        if (f.ref) n.ref = resolve(f.ref, abbrev);
        if (f.count.ref2) n.ref2 = resolve(f.count.ref2, abbrev);
        if (f.kind == Kind::Bytes && f.ref && f.count.from == CountFrom::None) {
            // a declared length to check against
        } else if ((f.count.from == CountFrom::Field || f.count.from == CountFrom::Product ||
                    f.count.from == CountFrom::Popcount) && !f.ref) {
            throw std::logic_error(abbrev + ": count from a field without `ref`");
        }
        if ((f.kind == Kind::Switch || (f.kind == Kind::Option && f.mask)) && !f.ref &&
            !(f.kind == Kind::Switch && f.count.from == CountFrom::Sentinel))  // a switch on the text ahead
            throw std::logic_error(abbrev + ": switch without `ref`");
        if (f.kind == Kind::Sum && f.axis >= kMaxVars) throw std::logic_error(abbrev + ": variable out of range");
        if (f.save >= int8_t(kMaxVars)) throw std::logic_error(abbrev + ": save slot out of range");

        // Children: rows of a new scope (containers), or derived views of
        // the same bytes (flags, quaternion and position components, history
        // bits), which share the value's scope.
        // Arrays, switches and options are transparent for names: an entry's
        // fields are blank.entity.id, not blank.entities.entity.id; a slot's
        // item id is mcjava.slot.item_id, not mcjava.slot.present.item_id.
        const bool transparent = f.kind == Kind::Array || f.kind == Kind::Switch || f.kind == Kind::Option;
        const std::string child_prefix = transparent ? prefix : abbrev;
        if (f.kind == Kind::Type) {
            n.first_child = named_type(f.type, n.child_count);
        } else if (f.kind == Kind::Switch) {
            n.first_case = uint32_t(s_.cases.size());
            n.case_count = uint32_t(f.cases.count);
            s_.cases.resize(s_.cases.size() + f.cases.count);
            for (size_t c = 0; c < f.cases.count; ++c) {
                const Case& k = f.cases.cases[c];
                const uint32_t first = scope(k.layout, child_prefix, 0, nullptr, in_array);
                s_.cases[n.first_case + c] = CompiledCase{k.value, k.text, first, uint32_t(k.layout.count)};
            }
            n.first_child = scope(f.sub, child_prefix, 0, nullptr, in_array);
            n.child_count = uint32_t(f.sub.count);
        } else if (opens_scope(f.kind)) {
            n.first_child = scope(f.sub, child_prefix, f.kind == Kind::Group ? f.scale : 0,
                                  f.kind == Kind::Group ? node_unit : nullptr, in_array);
            n.child_count = uint32_t(f.sub.count);
        } else {
            Frame* saved = stack_;
            stack_ = nullptr;  // derived views refer to nothing
            n.first_child = scope(f.sub, abbrev, 0, nullptr, in_array);
            stack_ = saved;
            n.child_count = uint32_t(f.sub.count);
            // A flag's or bits' width is its parent's (Wireshark draws the bit pattern).
            for (size_t c = 0; c < f.sub.count; ++c)
                if (f.sub.fields[c].kind == Kind::Flag || f.sub.fields[c].kind == Kind::Bits)
                    s_.fields[s_.nodes[n.first_child + c].field].bits = value_bits(f.kind, f.axis);
            // A packed quaternion's components are read to the step of their 20 bits.
            if (f.kind == Kind::Quat)
                for (size_t c = 0; c < f.sub.count; ++c)
                    if (f.sub.fields[c].kind == Kind::QuatComp && f.sub.fields[c].axis < 4)
                        s_.nodes[n.first_child + c].decimals = int8_t(codecs::kQuatDecimals);
        }
        return n;
    }

    // Bytes the rows after row `at` of `layout` take, each of a fixed size
    // (an open length is what they leave of the region).
    static uint32_t fixed_after(const Layout& layout, size_t at, const std::string& who) {
        uint32_t sum = 0;
        for (size_t i = at + 1; i < layout.count; ++i) {
            const Field& g = layout.fields[i];
            uint32_t size = 0;
            if (g.offset == kFollows && g.count.from == CountFrom::None) {
                if (g.kind == Kind::Fixed) size = g.size ? g.size : codecs::width(g.wire);
                else if (g.kind == Kind::Bytes || g.kind == Kind::String || g.kind == Kind::Group)
                    size = g.size;
                else if (g.kind != Kind::Group && g.kind != Kind::Array && g.kind != Kind::Switch &&
                         g.kind != Kind::Option && g.kind != Kind::Type && g.kind != Kind::Text)
                    size = g.size ? g.size : codecs::width(g.kind);
            }
            if (!size)
                throw std::logic_error(who + ": open length followed by " + g.key + ", which has no fixed size");
            sum += size;
        }
        return sum;
    }

    // "key" searches the earlier rows of this scope, then of each enclosing
    // scope; "../key" starts one scope up; "$name" is a variable.
    Ref resolve(const char* path, const std::string& who) {
        Ref r;
        if (path[0] == '$') {
            const Version& v = *spec_.version;
            for (size_t i = 0; i < v.var_count; ++i)
                if (std::strcmp(v.vars[i], path + 1) == 0) {
                    r.where = Ref::Var;
                    r.index = uint8_t(i);
                    return r;
                }
            throw std::logic_error(who + ": unknown variable " + path);
        }
        uint8_t up = 0;
        Frame* f = stack_;
        while (std::strncmp(path, "../", 3) == 0) {
            path += 3;
            if (f) f = f->up;
            ++up;
        }
        for (; f; f = f->up, ++up) {
            for (size_t i = f->at; i-- > 0;) {  // earlier rows only: their values exist by then
                const Field& row = f->layout->fields[i];
                const bool named = std::strcmp(row.key, path) == 0;
                if (!named && row.kind != Kind::Switch && row.kind != Kind::Option) continue;
                // The rows referred to are numbered in order (Frame::slots).
                const bool fresh = f->slots[i] == 0xFF;
                const uint8_t slot = fresh ? f->next_slot : f->slots[i];
                if (slot >= kMaxScopeSlots) throw std::logic_error(who + ": refers past the scope's slots");
                Node& target = s_.nodes[f->first + i];
                if (named) {
                    if (target.result) throw std::logic_error(who + ": " + path + " is both a row and a result");
                    target.keep = true;
                } else if (lift_leaves(f->first + i, path, slot, 1, who)) {
                    target.result = true;  // a switch or option that gives `path`
                } else {
                    continue;
                }
                if (fresh) {
                    f->slots[i] = slot;
                    ++f->next_slot;
                }
                target.slot = slot;
                r.where = Ref::Scope;
                r.up = up;
                r.index = slot;
                return r;
            }
        }
        throw std::logic_error(who + ": refers to no earlier field " + path);
    }

    // The leaves named `key` below the switch or option `node` (through
    // switches and options only: an array's or group's fields are not its
    // value) write their value into slot `slot` of the node's scope,
    // `depth` scopes above their own. Whether there is one.
    bool lift_leaves(uint32_t node, const char* key, uint8_t slot, uint8_t depth, const std::string& who) {
        const Node& n = s_.nodes[node];
        bool found = false;
        const auto in = [&](uint32_t first, uint32_t count) {
            for (uint32_t c = 0; c < count; ++c) {
                Node& m = s_.nodes[first + c];
                if (m.kind == Kind::Switch || m.kind == Kind::Option) {
                    if (lift_leaves(first + c, key, slot, uint8_t(depth + 1), who)) found = true;
                } else if (m.key && std::strcmp(m.key, key) == 0) {
                    if (m.keep && (m.lift != depth || m.slot != slot))
                        throw std::logic_error(who + ": " + key + " is kept in two places");
                    m.keep = true;
                    m.lift = depth;
                    m.slot = slot;
                    found = true;
                }
            }
        };
        if (n.kind == Kind::Switch)
            for (uint32_t c = 0; c < n.case_count; ++c) in(s_.cases[n.first_case + c].first_child, s_.cases[n.first_case + c].child_count);
        in(n.first_child, n.child_count);
        return found;
    }

    Schema& s_;
    const SchemaSpec& spec_;
    Frame* stack_ = nullptr;
    std::map<std::string, FieldId> ids_;
    struct TypeSpan {
        uint32_t first, count;
    };
    std::map<const TypeDef*, TypeSpan> types_;
};

// Node::findable / has_summary of the nodes [first, first+count) and below.
void mark_quiet(Schema& s, uint32_t first, uint32_t count, std::vector<uint8_t>& seen) {
    for (uint32_t k = 0; k < count; ++k) {
        const uint32_t idx = first + k;
        if (seen[idx]) continue;
        seen[idx] = 1;
        const Node& n = s.nodes[idx];
        if (n.child_count) mark_quiet(s, n.first_child, n.child_count, seen);
        for (uint32_t c = 0; c < n.case_count; ++c) {
            const CompiledCase& cc = s.cases[n.first_case + c];
            mark_quiet(s, cc.first_child, cc.child_count, seen);
        }
    }
    for (uint32_t k = 0; k < count; ++k) {
        Node& n = s.nodes[first + k];
        bool f = n.keep || n.save >= 0, sum = n.summary;
        auto look = [&](uint32_t cf, uint32_t cc) {
            for (uint32_t c = 0; c < cc; ++c) {
                const Node& cn = s.nodes[cf + c];
                f |= cn.findable ||
                     (cn.kind != Kind::Flag && cn.field != kNoField && s.fields[cn.field].vals != nullptr);
                sum |= cn.has_summary;
            }
        };
        look(n.first_child, n.child_count);
        for (uint32_t c = 0; c < n.case_count; ++c) look(s.cases[n.first_case + c].first_child,
                                                         s.cases[n.first_case + c].child_count);
        switch (n.kind) {
        case Kind::Array: case Kind::String: case Kind::Text: case Kind::Bytes: case Kind::Quat: case Kind::Switch:
        case Kind::Option: case Kind::Type: case Kind::VarInt: case Kind::VarLong: case Kind::ZigZag32:
        case Kind::ZigZag64: case Kind::Bool: f = true; break;
        case Kind::AckHist: case Kind::QuatF: f = false; break;
        case Kind::Group: break;
        default: f |= s.fields[n.field].vals != nullptr;
        }
        n.findable = f;
        n.has_summary = sum;
    }
    uint32_t run = 0, run_cursor = 0, run_end = 0;
    for (uint32_t k = count; k-- > 0;) {
        Node& n = s.nodes[first + k];
        const bool container = n.kind == Kind::Array || n.kind == Kind::String || n.kind == Kind::Bytes ||
                               n.kind == Kind::Text;
        if (n.findable || n.has_summary || n.sequential || !n.size || container) {
            run = n.quiet_run = n.quiet_run_cursor = n.quiet_run_end = 0;
            continue;
        }
        if (run == 0) run_cursor = run_end = n.offset + n.size;  // the run's last row
        if (n.offset + n.size > run_end) run_end = n.offset + n.size;
        n.quiet_run = ++run;
        n.quiet_run_cursor = run_cursor;
        n.quiet_run_end = run_end;
    }
}

// Node::entry_size of arrays whose entries are numbers one after another.
void entry_sizes(Schema& s) {
    for (Node& n : s.nodes) {
        if (n.kind != Kind::Array || n.size || !n.child_count) continue;
        uint32_t size = 0;
        for (uint32_t c = 0; c < n.child_count && size != ~0u; ++c) {
            const Node& cn = s.nodes[n.first_child + c];
            const bool scalar = cn.sequential && cn.size && codecs::width(cn.kind == Kind::Fixed ? cn.wire : cn.kind);
            size = scalar ? size + cn.size : ~0u;
        }
        n.entry_size = size == ~0u ? 0 : size;
    }
}

bool fixed_layout(const Schema& s, uint32_t first, uint32_t count, uint32_t& size) {
    size = 0;
    for (uint32_t k = 0; k < count; ++k) {
        const Node& n = s.nodes[first + k];
        if (n.sequential || n.size == 0) return false;
        if (n.offset + n.size > size) size = n.offset + n.size;
    }
    return true;
}

}  // namespace

std::string message_filter_key(const MessageType& m) {
    if (m.key) return m.key;
    std::string k;
    for (const char* p = m.name; *p; ++p) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (std::isupper(c)) {
            if (!k.empty() && k.back() != '_') k += '_';
            k += char(std::tolower(c));
        } else if (std::isalnum(c)) {
            k += char(c);
        } else if (!k.empty() && k.back() != '_') {
            k += '_';
        }
    }
    while (!k.empty() && k.back() == '_') k.pop_back();
    return k;
}

Schema compile(const SchemaSpec& spec) {
    Schema s;
    s.spec = spec;
    s.version = spec.version;
    const Version& v = *spec.version;
    Compiler c(s, spec);
    const std::string prefix = spec.prefix;
    s.header_first = c.scope(v.header, prefix, 0, nullptr, false);
    s.header_count = uint32_t(v.header.count);
    if (!fixed_layout(s, s.header_first, s.header_count, s.header_fixed)) s.header_fixed = 0;
    bool found = false;
    for (uint32_t k = 0; k < s.header_count; ++k)
        if (v.id_field && std::strcmp(v.header.fields[k].key, v.id_field) == 0) {
            s.id_node = s.header_first + k;
            found = true;
        }
    if (!found) throw std::logic_error(prefix + " schema: no header field " + (v.id_field ? v.id_field : "(null)"));

    s.tables.resize(v.table_count);
    for (size_t t = 0; t < v.table_count; ++t) {
        const MessageTable& mt = v.tables[t];
        CompiledTable& ct = s.tables[t];
        ct.table = &mt;
        uint32_t max_id = 0;
        for (size_t i = 0; i < mt.count; ++i) max_id = mt.types[i].id > max_id ? mt.types[i].id : max_id;
        ct.by_id.resize(mt.count ? max_id + 1 : 0);
        const std::string table_prefix = mt.key ? prefix + "." + mt.key : prefix;
        for (size_t i = 0; i < mt.count; ++i) {
            const MessageType& m = mt.types[i];
            if (ct.by_id[m.id].type) throw std::logic_error(table_prefix + ": two messages with one id");
            const std::string type_prefix = m.key ? table_prefix + "." + m.key : table_prefix;
            ct.by_id[m.id] = CompiledType{&m, c.scope(m.payload, type_prefix, 0, nullptr, false),
                                          uint32_t(m.payload.count)};
            ct.by_id[m.id].filter_node = c.message_filter(m, table_prefix);
            ct.names.push_back({m.id, m.name});
        }
        ct.names.push_back({0, nullptr});
    }
    // Fields outside the tables that every front end shows the same way.
    static const Field kExtra[] = {
        {"trailing", "Trailing bytes", Kind::Bytes, 0, 0, 1, nullptr, "bytes after the last field of the message"},
        {"payload", "Payload", Kind::Bytes, 0, 0, 1, nullptr, "payload of a message of unknown type"},
    };
    s.extra_first = c.scope(Layout{kExtra, 2}, prefix, 0, nullptr, false);
    s.f_trailing = s.nodes[s.extra_first].field;
    s.f_payload = s.nodes[s.extra_first + 1].field;
    s.analysis_first = c.scope(spec.analysis, prefix, 0, nullptr, false);
    s.analysis_count = uint32_t(spec.analysis.count);
    // One table: the id field names its messages (blank.type).
    if (s.tables.size() == 1 && !v.id_mask) s.fields[s.nodes[s.id_node].field].vals = s.tables[0].names.data();

    for (size_t i = 0; i < v.expect_count; ++i) {
        const Expect& e = v.expects[i];
        bool ok = false;
        for (uint32_t k = 0; k < s.header_count; ++k)
            if (std::strcmp(v.header.fields[k].key, e.key) == 0) {
                s.expects.push_back({s.header_first + k, e.value, e.code, true});
                ok = true;
            }
        if (!ok) throw std::logic_error(prefix + " schema: expectation on no header field " + e.key);
        s.expects.back().spoils_header = e.spoils_header;
    }

    entry_sizes(s);
    std::vector<uint8_t> seen(s.nodes.size(), 0);
    mark_quiet(s, s.header_first, s.header_count, seen);
    for (const CompiledTable& t : s.tables)
        for (const CompiledType& ct : t.by_id)
            if (ct.type) mark_quiet(s, ct.root_first, ct.root_count, seen);
    return s;
}

const FieldInfo* Schema::find(std::string_view abbrev) const {
    for (const FieldInfo& f : fields)
        if (f.abbrev == abbrev) return &f;
    return nullptr;
}

const Node* Schema::node(std::string_view abbrev) const {
    for (const Node& n : nodes)
        if (n.field != kNoField && fields[n.field].abbrev == abbrev) return &n;  // switches have no field
    return nullptr;
}

FieldId Schema::id(std::string_view abbrev) const {
    const FieldInfo* f = find(abbrev);
    if (!f) throw std::logic_error(std::string("schema: missing ") + std::string(abbrev));
    return f->id;
}

const Schema& compile_once(const Version* version, SchemaSpec (*spec)(const Version*)) {
    // The thread's last answer, without the lock: a connection asks for its
    // version's schema for every packet.
    thread_local const Version* last = nullptr;
    thread_local const Schema* last_schema = nullptr;
    if (version == last) return *last_schema;
    static std::mutex m;
    static std::map<const Version*, std::unique_ptr<const Schema>> compiled;
    std::lock_guard<std::mutex> lock(m);
    auto it = compiled.find(version);
    if (it == compiled.end()) it = compiled.emplace(version, std::make_unique<const Schema>(compile(spec(version)))).first;
    last = version;
    last_schema = it->second.get();
    return *it->second;
}

}  // namespace core
