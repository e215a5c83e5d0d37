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
#include "core/field_list_writer.hpp"
#include "core/schema.hpp"
#include "protocols/mc_java/mcdata/tables.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/versions.hpp"

int main() {
    using mcjava::Generation;
    std::vector<const mcjava::VersionInfo*> order;
    for (bool hand : {true, false})
        for (auto it = mcjava::versions().rbegin(); it != mcjava::versions().rend(); ++it)
            if (((*it)->gen != Generation::Data) == hand) order.push_back(*it);
    core::field_list::Collector all;
    for (const mcjava::VersionInfo* v : order) all.add(core::compile(mcjava::schema_spec(&v->version(), &all.types)));
    core::field_list::write(all.fields, "mcjava_field_list", "field_list_tool.cpp", mcjava::mcdata::source(),
                            " for the generated ones", order.size(), "mcjava::mcdata");
    return 0;
}
