#include "link_layer.hpp"

#include <arpa/inet.h>

#include <cstdio>
#include <cstring>

namespace blankshark::capture {
namespace {

// pcap LINKTYPE_ values (and the DLT_RAW aliases some systems write).
constexpr int kNull = 0, kEthernet = 1, kRaw12 = 12, kRaw14 = 14, kRaw = 101, kLoop = 108, kSll = 113,
              kIpv4 = 228, kIpv6 = 229, kSll2 = 276;

inline uint16_t be16(const uint8_t* p) { return uint16_t(p[0] << 8 | p[1]); }

LinkResult udp(const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (len < 8) return LinkResult::Truncated;
    out.src.port = be16(p);
    out.dst.port = be16(p + 2);
    const uint16_t udp_len = be16(p + 4);
    if (udp_len < 8) return LinkResult::Truncated;
    uint32_t n = udp_len - 8u;
    out.truncated = n > len - 8;
    if (out.truncated) n = len - 8;
    out.payload = p + 8;
    out.payload_len = n;
    return LinkResult::Ok;
}

LinkResult ipv4(const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (len < 20) return LinkResult::Truncated;
    if (p[0] >> 4 != 4) return LinkResult::NotIp;
    const uint32_t ihl = (p[0] & 15u) * 4;
    const uint32_t total = be16(p + 2);
    if (ihl < 20 || len < ihl) return LinkResult::Truncated;
    const uint16_t frag = be16(p + 6);
    if ((frag & 0x1FFF) != 0 || (frag & 0x2000) != 0) return LinkResult::Fragment;
    if (p[9] != 17) return LinkResult::NotUdp;
    out.src.family = out.dst.family = 4;
    std::memset(out.src.addr, 0, 16);
    std::memset(out.dst.addr, 0, 16);
    std::memcpy(out.src.addr, p + 12, 4);
    std::memcpy(out.dst.addr, p + 16, 4);
    // Honour the IP total length: Ethernet pads short frames with trailer bytes.
    uint32_t end = total >= ihl && total < len ? total : len;
    return udp(p + ihl, end - ihl, out);
}

LinkResult ipv6(const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (len < 40) return LinkResult::Truncated;
    if (p[0] >> 4 != 6) return LinkResult::NotIp;
    const uint32_t payload = be16(p + 4);
    uint32_t end = 40 + payload < len ? 40 + payload : len;
    uint8_t next = p[6];
    uint32_t off = 40;
    for (int hops = 0; hops < 8; ++hops) {  // bounded: hostile chains end here
        if (next == 17) {
            out.src.family = out.dst.family = 6;
            std::memcpy(out.src.addr, p + 8, 16);
            std::memcpy(out.dst.addr, p + 24, 16);
            return udp(p + off, end - off, out);
        }
        if (next == 44) return LinkResult::Fragment;
        if (next != 0 && next != 43 && next != 60) return LinkResult::NotUdp;
        if (off + 8 > end) return LinkResult::Truncated;
        const uint32_t ext = (p[off + 1] + 1u) * 8;
        next = p[off];
        off += ext;
        if (off > end) return LinkResult::Truncated;
    }
    return LinkResult::NotUdp;
}

LinkResult by_ethertype(uint16_t type, const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (type == 0x0800) return ipv4(p, len, out);
    if (type == 0x86DD) return ipv6(p, len, out);
    return LinkResult::NotIp;
}

LinkResult by_version(const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (len < 1) return LinkResult::Truncated;
    if (p[0] >> 4 == 4) return ipv4(p, len, out);
    if (p[0] >> 4 == 6) return ipv6(p, len, out);
    return LinkResult::NotIp;
}

LinkResult by_af(uint32_t af, const uint8_t* p, uint32_t len, UdpDatagram& out) {
    if (af == 2) return ipv4(p, len, out);
    if (af == 10 || af == 24 || af == 28 || af == 30) return ipv6(p, len, out);  // Linux, BSDs, macOS
    return LinkResult::NotIp;
}

}  // namespace

bool operator==(const Endpoint& a, const Endpoint& b) {
    return a.family == b.family && a.port == b.port && std::memcmp(a.addr, b.addr, 16) == 0;
}

bool operator<(const Endpoint& a, const Endpoint& b) {
    if (a.family != b.family) return a.family < b.family;
    const int c = std::memcmp(a.addr, b.addr, 16);
    if (c != 0) return c < 0;
    return a.port < b.port;
}

std::string to_string(const Endpoint& e) {
    char ip[INET6_ADDRSTRLEN] = "?";
    inet_ntop(e.family == 6 ? AF_INET6 : AF_INET, e.addr, ip, sizeof ip);
    char out[INET6_ADDRSTRLEN + 10];
    std::snprintf(out, sizeof out, e.family == 6 ? "[%s]:%u" : "%s:%u", ip, e.port);
    return out;
}

bool link_type_supported(int dlt) noexcept {
    switch (dlt) {
    case kNull: case kEthernet: case kRaw12: case kRaw14: case kRaw: case kLoop: case kSll: case kIpv4: case kIpv6:
    case kSll2: return true;
    default: return false;
    }
}

const char* link_type_name(int dlt) noexcept {
    switch (dlt) {
    case kNull: return "NULL (BSD loopback)";
    case kEthernet: return "EN10MB (Ethernet)";
    case kRaw12: case kRaw14: case kRaw: return "RAW (raw IP)";
    case kLoop: return "LOOP (OpenBSD loopback)";
    case kSll: return "LINUX_SLL (Linux cooked v1)";
    case kIpv4: return "IPV4";
    case kIpv6: return "IPV6";
    case kSll2: return "LINUX_SLL2 (Linux cooked v2)";
    case 147: return "USER0";
    default: return "unknown";
    }
}

LinkResult parse_udp(int dlt, const uint8_t* p, uint32_t len, UdpDatagram& out) noexcept {
    out = UdpDatagram{};
    switch (dlt) {
    case kEthernet: {
        if (len < 14) return LinkResult::Truncated;
        uint32_t off = 12;
        uint16_t type = be16(p + off);
        for (int tags = 0; tags < 4 && (type == 0x8100 || type == 0x88A8 || type == 0x9100); ++tags) {
            off += 4;
            if (off + 2 > len) return LinkResult::Truncated;
            type = be16(p + off);
        }
        off += 2;
        return by_ethertype(type, p + off, len - off, out);
    }
    case kNull: case kLoop: {
        if (len < 4) return LinkResult::Truncated;
        uint32_t af;
        std::memcpy(&af, p, 4);  // host order for NULL (the writer's); network order for LOOP
        if (dlt == kLoop) af = ntohl(af);
        else if (af > 0xFFFF) af = __builtin_bswap32(af);  // written on a host of the other endianness
        return by_af(af, p + 4, len - 4, out);
    }
    case kSll:
        if (len < 16) return LinkResult::Truncated;
        return by_ethertype(be16(p + 14), p + 16, len - 16, out);
    case kSll2:
        if (len < 20) return LinkResult::Truncated;
        return by_ethertype(be16(p), p + 20, len - 20, out);
    case kRaw: case kRaw12: case kRaw14: return by_version(p, len, out);
    case kIpv4: return ipv4(p, len, out);
    case kIpv6: return ipv6(p, len, out);
    default: return LinkResult::Unsupported;
    }
}

}  // namespace blankshark::capture
