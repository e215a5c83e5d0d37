// Writing RakNet packets with the core's generic encoder (core::encode:
// values by row key, from the same rows the decoder reads): what the MCPE
// session simulator and the tests craft traffic with. Nothing here lays out
// bytes by hand; it only names the values.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "constants.hpp"
#include "core/encoder.hpp"
#include "versions.hpp"

namespace raknet {

// One encapsulated frame to write.
struct FrameSpec {
    Reliability reliability = Reliability::ReliableOrdered;
    uint32_t message_index = 0, sequencing_index = 0, order_index = 0;
    uint8_t channel = 0;
    bool split = false;
    uint32_t split_count = 0, split_index = 0;
    uint16_t split_id = 0;
    std::vector<uint8_t> body;
};

// A datagram: first byte `flags` (0x80 | kPacketPair / kContinuousSend / kNeedsBAndAs bits), number `seq`.
std::vector<uint8_t> encode_datagram(Generation g, uint32_t seq, const std::vector<FrameSpec>& frames,
                                     uint8_t flags = bit::kValid);
// An ACK or NAK of the ranges [first, last] (single records where first == last).
std::vector<uint8_t> encode_ack(Generation g, bool nak, const std::vector<std::pair<uint32_t, uint32_t>>& ranges);
// An offline message (table kPacketTable) or a system message (kMessageTable) from its values.
std::vector<uint8_t> encode_message(Generation g, uint32_t table, uint8_t id, const core::Value& values);

// The values of a system address (IPv4 "a.b.c.d", port).
core::Value address_value(const char* ipv4, uint16_t port);
// The magic as a Value.
core::Value magic_value();

}  // namespace raknet
