#include "type_filter.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstdio>
#include <functional>
#include <map>
#include <vector>

#include "core/schema.hpp"
#include "edit_distance.hpp"
#include "front_end.hpp"
#include "protocols/catalog.hpp"

namespace blankshark {

std::string packet_name_key(std::string_view name) {
    std::string k(name);
    for (char& c : k) c = c == ' ' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return k;
}

bool TypeFilter::matches(std::string_view name, const char* key, int64_t id) const {
    if (names.count(packet_name_key(name))) return true;
    if (key && names.count(key)) return true;
    return id >= 0 && id <= int64_t(UINT32_MAX) && ids.count(uint32_t(id));
}
namespace {

// Lower case letters and digits only: "Pre-Chunk", "pre_chunk" and
// "PreChunk" are alike.
std::string loose(std::string_view s) {
    std::string k;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c))) k += char(std::tolower(static_cast<unsigned char>(c)));
    return k;
}

bool parse_id(const std::string& s, uint32_t& out) {
    if (s.empty()) return false;
    char* end = nullptr;
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (!hex && !std::all_of(s.begin(), s.end(), ::isdigit)) return false;
    const unsigned long v = std::strtoul(s.c_str(), &end, hex ? 16 : 10);
    if (*end || v > 0xFFFFFFFFul) return false;
    out = uint32_t(v);
    return true;
}

struct Type {
    const core::ProtocolInfo* protocol;
    uint32_t id;
    const char* name;
    const char* key;     // a protocol's short key ("ack"), or null
    const std::string* filter;  // the type's own display filter ("mcjava.play.cb.keep_alive")
};

// Every message type of every version of every protocol, or of `only` (a
// type shared by versions comes once per version: harmless for matching):
// the catalog's from their compiled schemas, the carried ones (Bedrock's
// forty-odd releases) from their tables, which costs no compilation.
void each_type(const std::function<void(const Type&)>& f, const core::ProtocolInfo* only = nullptr) {
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        if (!p->schema || (only && p != only)) continue;
        for (size_t v = 0; v < p->versions(); ++v) {
            const core::Schema& s = p->schema(v);
            for (const core::CompiledTable& t : s.tables)
                for (const core::CompiledType& ct : t.by_id)
                    if (ct.type)
                        f(Type{p, ct.type->id, ct.type->name, ct.type->key,
                               &s.fields[s.nodes[ct.filter_node].field].abbrev});
        }
    }
    for (const FrontEnd* fe : front_ends())
        fe->carried_types([&](const CarriedType& c) {
            if (!only || c.protocol == only) f(Type{c.protocol, c.id, c.name, c.key, c.filter});
        });
}

void add(const Type& t, TypeFilter& into) { into.names.insert(packet_name_key(t.name)); }

}  // namespace

std::vector<const core::ProtocolInfo*> typed_protocols() {
    std::vector<const core::ProtocolInfo*> v(catalog::protocols().begin(), catalog::protocols().end());
    for (const FrontEnd* fe : front_ends())
        for (const core::ProtocolInfo* p : fe->carried()) v.push_back(p);
    return v;
}

bool add_type(const std::string& spec, TypeFilter& into, std::string& error) {
    uint32_t id;
    bool any = false;
    if (parse_id(spec, id)) {
        each_type([&](const Type& t) { any = any || t.id == id; });
        if (any) into.ids.insert(id);
        if (!any) error = "no packet type of any protocol has the id " + spec;
        return any;
    }
    // A packet type's display filter ("mcjava.play.cb.keep_alive"): that type.
    each_type([&](const Type& t) {
        if (*t.filter == spec) add(t, into), any = true;
    });
    if (any) return true;
    const std::string want = loose(spec);
    if (want.empty()) {
        error = "an empty packet type";
        return false;
    }
    // A whole name or key matches alone within its protocol; a protocol
    // without one takes the names containing it ("Chat Message" is Alpha's
    // whole name and part of Java's "Chat Message (clientbound)").
    std::set<const core::ProtocolInfo*> exact;
    each_type([&](const Type& t) {
        if (loose(t.name) == want || (t.key && loose(t.key) == want)) add(t, into), any = true, exact.insert(t.protocol);
    });
    each_type([&](const Type& t) {
        if (!exact.count(t.protocol) && loose(t.name).find(want) != std::string::npos) add(t, into), any = true;
    });
    if (any) return true;
    // The closest names, for the error.
    std::vector<std::pair<size_t, std::string>> near;
    each_type([&](const Type& t) {
        const std::string shown = std::string(t.name) + " (" + t.protocol->field_prefix + ")";
        near.emplace_back(edit_distance(want, loose(t.name)), shown);
    });
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    error = "no packet type of any protocol is named '" + spec + "'; the closest: ";
    for (size_t i = 0; i < near.size() && i < 5; ++i) error += (i ? ", " : "") + near[i].second;
    return false;
}

bool print_types(const std::string& protocol) {
    bool any = false;
    for (const core::ProtocolInfo* p : typed_protocols()) {
        if (!protocol.empty() && protocol != p->field_prefix && protocol != p->filter_name) continue;
        if (!p->schema) continue;
        any = true;
        std::vector<std::string> order;  // first seen first
        std::map<std::string, std::vector<uint32_t>> ids;
        std::map<std::string, std::vector<std::string>> filters;
        each_type(
            [&](const Type& t) {
                auto [it, fresh] = ids.try_emplace(t.name);
                if (fresh) order.push_back(t.name);
                if (std::find(it->second.begin(), it->second.end(), t.id) == it->second.end()) it->second.push_back(t.id);
                std::vector<std::string>& f = filters[t.name];
                if (std::find(f.begin(), f.end(), *t.filter) == f.end()) f.push_back(*t.filter);
            },
            p);
        // Name, display filter(s), then every id it has had.
        for (const std::string& name : order) {
            std::string f;
            for (const std::string& x : filters[name]) f += (f.empty() ? "" : ",") + x;
            std::printf("%-8s %-44s %-52s", p->field_prefix, name.c_str(), f.c_str());
            for (uint32_t id : ids[name]) std::printf(" 0x%02X", id);
            std::printf("\n");
        }
    }
    return any;
}

}  // namespace blankshark
