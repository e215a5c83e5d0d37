// Every protocol's findings table, for the core's lookups by code and name.
#include "core/finding.hpp"
#include "protocols/blank/findings.hpp"
#include "protocols/mc_alpha/findings.hpp"
#include "protocols/mc_java/findings.hpp"
#include "protocols/mcpe/findings.hpp"
#include "protocols/raknet/findings.hpp"

namespace core {

FindingTables finding_tables() {
    static const FindingTable* const all[] = {&blank::finding_table(), &mcjava::finding_table(),
                                              &raknet::finding_table(), &mcpe::finding_table(),
                                              &mcalpha::finding_table()};
    return FindingTables{all, sizeof(all) / sizeof(all[0])};
}

}  // namespace core
