// Every protocol's findings table, for the core's lookups by code and name.
#include "core/finding.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/raknet/findings.hpp"

namespace core {

FindingTables finding_tables() {
    static const FindingTable* const all[] = {&mcjava::finding_table(), &raknet::finding_table(),
                                               &mcpe::finding_table()};
    return FindingTables{all, sizeof(all) / sizeof(all[0])};
}

}  // namespace core
