// Where blank's analyses (sequence tracker, chunk reassembler) put the
// findings they make: a frame's fixed set, or the analyzer's list.
#pragma once

#include <cstddef>
#include <cstdint>

#include "findings.hpp"

namespace blank {

class FindingSink {
public:
    virtual ~FindingSink() = default;
    virtual void add(const Finding& f) = 0;
    // How many more findings it keeps (a frame's sink has a fixed capacity).
    virtual size_t room() const { return SIZE_MAX; }
};

}  // namespace blank
