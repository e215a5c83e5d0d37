#include "field_names.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace mcjava::mcdata {

extern const char kFieldsTsv[];  // fields.tsv, embedded at build time (src/CMakeLists.txt)

namespace {

using core::protodef::Rows;
using core::protodef::Translator;

struct Rename {
    std::vector<std::string> path;  // minecraft-data's keys, packet first
    const char* key;
    const char* name;
};

using Renames = std::map<std::pair<std::string, std::string>, std::vector<Rename>>;  // (table, packet)

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, sep)) out.push_back(part);
    return out;
}

// fields.tsv, parsed once; a packet's deepest paths first, so that a level
// is found by its minecraft-data key before it is renamed itself.
const Renames& renames() {
    static const Renames all = [] {
        Renames r;
        std::istringstream in(kFieldsTsv);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            const std::vector<std::string> c = split(line, '\t');
            if (c.size() != 5) continue;  // the test of the file says which
            r[{c[0], c[1]}].push_back(Rename{split(c[2], '/'), Translator::keep(c[3]), Translator::keep(c[4])});
        }
        for (auto& [packet, list] : r)
            std::stable_sort(list.begin(), list.end(),
                             [](const Rename& a, const Rename& b) { return a.path.size() > b.path.size(); });
        return r;
    }();
    return all;
}

// A reference to `from` made `depth` levels below it ("../" climbs one)
// now names `to`.
void rename_ref(const char*& ref, const std::string& from, const char* to, size_t depth) {
    if (!ref) return;
    std::string path = ref, steps;
    size_t up = 0;
    while (path.rfind("../", 0) == 0) path.erase(0, 3), steps += "../", ++up;
    if (path == from && up <= depth) ref = Translator::keep(steps + to);
}

// The references in `rows` (rows after the renamed one, `depth` levels
// below it) until a row of the old name hides it.
void rename_refs(core::describe::F* first, core::describe::F* last, const std::string& from, const char* to,
                 size_t depth) {
    for (core::describe::F* at = first; at != last; ++at) {
        core::describe::F& r = *at;
        rename_ref(r.f.ref, from, to, depth);
        rename_ref(r.f.count.ref2, from, to, depth);
        rename_refs(r.sub.data(), r.sub.data() + r.sub.size(), from, to, depth + 1);
        for (core::describe::CaseRows& c : r.cases) rename_refs(c.rows.data(), c.rows.data() + c.rows.size(), from, to, depth + 1);
        if (depth > 0 && r.f.key && from == r.f.key) return;
    }
}

void apply(Rows& level, const Rename& n, size_t at) {
    for (size_t i = 0; i < level.size(); ++i) {
        core::describe::F& r = level[i];
        if (!r.f.key || n.path[at] != r.f.key) continue;
        if (at + 1 < n.path.size()) return apply(r.sub, n, at + 1);
        for (const core::describe::F& other : level)
            if (other.f.key && std::strcmp(other.f.key, n.key) == 0) return;  // a release has both: two fields
        const std::string from = r.f.key;
        r.f.key = n.key;
        r.f.name = n.name;
        rename_refs(r.sub.data(), r.sub.data() + r.sub.size(), from, n.key, 1);
        rename_refs(level.data() + i + 1, level.data() + level.size(), from, n.key, 0);
        return;
    }
}

}  // namespace

void stable_field_names(Rows& rows, const char* table, const char* packet) {
    auto it = renames().find({table, packet});
    if (it == renames().end()) return;
    for (const Rename& n : it->second) apply(rows, n, 0);
}

const char* stable_field_key(const char* table, const char* packet, const std::string& path) {
    auto it = renames().find({table, packet});
    if (it == renames().end()) return nullptr;
    const std::vector<std::string> want = split(path, '/');
    for (const Rename& n : it->second)
        if (n.path == want) return n.key;
    return nullptr;
}

}  // namespace mcjava::mcdata
