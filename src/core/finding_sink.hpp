// Where findings go, for every protocol and both front ends: one interface
// for blank's analyses (a frame's fixed set, or the analyzer's list), a
// Minecraft Java connection's end, and the analyzer's units (unit.hpp), so
// one collector takes them all.
#pragma once

#include <cstddef>
#include <cstdint>

#include "finding.hpp"

namespace core {

class FindingSink {
public:
    virtual ~FindingSink() = default;
    virtual void add(const Finding& f) = 0;
    // How many more findings it keeps (a frame's sink has a fixed capacity).
    virtual size_t room() const { return SIZE_MAX; }
};

}  // namespace core
