// Writes fields_generated.cpp (field_list.hpp): every filter field of every
// Bedrock release, each name once. The releases are compiled newest first:
// a name keeps the type it first had (an integer: as wide as every release
// needs, core::widest_of), and a release's field that would give it another
// is renamed "<name>_<type>" (the core's rule, fed with the names so far).
// Run after changing the tables:
//   bedrock_field_list > src/protocols/bedrock/mcdata/fields_generated.cpp
// (a test compares the committed file with this program's output).
#include "core/field_list_writer.hpp"
#include "core/schema.hpp"
#include "protocols/bedrock/mcdata/tables.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/versions.hpp"

int main() {
    core::field_list::Collector fields;
    const auto& all = bedrock::versions();
    for (auto it = all.rbegin(); it != all.rend(); ++it)
        fields.add(core::compile(bedrock::schema_spec(&(*it)->version(), &fields.types)));
    core::field_list::write(fields.fields, "bedrock_field_list", "field_list_tool.cpp", bedrock::mcdata::source(), "", all.size(),
                            "bedrock::mcdata");
    return 0;
}
