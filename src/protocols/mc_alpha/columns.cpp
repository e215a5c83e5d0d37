#include "columns.hpp"

namespace mcalpha {

Columns::Column* Columns::at(int32_t x, int32_t z, bool& added, Result& r) {
    Column* c = table_.insert(key(x, z), added);
    if (!c) {
        r.event = full_reported_ ? Event::Untracked : Event::TableFull;
        full_reported_ = true;
    }
    return c;
}

Columns::Result Columns::pre_chunk(int32_t x, int32_t z, bool initialise, uint64_t frame) {
    Result r;
    bool added;
    Column* c = at(x, z, added, r);
    if (!c) return r;
    if (initialise) {
        if (c->loaded) {
            r.event = Event::LoadTwice;
            r.frame = c->frame;
        } else {
            ++loaded_;
        }
        c->loaded = true;
    } else {
        if (!c->loaded) {
            r.event = c->seen_unload ? Event::UnloadTwice : Event::UnloadUnknown;
            r.frame = c->frame;
        } else {
            --loaded_;
        }
        c->loaded = false;
        c->seen_unload = true;
    }
    c->frame = frame;
    return r;
}

Columns::Result Columns::map_chunk(int32_t x, int32_t z) {
    Result r;
    Column* c = table_.find(key(x, z));
    if (c && c->loaded) {
        r.frame = c->frame;
        return r;
    }
    if (!c && table_.full()) {
        r.event = Event::Untracked;
        return r;
    }
    r.event = Event::NotAnnounced;
    r.unloaded = c && c->seen_unload;
    return r;
}

}  // namespace mcalpha
