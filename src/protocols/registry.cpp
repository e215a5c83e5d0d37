// Every protocol's findings table, for the core's lookups by code and name.
#include <atomic>
#include <mutex>

#include "core/finding.hpp"
#include "protocols/blank/findings.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/raknet/findings.hpp"

namespace core {

namespace {

constexpr size_t kMaxTables = 16;

struct Tables {
    const FindingTable* all[kMaxTables] = {&blank::finding_table(), &mcjava::finding_table(), &raknet::finding_table(),
                                           &mcpe::finding_table(), &mcalpha::finding_table()};
    std::atomic<size_t> count{5};
    std::mutex add;
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
