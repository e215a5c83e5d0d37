// The analyzer's protocols: each front end's file adds it while the program
// starts (a namespace-scope `[[maybe_unused]] const bool added =
// add_front_end(...)`, as the plugin's dissectors add their parts), and the
// catalog (catalog::protocols()) says their order, so no list of them is kept
// here (docs/adding-a-protocol.md).
#include "front_end.hpp"

#include <algorithm>

#include "protocols/catalog.hpp"

namespace blankshark {
namespace {

// Filled during static initialisation, read once main() runs: a function's
// static, so it exists before the first front end is added.
std::vector<const FrontEnd*>& added() {
    static std::vector<const FrontEnd*> all;
    return all;
}

size_t catalog_place(const FrontEnd& fe) {
    const auto& all = catalog::protocols();
    return size_t(std::find(all.begin(), all.end(), &fe.info()) - all.begin());
}

}  // namespace

bool add_front_end(const FrontEnd& fe) {
    added().push_back(&fe);
    return true;
}

const std::vector<const FrontEnd*>& front_ends() {
    static const std::vector<const FrontEnd*> all = [] {
        std::vector<const FrontEnd*> v = added();
        std::stable_sort(v.begin(), v.end(),
                         [](const FrontEnd* a, const FrontEnd* b) { return catalog_place(*a) < catalog_place(*b); });
        return v;
    }();
    return all;
}

size_t front_end_index(const FrontEnd& fe) {
    const auto& all = front_ends();
    return size_t(std::find(all.begin(), all.end(), &fe) - all.begin());
}

ProtocolSettings::ProtocolSettings() {
    for (const FrontEnd* fe : front_ends()) all_.push_back(fe->settings());
}

Settings* ProtocolSettings::of(const FrontEnd& fe) const {
    const size_t i = front_end_index(fe);
    return i < all_.size() ? all_[i].get() : nullptr;
}

}  // namespace blankshark
