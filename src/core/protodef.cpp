#include "protodef.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <set>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <unordered_set>

namespace core::protodef {
namespace {

using namespace describe;

// Strings and value tables rows point to: kept for the process's life, each
// distinct string once.
struct Store {
    std::mutex m;
    std::unordered_set<std::string> strings;
    std::deque<std::vector<ValueString>> values;
};

Store& store() {
    static Store& s = *new Store;  // never destroyed: rows point into it until exit
    return s;
}

// ProtoDef's numbers: big-endian, their little-endian twins ("li32"), and
// its LEB128 integers (varint64 is unsigned; zigzag32/64 are protobuf's
// signed sint32/sint64). varint128 (Bedrock's input flags from 1.21.50) is
// read as a 64-bit LEB128: a value past 64 bits (a flag above bit 63 set)
// is a VarInt longer than its maximum, shown malformed, never misread.
bool leaf_kind(const std::string& t, Kind& k, ByteOrder* order = nullptr) {
    static const std::map<std::string, Kind> kinds = {
        {"u8", Kind::U8},   {"i8", Kind::I8},   {"u16", Kind::U16},         {"i16", Kind::I16},
        {"u32", Kind::U32}, {"i32", Kind::I32}, {"u64", Kind::U64},         {"i64", Kind::I64},
        {"f32", Kind::F32}, {"f64", Kind::F64}, {"bool", Kind::Bool},       {"varint", Kind::VarInt},
        {"varlong", Kind::VarLong},             {"UUID", Kind::Uuid},       {"varint64", Kind::VarLong},
        {"zigzag32", Kind::ZigZag32},           {"zigzag64", Kind::ZigZag64}, {"varint128", Kind::VarLong},
    };
    static const std::map<std::string, Kind> little = {
        {"lu16", Kind::U16}, {"li16", Kind::I16}, {"lu32", Kind::U32}, {"li32", Kind::I32},
        {"lu64", Kind::U64}, {"li64", Kind::I64}, {"lf32", Kind::F32}, {"lf64", Kind::F64},
    };
    if (auto it = little.find(t); it != little.end()) {
        k = it->second;
        if (order) *order = ByteOrder::Little;
        return true;
    }
    auto it = kinds.find(t);
    if (it == kinds.end()) return false;
    k = it->second;
    if (order) *order = ByteOrder::Default;
    return true;
}

// A row for a number of ProtoDef type `t` (already known to be one).
F number(const char* key, const char* name, const std::string& t) {
    Kind k;
    ByteOrder o = ByteOrder::Default;
    leaf_kind(t, k, &o);
    F r = leaf(key, name, k);
    r.f.order = o;
    return r;
}

bool parse_int(const std::string& s, int64_t& v) {
    if (s.empty()) return false;
    try {
        size_t used = 0;
        v = std::stoll(s, &used, 0);  // "0x1f", "-1", "12"
        return used == s.size();
    } catch (const std::exception&) {
        return false;
    }
}

bool is_container(const Json& t) { return t.is_array() && !t.empty() && t[0] == "container"; }

// A bitfield's parts, first in the stream first: name and mask within
// `total` bits.
std::vector<std::pair<std::string, uint64_t>> bitfield_parts(const Json& parts, uint32_t& total) {
    total = 0;
    for (const Json& p : parts) total += p.at("size").get<uint32_t>();
    std::vector<std::pair<std::string, uint64_t>> out;
    uint32_t shift = total;
    for (const Json& p : parts) {
        const uint32_t size = p.at("size").get<uint32_t>();
        shift -= size;
        out.emplace_back(p.at("name").get<std::string>(),
                         (size >= 64 ? ~uint64_t(0) : ((uint64_t(1) << size) - 1)) << shift);
    }
    return out;
}

// Strips a compareTo path's "../" steps (kept in `steps`); how many.
size_t strip_steps(std::string& path, std::string* steps) {
    size_t up = 0;
    while (path.rfind("../", 0) == 0) {
        path = path.substr(3);
        if (steps) *steps += "../";
        ++up;
    }
    return up;
}

// Whether a definition refers to a parameter ("$compareTo") anywhere.
bool parametrised(const Json& t) {
    if (t.is_string()) return t.get_ref<const std::string&>().rfind('$', 0) == 0;
    if (t.is_array() || t.is_object())
        for (const Json& v : t)
            if (parametrised(v)) return true;
    return false;
}

}  // namespace

struct Translator::Scope {
    struct Bit {
        std::string key;  // the bitfield's row
        uint64_t mask;
        uint32_t shift;
    };
    std::map<std::string, const Json*> fields;  // ProtoDef name -> type, in this container
    std::map<std::string, Bit> bits;            // "flags/x", or "x" of an anonymous bitfield
    std::set<std::string> keys;                 // every named field's key (before any is translated)
};

Translator::Translator(Types types, Native native) : types_(std::move(types)), native_(std::move(native)) {}
Translator::~Translator() = default;

const char* Translator::keep(const std::string& s) {
    Store& st = store();
    std::lock_guard<std::mutex> lock(st.m);
    return st.strings.insert(s).first->c_str();
}

const char* Translator::key_of(const std::string& name) {
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (std::isupper(static_cast<unsigned char>(c))) {
            const bool after_lower = i > 0 && (std::islower(static_cast<unsigned char>(name[i - 1])) ||
                                               std::isdigit(static_cast<unsigned char>(name[i - 1])));
            const bool before_lower = i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1])) &&
                                      i > 0 && std::isupper(static_cast<unsigned char>(name[i - 1]));
            if (!out.empty() && out.back() != '_' && (after_lower || before_lower)) out += '_';
            out += char(std::tolower(static_cast<unsigned char>(c)));
        } else if (std::isalnum(static_cast<unsigned char>(c))) {
            out += c;
        } else if (!out.empty() && out.back() != '_') {
            out += '_';
        }
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    if (out.empty()) out = "value";
    return keep(out);
}

const char* Translator::title_of(const std::string& name) {
    std::string k = key_of(name), out;
    bool start = true;
    for (char c : k) {
        if (c == '_') {
            out += ' ';
            start = true;
            continue;
        }
        out += start ? char(std::toupper(static_cast<unsigned char>(c))) : c;
        start = false;
    }
    return keep(out);
}

const Json& Translator::bound(const Json& value) const {
    if (!value.is_string()) return value;
    const std::string& s = value.get_ref<const std::string&>();
    if (s.empty() || s[0] != '$') return value;
    for (auto it = params_.rbegin(); it != params_.rend(); ++it) {
        auto p = it->find(s.substr(1));
        if (p != it->end()) return *p->second;
    }
    throw std::logic_error("protodef: unbound parameter " + s);
}

const Json& Translator::resolved(const Json& type) const {
    const Json* t = &bound(type);
    for (int hops = 0; t->is_string() && hops < 16; ++hops) {
        const Json* def = types_(t->get<std::string>());
        if (!def || *def == "native") break;
        t = def;
    }
    return *t;
}

Rows Translator::rows(const Json& type) {
    const Json* t = &resolved(type);  // an alias of a container
    Rows out;
    if (is_container(*t))
        container((*t)[1], out);
    else
        field(*t, "", out);
    return out;
}

void Translator::container(const Json& fields, Rows& out) {
    scopes_.push_back({});
    for (const Json& f : fields)
        if (!f.value("anon", false) && f.contains("name")) scopes_.back().keys.insert(key_of(f.at("name").get<std::string>()));
    for (const Json& f : fields) {
        const Json& type = f.at("type");
        const bool anon = f.value("anon", false) || !f.contains("name");
        const std::string name = anon ? std::string() : f.at("name").get<std::string>();
        field(type, name, out);
        if (!anon) scopes_.back().fields[name] = &type;
        note_bits(type, name);
    }
    scopes_.pop_back();
}

void Translator::note_bits(const Json& type, const std::string& name) {
    const Json* t = &resolved(type);
    if (!t->is_array() || t->size() < 2) return;
    const std::string key = name.empty() ? "bits" : key_of(name);
    auto note = [&](const std::string& part, uint64_t mask) {
        const uint32_t shift = mask ? uint32_t(__builtin_ctzll(mask)) : 0;
        scopes_.back().bits[name.empty() ? part : name + "/" + part] = Scope::Bit{key, mask, shift};
    };
    if ((*t)[0] == "bitflags") {
        const Json& flags = (*t)[1].at("flags");
        if (flags.is_array()) {
            for (size_t i = 0; i < flags.size() && i < 64; ++i)
                if (flags[i].is_string()) note(flags[i].get<std::string>(), uint64_t(1) << i);
        } else {
            for (auto it = flags.begin(); it != flags.end(); ++it) note(it.key(), it.value().get<uint64_t>());
        }
        return;
    }
    if ((*t)[0] != "bitfield") return;
    uint32_t total;
    for (const auto& [part, mask] : bitfield_parts((*t)[1], total)) note(part, mask);
}

bool Translator::bit_of(const std::string& compare_to, std::string& ref, uint64_t& mask, uint32_t& shift) const {
    std::string path = compare_to, up_path;
    const size_t up = strip_steps(path, &up_path);
    // minecraft-data's Bedrock names a flag of a bitflags field "field.flag"
    // (node-protodef evaluates compareTo as a JavaScript expression).
    if (path.find('/') == std::string::npos && path.find_first_of(" |&") == std::string::npos)
        std::replace(path.begin(), path.end(), '.', '/');
    for (size_t s = scopes_.size() > up ? scopes_.size() - up : 0; s-- > 0;) {
        auto it = scopes_[s].bits.find(path);
        if (it == scopes_[s].bits.end()) continue;
        ref = up_path + it->second.key;
        mask = it->second.mask;
        shift = it->second.shift;
        return true;
    }
    return false;
}

std::string Translator::describe_type(const Json& type) const {
    const Json& t = bound(type);
    if (t.is_string()) return t.get<std::string>();
    const std::string head = t[0].get<std::string>();
    if (t.size() < 2) return head;
    const Json& a = t[1];
    if (head == "option") return "optional_" + describe_type(a);
    if (head == "array" && a.is_object() && a.contains("type")) return "array_of_" + describe_type(a["type"]);
    if (head == "mapper" && a.is_object() && a.contains("type")) return describe_type(a["type"]);
    return head;
}

void Translator::field(const Json& type_in, const std::string& name, Rows& out) {
    const Json& type = bound(type_in);
    const char* key = name.empty() ? nullptr : key_of(name);
    const char* title = name.empty() ? nullptr : title_of(name);
    std::string head;
    const Json* args = nullptr;
    if (type.is_string()) {
        head = type.get<std::string>();
    } else if (type.is_array() && !type.empty()) {
        head = type[0].get<std::string>();
        if (type.size() > 1) args = &type[1];
    } else {
        throw std::logic_error("protodef: a type that is neither a name nor [name, args]");
    }
    const char* k = key ? key : keep(head == "switch" ? "switch" : head == "bitfield" ? "bits" : "value");
    const char* n = title ? title : keep("Value");
    if (native_ && native_(*this, head, args, k, n, out)) return;

    Kind kind;
    if (!args && leaf_kind(head, kind)) {
        out.push_back(number(k, n, head));
    } else if (head == "void") {
    } else if (head == "container") {
        if (!args) throw std::logic_error("protodef: container without fields");
        if (!key) {
            container(*args, out);  // anonymous: its fields are the parent's
        } else {
            F g = group(k, n, {});
            container(*args, g.sub);
            out.push_back(g);
        }
    } else if (head == "array") {
        array(*args, k, n, out);
    } else if (head == "switch") {
        select(*args, name, out);
    } else if (head == "option") {
        F o = option(keep(std::string("has_") + k), keep(std::string("Has ") + n), {});
        field(*args, name.empty() ? "value" : name, o.sub);
        out.push_back(o);
    } else if (head == "mapper") {
        mapper(*args, k, n, out);
    } else if (head == "bitfield") {
        bitfield(*args, k, n, out);
    } else if (head == "bitflags") {
        const Json& a = *args;
        Kind wire;
        const std::string wire_type = bound(a.at("type")).get<std::string>();
        if (!leaf_kind(wire_type, wire)) throw std::logic_error("protodef: bitflags of an unknown integer");
        F v = number(k, n, wire_type);
        if (wire != Kind::ZigZag32 && wire != Kind::ZigZag64) v.hex();  // signed: Wireshark shows them in decimal
        const Json& flags = a.at("flags");
        if (flags.is_array()) {
            for (size_t i = 0; i < flags.size() && i < 64; ++i)
                if (flags[i].is_string() && !flags[i].get<std::string>().empty())
                    v.sub.push_back(flag(key_of(flags[i].get<std::string>()), title_of(flags[i].get<std::string>()),
                                         uint64_t(1) << i));
        } else {
            for (auto it = flags.begin(); it != flags.end(); ++it)
                v.sub.push_back(flag(key_of(it.key()), title_of(it.key()), it.value().get<uint64_t>()));
        }
        out.push_back(v);
    } else if (head == "buffer" || head == "pstring") {
        const Json& a = *args;
        const bool text_ = head == "pstring";
        Count c;
        const char* ref = nullptr;
        ByteOrder count_order = ByteOrder::Default;  // the prefix's (a field's order is its prefix's)
        if (a.contains("countType")) {
            if (!leaf_kind(bound(a["countType"]).get<std::string>(), kind, &count_order))
                throw std::logic_error("protodef: unknown count type");
            c = prefix(kind);
        } else if (a.contains("count")) {
            const Json& count = bound(a["count"]);
            if (count.is_number()) {
                if (text_) throw std::logic_error("protodef: pstring of a fixed size");
                out.push_back(bytes_fixed(k, n, count.get<uint32_t>()));
                return;
            }
            c = field_count();
            ref = keep(ref_of(count.get<std::string>()));
        } else {
            c = describe::rest();
        }
        if (text_) {
            F t = text(k, n, c, 0);
            t.f.ref = ref;
            t.f.order = count_order;
            out.push_back(t);
        } else {
            out.push_back(bytes(k, n, c, ref).order(count_order));
        }
    } else if (head == "restBuffer") {
        out.push_back(bytes(k, n, describe::rest()));
    } else {
        named(head, args, name, out);
    }
}

void Translator::array(const Json& a, const char* key, const char* name, Rows& out) {
    Count c;
    const char* ref = nullptr;
    Kind kind;
    ByteOrder count_order = ByteOrder::Default;
    if (a.contains("countType")) {
        if (!leaf_kind(bound(a["countType"]).get<std::string>(), kind, &count_order))
            throw std::logic_error("protodef: unknown array count type");
        c = prefix(kind);
    } else if (a.contains("count")) {
        const Json& count = bound(a["count"]);
        if (count.is_number()) {
            c = fixed_count(count.get<uint32_t>());
        } else {
            c = field_count();
            ref = keep(ref_of(count.get<std::string>()));
        }
    } else {
        c = describe::rest();
    }
    const Json& entry = bound(a.at("type"));
    // An array of bytes is a byte string (light arrays, 1.18+'s chunk data):
    // one item, not one per byte.
    const Json& native = resolved(entry);
    if (native.is_string() && native.get<std::string>() == "u8") {
        out.push_back(c.from == CountFrom::None && !ref ? describe::bytes_fixed(key, name, c.max)
                                                         : describe::bytes(key, name, c, ref).order(count_order));
        return;
    }
    F arr = describe::array(key, name, c, {}, ref);
    arr.f.order = count_order;
    if (is_container(entry)) {
        container(entry[1], arr.sub);
    } else {
        // One value per entry: named in the singular, not the array's own
        // name, unless a field beside the array has that name (1.16's
        // Join Game: world_names, then world_name).
        std::string one = key;
        if (one.size() > 1 && one.back() == 's' && one[one.size() - 2] != 's' &&
            !(!scopes_.empty() && scopes_.back().keys.count(one.substr(0, one.size() - 1))))
            one.pop_back();
        else
            one += "_entry";
        field(entry, one, arr.sub);
    }
    out.push_back(arr);
}

std::string Translator::ref_of(const std::string& compare_to) const {
    const Json name(compare_to);
    // "../../action" keeps its steps up; "a/b" names b (the core finds a
    // field by its key, searching outwards).
    std::string path = bound(name).get<std::string>(), steps;
    strip_steps(path, &steps);
    const size_t slash = path.rfind('/');
    return steps + key_of(slash == std::string::npos ? path : path.substr(slash + 1));
}

const Json* Translator::mapping_of(const std::string& compare_to) const {
    const Json* t = target_of(compare_to);
    if (t && t->is_array() && t->size() > 1 && (*t)[0] == "mapper") return &(*t)[1].at("mappings");
    return nullptr;
}

const Json* Translator::target_of(const std::string& compare_to) const {
    std::string path = compare_to;
    const size_t up = strip_steps(path, nullptr);
    const size_t slash = path.rfind('/');
    if (slash != std::string::npos) path = path.substr(slash + 1);
    for (size_t s = scopes_.size() > up ? scopes_.size() - up : 0; s-- > 0;) {
        auto it = scopes_[s].fields.find(path);
        if (it != scopes_[s].fields.end()) return &resolved(*it->second);
    }
    return nullptr;
}

void Translator::select(const Json& a, const std::string& name, Rows& out) {
    const std::string compare_to = bound(a.at("compareTo")).get<std::string>();
    const Json* mapping = mapping_of(compare_to);
    // Cases of different leaf types under one name would give one filter
    // two types: each such case is named after its type.
    std::unordered_set<std::string> leaf_types;
    for (auto it = a.at("fields").begin(); it != a.at("fields").end(); ++it) {
        const Json& t = bound(it.value());
        if (!is_container(t) && t != "void") leaf_types.insert(describe_type(t));
    }
    const bool suffix = !name.empty() && leaf_types.size() > 1;
    auto case_rows = [&](const Json& t, Rows& rows) {
        const Json& b = bound(t);
        std::string n = name;
        if (suffix && !is_container(b)) n += "_" + describe_type(b);
        field(b, n, rows);
    };
    std::string ref;
    uint64_t mask = 0;
    uint32_t shift = 0;
    if (compare_to.find("||") != std::string::npos) {
        // "f.a || f.b": any of these flags of one field set (minecraft-data's
        // Bedrock): its "true" case when the masked bits are not 0.
        std::string rest = compare_to;
        while (!rest.empty()) {
            const size_t bar = rest.find("||");
            std::string one = rest.substr(0, bar);
            rest = bar == std::string::npos ? "" : rest.substr(bar + 2);
            one.erase(0, one.find_first_not_of(' '));
            one.erase(one.find_last_not_of(' ') + 1);
            std::string r;
            uint64_t m = 0;
            uint32_t sh = 0;
            if (!bit_of(one, r, m, sh) || (!ref.empty() && r != ref))
                throw std::logic_error("protodef: a compareTo of flags of different fields: " + compare_to);
            ref = r;
            mask |= m;
        }
        F s = describe::select(keep(ref), {}, {}, mask);
        CaseRows none{0, nullptr, {}};
        const Json& f = a.at("fields");
        if (f.contains("false")) case_rows(f["false"], none.rows);
        s.cases.push_back(std::move(none));
        if (f.contains("true")) case_rows(f["true"], s.sub);
        out.push_back(s);
        return;
    }
    if (!bit_of(compare_to, ref, mask, shift)) {
        // A switch on a switch or an option compares with its chosen
        // leaf's value (the core's compiler finds it by this name).
        ref = ref_of(compare_to);
    }
    F s = describe::select(keep(ref), {}, {}, mask);
    for (auto it = a.at("fields").begin(); it != a.at("fields").end(); ++it) {
        CaseRows c{0, nullptr, {}};
        const std::string& label = it.key();
        int64_t v;
        bool numeric = false;
        if (mapping) {
            for (auto m = mapping->begin(); m != mapping->end(); ++m)
                if (m.value() == label && parse_int(m.key(), v)) {
                    numeric = true;
                    break;
                }
        }
        if (!numeric) {
            if (label == "true") {
                v = 1, numeric = true;
            } else if (label == "false") {
                v = 0, numeric = true;
            } else {
                numeric = parse_int(label, v);
            }
        }
        if (numeric)
            c.value = mask ? int64_t(uint64_t(v) << shift) : v;  // compared with the masked bits in place
        else
            c.text = keep(label);
        case_rows(it.value(), c.rows);
        s.cases.push_back(std::move(c));
    }
    if (a.contains("default")) case_rows(a["default"], s.sub);
    out.push_back(s);
}

const ValueString* Translator::values(const Json& mappings) {
    std::vector<ValueString> v;
    for (auto it = mappings.begin(); it != mappings.end(); ++it) {
        int64_t n;
        if (!parse_int(it.key(), n) || n < 0 || n > int64_t(UINT32_MAX)) continue;
        v.push_back({uint32_t(n), keep(it.value().get<std::string>())});
    }
    v.push_back({0, nullptr});
    Store& st = store();
    std::lock_guard<std::mutex> lock(st.m);
    st.values.push_back(std::move(v));
    return st.values.back().data();
}

void Translator::mapper(const Json& a, const char* key, const char* name, Rows& out) {
    Kind kind;
    const Json& t = bound(a.at("type"));
    std::string base = t.get<std::string>();
    for (int hops = 0; !leaf_kind(base, kind) && hops < 16; ++hops) {  // an alias of an integer
        const Json* def = types_(base);
        if (!def || !def->is_string()) throw std::logic_error("protodef: mapper of " + base);
        base = def->get<std::string>();
    }
    if (!leaf_kind(base, kind)) throw std::logic_error("protodef: mapper of " + base);
    F v = number(key, name, base);
    v.vals(values(a.at("mappings")));
    out.push_back(v);
}

void Translator::bitfield(const Json& parts, const char* key, const char* name, Rows& out) {
    uint32_t total;
    const auto masks = bitfield_parts(parts, total);
    Kind kind = total <= 8 ? Kind::U8 : total <= 16 ? Kind::U16 : total <= 24 ? Kind::U24 : total <= 32 ? Kind::U32 : Kind::U64;
    if (total != 8 && total != 16 && total != 24 && total != 32 && total != 64)
        throw std::logic_error("protodef: a bitfield of " + std::to_string(total) + " bits");
    F v = leaf(key, name, kind);
    v.hex();
    for (const auto& [part, mask] : masks) v.sub.push_back(bits(key_of(part), title_of(part), mask));
    out.push_back(v);
}

void Translator::named(const std::string& type, const Json* args, const std::string& name, Rows& out) {
    const Json* def = types_(type);
    if (!def) throw std::logic_error("protodef: unknown type " + type);
    if (def->is_string() && *def == "native") throw std::logic_error("protodef: native type " + type + " not supported");
    if (args && args->is_object()) {  // a parametrised type: written in place with its parameters bound
        std::map<std::string, const Json*> bind;
        for (auto it = args->begin(); it != args->end(); ++it) bind[it.key()] = &it.value();
        params_.push_back(std::move(bind));
        field(*def, name, out);
        params_.pop_back();
        return;
    }
    // Aliases of one value (a string, an integer with names, a bitfield) are
    // written in place; containers, arrays and switches become a Type of
    // their own, rows named after it (recursion allowed), unless used
    // anonymously (their fields are the parent's) or parametrised.
    const bool structure = def->is_array() && !def->empty() && (*def)[0] != "pstring" && (*def)[0] != "buffer" &&
                           (*def)[0] != "mapper" && (*def)[0] != "bitfield" && (*def)[0] != "bitflags";
    if (structure && !name.empty() && !parametrised(*def)) {
        auto it = named_.find(type);
        TypeDef* td;
        if (it != named_.end()) {
            td = it->second;
        } else {
            td = describe::arena().type(key_of(type), keep(type));
            named_[type] = td;
            Rows r;
            std::vector<Scope> saved;
            saved.swap(scopes_);  // its fields refer to its own fields only
            if (is_container(*def))
                container((*def)[1], r);
            else
                field(*def, type, r);
            scopes_.swap(saved);
            td->layout = describe::arena().layout(r);
        }
        out.push_back(use(key_of(name), title_of(name), td));
        return;
    }
    for (const std::string& e : expanding_)
        if (e == type) throw std::logic_error("protodef: " + type + " refers to itself");
    expanding_.push_back(type);
    field(*def, name, out);
    expanding_.pop_back();
}

}  // namespace core::protodef
