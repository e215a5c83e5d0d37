#include "blank/blank_traffic.hpp"

#include "protocols/blank/stats_layout.hpp"

namespace blankshark {

const char* const kDirectionNames[kDirections] = {blank::stats::direction_name(blank::Role::Client),
                                                  blank::stats::direction_name(blank::Role::Server),
                                                  blank::stats::direction_name(blank::Role::Unknown)};

std::string type_name(const blank::Schema& s, int slot) {
    char buf[32];
    return blank::stats::type_node_name(s, slot, slot == kTypeSlots - 1, buf, sizeof buf);
}

}  // namespace blankshark
