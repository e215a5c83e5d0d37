// Where blank's analyses (sequence tracker, chunk reassembler) put the
// findings they make: a frame's fixed set, or the analyzer's list. The
// core's sink, as every protocol's.
#pragma once

#include "core/finding_sink.hpp"
#include "findings.hpp"

namespace blank {

using core::FindingSink;

}  // namespace blank
