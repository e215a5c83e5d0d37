// Every protocol's findings table (the catalog's, in its order), for the
// core's lookups by code and name.
#include <atomic>
#include <mutex>

#include "core/finding.hpp"
#include "protocols/catalog.hpp"

namespace core {

namespace {

constexpr size_t kMaxTables = 16;

struct Tables {
    const FindingTable* all[kMaxTables] = {};
    std::atomic<size_t> count{0};
    std::mutex add;

    Tables() {
        size_t n = 0;
        for (const ProtocolInfo* p : protocols())
            if (n < kMaxTables) all[n++] = &p->findings();
        count.store(n, std::memory_order_release);
    }
};

Tables& tables() {
    static Tables t;
    return t;
}

}  // namespace

FindingTables finding_tables() {
    Tables& t = tables();
    return FindingTables{t.all, t.count.load(std::memory_order_acquire)};
}

void add_finding_table(const FindingTable& table) {
    Tables& t = tables();
    std::lock_guard<std::mutex> lock(t.add);
    const size_t n = t.count.load(std::memory_order_relaxed);
    for (size_t i = 0; i < n; ++i)
        if (t.all[i] == &table) return;
    if (n == kMaxTables) return;
    t.all[n] = &table;
    t.count.store(n + 1, std::memory_order_release);
}

}  // namespace core
