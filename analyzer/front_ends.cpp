// The analyzer's protocols: the one list to extend when a protocol is
// added (its folder holds the rest, docs/adding-a-protocol.md).
#include "front_end.hpp"

#include <algorithm>

#include "mc_alpha/alpha_front_end.hpp"
#include "mc_java/java_front_end.hpp"
#include "raknet/raknet_front_end.hpp"

namespace blankshark {

const std::vector<const FrontEnd*>& front_ends() {
    static const std::vector<const FrontEnd*> all{&java_front_end(), &alpha_front_end(), &raknet_front_end()};
    return all;
}

size_t front_end_index(const FrontEnd& fe) {
    const auto& all = front_ends();
    return size_t(std::find(all.begin(), all.end(), &fe) - all.begin());
}

}  // namespace blankshark
