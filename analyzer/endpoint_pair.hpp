// The two ends of a conversation in one order, whichever of them sent the
// packet: the key under which TCP's connections and blank's and RakNet's
// UDP flows are looked up for every packet, hashed (an ordered map compared
// endpoints a dozen times a packet).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "link_layer.hpp"

namespace blankshark::capture {

struct EndpointPair {
    Endpoint a, b;  // a < b
    static EndpointPair of(const Endpoint& x, const Endpoint& y) noexcept {
        return y < x ? EndpointPair{y, x} : EndpointPair{x, y};
    }
    bool operator==(const EndpointPair& o) const noexcept { return a == o.a && b == o.b; }
};

struct EndpointPairHash {
    size_t operator()(const EndpointPair& k) const noexcept {
        uint64_t h = 0x9E3779B97F4A7C15ull;
        auto mix = [&h](const Endpoint& e) {
            uint64_t w[2];
            std::memcpy(w, e.addr, 16);
            h = (h ^ w[0]) * 0x100000001B3ull;
            h = (h ^ w[1]) * 0x100000001B3ull;
            h = (h ^ (uint64_t(e.port) << 8 | e.family)) * 0x100000001B3ull;
        };
        mix(k.a);
        mix(k.b);
        return size_t(h ^ h >> 29);
    }
};

}  // namespace blankshark::capture
