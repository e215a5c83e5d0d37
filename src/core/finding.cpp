#include "finding.hpp"

#include <atomic>
#include <cstring>

#include "finding_text.hpp"

namespace core {

namespace {

constexpr size_t kBlocks = 0x10000 / kFindingBlock;

// The registry: a table per block of codes. Registered tables are never
// removed, and a slot is written once (atomically), so a lookup per
// finding takes no lock and costs one load.
std::atomic<const FindingTable*> (&registry())[kBlocks] {
    static std::atomic<const FindingTable*> by_block[kBlocks] = {};
    return by_block;
}

const FindingTable* table_of(Code c) {
    const FindingTable* t = registry()[c.block()].load(std::memory_order_acquire);
    return t && c.v >= t->base && c.v < t->base + t->count ? t : nullptr;
}

}  // namespace

void add_finding_table(const FindingTable& table) {
    registry()[table.base / kFindingBlock].store(&table, std::memory_order_release);
}

FindingTables finding_tables() {
    FindingTables out;
    for (const auto& slot : registry()) {
        const FindingTable* t = slot.load(std::memory_order_acquire);
        if (t && out.count < FindingTables::kMax) out.tables[out.count++] = t;
    }
    return out;
}

const FindingInfo& finding_info(Code c) {
    static const FindingInfo kUnknown{Code{}, "unknown", Severity::Warn, FindingGroup::Protocol,
                                      "a finding code no protocol declares"};
    const FindingTable* t = table_of(c);
    return t ? t->infos[c.v - t->base] : kUnknown;
}

size_t format_finding(const Finding& f, char* buf, size_t cap) {
    if (cap == 0) return 0;
    const FindingTable* t = table_of(f.code);
    if (t && t->format) return t->format(f, buf, cap);
    return text::summary(f, buf, cap);
}

int64_t finding_magnitude(const Finding& f) {
    const FindingTable* t = table_of(f.code);
    return t && t->magnitude ? t->magnitude(f) : -1;
}

bool finding_on_path(const Finding& f) {
    const FindingTable* t = table_of(f.code);
    return t && t->on_path && t->on_path(f);
}

const char* severity_name(Severity s) {
    switch (s) {
    case Severity::Comment: return "comment";
    case Severity::Note: return "note";
    case Severity::Warn: return "warn";
    case Severity::Error: return "error";
    }
    return "?";
}

bool find_code(const char* name, Code& out) {
    const FindingTables all = finding_tables();
    for (size_t i = 0; i < all.count; ++i)
        for (size_t k = 0; k < all.tables[i]->count; ++k)
            if (std::strcmp(all.tables[i]->infos[k].name, name) == 0) {
                out = all.tables[i]->infos[k].code;
                return true;
            }
    return false;
}

}  // namespace core
