#include "constants.hpp"

namespace raknet {

const char* reliability_name(Reliability r) {
    static const char* const kNames[kReliabilityCount] = {
        "unreliable", "unreliable_sequenced", "reliable", "reliable_ordered", "reliable_sequenced",
        "unreliable_with_ack_receipt", "reliable_with_ack_receipt", "reliable_ordered_with_ack_receipt"};
    return kNames[uint8_t(r) & 7];
}

}  // namespace raknet
