// From a captured frame to the UDP datagram inside it. Link layers: Ethernet
// (with 802.1Q/802.1ad VLAN tags), BSD null/loopback, Linux cooked SLL/SLL2,
// raw IP; then IPv4 (options, no reassembly) or IPv6 (extension headers).
// Pure functions: no libpcap, no allocation (except to_string()).
#pragma once

#include <cstdint>
#include <string>

namespace blankshark::capture {

// pcap link-layer header types handled here. libpcap hands out DLT_ values,
// files hold LINKTYPE_ values; they agree except for raw IP, whose DLT_RAW is
// 12 on most systems and 14 on OpenBSD (LINKTYPE_RAW is 101).
namespace linktype {
inline constexpr int kNull = 0;        // BSD loopback, 4-byte AF in the writer's byte order
inline constexpr int kEthernet = 1;
inline constexpr int kRaw12 = 12;      // DLT_RAW (Linux and most others)
inline constexpr int kRaw14 = 14;      // DLT_RAW (OpenBSD)
inline constexpr int kRaw = 101;       // LINKTYPE_RAW
inline constexpr int kLoop = 108;      // OpenBSD loopback, 4-byte AF in network byte order
inline constexpr int kLinuxSll = 113;
inline constexpr int kIpv4 = 228;
inline constexpr int kIpv6 = 229;
inline constexpr int kLinuxSll2 = 276;
}  // namespace linktype

struct Endpoint {
    uint8_t family = 0;     // 4 or 6
    uint8_t addr[16] = {};  // IPv4 in addr[0..3], the rest zero
    uint16_t port = 0;
};
bool operator==(const Endpoint& a, const Endpoint& b) noexcept;
inline bool operator!=(const Endpoint& a, const Endpoint& b) noexcept { return !(a == b); }
bool operator<(const Endpoint& a, const Endpoint& b) noexcept;  // family, address, port
std::string to_string(const Endpoint& e);  // "127.0.0.1:12354", "[::1]:12354"

struct UdpDatagram {
    Endpoint src, dst;
    const uint8_t* payload = nullptr;  // points into the frame
    uint32_t payload_len = 0;
    bool truncated = false;  // captured shorter than the UDP length says
};

enum class LinkResult {
    Ok,
    NotIp,        // link layer carries something else (ARP, 802.3 LLC, ...)
    NotUdp,       // IP, but not UDP (or an IPv6 header chain we do not walk)
    Fragment,     // an IP fragment, no reassembly (IPv4: of UDP only; IPv6: any, atomic ones excepted)
    Truncated,    // headers cut short by the capture, or header lengths that do not fit
    Unsupported,  // link type not handled
};
const char* link_result_name(LinkResult r) noexcept;  // "Ok", "NotIp", ...

// dlt: the capture's link type (pcap_datalink(), or the file's LINKTYPE_).
// On anything but Ok, `out` holds no payload. IPv4 honours the total length
// (Ethernet trailer padding is not payload); IPv6 walks hop-by-hop, routing,
// destination options and AH headers. The payload length comes from the UDP
// length field, clamped to what was captured (then `truncated` is set).
LinkResult parse_udp(int dlt, const uint8_t* data, uint32_t caplen, UdpDatagram& out) noexcept;
bool link_type_supported(int dlt) noexcept;
const char* link_type_name(int dlt) noexcept;  // "EN10MB (Ethernet)", "LINUX_SLL2", ...; "unknown" if not known

}  // namespace blankshark::capture
