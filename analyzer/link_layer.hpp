// From a captured frame to the UDP datagram or TCP segment inside it. Link
// layers: Ethernet (with 802.1Q/802.1ad VLAN tags), BSD null/loopback, Linux
// cooked SLL/SLL2, raw IP; then IPv4 (options, no reassembly) or IPv6
// (extension headers). parse_udp takes UDP only, parse_tcp TCP only,
// parse_transport either; all three walk the same headers the same way.
// Pure functions: no libpcap, no allocation (except to_string()).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

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
// Inline: every packet's flow lookup and direction test compares endpoints.
inline bool operator==(const Endpoint& a, const Endpoint& b) noexcept {
    return a.family == b.family && a.port == b.port && std::memcmp(a.addr, b.addr, sizeof a.addr) == 0;
}
inline bool operator!=(const Endpoint& a, const Endpoint& b) noexcept { return !(a == b); }
bool operator<(const Endpoint& a, const Endpoint& b) noexcept;  // family, address, port
std::string to_string(const Endpoint& e);  // "127.0.0.1:12354", "[::1]:12354"
// The same text in a buffer of its own: the printers write endpoints per
// packet, and a std::string of "192.168.100.200:54321" would be allocated.
struct EndpointText {
    char text[56];  // "[" INET6_ADDRSTRLEN "]:65535"
    size_t len = 0;
    operator std::string_view() const noexcept { return {text, len}; }
};
EndpointText endpoint_text(const Endpoint& e) noexcept;

struct UdpDatagram {
    Endpoint src, dst;
    const uint8_t* payload = nullptr;  // points into the frame
    uint32_t payload_len = 0;
    bool truncated = false;  // captured shorter than the UDP length says
};

// TCP header flags (the 8 bits of header byte 13).
namespace tcpflag {
inline constexpr uint8_t kFin = 0x01;
inline constexpr uint8_t kSyn = 0x02;
inline constexpr uint8_t kRst = 0x04;
inline constexpr uint8_t kPsh = 0x08;
inline constexpr uint8_t kAck = 0x10;
inline constexpr uint8_t kUrg = 0x20;
inline constexpr uint8_t kEce = 0x40;
inline constexpr uint8_t kCwr = 0x80;
}  // namespace tcpflag

// One TCP segment as captured. The checksum is not verified (as Wireshark's
// default): captures taken on the sending host carry offloaded checksums.
struct TcpSegment {
    Endpoint src, dst;
    uint32_t seq = 0, ack = 0;  // raw header values (ack is meaningful only with kAck)
    uint8_t flags = 0;          // tcpflag bits
    uint16_t window = 0;        // raw, not scaled (the scale is in the SYN options, which are skipped)
    uint16_t urgent = 0;
    uint8_t header_len = 0;     // data offset in bytes, 20..60; options are skipped
    const uint8_t* payload = nullptr;  // points into the frame
    uint32_t payload_len = 0;          // what was captured of the payload
    bool truncated = false;  // the IP length says the segment is longer than what was captured

    bool has(uint8_t flag) const noexcept { return (flags & flag) != 0; }
};

enum class Transport : uint8_t { None, Udp, Tcp };

// What parse_transport() found: `kind` says which member is filled.
struct TransportPacket {
    Transport kind = Transport::None;
    UdpDatagram udp;
    TcpSegment tcp;
};

enum class LinkResult {
    Ok,
    NotIp,        // link layer carries something else (ARP, 802.3 LLC, ...)
    NotUdp,       // parse_udp: IP, but not UDP (or an IPv6 header chain we do not walk)
    Fragment,     // an IP fragment, no reassembly (IPv4: of the asked transport only; IPv6: any, atomic ones excepted)
    Truncated,    // headers cut short by the capture, or header lengths that do not fit
    Unsupported,  // link type not handled
    OtherTransport,  // parse_tcp / parse_transport: IP, but not TCP / neither UDP nor TCP (or an IPv6 chain we do not walk)
};
const char* link_result_name(LinkResult r) noexcept;  // "Ok", "NotIp", ...

// dlt: the capture's link type (pcap_datalink(), or the file's LINKTYPE_).
// On anything but Ok, `out` holds no payload. IPv4 honours the total length
// (Ethernet trailer padding is not payload); IPv6 walks hop-by-hop, routing,
// destination options and AH headers. The payload length comes from the UDP
// length field, clamped to what was captured (then `truncated` is set).
LinkResult parse_udp(int dlt, const uint8_t* data, uint32_t caplen, UdpDatagram& out) noexcept;
// The same walk for TCP. The segment's extent comes from the IP length
// (IPv4 total length, IPv6 payload length; Ethernet padding is not
// payload), clamped to what was captured (then `truncated` is set; a length
// of 0, as TSO offload leaves it, means "what was captured" and is not
// truncation). The data offset is honoured: options are skipped. A data
// offset below 20 or beyond the segment is Truncated. IP fragments, first or
// later, are Fragment (no reassembly).
LinkResult parse_tcp(int dlt, const uint8_t* data, uint32_t caplen, TcpSegment& out) noexcept;
// UDP or TCP, whichever the frame holds: `out.kind` says which member is
// filled (the other stays empty). For UDP exactly what parse_udp gives.
LinkResult parse_transport(int dlt, const uint8_t* data, uint32_t caplen, TransportPacket& out) noexcept;
bool link_type_supported(int dlt) noexcept;
const char* link_type_name(int dlt) noexcept;  // "EN10MB (Ethernet)", "LINUX_SLL2", ...; "unknown" if not known

}  // namespace blankshark::capture
