#include "packet_values.hpp"

#include <memory>
#include <mutex>
#include <cstring>
#include <string>
#include <vector>

#include "schema.hpp"

namespace mcjava {
namespace {

constexpr Side SB = Side::Client;
constexpr Side CB = Side::Server;

// The packets the analyses read and the fields they read, by the keys of the
// tables (play_404.cpp, play_477.cpp, handshake_status_login.cpp); a packet
// or field a version lacks is skipped for that version.
struct Spec {
    State state;
    Side dir;
    const char* key;
    Event event;
    const char* fields[PacketValues::kSlots];
    SpawnKind spawn = SpawnKind::None;
    const char* list = nullptr;
};

const Spec kSpecs[] = {
    {State::Status, SB, "ping", Event::PingRequest, {"payload"}},
    {State::Status, CB, "pong", Event::PingAnswer, {"payload"}},
    {State::Login, CB, "login_success", Event::LoginSuccess, {}},
    {State::Login, CB, "disconnect", Event::Disconnect, {}},
    {State::Play, CB, "disconnect", Event::Disconnect, {}},
    {State::Configuration, CB, "disconnect", Event::Disconnect, {}},
    {State::Configuration, CB, "keep_alive", Event::KeepAliveRequest, {"keep_alive_id"}},
    {State::Configuration, SB, "keep_alive", Event::KeepAliveAnswer, {"keep_alive_id"}},
    {State::Play, CB, "keep_alive", Event::KeepAliveRequest, {"keep_alive_id"}},
    {State::Play, SB, "keep_alive", Event::KeepAliveAnswer, {"keep_alive_id"}},
    // Slots: teleport_id first (id()), then x y z flags.
    {State::Play, CB, "player_position_look", Event::Teleport, {"teleport_id", "x", "y", "z", "flags"}},
    {State::Play, SB, "teleport_confirm", Event::TeleportConfirm, {"teleport_id"}},
    // Slots 1-3: x y z, as the teleport's.
    {State::Play, SB, "position", Event::ClientPosition, {nullptr, "x", "y", "z"}},
    {State::Play, SB, "position_look", Event::ClientPosition, {nullptr, "x", "y", "z"}},          // 404
    {State::Play, SB, "position_rotation", Event::ClientPosition, {nullptr, "x", "y", "z"}},      // 1.14
    {State::Play, SB, "client_settings", Event::ClientSettings, {"view_distance"}},
    {State::Play, SB, "chat", Event::ClientChat, {}},
    {State::Play, CB, "join_game", Event::JoinGame, {"entity_id", "view_distance"}},
    {State::Play, CB, "respawn", Event::Respawn, {}},
    {State::Play, CB, "spawn_position", Event::SpawnPosition, {nullptr, "location.x", "location.y", "location.z"}},
    // Slots 1, 3: column x, z (slot 2 unused, as for blocks' y).
    // (1.17 dropped the flag: every column is full.)
    // Slot 2: the section bit mask (before 1.9 an empty full column unloads it).
    {State::Play, CB, "chunk_data", Event::ChunkData, {"full_chunk", "x", "bit_mask", "z"}},
    {State::Play, CB, "update_light", Event::UpdateLight, {nullptr, "x", nullptr, "z"}},
    {State::Play, CB, "unload_chunk", Event::UnloadChunk, {nullptr, "chunk_x", nullptr, "chunk_z"}},
    {State::Play, CB, "block_change", Event::BlockChange, {nullptr, "location.x", "location.y", "location.z"}},
    {State::Play, CB, "multi_block_change", Event::MultiBlockChange, {nullptr, "chunk_x", nullptr, "chunk_z"}},
    {State::Play, CB, "spawn_object", Event::Spawn, {"entity_id", "type"}, SpawnKind::Object},
    {State::Play, CB, "spawn_experience_orb", Event::Spawn, {"entity_id"}, SpawnKind::ExperienceOrb},
    {State::Play, CB, "spawn_global_entity", Event::Spawn, {"entity_id", "type"}, SpawnKind::GlobalEntity},
    {State::Play, CB, "spawn_mob", Event::Spawn, {"entity_id", "type"}, SpawnKind::Mob},
    {State::Play, CB, "spawn_painting", Event::Spawn, {"entity_id", "motive"}, SpawnKind::Painting},
    {State::Play, CB, "spawn_player", Event::Spawn, {"entity_id"}, SpawnKind::Player},
    {State::Play, CB, "entity", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_relative_move", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_look_and_relative_move", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_look", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_head_look", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_teleport", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_velocity", Event::EntityMove, {"entity_id"}},
    {State::Play, CB, "entity_metadata", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "entity_equipment", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "entity_properties", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "entity_effect", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "remove_entity_effect", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "entity_status", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "animation", Event::EntityState, {"entity_id"}},
    {State::Play, CB, "destroy_entities", Event::DestroyEntities, {}, SpawnKind::None, "entity_id|entity_ids"},
};

// Every version's events, by table and packet id (dense).
struct VersionEvents {
    const VersionInfo* version = nullptr;
    std::vector<detail::EventFields> by_id[kTableCount];
};

// The first of `names` that the schema has under `base`: the same meaning
// where releases give it another form under another name (Destroy
// Entities: one release's single "entity_id", the others' array
// "entity_ids").
core::FieldId find_one_of(const core::Schema& s, const std::string& base, const char* names) {
    for (const char* n = names; *n;) {
        const char* end = std::strchr(n, '|');
        const size_t len = end ? size_t(end - n) : std::strlen(n);
        if (const core::FieldInfo* fi = s.find(base + std::string(n, len))) return fi->id;
        n += len + (end ? 1 : 0);
    }
    return core::kNoField;
}

VersionEvents build(const VersionInfo* v) {
    VersionEvents ve;
    ve.version = v;
    const core::Schema& s = schema(*v);
    for (const Spec& sp : kSpecs) {
        const uint32_t t = table_index(sp.state, sp.dir);
        if (t >= v->version().table_count) continue;
        const core::MessageTable& mt = v->version().tables[t];
        const core::MessageType* type = core::find_type(mt, sp.key);
        if (!type) continue;  // not in this version
        const std::string base = std::string(kPrefix) + "." + mt.key + "." + sp.key + ".";
        detail::EventFields f;
        f.schema = &s;
        f.event = sp.event;
        f.spawn = sp.spawn;
        for (int k = 0; k < PacketValues::kSlots; ++k)
            if (sp.fields[k]) f.slot[k] = find_one_of(s, base, sp.fields[k]);
        // (An array of one row has no level of its own in the names:
        // Destroy Entities' ids are "destroy_entities.entity_id".)
        if (sp.list) f.list = find_one_of(s, base, sp.list);
        std::vector<detail::EventFields>& ids = ve.by_id[t];
        if (ids.size() <= type->id) ids.resize(type->id + 1);
        ids[type->id] = f;
    }
    return ve;
}

// Built per version on first use (a capture has one or two versions;
// compiling all of them would cost every start-up).
class AllEvents {
public:
    AllEvents() : built_(versions().size()), once_(new std::once_flag[versions().size()]) {}
    const VersionEvents& of(const VersionInfo* v) {
        std::call_once(once_[v->index], [&] { built_[v->index] = build(v); });
        return built_[v->index];
    }

private:
    std::vector<VersionEvents> built_;
    std::unique_ptr<std::once_flag[]> once_;
};

AllEvents& all_events() {
    static AllEvents& all = *new AllEvents;
    return all;
}

}  // namespace

const char* spawn_kind_name(SpawnKind k) {
    switch (k) {
    case SpawnKind::Object: return "object";
    case SpawnKind::ExperienceOrb: return "experience orb";
    case SpawnKind::GlobalEntity: return "global entity";
    case SpawnKind::Mob: return "mob";
    case SpawnKind::Painting: return "painting";
    case SpawnKind::Player: return "player";
    case SpawnKind::None: case SpawnKind::Count_: break;
    }
    return "none";
}

namespace detail {

const EventFields* event_fields(const Packet& p) {
    if (!p.version || !p.summary.type || p.table >= kTableCount) return nullptr;
    const std::vector<EventFields>& ids = all_events().of(p.version).by_id[p.table];
    const uint32_t id = p.summary.id;
    return id < ids.size() && ids[id].event != Event::None ? &ids[id] : nullptr;
}

}  // namespace detail

Event event_of(const Packet& p) {
    const detail::EventFields* f = p.kind == PacketKind::Packet ? detail::event_fields(p) : nullptr;
    return f ? f->event : Event::None;
}

}  // namespace mcjava
