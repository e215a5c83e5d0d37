// From a captured frame to the UDP datagram inside it: link layers Ethernet
// (with VLAN tags), BSD null/loopback, Linux cooked SLL/SLL2, raw IP; IPv4
// (options, no reassembly) and IPv6 (extension headers). Pure functions, no
// allocation, no libpcap.
#pragma once

#include <cstdint>
#include <string>

namespace blankshark::capture {

struct Endpoint {
    uint8_t family = 0;  // 4 or 6
    uint8_t addr[16] = {};  // IPv4 in addr[0..3]
    uint16_t port = 0;
};
bool operator==(const Endpoint& a, const Endpoint& b);
inline bool operator!=(const Endpoint& a, const Endpoint& b) { return !(a == b); }
bool operator<(const Endpoint& a, const Endpoint& b);
std::string to_string(const Endpoint& e);  // "127.0.0.1:12354", "[::1]:12354"

struct UdpDatagram {
    Endpoint src, dst;
    const uint8_t* payload = nullptr;
    uint32_t payload_len = 0;
    bool truncated = false;  // captured shorter than the UDP length says
};

enum class LinkResult { Ok, NotIp, NotUdp, Fragment, Truncated, Unsupported };

bool link_type_supported(int dlt) noexcept;
const char* link_type_name(int dlt) noexcept;
LinkResult parse_udp(int dlt, const uint8_t* data, uint32_t caplen, UdpDatagram& out) noexcept;

}  // namespace blankshark::capture
