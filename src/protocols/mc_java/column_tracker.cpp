#include "column_tracker.hpp"

namespace mcjava {

void ColumnTracker::forget_all() {
    for (auto& [k, c] : columns_) c.loaded = false;
    loaded_ = 0;
}

void ColumnTracker::chunk_data(Packet& p, int64_t x, int64_t z, bool full) {
    const bool unseen = columns_.find(key(x, z)) == columns_.end();
    Column* cp = column(x, z);
    if (!cp) return;
    Column& c = *cp;
    if (!full) {
        if (!c.loaded && !(picked_up_ && unseen)) p.add({FindingCode::ChunkChangeUnloaded, 0, p.data_len, x, z, 0, "Chunk Data (not a full chunk)"});
        return;
    }
    if (c.loaded) p.add({FindingCode::ChunkSentTwice, 0, p.data_len, x, z});
    else ++loaded_;
    if (!c.ever) ++distinct_;
    c.loaded = c.ever = true;
    c.light_frame = 0;
    if (loaded_ > max_loaded_) max_loaded_ = loaded_;
    if (!loads_) first_time_ = p.span.last.time;
    last_time_ = p.span.last.time;
    ++loads_;
    bytes_ += p.wire_len;
    data_bytes_ += p.data_len;
    events_.push_back({int32_t(x), int32_t(z), p.span.last.frame, EventKind::Load, p.span.last.time});
}

void ColumnTracker::light(Packet& p, int64_t x, int64_t z) {
    ++light_;
    Column* cp = column(x, z);
    if (!cp) return;
    Column& c = *cp;
    if (!c.ever && !c.light_frame) c.light_frame = p.span.last.frame;
}

void ColumnTracker::unload(Packet& p, int64_t x, int64_t z) {
    const auto it = columns_.find(key(x, z));
    if (it == columns_.end() || !it->second.loaded) {
        if (!(picked_up_ && it == columns_.end())) p.add({FindingCode::ChunkUnloadUnknown, 0, p.data_len, x, z});
        return;
    }
    it->second.loaded = false;
    --loaded_;
    ++unloads_;
    events_.push_back({int32_t(x), int32_t(z), p.span.last.frame, EventKind::Unload, p.span.last.time});
}

void ColumnTracker::change(Packet& p, int64_t x, int64_t z, const char* what) {
    const auto it = columns_.find(key(x, z));
    if ((it == columns_.end() && !picked_up_) || (it != columns_.end() && !it->second.loaded))
        p.add({FindingCode::ChunkChangeUnloaded, 0, p.data_len, x, z, 0, what});
}

void ColumnTracker::finish(EndFindings& out) const {
    for (const auto& [k, c] : columns_)
        if (!c.ever && c.light_frame) {
            core::Finding f{FindingCode::ChunkLightUnknown, 0, 0, int64_t(int32_t(uint32_t(k >> 32))),
                            int64_t(int32_t(uint32_t(k)))};
            f.frame = c.light_frame;
            out.add(f);
        }
}

}  // namespace mcjava
