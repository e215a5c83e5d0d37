// Chunk columns as the client sees them: loaded by (full) Chunk Data,
// dropped by Unload Chunk and by Respawn / Join Game (the client forgets
// its world), lit by Update Light (1.14; vanilla sends it before the
// column's Chunk Data, so light for a column is an error only when the
// column never arrives). Findings: a column sent twice without an unload,
// an unload of a column not loaded, light for a column that never got Chunk
// Data (at the end), block changes in columns not loaded. Per connection:
// columns sent and unloaded, their bytes, and the time from Login Success to
// the first and the last Chunk Data.
//
// Column records are never erased (a column loaded again reuses its
// record), so a warm tracker allocates only for columns it never saw.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "keepalive_tracker.hpp"

namespace mcjava {

class ColumnTracker {
public:
    ColumnTracker() { columns_.reserve(512); }

    enum class EventKind : uint8_t { Load, Unload };
    struct Event {
        int32_t x, z;
        uint64_t frame;
        EventKind kind;
        double time;
    };

    void login(double time) { login_time_ = time; has_login_ = true; }
    void forget_all();  // Respawn, Join Game
    void chunk_data(Packet& p, int64_t x, int64_t z, bool full);
    void light(Packet& p, int64_t x, int64_t z);
    void unload(Packet& p, int64_t x, int64_t z);
    void change(Packet& p, int64_t x, int64_t z, const char* what);  // column coordinates
    void finish(EndFindings& out) const;
    // After finish(): frees the columns by position (the counts and events stay).
    void release() { std::unordered_map<uint64_t, Column>().swap(columns_); }

    const std::vector<Event>& events() const { return events_; }  // loads and unloads, in order
    uint64_t loads() const { return loads_; }
    uint64_t unloads() const { return unloads_; }
    uint64_t distinct() const { return distinct_; }  // columns that ever got Chunk Data (not light alone)
    uint64_t loaded_now() const { return loaded_; }
    uint64_t max_loaded() const { return max_loaded_; }
    uint64_t bytes() const { return bytes_; }            // Chunk Data on the wire
    uint64_t data_bytes() const { return data_bytes_; }  // and uncompressed
    uint64_t light_packets() const { return light_; }
    // Seconds from Login Success to the first and last Chunk Data (-1: none).
    double first_after_login() const { return has_login_ && loads_ ? first_time_ - login_time_ : -1; }
    double last_after_login() const { return has_login_ && loads_ ? last_time_ - login_time_ : -1; }

    // The capture started inside the connection: a column never seen may
    // have been loaded before it (its unload or change is no finding).
    void picked_up() { picked_up_ = true; }

private:
    bool picked_up_ = false;
    struct Column {
        bool loaded = false, ever = false;
        uint64_t light_frame = 0;  // Update Light before any Chunk Data
    };
    // At most kMaxColumns records (a hostile capture could name millions):
    // columns beyond are not tracked (null).
    static constexpr size_t kMaxColumns = 1 << 20;
    Column* column(int64_t x, int64_t z) {
        const uint64_t k = key(x, z);
        const auto it = columns_.find(k);
        if (it != columns_.end()) return &it->second;
        if (columns_.size() >= kMaxColumns) return nullptr;
        return &columns_[k];
    }
    static uint64_t key(int64_t x, int64_t z) { return (uint64_t(uint32_t(int32_t(x))) << 32) | uint32_t(int32_t(z)); }

    std::unordered_map<uint64_t, Column> columns_;
    std::vector<Event> events_;
    uint64_t loads_ = 0, distinct_ = 0, unloads_ = 0, loaded_ = 0, max_loaded_ = 0, bytes_ = 0, data_bytes_ = 0, light_ = 0;
    double login_time_ = 0, first_time_ = 0, last_time_ = 0;
    bool has_login_ = false;
};

}  // namespace mcjava
