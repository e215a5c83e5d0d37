// A hash table of at most a fixed number of keys, for per-connection
// bookkeeping whose keys come from the peer (entity ids, chunk columns):
// memory stays bounded whatever the traffic. Open addressing on u64 keys;
// entries are never removed (their value records what happened to them);
// it grows by doubling up to its capacity, so a quiet connection holds
// little and no message allocates once the table has grown.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

template <class Value>
class BoundedTable {
public:
    // At most `max_keys` keys; inserting more fails (full()).
    explicit BoundedTable(size_t max_keys) : max_keys_(max_keys) {}

    Value* find(uint64_t key) {
        if (slots_.empty()) return nullptr;
        for (size_t i = hash(key) & mask();; i = (i + 1) & mask()) {
            Slot& s = slots_[i];
            if (!s.used) return nullptr;
            if (s.key == key) return &s.value;
        }
    }

    // The entry of `key`, added (value-initialised) when new; null when the
    // table holds max_keys keys already.
    Value* insert(uint64_t key, bool& added) {
        added = false;
        if (Value* v = find(key)) return v;
        if (size_ >= max_keys_) return nullptr;
        if ((size_ + 1) * 4 > slots_.size() * 3) grow();
        for (size_t i = hash(key) & mask();; i = (i + 1) & mask()) {
            Slot& s = slots_[i];
            if (s.used) continue;
            s.used = true;
            s.key = key;
            s.value = Value{};
            ++size_;
            added = true;
            return &s.value;
        }
    }

    size_t size() const { return size_; }
    bool full() const { return size_ >= max_keys_; }

private:
    struct Slot {
        uint64_t key = 0;
        Value value{};
        bool used = false;
    };

    static uint64_t hash(uint64_t x) {  // splitmix64's finaliser
        x ^= x >> 30;
        x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 27;
        x *= 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }
    size_t mask() const { return slots_.size() - 1; }

    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
        for (const Slot& s : old) {
            if (!s.used) continue;
            for (size_t i = hash(s.key) & mask();; i = (i + 1) & mask())
                if (!slots_[i].used) {
                    slots_[i] = s;
                    break;
                }
        }
    }

    std::vector<Slot> slots_;
    size_t size_ = 0;
    size_t max_keys_;
};

}  // namespace core
