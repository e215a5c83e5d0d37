#include "link_layer.hpp"

#include <arpa/inet.h>

#include <cstdio>
#include <cstring>

namespace blankshark::capture {
namespace {

using namespace linktype;

constexpr uint8_t kUdp = 17;
constexpr int kMaxVlanTags = 4;        // more than anyone stacks; bounds hostile frames
constexpr int kMaxIpv6ExtHeaders = 8;  // likewise for IPv6 header chains

inline uint16_t be16(const uint8_t* p) noexcept { return uint16_t(p[0] << 8 | p[1]); }
inline uint32_t be32(const uint8_t* p) noexcept { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | be16(p + 2); }
inline uint32_t bswap32(uint32_t v) noexcept {
    return v >> 24 | (v >> 8 & 0xFF00u) | (v << 8 & 0xFF0000u) | v << 24;
}

// `len` is what the IP layer says belongs to the UDP datagram, already
// bounded by what was captured.
LinkResult udp(const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 8) return LinkResult::Truncated;
    const uint32_t udp_len = be16(p + 4);
    if (udp_len < 8) return LinkResult::Truncated;  // malformed: not even its own header
    out.src.port = be16(p);
    out.dst.port = be16(p + 2);
    out.truncated = udp_len > len;
    out.payload = p + 8;
    out.payload_len = (out.truncated ? len : udp_len) - 8;
    return LinkResult::Ok;
}

void set_v4(Endpoint& e, const uint8_t* addr) noexcept {
    e.family = 4;
    std::memset(e.addr, 0, sizeof e.addr);
    std::memcpy(e.addr, addr, 4);
}

void set_v6(Endpoint& e, const uint8_t* addr) noexcept {
    e.family = 6;
    std::memcpy(e.addr, addr, 16);
}

LinkResult ipv4(const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 != 4) return LinkResult::NotIp;
    if (len < 20) return LinkResult::Truncated;
    const uint32_t ihl = (p[0] & 0x0Fu) * 4;
    if (ihl < 20 || ihl > len) return LinkResult::Truncated;
    if (p[9] != kUdp) return LinkResult::NotUdp;
    // MF set (a first fragment) or a non-zero offset (a later one).
    if (be16(p + 6) & 0x3FFF) return LinkResult::Fragment;
    set_v4(out.src, p + 12);
    set_v4(out.dst, p + 16);
    // Honour the total length: Ethernet pads short frames with trailer bytes.
    // Fall back to the capture when it is implausible (0 from TSO offload).
    const uint32_t total = be16(p + 2);
    const uint32_t end = total >= ihl && total <= len ? total : len;
    return udp(p + ihl, end - ihl, out);
}

// Length of the IPv6 extension header at `h` we step over, 0 if we don't.
uint32_t ipv6_ext_len(uint8_t type, const uint8_t* h) noexcept {
    switch (type) {
    case 0: case 43: case 60: return (h[1] + 1u) * 8;  // hop-by-hop, routing, destination options
    case 51: return (h[1] + 2u) * 4;                   // AH counts 4-byte units, minus 2
    case 44: return (be16(h + 2) & 0xFFF9) == 0 ? 8 : 0;  // atomic fragment (offset 0, no M): whole
    default: return 0;
    }
}

LinkResult ipv6(const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 != 6) return LinkResult::NotIp;
    if (len < 40) return LinkResult::Truncated;
    // Payload length 0 is a jumbogram or TSO offload: take what was captured.
    const uint32_t payload = be16(p + 4);
    const uint32_t end = payload != 0 && 40 + payload <= len ? 40 + payload : len;
    uint8_t next = p[6];
    uint32_t off = 40;  // invariant: off <= end
    for (int i = 0; i <= kMaxIpv6ExtHeaders; ++i) {
        if (next == kUdp) {
            set_v6(out.src, p + 8);
            set_v6(out.dst, p + 24);
            return udp(p + off, end - off, out);
        }
        const bool known = next == 0 || next == 43 || next == 60 || next == 51 || next == 44;
        if (!known) return LinkResult::NotUdp;
        if (end - off < 8) return LinkResult::Truncated;
        const uint32_t ext = ipv6_ext_len(next, p + off);
        if (ext == 0) return LinkResult::Fragment;  // a real fragment header
        if (ext > end - off) return LinkResult::Truncated;
        next = p[off];
        off += ext;
    }
    return LinkResult::NotUdp;
}

LinkResult by_ethertype(uint16_t type, const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (type == 0x0800) return ipv4(p, len, out);
    if (type == 0x86DD) return ipv6(p, len, out);
    return LinkResult::NotIp;
}

LinkResult by_version(const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 == 4) return ipv4(p, len, out);
    if (p[0] >> 4 == 6) return ipv6(p, len, out);
    return LinkResult::NotIp;
}

bool is_vlan_tpid(uint16_t type) noexcept { return type == 0x8100 || type == 0x88A8 || type == 0x9100; }

LinkResult ethernet(const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 14) return LinkResult::Truncated;
    uint32_t off = 12;  // the EtherType, or a VLAN tag's TPID
    uint16_t type = be16(p + off);
    for (int tags = 0; is_vlan_tpid(type); ++tags) {
        if (tags == kMaxVlanTags) return LinkResult::NotIp;
        off += 4;
        if (off + 2 > len) return LinkResult::Truncated;
        type = be16(p + off);
    }
    off += 2;
    return by_ethertype(type, p + off, len - off, out);
}

// NULL and LOOP: a 4-byte address family, then the IP packet. AF_INET is 2
// everywhere; AF_INET6 is 10 on Linux, 24 on NetBSD/OpenBSD, 28 on FreeBSD,
// 30 on macOS.
LinkResult bsd_loopback(bool network_order, const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    if (len < 4) return LinkResult::Truncated;
    uint32_t af;
    if (network_order) {
        af = be32(p);
    } else {
        // NULL is in the writer's byte order, which need not be ours; the
        // AF values are small, so high bits mean the other endianness.
        std::memcpy(&af, p, 4);
        if (af > 0xFFFF) af = bswap32(af);
    }
    if (af == 2) return ipv4(p + 4, len - 4, out);
    if (af == 10 || af == 24 || af == 28 || af == 30) return ipv6(p + 4, len - 4, out);
    return LinkResult::NotIp;
}

}  // namespace

bool operator==(const Endpoint& a, const Endpoint& b) noexcept {
    return a.family == b.family && a.port == b.port && std::memcmp(a.addr, b.addr, sizeof a.addr) == 0;
}

bool operator<(const Endpoint& a, const Endpoint& b) noexcept {
    if (a.family != b.family) return a.family < b.family;
    const int c = std::memcmp(a.addr, b.addr, sizeof a.addr);
    if (c != 0) return c < 0;
    return a.port < b.port;
}

std::string to_string(const Endpoint& e) {
    char ip[INET6_ADDRSTRLEN] = "?";
    if (e.family == 4 || e.family == 6) inet_ntop(e.family == 6 ? AF_INET6 : AF_INET, e.addr, ip, sizeof ip);
    char out[INET6_ADDRSTRLEN + 10];
    std::snprintf(out, sizeof out, e.family == 6 ? "[%s]:%u" : "%s:%u", ip, unsigned(e.port));
    return out;
}

const char* link_result_name(LinkResult r) noexcept {
    switch (r) {
    case LinkResult::Ok: return "Ok";
    case LinkResult::NotIp: return "NotIp";
    case LinkResult::NotUdp: return "NotUdp";
    case LinkResult::Fragment: return "Fragment";
    case LinkResult::Truncated: return "Truncated";
    case LinkResult::Unsupported: return "Unsupported";
    }
    return "?";
}

bool link_type_supported(int dlt) noexcept {
    switch (dlt) {
    case kNull: case kEthernet: case kRaw12: case kRaw14: case kRaw: case kLoop: case kLinuxSll: case kIpv4:
    case kIpv6: case kLinuxSll2: return true;
    default: return false;
    }
}

const char* link_type_name(int dlt) noexcept {
    static const char* const kUser[] = {"USER0", "USER1", "USER2",  "USER3",  "USER4",  "USER5",  "USER6",  "USER7",
                                        "USER8", "USER9", "USER10", "USER11", "USER12", "USER13", "USER14", "USER15"};
    switch (dlt) {
    case kNull: return "NULL (BSD loopback)";
    case kEthernet: return "EN10MB (Ethernet)";
    case kRaw12: case kRaw14: case kRaw: return "RAW (raw IP)";
    case kLoop: return "LOOP (OpenBSD loopback)";
    case kLinuxSll: return "LINUX_SLL";
    case kIpv4: return "IPV4";
    case kIpv6: return "IPV6";
    case kLinuxSll2: return "LINUX_SLL2";
    default: break;
    }
    if (dlt >= 147 && dlt <= 162) return kUser[dlt - 147];  // LINKTYPE_USER0..15: private use
    return "unknown";
}

LinkResult parse_udp(int dlt, const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    out = UdpDatagram{};
    LinkResult r;
    switch (dlt) {
    case kEthernet: r = ethernet(p, len, out); break;
    case kNull: r = bsd_loopback(false, p, len, out); break;
    case kLoop: r = bsd_loopback(true, p, len, out); break;
    case kLinuxSll:  // 16-byte header, protocol (an EtherType) last
        r = len < 16 ? LinkResult::Truncated : by_ethertype(be16(p + 14), p + 16, len - 16, out);
        break;
    case kLinuxSll2:  // 20-byte header, protocol first
        r = len < 20 ? LinkResult::Truncated : by_ethertype(be16(p), p + 20, len - 20, out);
        break;
    case kRaw: case kRaw12: case kRaw14: r = by_version(p, len, out); break;
    case kIpv4: r = ipv4(p, len, out); break;
    case kIpv6: r = ipv6(p, len, out); break;
    default: r = LinkResult::Unsupported; break;
    }
    // Half-filled addresses from a rejected packet would only mislead.
    if (r != LinkResult::Ok) out = UdpDatagram{};
    return r;
}

}  // namespace blankshark::capture
