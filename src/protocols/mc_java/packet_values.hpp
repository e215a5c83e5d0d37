// The few values of a packet that the connection analyses read (keep-alive
// ids, positions, chunk coordinates, entity ids), read by the decoder.
//
// Which packets matter, and which of their fields, is a table of packet keys
// and field names (packet_values.cpp), resolved once per version into an
// Event per (state, direction, packet id) and the FieldIds of its fields:
// reading a packet is one decode that compares FieldIds, with no lookup by
// name and no allocation.
#pragma once

#include <cstdint>

#include "connection.hpp"
#include "core/decoder.hpp"

namespace mcjava {

// What a packet means to the analyses.
enum class Event : uint8_t {
    None,
    PingRequest,       // status Ping (client), answered by Pong with the same payload
    PingAnswer,        // status Pong
    LoginSuccess,      // login ends, play starts
    Disconnect,        // login or play Disconnect (server)
    KeepAliveRequest,  // play Keep Alive from the server
    KeepAliveAnswer,   // play Keep Alive from the client (echoes the id)
    Teleport,          // clientbound Player Position And Look: x y z flags teleport_id
    TeleportConfirm,   // Teleport Confirm: teleport_id
    ClientPosition,    // Player Position / Position And Look (Rotation): x y z
    ClientSettings,    // view_distance
    JoinGame,          // entity_id (the player's own), view_distance (1.14)
    Respawn,           // the client forgets its chunks and entities
    SpawnPosition,     // x y z
    ChunkData,         // x z full_chunk
    UpdateLight,       // x z (1.14)
    UnloadChunk,       // x z
    BlockChange,       // x y z of the block
    MultiBlockChange,  // x z of the column
    Spawn,             // entity_id, type (SpawnKind says which packet)
    EntityMove,        // entity_id: moves, looks, velocity, teleport
    EntityState,       // entity_id: metadata, equipment, properties, effects, status, animation
    DestroyEntities,   // each destroyed id through the callback
    ClientChat,        // serverbound Chat Message (a command when it starts with '/')
};

// The spawn packets, for counts per type.
enum class SpawnKind : uint8_t { None, Object, ExperienceOrb, GlobalEntity, Mob, Painting, Player, Count_ };
const char* spawn_kind_name(SpawnKind k);  // "mob", "player", ...

struct PacketValues {
    static constexpr int kSlots = 5;
    Event event = Event::None;
    SpawnKind spawn = SpawnKind::None;
    // The packet's fields in the order its table row lists them.
    double d[kSlots] = {};
    int64_t i[kSlots] = {};
    bool seen[kSlots] = {};
    // Convenience views of the slots, by event.
    int64_t id() const { return i[0]; }  // keep-alive id, ping payload, teleport id, entity id
    bool has(int k) const { return seen[k]; }
};

// The packet's Event, without decoding it (from its state, direction and id).
Event event_of(const Packet& p);

namespace detail {
// The FieldIds of one event's slots in one version's schema; `list` is the
// field whose occurrences go to the callback (destroyed ids).
struct EventFields {
    const core::Schema* schema = nullptr;
    Event event = Event::None;
    SpawnKind spawn = SpawnKind::None;
    core::FieldId slot[PacketValues::kSlots] = {core::kNoField, core::kNoField, core::kNoField, core::kNoField,
                                                core::kNoField};
    core::FieldId list = core::kNoField;
};
const EventFields* event_fields(const Packet& p);

template <class OnListed>
struct ReadValues {
    static constexpr bool kPayloadOnly = true;
    const EventFields& f;
    PacketValues& v;
    OnListed& listed;
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        const core::FieldId id = it.info->id;
        int64_t iv = 0;
        double dv = 0;
        switch (it.vclass) {
        case core::ValueClass::Int: iv = it.i; dv = double(it.i); break;
        case core::ValueClass::Uint: case core::ValueClass::Bool: iv = int64_t(it.u); dv = double(it.u); break;
        case core::ValueClass::Float: case core::ValueClass::Double:
            dv = it.d;
            // Saturated: a peer's double may be anything (1e168, NaN).
            iv = it.d != it.d ? 0 : it.d >= 9.2e18 ? INT64_MAX : it.d <= -9.2e18 ? INT64_MIN : int64_t(it.d);
            break;
        default: return;
        }
        if (id == f.list) {
            listed(iv);
            return;
        }
        for (int k = 0; k < PacketValues::kSlots; ++k)
            if (id == f.slot[k] && !v.seen[k]) {
                v.i[k] = iv;
                v.d[k] = dv;
                v.seen[k] = true;
                return;
            }
    }
};
}  // namespace detail

// Reads the values of a packet of interest; `listed(int64_t)` gets each
// entry of its list (the ids of Destroy Entities). False (event None) for a
// packet no analysis reads or that has no bytes to decode.
template <class OnListed>
bool read_values(const Packet& p, PacketValues& out, OnListed&& listed) {
    out = PacketValues{};
    if (p.kind != PacketKind::Packet || !p.data || !p.summary.type) return false;
    const detail::EventFields* f = detail::event_fields(p);
    if (!f) return false;
    out.event = f->event;
    out.spawn = f->spawn;
    detail::ReadValues<OnListed> r{*f, out, listed};
    core::decode(*f->schema, p.data, p.data_len, p.context(), r);
    return true;
}

}  // namespace mcjava
