// Writes fields_generated.cpp (field_list.hpp): every filter field of every
// Minecraft Java version, each name once. The versions are compiled the
// versions written by hand first, then the generated ones, newest first in
// each: a name keeps the type it first had (an integer: as wide as every
// release needs, core::widest_of), and a
// generated version's field that would give it another is renamed
// "<name>_<type>" (the core's rule, fed with the names so far). Run after
// changing the tables:
//   mcjava_field_list > src/protocols/mc_java/mcdata/fields_generated.cpp
// (a test compares the committed file with this program's output).
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/schema.hpp"
#include "protocols/mc_java/mcdata/tables.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/versions.hpp"

namespace {

std::string quoted(const char* s) {
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

std::string vals_text(const core::ValueString* v) {
    std::string s;
    for (; v && v->text; ++v) s += "{" + std::to_string(v->value) + ", " + quoted(v->text) + "}, ";
    return s;
}

}  // namespace

int main() {
    using mcjava::Generation;
    std::vector<const mcjava::VersionInfo*> order;
    for (bool hand : {true, false})
        for (auto it = mcjava::versions().rbegin(); it != mcjava::versions().rend(); ++it)
            if (((*it)->gen != Generation::Data) == hand) order.push_back(*it);
    core::FieldTypes types;
    std::vector<core::FieldInfo> fields;
    std::map<std::string, size_t> at;
    for (const mcjava::VersionInfo* v : order) {
        const core::Schema s = core::compile(mcjava::schema_spec(&v->version(), &types));
        for (const core::FieldInfo& f : s.fields) {
            auto [it, fresh] = types.emplace(f.abbrev, core::FieldType{f.vclass, f.bits, f.bitmask});
            if (fresh) {
                at.emplace(f.abbrev, fields.size());
                fields.push_back(f);
            } else if (!core::is_flag(f.kind)) {
                // An integer some release widens or signs: registered as wide as both need.
                it->second = core::widest_of(it->second, core::FieldType{f.vclass, f.bits, f.bitmask});
                fields[at[f.abbrev]].vclass = it->second.vclass;
                fields[at[f.abbrev]].bits = it->second.bits;
            }
        }
    }
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
    std::printf("// Written by mcjava_field_list (field_list_tool.cpp) from the tables of every\n"
                "// version (%s for the generated ones): do not edit.\n"
                "// %zu fields of %zu versions.\n"
                "#include \"field_list.hpp\"\n\n"
                "#include <iterator>\n\n"
                "namespace mcjava::mcdata {\nnamespace {\n\n%s\nconst core::FieldDecl kDecls[] = {\n",
                mcjava::mcdata::source(), fields.size(), order.size(), vals_out.c_str());
    for (size_t i = 0; i < fields.size(); ++i) {
        const core::FieldInfo& f = fields[i];
        std::printf("    {%s, %s, core::Kind(%d), core::ValueClass(%d), %d, core::Display(%d), %s, %s, %s, 0x%llx},\n",
                    quoted(f.abbrev.c_str()).c_str(), quoted(f.name.c_str()).c_str(), int(f.kind), int(f.vclass),
                    int(f.bits), int(f.display), quoted(f.unit).c_str(), quoted(f.desc).c_str(), vals_of[i].c_str(),
                    static_cast<unsigned long long>(f.bitmask));
    }
    std::printf("};\n\n}  // namespace\n\ncore::FieldDecls field_decls() { return {kDecls, std::size(kDecls)}; }\n\n"
                "}  // namespace mcjava::mcdata\n");
    return 0;
}
