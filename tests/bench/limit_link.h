// The link layer and IP of the C references (java_limit, alpha_limit,
// raknet_limit): a captured frame of any link type they read, walked to its
// TCP segment or UDP datagram. Plain C, libpcap's DLT numbers only; each
// reference includes it once (static functions, inlined where called).
#ifndef BLANKSHARK_BENCH_LIMIT_LINK_H
#define BLANKSHARK_BENCH_LIMIT_LINK_H

#include <pcap/pcap.h>
#include <stddef.h>
#include <stdint.h>

static inline uint32_t be16(const uint8_t* p) { return (uint32_t)p[0] << 8 | p[1]; }
static inline uint32_t be32(const uint8_t* p) { return be16(p) << 16 | be16(p + 2); }

// Gets the transport header and payload: source and destination addresses
// (alen bytes each: 4 or 16), then the transport protocol's bytes.
typedef void (*limit_transport_fn)(const uint8_t* src, const uint8_t* dst, int alen, const uint8_t* t, size_t n);

// IPv4 or IPv6 at p (n bytes): to protocol proto (6 TCP, 17 UDP).
static inline void limit_ip(const uint8_t* p, size_t n, uint8_t proto, limit_transport_fn to) {
    if (n < 1) return;
    if (p[0] >> 4 == 4) {
        if (n < 20) return;
        size_t ihl = (size_t)(p[0] & 0x0F) * 4, total = be16(p + 2);
        if (ihl < 20 || total < ihl || total > n) return;  // total trims Ethernet padding
        if (be16(p + 6) & 0x3FFF) return;                  // a fragment
        if (p[9] != proto) return;
        to(p + 12, p + 16, 4, p + ihl, total - ihl);
    } else if (p[0] >> 4 == 6) {
        if (n < 40) return;
        size_t total = 40 + be16(p + 4);
        if (total > n) return;
        uint8_t next = p[6];
        size_t at = 40;
        // Hop-by-hop, routing and destination options headers come first.
        while ((next == 0 || next == 43 || next == 60) && at + 8 <= total) {
            next = p[at];
            at += 8 + (size_t)p[at + 1] * 8;
        }
        if (next != proto || at > total) return;
        to(p + 8, p + 24, 16, p + at, total - at);
    }
}

// A frame of link type dlt: to IP, then to protocol proto.
static inline void limit_frame(int dlt, const uint8_t* p, size_t n, uint8_t proto, limit_transport_fn to) {
    uint32_t type;
    switch (dlt) {
    case DLT_EN10MB:
        if (n < 14) return;
        type = be16(p + 12);
        p += 14, n -= 14;
        while ((type == 0x8100 || type == 0x88A8) && n >= 4) {  // VLAN tags
            type = be16(p + 2);
            p += 4, n -= 4;
        }
        break;
    case DLT_LINUX_SLL:
        if (n < 16) return;
        type = be16(p + 14);
        p += 16, n -= 16;
        break;
#ifdef DLT_LINUX_SLL2
    case DLT_LINUX_SLL2:
        if (n < 20) return;
        type = be16(p);
        p += 20, n -= 20;
        break;
#endif
    case DLT_NULL:
    case DLT_LOOP:
        // The address family, in the writer's byte order (DLT_NULL) or
        // network order (DLT_LOOP): only IP, whose version nibble says which.
        if (n < 4) return;
        limit_ip(p + 4, n - 4, proto, to);
        return;
    case DLT_RAW:
#ifdef DLT_IPV4
    case DLT_IPV4:
    case DLT_IPV6:
#endif
        limit_ip(p, n, proto, to);
        return;
    default:
        if (dlt == 101) limit_ip(p, n, proto, to);  // LINKTYPE_RAW as some libpcaps report it
        return;
    }
    if (type == 0x0800 || type == 0x86DD) limit_ip(p, n, proto, to);
}

#endif
