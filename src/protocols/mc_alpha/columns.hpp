// Pre-Chunk bookkeeping (seed 001, "Pre-Chunk"): which chunk columns the
// server told the client to initialise (mode 1) or unload (mode 0), so that
// a Map Chunk for a column never initialised, an unload of a column never
// loaded or unloaded twice, and a column initialised twice are seen.
// Bounded: at most kMaxColumns columns are followed.
#pragma once

#include <cstdint>

#include "core/bounded_table.hpp"

namespace mcalpha {

class Columns {
public:
    static constexpr size_t kMaxColumns = 8192;

    enum class Event : uint8_t {
        Ok,
        Untracked,     // the table is full: this column is not followed
        TableFull,     // the table just became full (reported once)
        LoadTwice,     // initialised while initialised (`frame`: the earlier Pre-Chunk)
        UnloadUnknown, // unloaded, never initialised
        UnloadTwice,   // unloaded while unloaded (`frame`: the earlier unload)
        NotAnnounced,  // Map Chunk for a column not initialised (`unloaded`: it was, then unloaded)
    };
    struct Result {
        Event event = Event::Ok;
        uint64_t frame = 0;     // the Pre-Chunk concerned (LoadTwice, UnloadTwice, Ok for a Map Chunk)
        bool unloaded = false;  // NotAnnounced: the column was unloaded
    };

    Columns() : table_(kMaxColumns) {}
    Result pre_chunk(int32_t x, int32_t z, bool initialise, uint64_t frame);
    Result map_chunk(int32_t x, int32_t z);

    size_t loaded() const { return loaded_; }
    size_t followed() const { return table_.size(); }

private:
    struct Column {
        bool loaded = false;
        bool seen_unload = false;
        uint64_t frame = 0;  // the last Pre-Chunk
    };
    static uint64_t key(int32_t x, int32_t z) { return uint64_t(uint32_t(x)) << 32 | uint32_t(z); }
    Column* at(int32_t x, int32_t z, bool& added, Result& r);

    core::BoundedTable<Column> table_;
    size_t loaded_ = 0;
    bool full_reported_ = false;
};

}  // namespace mcalpha
