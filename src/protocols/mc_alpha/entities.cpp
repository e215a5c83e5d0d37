#include "entities.hpp"

namespace mcalpha {

Entities::Entity* Entities::at(int32_t eid, Result& r) {
    bool added;
    Entity* e = table_.insert(uint32_t(eid), added);
    if (!e) {
        r.event = full_reported_ ? Event::Untracked : Event::TableFull;
        full_reported_ = true;
    }
    return e;
}

Entities::Result Entities::spawn(int32_t eid, uint64_t frame) {
    Result r;
    Entity* e = at(eid, r);
    if (!e) return r;
    if (e->alive) {
        r.event = Event::SpawnedTwice;
        r.frame = e->frame;
    } else {
        ++alive_;
    }
    ++spawned_;
    e->alive = true;
    e->destroyed = false;
    e->frame = frame;
    return r;
}

Entities::Result Entities::use(int32_t eid, uint64_t frame, bool initialises) {
    Result r;
    Entity* e = table_.find(uint32_t(eid));
    if (e && e->alive) {
        r.frame = e->frame;
        return r;
    }
    if (initialises) return spawn(eid, frame);
    if (!e && table_.full()) {
        r.event = Event::Untracked;
        return r;
    }
    r.event = Event::Unknown;
    r.destroyed = e && e->destroyed;
    r.frame = e ? e->frame : 0;
    return r;
}

Entities::Result Entities::destroy(int32_t eid, uint64_t frame) {
    Result r;
    Entity* e = table_.find(uint32_t(eid));
    if (e && e->alive) {
        r.frame = e->frame;
        e->alive = false;
        e->destroyed = true;
        e->frame = frame;
        --alive_;
        return r;
    }
    if (e && e->destroyed) {
        r.event = Event::DestroyedTwice;
        r.frame = e->frame;
        return r;
    }
    if (!e && table_.full()) {
        r.event = Event::Untracked;
        return r;
    }
    r.event = Event::Unknown;
    // Remember it as destroyed: a second Destroy is then "destroyed twice".
    Result ignored;
    if (Entity* n = at(eid, ignored)) {
        n->destroyed = true;
        n->frame = frame;
    }
    return r;
}

}  // namespace mcalpha
