// Writes a protocol's declared filter fields (field_decl.hpp) as C++: the
// table a protocol with many generated versions commits, so that a front
// end registers every version's fields without compiling every schema
// (Minecraft Java's and Bedrock's field_list_tool.cpp).
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "schema.hpp"

namespace core::field_list {

inline std::string quoted(const char* s) {
    if (!s) return "nullptr";
    std::string out = "\"";
    for (const char* p = s; *p; ++p) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c == '\n') out += "\\n";
        else if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\%03o", c);  // octal: no hex digit may follow and extend it
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

inline std::string vals_text(const ValueString* v) {
    std::string s;
    for (; v && v->text; ++v) s += "{" + std::to_string(v->value) + ", " + quoted(v->text) + "}, ";
    return s;
}

// Every version's fields, each name once: a name keeps the type it first
// had (an integer: as wide as every version needs, widest_of). Compile each
// version with `types` as SchemaSpec::across, then add() it.
struct Collector {
    FieldTypes types;
    std::vector<FieldInfo> fields;
    std::map<std::string, size_t> at;
    void add(const Schema& s) {
        for (const FieldInfo& f : s.fields) {
            auto [it, fresh] = types.emplace(f.abbrev, FieldType{f.vclass, f.bits, f.bitmask});
            if (fresh) {
                at.emplace(f.abbrev, fields.size());
                fields.push_back(f);
            } else if (!is_flag(f.kind)) {
                // An integer some release widens or signs: registered as wide as both need.
                it->second = widest_of(it->second, FieldType{f.vclass, f.bits, f.bitmask});
                fields[at[f.abbrev]].vclass = it->second.vclass;
                fields[at[f.abbrev]].bits = it->second.bits;
            }
        }
    }
};

// Prints fields_generated.cpp to stdout: `fields` as FieldDecls in
// `ns`::field_decls(), written by `tool` from `source`'s `versions` versions.
inline void write(const std::vector<FieldInfo>& fields, const char* tool, const char* tool_file, const char* source,
                  const char* what, size_t versions, const char* ns) {
    std::map<std::string, size_t> vals_ids;
    std::string vals_out;
    std::vector<std::string> vals_of(fields.size(), "nullptr");
    for (size_t i = 0; i < fields.size(); ++i) {
        if (!fields[i].vals) continue;
        const std::string text = vals_text(fields[i].vals);
        auto [it, fresh] = vals_ids.emplace(text, vals_ids.size());
        if (fresh) vals_out += "const core::ValueString v" + std::to_string(it->second) + "[] = {" + text + "{0, nullptr}};\n";
        vals_of[i] = "v" + std::to_string(it->second);
    }
    std::printf("// Written by %s (%s) from the tables of every\n"
                "// version (%s%s): do not edit.\n"
                "// %zu fields of %zu versions.\n"
                "#include \"field_list.hpp\"\n\n"
                "#include <iterator>\n\n"
                "namespace %s {\nnamespace {\n\n%s\nconst core::FieldDecl kDecls[] = {\n",
                tool, tool_file, source, what, fields.size(), versions, ns, vals_out.c_str());
    for (size_t i = 0; i < fields.size(); ++i) {
        const FieldInfo& f = fields[i];
        std::printf("    {%s, %s, core::Kind(%d), core::ValueClass(%d), %d, core::Display(%d), %s, %s, %s, 0x%llx},\n",
                    quoted(f.abbrev.c_str()).c_str(), quoted(f.name.c_str()).c_str(), int(f.kind), int(f.vclass),
                    int(f.bits), int(f.display), quoted(f.unit).c_str(), quoted(f.desc).c_str(), vals_of[i].c_str(),
                    static_cast<unsigned long long>(f.bitmask));
    }
    std::printf("};\n\n}  // namespace\n\ncore::FieldDecls field_decls() { return {kDecls, std::size(kDecls)}; }\n\n"
                "}  // namespace %s\n", ns);
}

}  // namespace core::field_list
