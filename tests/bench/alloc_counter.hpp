// Counts calls to the global operator new of the benchmark binary
// (alloc_counter.cpp replaces it), so a benchmark can report allocations
// per packet as a counter.
#pragma once

#include <cstdint>

namespace bench {

uint64_t allocations();  // calls to operator new / new[] so far (any thread)

}  // namespace bench
