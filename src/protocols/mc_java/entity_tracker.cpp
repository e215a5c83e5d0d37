#include "entity_tracker.hpp"

namespace mcjava {

void EntityTracker::own(int64_t id) {
    Entity* ep = entity(id);
    if (!ep) return;
    Entity& e = *ep;
    if (!e.alive) ++alive_;
    e.alive = true;
    e.destroyed = false;
}

void EntityTracker::forget_all() {
    for (auto& [id, e] : entities_) e.alive = false;
    alive_ = 0;
}

void EntityTracker::spawn(Packet& p, int64_t id, SpawnKind kind, int64_t type) {
    Entity* ep = entity(id);
    if (!ep) return;
    Entity& e = *ep;
    if (e.alive) p.add({FindingCode::EntitySpawnTwice, 0, p.data_len, id});
    else ++alive_;
    e.alive = true;
    e.destroyed = false;
    ++spawned_;
    // Types come from the capture: beyond 4096 distinct ones, counted as type -2.
    const auto key = spawns_.size() < 4096 || spawns_.count({kind, type}) ? std::make_pair(kind, type)
                                                                          : std::make_pair(kind, int64_t(-2));
    ++spawns_[key];
}

void EntityTracker::update(Packet& p, int64_t id) {
    const auto it = entities_.find(id);
    if (it != entities_.end() && it->second.alive) return;
    if (picked_up_ && it == entities_.end()) return;
    ++unknown_updates_;
    p.add({FindingCode::EntityUnknown, 0, p.data_len, id, it != entities_.end() && it->second.destroyed ? 1 : 0, 0,
           p.summary.type ? p.summary.type->name : "update"});
}

void EntityTracker::destroy(Packet& p, int64_t id) {
    const auto it = entities_.find(id);
    if (picked_up_ && it == entities_.end()) return;
    if (it == entities_.end() || !it->second.alive) {
        ++unknown_destroys_;
        p.add({FindingCode::EntityDestroyUnknown, 0, p.data_len, id,
               it != entities_.end() && it->second.destroyed ? 1 : 0});
        return;
    }
    it->second.alive = false;
    it->second.destroyed = true;
    --alive_;
    ++destroyed_;
}

}  // namespace mcjava
