// What the analyzer itself finds about a capture, whatever its protocols:
// a stable name each, as every protocol's findings have.
//
// | name                        | severity | meaning |
// |-----------------------------|----------|---------|
// | capture.limit.conversations | warn     | more conversations open at once than --max-conversations: packets of further ones are not analysed |
#pragma once

#include "core/finding.hpp"

namespace blankshark {

// The code of capture.limit.conversations (a: the limit, b: packets beyond it),
// its table registered with the core on first use.
core::Code conversation_limit();
const core::FindingTable& capture_finding_table();

}  // namespace blankshark
