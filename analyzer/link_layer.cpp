#include "link_layer.hpp"

#include <algorithm>
#include <arpa/inet.h>

#include <cstdio>
#include <cstring>

namespace blankshark::capture {
namespace {

using namespace linktype;

constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;
constexpr int kMaxVlanTags = 4;        // more than anyone stacks; bounds hostile frames
constexpr int kMaxIpv6ExtHeaders = 8;  // likewise for IPv6 header chains

inline uint16_t be16(const uint8_t* p) noexcept { return uint16_t(p[0] << 8 | p[1]); }
inline uint32_t be32(const uint8_t* p) noexcept { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | be16(p + 2); }
inline uint32_t bswap32(uint32_t v) noexcept {
    return v >> 24 | (v >> 8 & 0xFF00u) | (v << 8 & 0xFF0000u) | v << 24;
}

// Which transports the caller takes, and what to say about the others.
struct Want {
    bool udp, tcp;
    LinkResult other;  // NotUdp for parse_udp, OtherTransport for the rest
    bool takes(uint8_t proto) const noexcept { return (udp && proto == kUdp) || (tcp && proto == kTcp); }
};

// The transport header the IP walk arrived at.
struct IpPayload {
    uint8_t proto = 0;
    uint8_t family = 0;
    const uint8_t* src = nullptr;  // 4 or 16 address bytes inside the frame
    const uint8_t* dst = nullptr;
    const uint8_t* p = nullptr;    // the transport header
    uint32_t len = 0;              // what the IP layer says belongs to it, bounded by what was captured
    bool cut = false;              // the IP layer says more than was captured
};

void set_addr(Endpoint& e, uint8_t family, const uint8_t* addr) noexcept {
    e.family = family;
    std::memset(e.addr, 0, sizeof e.addr);
    std::memcpy(e.addr, addr, family == 6 ? 16 : 4);
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

// TCP has no length of its own: the IP layer's is the segment's.
LinkResult tcp(const uint8_t* p, uint32_t len, bool cut, TcpSegment& out) noexcept {
    if (len < 20) return LinkResult::Truncated;
    const uint32_t doff = (p[12] >> 4) * 4u;
    if (doff < 20 || doff > len) return LinkResult::Truncated;  // malformed, or options cut by the capture
    out.src.port = be16(p);
    out.dst.port = be16(p + 2);
    out.seq = be32(p + 4);
    out.ack = be32(p + 8);
    out.flags = p[13];
    out.window = be16(p + 14);
    out.urgent = be16(p + 18);
    out.header_len = uint8_t(doff);
    out.payload = p + doff;
    out.payload_len = len - doff;
    out.truncated = cut;
    return LinkResult::Ok;
}

LinkResult ipv4(const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 != 4) return LinkResult::NotIp;
    if (len < 20) return LinkResult::Truncated;
    const uint32_t ihl = (p[0] & 0x0Fu) * 4;
    if (ihl < 20 || ihl > len) return LinkResult::Truncated;
    if (!w.takes(p[9])) return w.other;
    // MF set (a first fragment) or a non-zero offset (a later one).
    if (be16(p + 6) & 0x3FFF) return LinkResult::Fragment;
    // Honour the total length: Ethernet pads short frames with trailer bytes.
    // Fall back to the capture when it is implausible (0 from TSO offload).
    const uint32_t total = be16(p + 2);
    const uint32_t end = total >= ihl && total <= len ? total : len;
    out.proto = p[9];
    out.family = 4;
    out.src = p + 12;
    out.dst = p + 16;
    out.p = p + ihl;
    out.len = end - ihl;
    out.cut = total >= ihl && total > len;
    return LinkResult::Ok;
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

LinkResult ipv6(const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 != 6) return LinkResult::NotIp;
    if (len < 40) return LinkResult::Truncated;
    // Payload length 0 is a jumbogram or TSO offload: take what was captured.
    const uint32_t payload = be16(p + 4);
    const uint32_t end = payload != 0 && 40 + payload <= len ? 40 + payload : len;
    uint8_t next = p[6];
    uint32_t off = 40;  // invariant: off <= end
    for (int i = 0; i <= kMaxIpv6ExtHeaders; ++i) {
        if (w.takes(next)) {
            out.proto = next;
            out.family = 6;
            out.src = p + 8;
            out.dst = p + 24;
            out.p = p + off;
            out.len = end - off;
            out.cut = payload != 0 && 40 + payload > len;
            return LinkResult::Ok;
        }
        const bool known = next == 0 || next == 43 || next == 60 || next == 51 || next == 44;
        if (!known) return w.other;
        if (end - off < 8) return LinkResult::Truncated;
        const uint32_t ext = ipv6_ext_len(next, p + off);
        if (ext == 0) return LinkResult::Fragment;  // a real fragment header
        if (ext > end - off) return LinkResult::Truncated;
        next = p[off];
        off += ext;
    }
    return w.other;
}

LinkResult by_ethertype(uint16_t type, const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
    if (type == 0x0800) return ipv4(p, len, w, out);
    if (type == 0x86DD) return ipv6(p, len, w, out);
    return LinkResult::NotIp;
}

LinkResult by_version(const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 == 4) return ipv4(p, len, w, out);
    if (p[0] >> 4 == 6) return ipv6(p, len, w, out);
    return LinkResult::NotIp;
}

bool is_vlan_tpid(uint16_t type) noexcept { return type == 0x8100 || type == 0x88A8 || type == 0x9100; }

LinkResult ethernet(const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
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
    return by_ethertype(type, p + off, len - off, w, out);
}

// NULL and LOOP: a 4-byte address family, then the IP packet. AF_INET is 2
// everywhere; AF_INET6 is 10 on Linux, 24 on NetBSD/OpenBSD, 28 on FreeBSD,
// 30 on macOS.
LinkResult bsd_loopback(bool network_order, const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
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
    if (af == 2) return ipv4(p + 4, len - 4, w, out);
    if (af == 10 || af == 24 || af == 28 || af == 30) return ipv6(p + 4, len - 4, w, out);
    return LinkResult::NotIp;
}

// From the link layer to the transport header.
LinkResult to_transport(int dlt, const uint8_t* p, uint32_t len, const Want& w, IpPayload& out) noexcept {
    switch (dlt) {
    case kEthernet: return ethernet(p, len, w, out);
    case kNull: return bsd_loopback(false, p, len, w, out);
    case kLoop: return bsd_loopback(true, p, len, w, out);
    case kLinuxSll:  // 16-byte header, protocol (an EtherType) last
        return len < 16 ? LinkResult::Truncated : by_ethertype(be16(p + 14), p + 16, len - 16, w, out);
    case kLinuxSll2:  // 20-byte header, protocol first
        return len < 20 ? LinkResult::Truncated : by_ethertype(be16(p), p + 20, len - 20, w, out);
    case kRaw: case kRaw12: case kRaw14: return by_version(p, len, w, out);
    case kIpv4: return ipv4(p, len, w, out);
    case kIpv6: return ipv6(p, len, w, out);
    default: return LinkResult::Unsupported;
    }
}

LinkResult finish_udp(const IpPayload& ip, UdpDatagram& out) noexcept {
    set_addr(out.src, ip.family, ip.src);
    set_addr(out.dst, ip.family, ip.dst);
    return udp(ip.p, ip.len, out);
}

LinkResult finish_tcp(const IpPayload& ip, TcpSegment& out) noexcept {
    set_addr(out.src, ip.family, ip.src);
    set_addr(out.dst, ip.family, ip.dst);
    return tcp(ip.p, ip.len, ip.cut, out);
}

}  // namespace

bool operator<(const Endpoint& a, const Endpoint& b) noexcept {
    if (a.family != b.family) return a.family < b.family;
    const int c = std::memcmp(a.addr, b.addr, sizeof a.addr);
    if (c != 0) return c < 0;
    return a.port < b.port;
}

EndpointText endpoint_text(const Endpoint& e) noexcept {
    char ip[INET6_ADDRSTRLEN] = "?";
    if (e.family == 4 || e.family == 6) inet_ntop(e.family == 6 ? AF_INET6 : AF_INET, e.addr, ip, sizeof ip);
    EndpointText t;
    const int n = std::snprintf(t.text, sizeof t.text, e.family == 6 ? "[%s]:%u" : "%s:%u", ip, unsigned(e.port));
    t.len = n < 0 ? 0 : std::min(size_t(n), sizeof t.text - 1);
    return t;
}

std::string to_string(const Endpoint& e) { return std::string(std::string_view(endpoint_text(e))); }

const char* link_result_name(LinkResult r) noexcept {
    switch (r) {
    case LinkResult::Ok: return "Ok";
    case LinkResult::NotIp: return "NotIp";
    case LinkResult::NotUdp: return "NotUdp";
    case LinkResult::Fragment: return "Fragment";
    case LinkResult::Truncated: return "Truncated";
    case LinkResult::Unsupported: return "Unsupported";
    case LinkResult::OtherTransport: return "OtherTransport";
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
    IpPayload ip;
    LinkResult r = to_transport(dlt, p, len, Want{true, false, LinkResult::NotUdp}, ip);
    if (r == LinkResult::Ok) r = finish_udp(ip, out);
    // Half-filled addresses from a rejected packet would only mislead.
    if (r != LinkResult::Ok) out = UdpDatagram{};
    return r;
}

LinkResult parse_tcp(int dlt, const uint8_t* p, uint32_t len, TcpSegment& out) noexcept {
    out = TcpSegment{};
    IpPayload ip;
    LinkResult r = to_transport(dlt, p, len, Want{false, true, LinkResult::OtherTransport}, ip);
    if (r == LinkResult::Ok) r = finish_tcp(ip, out);
    if (r != LinkResult::Ok) out = TcpSegment{};
    return r;
}

LinkResult parse_transport(int dlt, const uint8_t* p, uint32_t len, TransportPacket& out) noexcept {
    out.kind = Transport::None;
    out.udp = UdpDatagram{};
    out.tcp = TcpSegment{};
    IpPayload ip;
    LinkResult r = to_transport(dlt, p, len, Want{true, true, LinkResult::OtherTransport}, ip);
    if (r == LinkResult::Ok && ip.proto == kUdp) {
        r = finish_udp(ip, out.udp);
        if (r == LinkResult::Ok) out.kind = Transport::Udp;
        else out.udp = UdpDatagram{};
    } else if (r == LinkResult::Ok) {
        r = finish_tcp(ip, out.tcp);
        if (r == LinkResult::Ok) out.kind = Transport::Tcp;
        else out.tcp = TcpSegment{};
    }
    return r;
}

}  // namespace blankshark::capture
