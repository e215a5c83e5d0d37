#include "traffic_stats.hpp"

namespace blankshark {

const char* const kDirectionNames[kDirections] = {"client -> server", "server -> client", "no conversation"};

std::string type_name(const blank::Schema& s, int slot) {
    if (slot == kTypeSlots - 1) return "short header";
    if (size_t(slot) < s.types.size() && s.types[size_t(slot)].type) return s.types[size_t(slot)].type->name;
    return "type " + std::to_string(slot);
}

}  // namespace blankshark
