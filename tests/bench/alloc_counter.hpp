// Counts calls to the global operator new of the benchmark binary
// (alloc_counter.cpp replaces it), so a benchmark can report allocations
// per packet as a counter; and the bytes operator new's blocks hold now
// (as malloc sized them), so a test can tell what a program keeps.
#pragma once

#include <cstdint>

namespace bench {

uint64_t allocations();  // calls to operator new / new[] so far (any thread)
int64_t live_bytes();    // held by blocks from operator new not deleted yet
int64_t peak_live_bytes();  // the most live_bytes() was since the start or reset_peak()
void reset_peak();          // the peak from now on

}  // namespace bench
