// Entity bookkeeping: which entity ids the server spawned (Named Entity
// Spawn, Pickup Spawn, Add Object/Vehicle, Mob Spawn, Entity — "it may
// initialize the entry" — and the player's own id from Login Response)
// and destroyed, so that messages for entities never spawned, a second
// Destroy Entity and a spawn of a living id are seen. Bounded: at most
// kMaxEntities ids are followed.
#pragma once

#include <cstdint>

#include "core/bounded_table.hpp"

namespace mcalpha {

class Entities {
public:
    static constexpr size_t kMaxEntities = 16384;

    enum class Event : uint8_t {
        Ok,
        Untracked,       // the table is full
        TableFull,       // it just became full (reported once)
        Unknown,         // a message for an id never spawned (or destroyed: `destroyed`)
        DestroyedTwice,  // `frame`: the earlier Destroy Entity
        SpawnedTwice,    // `frame`: the spawn it is still alive from
    };
    struct Result {
        Event event = Event::Ok;
        uint64_t frame = 0;       // Ok: the frame that spawned the entity
        bool destroyed = false;   // Unknown: it was destroyed
    };

    Entities() : table_(kMaxEntities) {}
    Result spawn(int32_t eid, uint64_t frame);
    // `initialises`: Entity (0x1E) may initialise the entry: no finding.
    Result use(int32_t eid, uint64_t frame, bool initialises = false);
    Result destroy(int32_t eid, uint64_t frame);

    size_t alive() const { return alive_; }
    size_t spawned() const { return spawned_; }

private:
    struct Entity {
        bool alive = false;
        bool destroyed = false;
        uint64_t frame = 0;  // spawn, or destroy once destroyed
    };
    Entity* at(int32_t eid, Result& r);

    core::BoundedTable<Entity> table_;
    size_t alive_ = 0, spawned_ = 0;
    bool full_reported_ = false;
};

}  // namespace mcalpha
