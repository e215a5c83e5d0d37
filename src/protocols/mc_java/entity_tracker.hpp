// Entities as the client sees them: spawned by the Spawn packets (and the
// player's own entity by Join Game), removed by Destroy Entities, forgotten
// on Respawn. Findings: a move or state update (metadata, equipment,
// effects, status, animation, ...) for an entity never spawned or already
// destroyed, a destroy of an entity not alive, a spawn of an entity already
// alive. Counts of spawns per spawn packet and type.
//
// Entity records are never erased, so a warm tracker allocates only for
// ids it never saw.
#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>

#include "keepalive_tracker.hpp"
#include "packet_values.hpp"

namespace mcjava {

class EntityTracker {
public:
    EntityTracker() { entities_.reserve(256); }

    void own(int64_t id);  // Join Game: the player's entity
    void forget_all();     // Respawn
    void spawn(Packet& p, int64_t id, SpawnKind kind, int64_t type);
    void update(Packet& p, int64_t id);
    void destroy(Packet& p, int64_t id);
    // Once the connection ended: frees the entities by id (the counts stay).
    void release() { std::unordered_map<int64_t, Entity>().swap(entities_); }

    // Spawns per (spawn packet, type): type -1 where the packet has none,
    // -2 for types beyond the first 4096 distinct ones.
    const std::map<std::pair<SpawnKind, int64_t>, uint64_t>& spawns() const { return spawns_; }
    uint64_t spawned() const { return spawned_; }
    uint64_t destroyed() const { return destroyed_; }
    uint64_t alive() const { return alive_; }
    uint64_t unknown_updates() const { return unknown_updates_; }
    uint64_t unknown_destroys() const { return unknown_destroys_; }

    // The capture started inside the connection: an entity never seen may
    // have been spawned before it (its update or destroy is no finding).
    void picked_up() { picked_up_ = true; }

private:
    bool picked_up_ = false;
    struct Entity {
        bool alive = false, destroyed = false;
    };
    // At most kMaxEntities records (a hostile capture could name millions):
    // entities beyond are not tracked (null).
    static constexpr size_t kMaxEntities = 1 << 20;
    Entity* entity(int64_t id) {
        const auto it = entities_.find(id);
        if (it != entities_.end()) return &it->second;
        if (entities_.size() >= kMaxEntities) return nullptr;
        return &entities_[id];
    }
    std::unordered_map<int64_t, Entity> entities_;
    std::map<std::pair<SpawnKind, int64_t>, uint64_t> spawns_;
    uint64_t spawned_ = 0, destroyed_ = 0, alive_ = 0, unknown_updates_ = 0, unknown_destroys_ = 0;
};

}  // namespace mcjava
