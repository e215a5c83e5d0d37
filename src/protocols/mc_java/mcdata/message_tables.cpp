#include "message_tables.hpp"

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/describe.hpp"
#include "core/protodef.hpp"
#include "core/schema.hpp"
#include "protocols/mc_java/chunk_rows.hpp"
#include "protocols/mc_java/server_address.hpp"
#include "protocols/mc_java/mcdata/field_names.hpp"
#include "protocols/mc_java/mcdata/summary_fields.hpp"
#include "protocols/mc_java/play_rows.hpp"
#include "protocols/mc_java/states.hpp"
#include "protocols/mc_java/types.hpp"

namespace mcjava::mcdata {
namespace {

using namespace core::describe;
using core::Kind;
using core::protodef::Json;
using core::protodef::Rows;
using core::protodef::Translator;

bool state_of(const char* name, State& s) {
    for (State c : kStatesInOrder)
        if (std::strcmp(state_name(c), name) == 0) {
            s = c;
            return true;
        }
    return false;
}

// One description's named types, parsed once: the protocol's own, then
// those of the state and direction being written (`scope`).
class TypeSet {
public:
    explicit TypeSet(const Description& d) {
        for (const NamedType& t : named_types(d)) by_scope_[t.scope][t.name] = Json::parse(layout(t.layout));
    }
    void enter(const std::string& scope) { scope_ = scope; }
    const Json* find(const std::string& name) const {
        for (const std::string* s : {&scope_, &kGlobal}) {
            auto sc = by_scope_.find(*s);
            if (sc == by_scope_.end()) continue;
            auto it = sc->second.find(name);
            if (it != sc->second.end()) return &it->second;
        }
        return nullptr;
    }

private:
    static inline const std::string kGlobal;
    std::map<std::string, std::map<std::string, Json>> by_scope_;
    std::string scope_;
};

// Minecraft's natives, as the hand tables write them (types.cpp).
bool minecraft_native(Translator& t, const TypeSet& types, const std::string& type, const Json* args, const char* key,
                      const char* name, Rows& out) {
    if (type == "position") {
        // 26-bit x, then y and z in the order the description gives (1.14 moved y last).
        const Json* def = types.find("position");
        core::PositionLayout layout = core::PositionLayout::XZY_26_26_12;
        if (def && def->is_array() && def->size() > 1 && (*def)[1].size() == 3 && (*def)[1][1].value("name", "") == "y")
            layout = core::PositionLayout::XYZ_26_12_26;
        out.push_back(core::describe::position(key, name, layout));
        return true;
    }
    if (type == "nbt" || type == "optionalNbt") {
        out.push_back(use(key, name, named_nbt()));
        return true;
    }
    if (type == "anonymousNbt" || type == "anonOptionalNbt") {
        out.push_back(use(key, name, anonymous_nbt()));
        return true;
    }
    if (type == "entityMetadataLoop" && args) {
        F a = array(key, name, until(uint8_t(args->at("endVal").get<int>())), {});
        t.field(args->at("type"), std::string(key) + "_entry", a.sub);
        if (a.sub.size() == 1 && a.sub[0].f.kind == Kind::Group) {  // the entry's fields, not a group per entry
            std::vector<F> inner = a.sub[0].sub;
            a.sub = inner;
        }
        out.push_back(a);
        return true;
    }
    if (type == "topBitSetTerminatedArray" && args) {
        F a = array(key, name, top_bit_terminated(), {});
        t.field(args->at("type"), std::string(key) + "_entry", a.sub);
        if (a.sub.size() == 1 && a.sub[0].f.kind == Kind::Group) {
            std::vector<F> inner = a.sub[0].sub;
            a.sub = inner;
        }
        out.push_back(a);
        return true;
    }
    if (type == "registryEntryHolder" && args) {
        // An id plus one, or 0 and the value itself.
        const std::string base = args->at("baseName").get<std::string>();
        const Json& other = args->at("otherwise");
        F g = group(key, name, {});
        g.sub.push_back(varint(t.key_of(base), t.title_of(base)));
        F s = select(t.key_of(base), {});
        CaseRows inline_value{0, nullptr, {}};
        t.field(other.at("type"), other.at("name").get<std::string>(), inline_value.rows);
        s.cases.push_back(std::move(inline_value));
        g.sub.push_back(s);
        out.push_back(g);
        return true;
    }
    if (type == "registryEntryHolderSet" && args) {
        // 0 and a tag name, or n and n - 1 ids.
        const Json& base = args->at("base");
        const Json& other = args->at("otherwise");
        F g = group(key, name, {});
        g.sub.push_back(varint("type", "Type (0: a tag, else ids + 1)"));
        F s = select("type", {});
        CaseRows tag{0, nullptr, {}};
        t.field(base.at("type"), base.at("name").get<std::string>(), tag.rows);
        s.cases.push_back(std::move(tag));
        const std::string many = other.at("name").get<std::string>();
        F ids = array(t.key_of(many), t.title_of(many), field_count_plus(-1), {}, "type");
        t.field(other.at("type"), std::string(t.key_of(many)) + "_entry", ids.sub);
        s.sub.push_back(ids);
        g.sub.push_back(s);
        out.push_back(g);
        return true;
    }
    if (type == "vec3i16" && key && std::strcmp(key, "velocity") == 0) {
        // An entity's velocity, 1/8000 block per tick each: the hand tables'
        // vx, vy, vz (minecraft-data keeps the three as one vector).
        out.push_back(velocity("vx", "Velocity X"));
        out.push_back(velocity("vy", "Velocity Y"));
        out.push_back(velocity("vz", "Velocity Z"));
        return true;
    }
    if (type == "lpVec3") {
        // Low-precision vector (1.21.9+): a 0 byte, or 6 bytes of packed
        // components with a scale VarInt when bit 2 of the first is set.
        out.push_back(group(key, name, {
            u8("packed0", "Packed (low byte: scale marks)").hex(),
            select("packed0", {on(0, {})}, {
                u8("packed1", "Packed (second byte)").hex(),
                u32("packed2", "Packed (high bytes)").hex(),
                when("packed0", 4, {varint("scale", "Scale (high bits)")}),
            }),
        }));
        return true;
    }
    return false;
}

bool structure(Kind k) { return k <= Kind::Type; }  // Group, Array, Switch, Option, Type

bool has_key(const Rows& rows, const char* key) {
    for (const F& r : rows)
        if (r.f.key && std::strcmp(r.f.key, key) == 0) return true;
    return false;
}

bool in_model(const core::Layout& model, const char* key) {
    for (size_t i = 0; i < model.count; ++i)
        if (model.fields[i].key && std::strcmp(model.fields[i].key, key) == 0) return true;
    return false;
}

// A summary value of the model the release moved one or two levels down,
// into rows the model does not have (1.20.2+'s Join Game world state,
// 1.21.2+'s Player flags): shown in summaries there.
void summary_below(Rows& rows, const core::Layout& model, const core::Field& m, int depth) {
    for (F& r : rows) {
        if (!r.f.key || in_model(model, r.f.key)) continue;
        for (F& c : r.sub)
            if (c.f.key && std::strcmp(c.f.key, m.key) == 0 && !structure(c.f.kind)) c.f.summary = true;
        // A named type this description's translator made (1.20.2+'s
        // SpawnInfo, Join Game's and Respawn's world state): its own rows.
        if (r.f.type && r.sub.empty())
            for (size_t i = 0; i < r.f.type->layout.count; ++i) {
                core::Field& c = const_cast<core::Field&>(r.f.type->layout.fields[i]);  // the translator's arena
                if (c.key && std::strcmp(c.key, m.key) == 0 && !structure(c.kind)) c.summary = true;
            }
        if (depth > 1) summary_below(r.sub, model, m, depth - 1);
    }
}

// Follows `model`'s rows of the same keys, level by level: the summary
// marks, the hex display, and the fixed point where the wire is the same
// integer (1.9+'s moves in 1/4096 blocks, as the hand tables read them).
void follow_model(Rows& rows, const core::Layout& model) {
    for (size_t i = 0; i < model.count; ++i) {
        const core::Field& m = model.fields[i];
        if (!m.key) continue;
        if (m.summary && !structure(m.kind) && !has_key(rows, m.key)) summary_below(rows, model, m, 2);
        for (F& r : rows)
            if (r.f.key && std::strcmp(r.f.key, m.key) == 0) {
                if (m.summary && (r.f.kind == m.kind || !structure(r.f.kind))) r.f.summary = true;  // not a group for a value
                if (m.display == core::Display::Hex && core::is_integer(core::value_class(r.f.kind, 0)))
                    r.f.display = core::Display::Hex;
                if (m.kind == Kind::Fixed && r.f.kind == m.wire && r.sub.empty() && r.cases.empty()) {
                    r.f.kind = Kind::Fixed;
                    r.f.wire = m.wire;
                    r.f.scale = m.scale;
                    r.f.unit = m.unit;
                }
                if (m.sub.count) follow_model(r.sub, m.sub);
            }
    }
}

// minecraft-data writes Minecraft's angles (a byte, 1/256 of a turn) as
// i8: the yaws and pitches take the hand tables' type, degrees, and so their
// names.
void angles(Rows& rows) {
    for (F& r : rows) {
        if (r.f.kind == Kind::I8 && r.f.key &&
            (!std::strcmp(r.f.key, "yaw") || !std::strcmp(r.f.key, "pitch") || !std::strcmp(r.f.key, "head_yaw") ||
             !std::strcmp(r.f.key, "head_pitch"))) {
            const bool summary = r.f.summary;
            r = angle(r.f.key, r.f.name);
            r.f.summary = summary;
        }
        angles(r.sub);
        for (core::describe::CaseRows& c : r.cases) angles(c.rows);
    }
}

// Each table's filter segment and name, by state and direction.
const char* const kTables[kStateCount][2][2] = {
    {{"handshake.sb", "handshaking, serverbound"}, {"handshake.cb", "handshaking, clientbound"}},
    {{"status.sb", "status, serverbound"}, {"status.cb", "status, clientbound"}},
    {{"login.sb", "login, serverbound"}, {"login.cb", "login, clientbound"}},
    {{"play.sb", "play, serverbound"}, {"play.cb", "play, clientbound"}},
    {{"configuration.sb", "configuration, serverbound"}, {"configuration.cb", "configuration, clientbound"}},
};

const core::MessageType* model_type(const std::vector<core::MessageTable>* model, uint32_t table, const char* key) {
    return model && table < model->size() ? core::find_type((*model)[table], key) : nullptr;
}

}  // namespace

void add_message_tables(std::vector<core::MessageTable>& tables, const Description& d,
                        const std::vector<core::MessageTable>* model, std::vector<std::string>* failures,
                        const std::vector<core::MessageTable>* other_model) {
    TypeSet types(d);
    Translator t([&](const std::string& n) { return types.find(n); },
                 [&](Translator& tr, const std::string& type, const Json* args, const char* key, const char* name,
                     Rows& out) { return minecraft_native(tr, types, type, args, key, name, out); });
    std::map<uint32_t, std::vector<M>> by_table;
    for (const Packet& p : packets(d)) {
        State s;
        if (!state_of(p.state, s)) continue;
        if (p.id == 0xFE && std::strcmp(p.state, "handshaking") == 0) continue;  // the legacy ping: read before framing
        types.enter(std::string(p.state) + (p.dir == core::Side::Client ? ".toServer" : ".toClient"));
        Rows rows;
        try {
            rows = t.rows(Json::parse(layout(p.layout)));
        } catch (const std::exception& e) {
            if (failures)
                failures->push_back(std::string(p.state) + (p.dir == core::Side::Client ? " serverbound " : " clientbound ") +
                                    p.key + ": " + e.what());
            rows = {bytes("data", "Data (layout not supported)", core::describe::rest())};
        }
        if (s == State::Play && p.dir == core::Side::Server && std::strcmp(p.key, "chunk_data") == 0)
            describe_chunk_sections(d.protocol, rows);  // what minecraft-data leaves as bytes
        stable_field_names(rows, kTables[uint32_t(s)][uint32_t(p.dir)][0], p.key);
        angles(rows);
        const core::MessageType* m = model_type(model, table_index(s, p.dir), p.key);
        if (!m) m = model_type(other_model, table_index(s, p.dir), p.key);
        if (m) follow_model(rows, m->payload);
        summary_fields(rows, kTables[uint32_t(s)][uint32_t(p.dir)][0], p.key);
        if (s == State::Handshaking && std::strcmp(p.key, "handshake") == 0) describe_server_address(rows);
        by_table[table_index(s, p.dir)].push_back(M{p.id, p.key, p.name, std::move(rows), nullptr});
    }
    for (State s : kStatesInOrder)
        for (core::Side dir : {core::Side::Client, core::Side::Server}) {
            const char* const* names = kTables[uint32_t(s)][uint32_t(dir)];
            tables[table_index(s, dir)] = table(names[0], names[1], by_table[table_index(s, dir)]);
        }
}

}  // namespace mcjava::mcdata
