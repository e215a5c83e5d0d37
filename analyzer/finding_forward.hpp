// A decoder visitor that only forwards findings to a FindingOut, each with
// a frame (the unit's, where the finding has none): how a unit hands over
// its decoder's findings (unit.hpp).
#pragma once

#include <cstdint>

#include "core/decoder.hpp"
#include "unit.hpp"

namespace blankshark {

struct FindingForward {
    FindingOut& out;
    uint64_t frame;

    static constexpr bool kFindingsOnly = true;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) { add(f); }
    void add(const core::Finding& f) {
        core::Finding g = f;
        if (!g.frame) g.frame = frame;
        out.add(g);
    }
};

}  // namespace blankshark
