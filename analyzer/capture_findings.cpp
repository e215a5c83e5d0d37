#include "capture_findings.hpp"

#include <cstdio>

namespace blankshark {
namespace {

constexpr uint16_t kBase = 1536;  // after the protocols' blocks and the TCP reassembler's (1280)

size_t format(const core::Finding& f, char* buf, size_t cap) {
    const int n = std::snprintf(buf, cap, "Conversation limit %lld reached (open at once): %lld packets of further conversations not analysed",
                                (long long)f.a, (long long)f.b);
    return n < 0 ? 0 : size_t(n) < cap ? size_t(n) : cap - 1;
}

struct Table {
    core::FindingInfo infos[1] = {
        {core::Code(kBase), "capture.limit.conversations", core::Severity::Warn, core::FindingGroup::Protocol,
         "more conversations open at once than the configured limit: packets of further ones are not analysed"}};
    core::FindingTable table{"capture", kBase, infos, 1, format};
    Table() { core::add_finding_table(table); }
};

}  // namespace

const core::FindingTable& capture_finding_table() {
    static const Table t;
    return t.table;
}

core::Code conversation_limit() {
    capture_finding_table();
    return core::Code(kBase);
}

}  // namespace blankshark
