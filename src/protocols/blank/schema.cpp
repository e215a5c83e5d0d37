// Compiles a revision's static tables into the flat Schema both front ends
// use: one FieldInfo per distinct filter abbreviation, one Node per table row
// with its children contiguous, so decoding walks arrays and never allocates.
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "protocol.hpp"

namespace blank {

extern const Revision kRevisionFa73e36;
extern const Revision kRevision933ca0f, kRevision9240fdf, kRevision4da2ae6, kRevisionCa90ec4, kRevision7c5e04a,
    kRevision808d9db, kRevision33b37e7, kRevisionDa06ac1;
extern const Layout kAnalysisLayout;

ValueClass value_class(Kind kind, uint8_t aux) {
    switch (kind) {
    case Kind::Group: case Kind::Array: case Kind::Quat: case Kind::QuatF: return ValueClass::None;
    case Kind::U8: case Kind::U16: case Kind::U32: case Kind::U64: case Kind::AckHist: case Kind::AckSeq:
    case Kind::BlockPos: case Kind::Face: case Kind::Turn: case Kind::AckBefore: return ValueClass::Uint;
    case Kind::AckRanges: return ValueClass::String;
    case Kind::I8: case Kind::I32: case Kind::ChunkAbs: return ValueClass::Int;
    case Kind::FrameNum: return ValueClass::Uint;
    case Kind::Measure: return ValueClass::Double;
    case Kind::F32: return ValueClass::Float;
    case Kind::PackN: case Kind::PackU: return ValueClass::Double;
    case Kind::QuatComp: return aux == 4 ? ValueClass::Uint : ValueClass::Double;
    case Kind::Flag: return ValueClass::Bool;
    case Kind::String: return ValueClass::String;
    case Kind::Bytes: return ValueClass::Bytes;
    }
    return ValueClass::None;
}

uint8_t value_bits(Kind kind, uint8_t aux) {
    switch (kind) {
    case Kind::U8: case Kind::I8: case Kind::Face: case Kind::Turn: case Kind::AckBefore: return 8;
    case Kind::U16: case Kind::AckSeq: case Kind::BlockPos: return 16;
    case Kind::U64: return 64;
    case Kind::QuatComp: return aux == 4 ? 8 : 0;
    default: return 32;
    }
}

namespace {

class Compiler {
public:
    explicit Compiler(Schema& s) : s_(s) {}

    // Appends the nodes of `layout` contiguously, then their descendants.
    uint32_t compile(const Layout& layout, const std::string& prefix, double scale, const char* unit,
                     bool repeated) {
        const uint32_t first = uint32_t(s_.nodes.size());
        s_.nodes.resize(first + layout.count);
        for (size_t i = 0; i < layout.count; ++i) {
            const Field& f = layout.fields[i];
            const std::string abbrev = prefix + "." + f.key;
            const double node_scale = f.scale != 0 ? f.scale : (scale != 0 ? scale : 1);
            const char* node_unit = f.unit ? f.unit : unit;
            const bool in_array = repeated || f.kind == Kind::Array;
            Node n{};
            n.field = intern(abbrev, f, node_scale, node_unit, in_array);
            n.kind = f.kind;
            n.offset = f.offset;
            n.size = f.size;
            n.scale = node_scale;
            n.aux = f.aux;
            n.sets_base = f.sets_base;
            n.summary = f.summary;
            n.bitmask = f.bitmask;
            // Arrays are transparent for names: an entry's fields are
            // blank.entity.id, not blank.entities.entity.id.
            const std::string child_prefix = f.kind == Kind::Array ? prefix : abbrev;
            const uint32_t children = compile(f.sub, child_prefix, f.kind == Kind::Group ? f.scale : 0,
                                              f.kind == Kind::Group ? node_unit : nullptr, in_array);
            // A flag's width is its parent's (Wireshark draws the bit pattern).
            for (size_t c = 0; c < f.sub.count; ++c)
                if (f.sub.fields[c].kind == Kind::Flag)
                    s_.fields[s_.nodes[children + c].field].bits = value_bits(f.kind, f.aux);
            n.first_child = children;
            n.child_count = uint32_t(f.sub.count);
            s_.nodes[first + i] = n;
        }
        return first;
    }

private:
    FieldId intern(const std::string& abbrev, const Field& f, double scale, const char* unit, bool repeated) {
        const ValueClass vc = value_class(f.kind, f.aux);
        auto it = ids_.find(abbrev);
        if (it != ids_.end()) {
            const FieldInfo& known = s_.fields[it->second];
            // One abbreviation, one meaning: the same filter must not change type.
            if (known.vclass != vc || known.bits != value_bits(f.kind, f.aux))
                throw std::logic_error("blank schema: " + abbrev + " redefined with another type");
            s_.fields[it->second].repeated |= repeated;
            return it->second;
        }
        FieldInfo fi;
        fi.id = FieldId(s_.fields.size());
        fi.abbrev = abbrev;
        fi.name = f.name;
        fi.kind = f.kind;
        fi.vclass = vc;
        fi.bits = value_bits(f.kind, f.aux);
        fi.display = f.display;
        fi.scale = scale;
        fi.unit = unit;
        fi.desc = f.desc;
        fi.vals = f.vals;
        fi.bitmask = f.bitmask;
        fi.generated = is_generated(f.kind);
        fi.repeated = repeated;
        s_.fields.push_back(std::move(fi));
        ids_.emplace(abbrev, s_.fields.back().id);
        return s_.fields.back().id;
    }

    Schema& s_;
    std::map<std::string, FieldId> ids_;
};

// Value strings of the header's type field, from the revision's type table.
std::vector<ValueString> type_value_strings(const Revision& rev) {
    std::vector<ValueString> vs;
    for (size_t i = 0; i < rev.type_count; ++i) vs.push_back({rev.types[i].code, rev.types[i].name});
    vs.push_back({0, nullptr});
    return vs;
}

// Node::findable / has_summary of the nodes [first, first+count) and below.
void mark_quiet(Schema& s, uint32_t first, uint32_t count) {
    for (uint32_t k = 0; k < count; ++k) {
        const Node& n = s.nodes[first + k];
        if (n.child_count) mark_quiet(s, n.first_child, n.child_count);
    }
    for (uint32_t k = 0; k < count; ++k) {
        Node& n = s.nodes[first + k];
        bool f = false, sum = n.summary;
        for (uint32_t c = 0; c < n.child_count; ++c) {
            const Node& cn = s.nodes[n.first_child + c];
            f |= cn.findable || (cn.kind != Kind::Flag && s.fields[cn.field].vals != nullptr);
            sum |= cn.has_summary;
        }
        switch (n.kind) {
        case Kind::Array: case Kind::String: case Kind::Bytes: case Kind::Quat: f = true; break;
        case Kind::AckHist: case Kind::QuatF: f = false; break;
        case Kind::Group: break;
        default: f |= s.fields[n.field].vals != nullptr;
        }
        n.findable = f;
        n.has_summary = sum;
    }
    // Counts and sizes that arrays and byte fields are checked against.
    for (uint32_t k = 0; k < count; ++k) {
        const Node& n = s.nodes[first + k];
        if (n.kind == Kind::Array && n.aux < count) s.nodes[first + n.aux].findable = true;
        if (n.kind == Kind::Bytes && n.aux && n.aux - 1u < count) s.nodes[first + n.aux - 1].findable = true;
    }
}

Schema* build(const Revision& rev) {
    auto* s = new Schema();
    s->revision = &rev;
    Compiler c(*s);
    s->header_first = c.compile(Layout{rev.header, rev.header_count}, "blank", 0, nullptr, false);
    s->header_count = uint32_t(rev.header_count);
    s->types.resize(rev.type_count);
    for (size_t i = 0; i < rev.type_count; ++i) {
        const PacketType& t = rev.types[i];
        if (t.code != i) throw std::logic_error("blank schema: type table out of order");
        s->types[i] = CompiledType{&t, c.compile(t.payload, "blank", 0, nullptr, false), uint32_t(t.payload.count)};
    }
    // Fields outside the tables that every front end shows the same way.
    static const Field kExtra[] = {
        {"trailing", "Trailing bytes", Kind::Bytes, 0, 0, 1, nullptr, "bytes after the last field of the packet type",
         Layout{nullptr, 0}},
        {"payload", "Payload", Kind::Bytes, 0, 0, 1, nullptr, "payload of a packet of unknown type",
         Layout{nullptr, 0}},
    };
    s->extra_first = c.compile(Layout{kExtra, 2}, "blank", 0, nullptr, false);
    s->analysis_first = c.compile(kAnalysisLayout, "blank", 0, nullptr, false);
    s->analysis_count = uint32_t(kAnalysisLayout.count);

    auto id = [&](const char* a) {
        const FieldInfo* f = s->find(a);
        if (!f) throw std::logic_error(std::string("blank schema: missing ") + a);
        return f->id;
    };
    s->f_tag = id("blank.tag");
    s->f_seq = id("blank.seq");
    s->f_ack = id("blank.ack");
    s->f_hist = id("blank.ack_hist");
    s->f_type = id("blank.type");
    s->f_padding = id("blank.padding");
    s->f_trailing = id("blank.trailing");
    s->f_payload = id("blank.payload");
    s->type_names = type_value_strings(rev);
    s->fields[s->f_type].vals = s->type_names.data();
    mark_quiet(*s, s->header_first, s->header_count);
    for (const CompiledType& t : s->types) mark_quiet(*s, t.root_first, t.root_count);
    return s;
}

}  // namespace

const FieldInfo* Schema::find(std::string_view abbrev) const {
    for (const FieldInfo& f : fields)
        if (f.abbrev == abbrev) return &f;
    return nullptr;
}

const Node* Schema::node(std::string_view abbrev) const {
    for (const Node& n : nodes)
        if (fields[n.field].abbrev == abbrev) return &n;
    return nullptr;
}

const Revision& current_revision() { return kRevisionFa73e36; }

const std::vector<const Revision*>& revisions() {
    // Oldest first (protocol_tables.cpp says what each one changed).
    static const std::vector<const Revision*> all{&kRevision933ca0f, &kRevision9240fdf, &kRevision4da2ae6,
                                                  &kRevisionCa90ec4, &kRevision7c5e04a, &kRevision808d9db,
                                                  &kRevision33b37e7, &kRevisionDa06ac1, &kRevisionFa73e36};
    return all;
}

const Schema& schema(const Revision& rev) {
    static std::mutex m;
    // Freed at exit, after every user (so leak checkers stay quiet).
    static std::map<const Revision*, std::unique_ptr<const Schema>> compiled;
    std::lock_guard<std::mutex> lock(m);
    auto it = compiled.find(&rev);
    if (it == compiled.end()) it = compiled.emplace(&rev, std::unique_ptr<const Schema>(build(rev))).first;
    return *it->second;
}

const char* type_name(const Schema& s, uint8_t code) {
    const PacketType* t = s.type(code);
    return t ? t->name : "Unknown";
}

}  // namespace blank
