#include "field_registry.hpp"

#include <epan/unit_strings.h>
#include <wsutil/wslog.h>

#include <cstring>

namespace plugin {

using core::ValueClass;

ftenum_t ft_of(const core::FieldDecl& f) {
    if (f.kind == core::Kind::FrameNum) return FT_FRAMENUM;
    switch (f.vclass) {
    case ValueClass::Uint:
        return f.bits == 8 ? FT_UINT8 : f.bits == 16 ? FT_UINT16 : f.bits == 24 ? FT_UINT24
             : f.bits == 64 ? FT_UINT64 : FT_UINT32;
    case ValueClass::Int:
        return f.bits == 8 ? FT_INT8 : f.bits == 16 ? FT_INT16 : f.bits == 64 ? FT_INT64 : FT_INT32;
    case ValueClass::Float: return FT_FLOAT;
    case ValueClass::Double: return FT_DOUBLE;
    case ValueClass::Bool: return FT_BOOLEAN;
    case ValueClass::String: return f.kind == core::Kind::String ? FT_STRINGZPAD : FT_STRING;
    case ValueClass::Bytes: return FT_BYTES;
    case ValueClass::Uuid: return FT_GUID;
    case ValueClass::None: break;
    }
    return FT_NONE;
}

namespace {

// hf_register_info wants C structures that outlive registration.
hf_register_info make_hf(const core::FieldDecl& f, int* id) {
    hf_register_info r{};
    r.p_id = id;
    r.hfinfo.name = f.name;
    r.hfinfo.abbrev = f.abbrev;
    r.hfinfo.type = ft_of(f);
    r.hfinfo.blurb = f.desc;
    r.hfinfo.strings = nullptr;
    r.hfinfo.bitmask = 0;
    r.hfinfo.id = -1;
    r.hfinfo.parent = 0;
    r.hfinfo.ref_type = HF_REF_TYPE_NONE;
    r.hfinfo.same_name_prev_id = -1;
    r.hfinfo.same_name_next = nullptr;
    int display = BASE_NONE;
    switch (f.vclass) {
    case ValueClass::Uint: display = f.display == core::Display::Hex ? BASE_HEX : BASE_DEC; break;
    // Wireshark 4.0 refuses hex for signed fields: rows mean bit patterns unsigned.
    case ValueClass::Int: display = BASE_DEC; break;
    case ValueClass::Bool: display = f.bitmask ? int(f.bits) : int(BASE_NONE); break;  // parent's width
    default: break;
    }
    if (f.vals && (f.vclass == ValueClass::Uint || f.vclass == ValueClass::Int || f.vclass == ValueClass::Bool)) {
        size_t n = 0;
        for (const core::ValueString* v = f.vals; v->text; ++v) ++n;
        if (f.bits == 64) {  // a 64-bit field (an integer some release widens) takes val64_strings
            auto* vs = g_new0(val64_string, n + 1);
            for (size_t i = 0; i < n; ++i) vs[i] = val64_string{guint64(f.vals[i].value), f.vals[i].text};
            r.hfinfo.strings = vs;
            display |= BASE_VAL64_STRING;
        } else {
            auto* vs = g_new0(value_string, n + 1);
            for (size_t i = 0; i < n; ++i) vs[i] = value_string{f.vals[i].value, f.vals[i].text};
            r.hfinfo.strings = vs;
        }
    }
    // Wireshark 4.0 ignores BASE_UNIT_STRING on floating types: the tree
    // builder appends their unit to the label instead.
    if (f.unit && (f.vclass == ValueClass::Uint || f.vclass == ValueClass::Int) && !f.vals) {
        auto* u = g_new0(unit_name_string, 1);
        u->singular = g_strconcat(" ", f.unit, nullptr);
        u->plural = nullptr;
        r.hfinfo.strings = u;
        display |= BASE_UNIT_STRING;
    }
    if (f.vclass == ValueClass::Bool) r.hfinfo.bitmask = f.bitmask;
    if (f.kind == core::Kind::FrameNum) {
        display = BASE_NONE;
        // Wireshark's request/response convention (the arrows in the packet list).
        auto ends = [&](const char* suffix) {
            const size_t n = std::strlen(suffix), len = std::strlen(f.abbrev);
            return len >= n && std::strcmp(f.abbrev + len - n, suffix) == 0;
        };
        if (ends(".response_in")) r.hfinfo.strings = FRAMENUM_TYPE(FT_FRAMENUM_RESPONSE);
        else if (ends(".request_in")) r.hfinfo.strings = FRAMENUM_TYPE(FT_FRAMENUM_REQUEST);
    }
    r.hfinfo.display = display;
    return r;
}

core::FieldType type_of(const core::FieldDecl& d) { return core::FieldType{d.vclass, d.bits, d.bitmask}; }

// A compiled field as a declaration: its strings outlive registration (the
// schemas are never freed).
core::FieldDecl decl_of(const core::FieldInfo& f) {
    return core::FieldDecl{f.abbrev.c_str(), f.name.c_str(), f.kind, f.vclass, f.bits, f.display,
                           f.unit, f.desc, f.vals, f.bitmask};
}

}  // namespace

void FieldRegistry::add(int proto, const std::vector<const core::Schema*>& schemas) {
    std::vector<core::FieldDecl> fields;
    for (const core::Schema* sc : schemas)
        for (const core::FieldInfo& f : sc->fields) {
            auto [at, fresh] = by_abbrev_.emplace(f.abbrev, hf_.size() + fields.size());
            if (fresh) {
                fields.push_back(decl_of(f));
                continue;
            }
            // An integer some version widens: registered as wide as both need.
            if (at->second < hf_.size()) continue;  // registered by an earlier call
            core::FieldDecl& d = fields[at->second - hf_.size()];
            if (d.bitmask || f.bitmask) continue;
            const core::FieldType w = core::widest_of(type_of(d), core::FieldType{f.vclass, f.bits, f.bitmask});
            d.vclass = w.vclass;
            d.bits = w.bits;
        }
    register_fields(proto, fields);
    for (const core::Schema* sc : schemas) index(*sc);
}

void FieldRegistry::add(int proto, core::FieldDecls decls) {
    std::vector<core::FieldDecl> fields;
    for (const core::FieldDecl& d : decls)
        if (by_abbrev_.emplace(d.abbrev, hf_.size() + fields.size()).second) fields.push_back(d);
    register_fields(proto, fields);
}

const std::vector<size_t>& FieldRegistry::index(const core::Schema& s) const {
    auto it = index_.find(&s);
    if (it != index_.end()) return it->second;
    std::vector<size_t>& ix = index_[&s];
    ix.reserve(s.fields.size());
    for (const core::FieldInfo& f : s.fields) {
        auto r = by_abbrev_.find(f.abbrev);
        size_t at = r == by_abbrev_.end() ? kUnregistered : r->second;
        if (at != kUnregistered && !core::adds_as(core_type_[at], core::FieldType{f.vclass, f.bits, f.bitmask})) {
            ws_warning("blankshark: %s is registered as %s, not shown where a version gives it another type",
                       f.abbrev.c_str(), ftype_name(type_[at]));
            at = kUnregistered;
        }
        ix.push_back(at);
    }
    return ix;
}

void FieldRegistry::register_fields(int proto, const std::vector<core::FieldDecl>& fields) {
    const size_t base = hf_.size();
    hf_.resize(base + fields.size(), -1);
    ett_.resize(base + fields.size(), -1);
    type_.resize(base + fields.size());
    core_type_.resize(base + fields.size());
    auto* hfs = g_new0(hf_register_info, fields.size());
    auto** etts = g_new0(gint*, fields.size());
    for (size_t i = 0; i < fields.size(); ++i) {
        hfs[i] = make_hf(fields[i], &hf_[base + i]);
        type_[base + i] = hfs[i].hfinfo.type;
        core_type_[base + i] = type_of(fields[i]);
        etts[i] = &ett_[base + i];
    }
    proto_register_field_array(proto, hfs, int(fields.size()));
    proto_register_subtree_array(etts, int(fields.size()));
}

}  // namespace plugin
