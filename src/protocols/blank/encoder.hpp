// Builds packets from the same tables the decoder reads: tests, crafted
// captures and benchmarks describe a packet by filter abbreviation and get
// the bytes the game would send.
//
//   auto bytes = PacketBuilder(7).seq(5).entries(2)
//                    .set("blank.entity.id", 10, 0).set("blank.entity.id", 11, 1)
//                    .build();
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol.hpp"

namespace blank {

class PacketBuilder {
public:
    explicit PacketBuilder(uint8_t type, const Schema& s = schema());

    PacketBuilder& tag(uint32_t t) { tag_ = t; return *this; }
    PacketBuilder& seq(uint16_t v) { seq_ = v; return *this; }
    PacketBuilder& ack(uint16_t v) { ack_ = v; return *this; }
    PacketBuilder& hist(uint32_t v) { hist_ = v; return *this; }
    // Defaults to what the game leaves there (7f 00 00 in the current revision).
    PacketBuilder& padding(uint8_t a, uint8_t b, uint8_t c) { pad_[0] = a; pad_[1] = b; pad_[2] = c; return *this; }

    // A numeric field in physical units (blocks, radians, ...); `index` is the
    // array entry. Quaternions: set .w .x .y .z (default identity).
    PacketBuilder& set(std::string_view abbrev, double value, uint32_t index = 0);
    // A String or Bytes field.
    PacketBuilder& text(std::string_view abbrev, std::string_view value, uint32_t index = 0);
    // Array entries to write; the count field follows unless set explicitly.
    PacketBuilder& entries(uint32_t n) { entries_ = n; return *this; }
    // End the payload right after the last string's terminator, as the game
    // does for Message (it sends Login/Join/SpawnEntity at full length).
    PacketBuilder& compact() { compact_ = true; return *this; }
    // Force the payload length (truncating or zero-extending): malformed packets.
    PacketBuilder& payload_length(size_t n) { forced_len_ = n; has_forced_len_ = true; return *this; }

    std::vector<uint8_t> build() const;

private:
    using Key = std::pair<std::string, uint32_t>;
    size_t natural_length() const;
    void write(uint8_t* p, size_t cap, uint32_t first, uint32_t count, size_t base, uint32_t index) const;
    bool number(const std::string& abbrev, uint32_t index, double& out) const;
    uint64_t with_flags(const Node& n, uint32_t index, double v) const;

    const Schema& s_;
    uint8_t type_;
    uint32_t tag_ = kTag;
    uint16_t seq_ = 0, ack_ = 0xFFFF;
    uint32_t hist_ = 0xFFFFFFFF;  // a fresh connection's values
    uint8_t pad_[3];
    uint32_t entries_ = 1;
    bool compact_ = false;
    bool has_forced_len_ = false;
    size_t forced_len_ = 0;
    std::map<Key, double> nums_;
    std::map<Key, std::string> texts_;
};

}  // namespace blank
