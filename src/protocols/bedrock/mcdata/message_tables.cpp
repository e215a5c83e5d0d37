#include "message_tables.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/describe.hpp"
#include "core/protodef.hpp"
#include "core/schema.hpp"
#include "protocols/bedrock/schema.hpp"
#include "protocols/bedrock/types.hpp"

namespace bedrock::mcdata {
namespace {

using namespace core::describe;
using core::Kind;
using core::protodef::Json;
using core::protodef::Rows;
using core::protodef::Translator;

// A switch on the size of the command enums' values (AvailableCommands
// before 1.21.?): minecraft-data names a native `enum_size_based_on_values_len`
// for it; as the game writes it, an index is a byte below 256 values, a
// little-endian u16 below 65536, else a little-endian u32.
constexpr const char* kEnumIndex = "bedrock_enum_index";
constexpr const char* kEnumSize = "enum_size_based_on_values_len";

bool is_enum_size(const Json& t) {
    return (t.is_array() && !t.empty() && t[0] == kEnumSize) || (t.is_string() && t == kEnumSize);
}

// Rewrites the enum-size native and the switches on it into kEnumIndex
// (counted by values_len, with the switch's steps up).
void rewrite_enum_size(Json& t) {
    if (t.is_array() && t.size() == 2 && t[0] == "container" && t[1].is_array()) {
        Json kept = Json::array();
        for (Json& f : t[1]) {
            if (f.contains("type") && is_enum_size(f["type"])) continue;
            rewrite_enum_size(f["type"]);
            kept.push_back(f);
        }
        t[1] = kept;
        return;
    }
    if (t.is_array() && t.size() == 2 && t[0] == "switch" && t[1].is_object() && t[1].contains("compareTo")) {
        const std::string to = t[1]["compareTo"].get<std::string>();
        const size_t at = to.rfind("_enum_type");
        if (at != std::string::npos && at + 10 == to.size()) {
            t = Json::array({kEnumIndex, Json{{"count", to.substr(0, at) + "values_len"}}});
            return;
        }
    }
    if (t.is_array() || t.is_object())
        for (Json& v : t) rewrite_enum_size(v);
}

// What the game sends that minecraft-data's names leave out. LegacyEntityType
// names entity ids from 10 on; 0 is no entity (the server's Move Player
// teleport in every capture of captures/bedrock/, cause 3 "command",
// carries source entity type 0), not an unknown value.
void amend_types(std::map<std::string, Json>& types) {
    auto it = types.find("LegacyEntityType");
    if (it == types.end()) return;
    Json& t = it->second;
    if (t.is_array() && t.size() == 2 && t[0] == "mapper" && t[1].contains("mappings") && !t[1]["mappings"].contains("0"))
        t[1]["mappings"]["0"] = "none";
}

bool native(Translator& t, const std::string& type, const Json* args, const char* key, const char* name, Rows& out) {
    if (type == kEnumIndex && args) {
        std::string ref = args->at("count").get<std::string>(), steps;
        while (ref.rfind("../", 0) == 0) ref = ref.substr(3), steps += "../";
        const char* at = Translator::keep(steps + t.key_of(ref));
        out.push_back(select(at, {on(0, {u8(key, name)})},
                             {select(at, {on(0, {u16(key, name).order(core::ByteOrder::Little)})},
                                     {u32(key, name).order(core::ByteOrder::Little)}, 0xFFFF0000u)},
                             0xFFFFFF00u));
        return true;
    }
    return bedrock_native(t, type, args, key, name, out);
}

// Whether one packet's rows compile (alone, under the release's header).
bool compiles(const core::Layout& header, const M& m, std::string& why) {
    const core::MessageTable one = table(nullptr, "check", {m});
    core::Version v{"check", "", header, "header", &one, 1};
    v.id_mask = 0x3FF;
    try {
        core::compile(schema_spec(&v, nullptr));
        return true;
    } catch (const std::logic_error& e) {
        why = e.what();
        return false;
    }
}

}  // namespace

core::MessageTable message_table(const Description& d, const core::Layout& header,
                                 std::vector<std::string>* failures) {
    std::map<std::string, Json> types;
    for (const NamedType& n : named_types(d)) types[n.name] = Json::parse(layout(n.layout));
    amend_types(types);
    Translator t([&](const std::string& n) -> const Json* {
                     auto it = types.find(n);
                     return it == types.end() ? nullptr : &it->second;
                 },
                 native);
    std::vector<M> msgs;
    for (const Packet& p : packets(d)) {
        Rows rows;
        try {
            Json l = Json::parse(layout(p.layout));
            rewrite_enum_size(l);
            rows = t.rows(l);
        } catch (const std::exception& e) {
            if (failures) failures->push_back(std::string(p.key) + ": " + e.what());
            rows = {bytes("data", "Data (layout not supported)", core::describe::rest())};
        }
        F g = group(p.key, p.name, {});
        g.sub = std::move(rows);
        M m{p.id, nullptr, p.name, {g}, nullptr};
        std::string why;
        if (!compiles(header, m, why)) {
            if (failures) failures->push_back(std::string(p.key) + ": " + why);
            F bytes_only = group(p.key, p.name, {bytes("data", "Data (layout not supported)", core::describe::rest())});
            m.rows = {bytes_only};
        }
        msgs.push_back(std::move(m));
    }
    return table(nullptr, "game packets", msgs);
}

}  // namespace bedrock::mcdata
