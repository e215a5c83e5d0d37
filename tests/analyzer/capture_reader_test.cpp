// The analyzer's capture input: parse_udp() on hand-built frames of every
// supported link type, CaptureReader on the real captures, and every way a
// capture file can fail to open or to read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "capture_reader.hpp"
#include "link_layer.hpp"

#ifndef BLANKSHARK_SHARED_CAPTURES
#define BLANKSHARK_SHARED_CAPTURES "/work/shared/captures"
#endif

namespace blankshark::capture {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

const std::string kCaptures = BLANKSHARK_SHARED_CAPTURES;

// ---------------------------------------------------------------- helpers

Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

Bytes patched(Bytes b, size_t at, std::initializer_list<uint8_t> with) {
    for (uint8_t v : with) b.at(at++) = v;
    return b;
}

Endpoint ep4(std::array<uint8_t, 4> a, uint16_t port) {
    Endpoint e;
    e.family = 4;
    std::copy(a.begin(), a.end(), e.addr);
    e.port = port;
    return e;
}

Endpoint ep6(std::array<uint8_t, 16> a, uint16_t port) {
    Endpoint e;
    e.family = 6;
    std::copy(a.begin(), a.end(), e.addr);
    e.port = port;
    return e;
}

uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

Bytes le32_bytes(uint32_t v) { return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)}; }

bool contains(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// ---------------------------------------------------------------- frames

// 192.168.1.2:12345 -> 10.0.0.1:12354, 8 payload bytes; IP total length 36.
const Bytes kIpv4Udp = {
    0x45, 0x00, 0x00, 0x24, 0x12, 0x34, 0x40, 0x00,  // v4, IHL 5, total 36; id; DF
    0x40, 0x11, 0x00, 0x00, 192,  168,  1,    2,     // TTL 64, UDP, checksum; source
    10,   0,    0,    1,                             // destination
    0x30, 0x39, 0x30, 0x42, 0x00, 0x10, 0x00, 0x00,  // UDP 12345 -> 12354, length 16
    0xAF, 0xB1, 0x1A, 0xFB, 0x01, 0x02, 0x03, 0x04,  // payload
};
const Bytes kV4Payload = {0xAF, 0xB1, 0x1A, 0xFB, 0x01, 0x02, 0x03, 0x04};
const Endpoint kV4Src = ep4({192, 168, 1, 2}, 12345);
const Endpoint kV4Dst = ep4({10, 0, 0, 1}, 12354);

// [2001:db8::1]:50000 -> [2001:db8::2]:12354, 8 payload bytes.
const Bytes kIpv6Udp = {
    0x60, 0x00, 0x00, 0x00, 0x00, 0x10, 0x11, 0x40,  // v6; payload length 16, next UDP, hop limit 64
    0x20, 0x01, 0x0D, 0xB8, 0,    0,    0,    0,    0, 0, 0, 0, 0, 0, 0, 1,  // 2001:db8::1
    0x20, 0x01, 0x0D, 0xB8, 0,    0,    0,    0,    0, 0, 0, 0, 0, 0, 0, 2,  // 2001:db8::2
    0xC3, 0x50, 0x30, 0x42, 0x00, 0x10, 0x00, 0x00,  // UDP 50000 -> 12354, length 16
    0xAF, 0xB1, 0x1A, 0xFB, 0x05, 0x06, 0x07, 0x08,  // payload
};
const Bytes kV6Payload = {0xAF, 0xB1, 0x1A, 0xFB, 0x05, 0x06, 0x07, 0x08};
const Endpoint kV6Src = ep6({0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 50000);
const Endpoint kV6Dst = ep6({0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, 12354);

// The same, with a hop-by-hop options header (next UDP, 8 bytes, one PadN).
const Bytes kIpv6HopByHopUdp = cat({
    {0x60, 0x00, 0x00, 0x00, 0x00, 0x18, 0x00, 0x40},  // payload length 24, next hop-by-hop
    Bytes(kIpv6Udp.begin() + 8, kIpv6Udp.begin() + 40),
    {0x11, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00},
    Bytes(kIpv6Udp.begin() + 40, kIpv6Udp.end()),
});

Bytes eth(uint16_t type) { return {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, uint8_t(type >> 8), uint8_t(type)}; }

void expect_v4(const Bytes& frame, int dlt, size_t payload_at) {
    UdpDatagram d;
    const LinkResult r = parse_udp(dlt, frame.data(), uint32_t(frame.size()), d);
    ASSERT_EQ(r, LinkResult::Ok) << link_result_name(r);
    EXPECT_EQ(d.src, kV4Src) << to_string(d.src);
    EXPECT_EQ(d.dst, kV4Dst) << to_string(d.dst);
    EXPECT_EQ(to_string(d.src), "192.168.1.2:12345");
    EXPECT_EQ(to_string(d.dst), "10.0.0.1:12354");
    EXPECT_EQ(d.payload, frame.data() + payload_at);
    ASSERT_EQ(d.payload_len, kV4Payload.size());
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), kV4Payload);
    EXPECT_FALSE(d.truncated);
}

void expect_v6(const Bytes& frame, int dlt, size_t payload_at) {
    UdpDatagram d;
    const LinkResult r = parse_udp(dlt, frame.data(), uint32_t(frame.size()), d);
    ASSERT_EQ(r, LinkResult::Ok) << link_result_name(r);
    EXPECT_EQ(d.src, kV6Src) << to_string(d.src);
    EXPECT_EQ(d.dst, kV6Dst) << to_string(d.dst);
    EXPECT_EQ(to_string(d.src), "[2001:db8::1]:50000");
    EXPECT_EQ(to_string(d.dst), "[2001:db8::2]:12354");
    EXPECT_EQ(d.payload, frame.data() + payload_at);
    ASSERT_EQ(d.payload_len, kV6Payload.size());
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), kV6Payload);
    EXPECT_FALSE(d.truncated);
}

LinkResult parse(int dlt, const Bytes& frame) {
    UdpDatagram d;
    return parse_udp(dlt, frame.data(), uint32_t(frame.size()), d);
}

// ---------------------------------------------------------------- parse_udp

TEST(ParseUdp, Ethernet) {
    expect_v4(cat({eth(0x0800), kIpv4Udp}), 1, 14 + 28);
    expect_v6(cat({eth(0x86DD), kIpv6Udp}), 1, 14 + 48);
}

TEST(ParseUdp, EthernetVlanTags) {
    const Bytes macs = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    expect_v4(cat({macs, {0x81, 0x00, 0x00, 0x64, 0x08, 0x00}, kIpv4Udp}), 1, 18 + 28);  // 802.1Q, VLAN 100
    expect_v6(cat({macs, {0x88, 0xA8, 0x00, 0x0A, 0x81, 0x00, 0x00, 0x64, 0x86, 0xDD}, kIpv6Udp}), 1,
              22 + 48);  // 802.1ad QinQ
    expect_v4(cat({macs, {0x91, 0x00, 0x00, 0x0A, 0x81, 0x00, 0x00, 0x64, 0x08, 0x00}, kIpv4Udp}), 1,
              22 + 28);  // old 0x9100 QinQ
    // A tag cut off before its EtherType.
    EXPECT_EQ(parse(1, cat({macs, {0x81, 0x00, 0x00, 0x64}})), LinkResult::Truncated);
}

TEST(ParseUdp, EthernetTrailerPaddingIsNotPayload) {
    Bytes f = cat({eth(0x0800), kIpv4Udp});  // 50 bytes
    f.resize(60, 0xEE);                     // padded to the Ethernet minimum
    expect_v4(f, 1, 42);
    // The IP total length, not the frame, bounds the datagram: a UDP length
    // beyond it must not reach into the padding.
    Bytes g = cat({eth(0x0800), patched(kIpv4Udp, 24, {0x00, 0x64})});  // UDP length 100
    g.resize(60, 0xEE);
    UdpDatagram d;
    ASSERT_EQ(parse_udp(1, g.data(), uint32_t(g.size()), d), LinkResult::Ok);
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), kV4Payload);
    EXPECT_TRUE(d.truncated);
}

TEST(ParseUdp, BsdNullIpv4AndIpv6) {
    // Host order of the writer: little-endian, and big-endian written elsewhere.
    expect_v4(cat({{2, 0, 0, 0}, kIpv4Udp}), 0, 4 + 28);
    expect_v4(cat({{0, 0, 0, 2}, kIpv4Udp}), 0, 4 + 28);
    for (uint8_t af : {24, 28, 30, 10}) {  // NetBSD/OpenBSD, FreeBSD, macOS, Linux
        SCOPED_TRACE(int(af));
        expect_v6(cat({{af, 0, 0, 0}, kIpv6Udp}), 0, 4 + 48);
        expect_v6(cat({{0, 0, 0, af}, kIpv6Udp}), 0, 4 + 48);
    }
    EXPECT_EQ(parse(0, cat({{7, 0, 0, 0}, kIpv4Udp})), LinkResult::NotIp);  // AF_IPX
    EXPECT_EQ(parse(0, {2, 0, 0}), LinkResult::Truncated);
}

TEST(ParseUdp, OpenBsdLoopIsNetworkOrder) {
    expect_v4(cat({{0, 0, 0, 2}, kIpv4Udp}), 108, 4 + 28);
    for (uint8_t af : {24, 28, 30}) expect_v6(cat({{0, 0, 0, af}, kIpv6Udp}), 108, 4 + 48);
}

TEST(ParseUdp, LinuxCookedV1) {
    const Bytes sll = {0x00, 0x00, 0x03, 0x04, 0x00, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x00};
    expect_v4(cat({sll, kIpv4Udp}), 113, 16 + 28);
    expect_v6(cat({patched(sll, 14, {0x86, 0xDD}), kIpv6Udp}), 113, 16 + 48);
    EXPECT_EQ(parse(113, patched(cat({sll, kIpv4Udp}), 14, {0x08, 0x06})), LinkResult::NotIp);  // ARP
}

TEST(ParseUdp, LinuxCookedV2) {
    const Bytes sll2 = {0x86, 0xDD, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x03, 0x04,
                        0x00, 0x06, 0,    0,    0,    0,    0,    0,    0,    0};
    expect_v6(cat({sll2, kIpv6Udp}), 276, 20 + 48);
    expect_v4(cat({patched(sll2, 0, {0x08, 0x00}), kIpv4Udp}), 276, 20 + 28);
    EXPECT_EQ(parse(276, Bytes(sll2.begin(), sll2.begin() + 19)), LinkResult::Truncated);
}

TEST(ParseUdp, RawIpv4) {
    for (int dlt : {101, 12, 14, 228}) {
        SCOPED_TRACE(dlt);
        expect_v4(kIpv4Udp, dlt, 28);
    }
    EXPECT_EQ(parse(228, kIpv6Udp), LinkResult::NotIp);
}

TEST(ParseUdp, RawIpv6WithHopByHopHeader) {
    for (int dlt : {101, 12, 14, 229}) {
        SCOPED_TRACE(dlt);
        expect_v6(kIpv6HopByHopUdp, dlt, 40 + 8 + 8);
        expect_v6(kIpv6Udp, dlt, 48);
    }
    EXPECT_EQ(parse(229, kIpv4Udp), LinkResult::NotIp);
}

TEST(ParseUdp, Ipv6ExtensionHeaderChain) {
    // hop-by-hop -> routing (type 0, 0 segments) -> destination options -> AH (12 bytes) -> UDP
    const Bytes f = cat({
        {0x60, 0x00, 0x00, 0x00, 0x00, 0x34, 0x00, 0x40},  // payload length 52 = 8+8+8+12+16
        Bytes(kIpv6Udp.begin() + 8, kIpv6Udp.begin() + 40),
        {43, 0, 1, 4, 0, 0, 0, 0},
        {60, 0, 0, 0, 0, 0, 0, 0},
        {51, 0, 1, 4, 0, 0, 0, 0},
        {17, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1},  // AH: length 1 -> (1+2)*4 = 12 bytes
        Bytes(kIpv6Udp.begin() + 40, kIpv6Udp.end()),
    });
    expect_v6(f, 229, 40 + 36 + 8);
}

TEST(ParseUdp, Ipv6FragmentHeader) {
    const Bytes head = {0x60, 0x00, 0x00, 0x00, 0x00, 0x18, 0x2C, 0x40};  // payload 24, next fragment
    const Bytes addrs(kIpv6Udp.begin() + 8, kIpv6Udp.begin() + 40);
    const Bytes udp(kIpv6Udp.begin() + 40, kIpv6Udp.end());
    // First fragment (offset 0, M set) and a later one (offset 1448).
    EXPECT_EQ(parse(229, cat({head, addrs, {17, 0, 0x00, 0x01, 0, 0, 0, 9}, udp})), LinkResult::Fragment);
    EXPECT_EQ(parse(229, cat({head, addrs, {17, 0, 0x05, 0xA8, 0, 0, 0, 9}, udp})), LinkResult::Fragment);
    // An atomic fragment (offset 0, no M) is the whole datagram.
    expect_v6(cat({head, addrs, {17, 0, 0x00, 0x00, 0, 0, 0, 9}, udp}), 229, 56);
}

TEST(ParseUdp, Ipv4WithOptions) {
    const Bytes f = cat({
        {0x46, 0x00, 0x00, 0x28, 0x12, 0x34, 0x40, 0x00},  // IHL 6, total 40
        Bytes(kIpv4Udp.begin() + 8, kIpv4Udp.begin() + 20),
        {0x94, 0x04, 0x00, 0x00},  // router alert
        Bytes(kIpv4Udp.begin() + 20, kIpv4Udp.end()),
    });
    expect_v4(cat({eth(0x0800), f}), 1, 14 + 24 + 8);
    // IHL below 5 or beyond the capture cannot be walked.
    EXPECT_EQ(parse(101, patched(kIpv4Udp, 0, {0x44})), LinkResult::Truncated);
    EXPECT_EQ(parse(101, Bytes(f.begin(), f.begin() + 22)), LinkResult::Truncated);
}

TEST(ParseUdp, Ipv4Fragments) {
    const Bytes e = eth(0x0800);
    EXPECT_EQ(parse(1, cat({e, patched(kIpv4Udp, 6, {0x20, 0x00})})), LinkResult::Fragment);  // first, MF
    EXPECT_EQ(parse(1, cat({e, patched(kIpv4Udp, 6, {0x20, 0xB9})})), LinkResult::Fragment);  // middle
    EXPECT_EQ(parse(1, cat({e, patched(kIpv4Udp, 6, {0x00, 0xB9})})), LinkResult::Fragment);  // last
    expect_v4(cat({e, patched(kIpv4Udp, 6, {0x00, 0x00})}), 1, 42);                            // no DF: whole
}

TEST(ParseUdp, NotUdpAndNotIp) {
    const Bytes e = eth(0x0800);
    EXPECT_EQ(parse(1, cat({e, patched(kIpv4Udp, 9, {6})})), LinkResult::NotUdp);                // TCP
    EXPECT_EQ(parse(1, cat({e, patched(kIpv4Udp, 6, {0x20, 0xB9, 0x40, 6})})), LinkResult::NotUdp);  // TCP fragment
    EXPECT_EQ(parse(1, cat({eth(0x86DD), patched(kIpv6Udp, 6, {58})})), LinkResult::NotUdp);     // ICMPv6
    EXPECT_EQ(parse(1, cat({eth(0x0806), {0, 1, 8, 0, 6, 4, 0, 1}})), LinkResult::NotIp);       // ARP
    EXPECT_EQ(parse(1, cat({eth(0x0800), kIpv6Udp})), LinkResult::NotIp);  // EtherType and version disagree
    EXPECT_EQ(parse(101, patched(kIpv4Udp, 0, {0x55})), LinkResult::NotIp);  // IP version 5
}

TEST(ParseUdp, TruncatedUdpIsClampedAndFlagged) {
    const Bytes f = cat({eth(0x0800), kIpv4Udp});
    UdpDatagram d;
    // Payload cut 3 bytes short by the snap length: clamp, flag.
    ASSERT_EQ(parse_udp(1, f.data(), uint32_t(f.size() - 3), d), LinkResult::Ok);
    EXPECT_TRUE(d.truncated);
    EXPECT_EQ(d.src, kV4Src);
    EXPECT_EQ(d.dst, kV4Dst);
    EXPECT_EQ(d.payload, f.data() + 42);
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), Bytes(kV4Payload.begin(), kV4Payload.end() - 3));
    // A UDP length beyond the IP packet: clamped to the IP packet.
    const Bytes long_udp = cat({eth(0x0800), patched(kIpv4Udp, 24, {0x00, 0x64})});  // UDP length 100
    ASSERT_EQ(parse_udp(1, long_udp.data(), uint32_t(long_udp.size()), d), LinkResult::Ok);
    EXPECT_TRUE(d.truncated);
    EXPECT_EQ(d.payload_len, 8u);
    // A shorter UDP length is honoured (the rest of the IP packet is not payload).
    const Bytes short_udp = cat({eth(0x0800), patched(kIpv4Udp, 24, {0x00, 0x0C})});  // UDP length 12
    ASSERT_EQ(parse_udp(1, short_udp.data(), uint32_t(short_udp.size()), d), LinkResult::Ok);
    EXPECT_FALSE(d.truncated);
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), Bytes(kV4Payload.begin(), kV4Payload.begin() + 4));
    // Cut inside the UDP header, the IP header, the Ethernet header; UDP length below 8.
    EXPECT_EQ(parse_udp(1, f.data(), 14 + 20 + 7, d), LinkResult::Truncated);
    EXPECT_EQ(d.payload, nullptr);
    EXPECT_EQ(d.src.family, 0);
    EXPECT_EQ(parse_udp(1, f.data(), 14 + 19, d), LinkResult::Truncated);
    EXPECT_EQ(parse_udp(1, f.data(), 13, d), LinkResult::Truncated);
    EXPECT_EQ(parse_udp(1, f.data(), 0, d), LinkResult::Truncated);
    EXPECT_EQ(parse(1, cat({eth(0x0800), patched(kIpv4Udp, 24, {0x00, 0x07})})), LinkResult::Truncated);
    EXPECT_EQ(parse(229, Bytes(kIpv6HopByHopUdp.begin(), kIpv6HopByHopUdp.begin() + 44)), LinkResult::Truncated);
}

TEST(ParseUdp, ZeroLengthsFallBackToTheCapture) {
    // TSO offload captures carry IPv4 total length 0 / IPv6 payload length 0.
    expect_v4(patched(kIpv4Udp, 2, {0, 0}), 101, 28);
    expect_v6(patched(kIpv6Udp, 4, {0, 0}), 101, 48);
}

TEST(ParseUdp, UnsupportedLinkTypes) {
    const Bytes f = cat({eth(0x0800), kIpv4Udp});
    for (int dlt : {147, 105, 127, 9, -1, 100000}) {
        SCOPED_TRACE(dlt);
        EXPECT_EQ(parse(dlt, f), LinkResult::Unsupported);
        EXPECT_FALSE(link_type_supported(dlt));
    }
    for (int dlt : {0, 1, 12, 14, 101, 108, 113, 228, 229, 276}) EXPECT_TRUE(link_type_supported(dlt)) << dlt;
    EXPECT_STREQ(link_type_name(1), "EN10MB (Ethernet)");
    EXPECT_STREQ(link_type_name(276), "LINUX_SLL2");
    EXPECT_STREQ(link_type_name(113), "LINUX_SLL");
    EXPECT_STREQ(link_type_name(147), "USER0");
    EXPECT_STREQ(link_type_name(162), "USER15");
    EXPECT_STREQ(link_type_name(4242), "unknown");
}

// Every prefix of every good frame, in a buffer of exactly that size, so a
// read past caplen shows up under ASan (and as a payload outside the buffer).
TEST(ParseUdp, NeverReadsPastTheCapture) {
    const std::vector<std::pair<int, Bytes>> frames = {
        {1, cat({eth(0x0800), kIpv4Udp})},
        {1, cat({{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x88, 0xA8, 0, 10, 0x81, 0, 0, 100, 0x86, 0xDD},
                 kIpv6HopByHopUdp})},
        {0, cat({{24, 0, 0, 0}, kIpv6Udp})},
        {108, cat({{0, 0, 0, 2}, kIpv4Udp})},
        {113, cat({{0, 0, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x00}, kIpv4Udp})},
        {276, cat({{0x86, 0xDD, 0, 0, 0, 0, 0, 1, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}, kIpv6Udp})},
        {101, kIpv6HopByHopUdp},
    };
    for (const auto& [dlt, frame] : frames) {
        for (size_t n = 0; n <= frame.size(); ++n) {
            std::unique_ptr<uint8_t[]> buf(new uint8_t[n ? n : 1]);
            std::copy(frame.begin(), frame.begin() + long(n), buf.get());
            UdpDatagram d;
            const LinkResult r = parse_udp(dlt, buf.get(), uint32_t(n), d);
            if (r != LinkResult::Ok) continue;
            EXPECT_GE(d.payload, buf.get()) << dlt << " " << n;
            EXPECT_LE(d.payload + d.payload_len, buf.get() + n) << dlt << " " << n;
            EXPECT_EQ(d.truncated, n < frame.size()) << dlt << " " << n;
        }
    }
}

TEST(EndpointTest, CompareAndFormat) {
    const Endpoint a = ep4({127, 0, 0, 1}, 12354);
    Endpoint loop6 = ep6({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 12354);
    EXPECT_EQ(to_string(a), "127.0.0.1:12354");
    EXPECT_EQ(to_string(loop6), "[::1]:12354");
    EXPECT_EQ(a, ep4({127, 0, 0, 1}, 12354));
    EXPECT_NE(a, ep4({127, 0, 0, 1}, 12355));
    EXPECT_NE(a, ep4({127, 0, 0, 2}, 12354));
    EXPECT_TRUE(a < ep4({127, 0, 0, 1}, 12355));
    EXPECT_TRUE(a < ep4({127, 0, 0, 2}, 1));  // address before port
    EXPECT_TRUE(a < loop6);                   // IPv4 before IPv6
    EXPECT_FALSE(a < a);
    EXPECT_FALSE(loop6 < a);
}

// ---------------------------------------------------------------- real captures

struct RealCapture {
    const char* file;
    int dlt;
    bool pcapng;
    uint64_t frames;
    const char* client;
    const char* server;
    uint64_t to_server, to_client;  // from the captures' README
};

void PrintTo(const RealCapture& c, std::ostream* os) { *os << c.file; }

class RealCaptures : public ::testing::TestWithParam<RealCapture> {};

TEST_P(RealCaptures, FramesEndpointsAndPayloads) {
    const RealCapture& c = GetParam();
    const std::string path = kCaptures + "/" + c.file;
    ASSERT_TRUE(fs::exists(path)) << path << " is missing: point BLANKSHARK_SHARED_CAPTURES at the captures";
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(r.link_type(), c.dlt);
    EXPECT_EQ(r.is_pcapng(), c.pcapng);

    Frame f;
    UdpDatagram d;
    uint64_t to_server = 0, to_client = 0, bad = 0;
    std::string first_bad;
    CaptureReader::Status st;
    while ((st = r.next(f)) == CaptureReader::Status::Next) {
        std::string why;
        const LinkResult lr = parse_udp(r.link_type(), f.data, f.caplen, d);
        if (f.number != r.frames_read()) why = "frame number";
        else if (f.ts_nsec < 0 || f.ts_nsec > 999999999 || f.caplen > f.origlen) why = "record header";
        else if (lr != LinkResult::Ok) why = std::string("parse_udp: ") + link_result_name(lr);
        else if (d.truncated || d.payload_len < 16) why = "payload length " + std::to_string(d.payload_len);
        else if (d.payload[0] != 0xAF || d.payload[1] != 0xB1 || d.payload[2] != 0x1A || d.payload[3] != 0xFB)
            why = "payload magic";
        else if (to_string(d.src) == c.client && to_string(d.dst) == c.server) ++to_server;
        else if (to_string(d.src) == c.server && to_string(d.dst) == c.client) ++to_client;
        else why = "endpoints " + to_string(d.src) + " -> " + to_string(d.dst);
        if (!why.empty() && bad++ == 0) first_bad = "frame " + std::to_string(f.number) + ": " + why;
    }
    EXPECT_EQ(st, CaptureReader::Status::End) << r.error();
    EXPECT_EQ(r.frames_read(), c.frames);
    EXPECT_EQ(bad, 0u) << first_bad;
    EXPECT_EQ(to_server, c.to_server);
    EXPECT_EQ(to_client, c.to_client);
    EXPECT_EQ(r.next(f), CaptureReader::Status::End);  // End is sticky
    EXPECT_EQ(r.frames_read(), c.frames);
}

INSTANTIATE_TEST_SUITE_P(
    Shared, RealCaptures,
    ::testing::Values(RealCapture{"blank-fa73e36-clean-session.pcap", 1, false, 4082, "127.0.0.1:55333",
                                  "127.0.0.1:12360", 1245, 2837},
                      RealCapture{"blank-fa73e36-any-sll2.pcapng", 276, true, 2258, "127.0.0.1:50832",
                                  "127.0.0.1:12363", 743, 1515},
                      RealCapture{"blank-fa73e36-lossy-5pct.pcap", 1, false, 3063, "10.200.0.2:41082",
                                  "10.200.0.1:12370", 933, 2130}),
    [](const ::testing::TestParamInfo<RealCapture>& i) {
        std::string n = i.param.file;
        for (char& ch : n) if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
        return n;
    });

// ---------------------------------------------------------------- files made by the tests

// A fresh directory per test under testing::TempDir(); kept if the test fails.
class CaptureFiles : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::path(::testing::TempDir()) / ("capture_reader_test-" + std::to_string(::getpid()) + "-" +
                                                 info->test_suite_name() + "-" + info->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (!HasFailure()) fs::remove_all(dir_);
    }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    static void write(const std::string& path, const Bytes& b) {
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
        ASSERT_TRUE(out.good()) << path;
    }
    static Bytes read(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return Bytes(std::istreambuf_iterator<char>(in), {});
    }
    static Bytes real(const char* name) {
        const Bytes b = read(kCaptures + "/" + name);
        EXPECT_FALSE(b.empty()) << kCaptures << "/" << name << " is missing or empty";
        return b;
    }

    fs::path dir_;
};

// A little-endian pcap file header.
Bytes pcap_header(uint32_t linktype, uint32_t magic = 0xA1B2C3D4, uint32_t snaplen = 262144) {
    return cat({le32_bytes(magic), {2, 0, 4, 0}, le32_bytes(0), le32_bytes(0), le32_bytes(snaplen),
                le32_bytes(linktype)});
}

Bytes pcap_record(uint32_t sec, uint32_t frac, const Bytes& data) {
    return cat({le32_bytes(sec), le32_bytes(frac), le32_bytes(uint32_t(data.size())), le32_bytes(uint32_t(data.size())),
                data});
}

// Start of every record of a classic little-endian pcap file, from the record sizes.
std::vector<uint64_t> pcap_record_offsets(const Bytes& file) {
    std::vector<uint64_t> offs;
    for (uint64_t off = 24; off + 16 <= file.size(); off += 16 + le32(&file[off + 8])) offs.push_back(off);
    return offs;
}

struct PcapngPacket {
    uint64_t start, end;
};

// Start and end of every packet block of a little-endian pcapng file.
std::vector<PcapngPacket> pcapng_packet_blocks(const Bytes& file) {
    std::vector<PcapngPacket> blocks;
    for (uint64_t off = 0; off + 8 <= file.size();) {
        const uint32_t type = le32(&file[off]), len = le32(&file[off + 4]);
        if (type == 6 || type == 3 || type == 2) blocks.push_back({off, off + len});  // EPB, SPB, obsolete PB
        off += len;
    }
    return blocks;
}

// Reads to the end; returns the last status.
CaptureReader::Status drain(CaptureReader& r) {
    Frame f;
    CaptureReader::Status st;
    while ((st = r.next(f)) == CaptureReader::Status::Next) {
    }
    return st;
}

using CaptureErrors = CaptureFiles;

TEST_F(CaptureErrors, MissingFile) {
    const std::string path = file("no-such.pcap");
    CaptureReader r;
    EXPECT_FALSE(r.open(path));
    EXPECT_TRUE(contains(r.error(), path)) << r.error();
    EXPECT_TRUE(contains(r.error(), "No such file or directory")) << r.error();
    Frame f;
    EXPECT_EQ(r.next(f), CaptureReader::Status::Error);
    EXPECT_TRUE(contains(r.error(), "No such file or directory")) << r.error();  // not overwritten
}

TEST_F(CaptureErrors, Directory) {
    CaptureReader r;
    EXPECT_FALSE(r.open(dir_.string()));
    EXPECT_TRUE(contains(r.error(), dir_.string())) << r.error();
    EXPECT_TRUE(contains(r.error(), "Is a directory")) << r.error();
}

TEST_F(CaptureErrors, TextFileIsNotACapture) {
    const std::string path = file("notes.txt");
    const std::string text = "this is not a capture file, just some text that is long enough\n";
    write(path, Bytes(text.begin(), text.end()));
    CaptureReader r;
    EXPECT_FALSE(r.open(path));
    EXPECT_TRUE(contains(r.error(), path + ": not a capture file")) << r.error();
    EXPECT_TRUE(contains(r.error(), "unknown file format")) << r.error();  // libpcap's words
}

TEST_F(CaptureErrors, EmptyFile) {
    const std::string path = file("empty.pcap");
    write(path, {});
    CaptureReader r;
    EXPECT_FALSE(r.open(path));
    EXPECT_TRUE(contains(r.error(), path + ": not a capture file: the file is empty")) << r.error();
}

TEST_F(CaptureErrors, TruncatedInsideTheFileHeader) {
    const Bytes pcap = real("blank-fa73e36-clean-session.pcap");
    const Bytes pcapng = real("blank-fa73e36-any-sll2.pcapng");
    ASSERT_GE(pcap.size(), 24u);
    ASSERT_GE(pcapng.size(), 20u);
    const std::vector<std::pair<std::string, Bytes>> cuts = {
        {"cut3.pcap", Bytes(pcap.begin(), pcap.begin() + 3)},        // inside the magic
        {"cut10.pcap", Bytes(pcap.begin(), pcap.begin() + 10)},      // inside the 24-byte header
        {"cut23.pcap", Bytes(pcap.begin(), pcap.begin() + 23)},
        {"cut20.pcapng", Bytes(pcapng.begin(), pcapng.begin() + 20)},  // inside the section header block
    };
    for (const auto& [name, bytes] : cuts) {
        const std::string path = file(name);
        write(path, bytes);
        CaptureReader r;
        EXPECT_FALSE(r.open(path)) << name;
        EXPECT_TRUE(contains(r.error(), path + ": truncated capture file, or not a capture file")) << r.error();
        // pcap is read by libpcap, pcapng by blankshark's block reader.
        EXPECT_TRUE(contains(r.error(), name.find("pcapng") != std::string::npos ? "pcapng section header block cut"
                                                                                   : "libpcap: truncated"))
            << r.error();
    }
    // Exactly the file header: a valid capture with no frames.
    const std::string path = file("header-only.pcap");
    write(path, Bytes(pcap.begin(), pcap.begin() + 24));
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(drain(r), CaptureReader::Status::End);
    EXPECT_EQ(r.frames_read(), 0u);
}

TEST_F(CaptureErrors, UnsupportedLinkTypeIsNamed) {
    const std::string path = file("user0.pcap");
    write(path, cat({pcap_header(147), pcap_record(1, 0, {1, 2, 3, 4})}));
    CaptureReader r;
    EXPECT_FALSE(r.open(path));
    EXPECT_TRUE(contains(r.error(), path + ": link type 147 (USER0) is not supported")) << r.error();
    EXPECT_EQ(r.link_type(), 147);
}

// Frames 1..1234 intact, frame 1235 cut inside its data, its record header,
// or not at all (cut at the record boundary: a clean end).
TEST_F(CaptureErrors, TruncatedInsideARecord) {
    const Bytes all = real("blank-fa73e36-clean-session.pcap");
    const std::vector<uint64_t> offs = pcap_record_offsets(all);
    ASSERT_EQ(offs.size(), 4082u);
    const uint64_t at = offs[1234];
    const uint32_t caplen = le32(&all[at + 8]);

    struct Cut {
        const char* name;
        uint64_t size;
        const char* libpcap;
    };
    for (const Cut& cut : {Cut{"in-data.pcap", at + 16 + caplen / 2, "truncated dump file"},
                           Cut{"in-header.pcap", at + 6, "truncated dump file"}}) {
        SCOPED_TRACE(cut.name);
        const std::string path = file(cut.name);
        write(path, Bytes(all.begin(), all.begin() + long(cut.size)));
        CaptureReader r;
        ASSERT_TRUE(r.open(path)) << r.error();
        EXPECT_EQ(drain(r), CaptureReader::Status::Error);
        EXPECT_EQ(r.frames_read(), 1234u);
        const std::string want = path + ": truncated or corrupt capture file at frame 1235 (byte offset " +
                                 std::to_string(at) + "): " + cut.libpcap;
        EXPECT_TRUE(contains(r.error(), want)) << r.error() << "\nwanted: " << want;
        Frame f;
        EXPECT_EQ(r.next(f), CaptureReader::Status::Error);  // Error is sticky
        EXPECT_TRUE(contains(r.error(), want)) << r.error();
    }

    const std::string path = file("at-boundary.pcap");
    write(path, Bytes(all.begin(), all.begin() + long(at)));
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(drain(r), CaptureReader::Status::End) << r.error();
    EXPECT_EQ(r.frames_read(), 1234u);
}

TEST_F(CaptureErrors, CorruptRecordLength) {
    Bytes all = real("blank-fa73e36-clean-session.pcap");
    const std::vector<uint64_t> offs = pcap_record_offsets(all);
    ASSERT_GT(offs.size(), 3u);
    const uint64_t at = offs[2];
    const Bytes bogus = le32_bytes(0xFFFFFFF0);
    std::copy(bogus.begin(), bogus.end(), all.begin() + long(at + 8));  // frame 3's caplen
    const std::string path = file("corrupt.pcap");
    write(path, all);
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(drain(r), CaptureReader::Status::Error);
    EXPECT_EQ(r.frames_read(), 2u);
    EXPECT_TRUE(contains(r.error(), path + ": truncated or corrupt capture file at frame 3 (byte offset " +
                                        std::to_string(at) + "): invalid packet capture length"))
        << r.error();
}

// pcapng: the offset is where the cut packet's block starts (here where the
// previous packet's block ended: no other block between them).
TEST_F(CaptureErrors, TruncatedPcapng) {
    const Bytes all = real("blank-fa73e36-any-sll2.pcapng");
    const std::vector<PcapngPacket> blocks = pcapng_packet_blocks(all);
    ASSERT_EQ(blocks.size(), 2258u);
    const PcapngPacket& cut_in = blocks[1000];
    const std::string path = file("cut.pcapng");
    write(path, Bytes(all.begin(), all.begin() + long(cut_in.start + (cut_in.end - cut_in.start) / 2)));
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(drain(r), CaptureReader::Status::Error);
    EXPECT_EQ(r.frames_read(), 1000u);
    const std::string want = path + ": truncated or corrupt capture file at frame 1001 (byte offset " +
                             std::to_string(blocks[1000].start) + "): truncated pcapng block";
    EXPECT_EQ(blocks[999].end, blocks[1000].start);
    EXPECT_TRUE(contains(r.error(), want)) << r.error() << "\nwanted: " << want;
}

TEST_F(CaptureErrors, CorruptPcapngBlockLength) {
    Bytes all = real("blank-fa73e36-any-sll2.pcapng");
    const std::vector<PcapngPacket> blocks = pcapng_packet_blocks(all);
    ASSERT_GT(blocks.size(), 3u);
    const Bytes bogus = le32_bytes(0x7FFFFFF0);
    std::copy(bogus.begin(), bogus.end(), all.begin() + long(blocks[2].start + 4));
    const std::string path = file("corrupt.pcapng");
    write(path, all);
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(drain(r), CaptureReader::Status::Error);
    EXPECT_EQ(r.frames_read(), 2u);
    EXPECT_TRUE(contains(r.error(), "at frame 3 (byte offset " + std::to_string(blocks[1].end) + "): ")) << r.error();
}

// A record longer than the file's snaplen: libpcap hands out only snaplen
// bytes, so summing the caplens it reports would give the wrong offset.
TEST_F(CaptureErrors, OffsetsSurviveRecordsLongerThanTheSnaplen) {
    const Bytes big(100, 0xAB);
    const Bytes small(50, 0xCD);
    const Bytes file_bytes = cat({pcap_header(101, 0xA1B2C3D4, 64), pcap_record(1, 0, big), pcap_record(2, 0, small),
                                  pcap_record(3, 0, small)});
    const uint64_t third = 24 + (16 + 100) + (16 + 50);
    const std::string path = file("snaplen.pcap");
    write(path, Bytes(file_bytes.begin(), file_bytes.begin() + long(third + 20)));
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    Frame f;
    ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
    EXPECT_LE(f.caplen, 100u);
    EXPECT_EQ(f.origlen, 100u);
    ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
    EXPECT_EQ(f.caplen, 50u);
    EXPECT_EQ(f.data[0], 0xCD);
    EXPECT_EQ(r.next(f), CaptureReader::Status::Error);
    EXPECT_TRUE(contains(r.error(), "at frame 3 (byte offset " + std::to_string(third) + "): ")) << r.error();
}

// ---------------------------------------------------------------- reader behaviour

using CaptureReading = CaptureFiles;

TEST_F(CaptureReading, RawLinkTypeAndTimestampResolutions) {
    // LINKTYPE_RAW (101) comes back from libpcap as DLT_RAW; parse_udp takes either.
    const std::string us = file("raw-us.pcap");
    write(us, cat({pcap_header(101), pcap_record(1700000000, 123456, kIpv4Udp)}));
    CaptureReader r;
    ASSERT_TRUE(r.open(us)) << r.error();
    EXPECT_TRUE(r.link_type() == 12 || r.link_type() == 14 || r.link_type() == 101) << r.link_type();
    EXPECT_FALSE(r.is_pcapng());
    Frame f;
    ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
    EXPECT_EQ(f.number, 1u);
    EXPECT_EQ(f.ts_sec, 1700000000);
    EXPECT_EQ(f.ts_nsec, 123456000);  // microseconds scaled to nanoseconds
    EXPECT_EQ(f.caplen, kIpv4Udp.size());
    EXPECT_EQ(f.origlen, kIpv4Udp.size());
    EXPECT_EQ(Bytes(f.data, f.data + f.caplen), kIpv4Udp);
    UdpDatagram d;
    ASSERT_EQ(parse_udp(r.link_type(), f.data, f.caplen, d), LinkResult::Ok);
    EXPECT_EQ(d.src, kV4Src);
    EXPECT_EQ(r.next(f), CaptureReader::Status::End);

    const std::string ns = file("raw-ns.pcap");
    write(ns, cat({pcap_header(101, 0xA1B23C4D), pcap_record(1700000000, 987654321, kIpv4Udp)}));
    ASSERT_TRUE(r.open(ns)) << r.error();  // reopening resets the count
    ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
    EXPECT_EQ(f.number, 1u);
    EXPECT_EQ(f.ts_nsec, 987654321);
}

TEST_F(CaptureReading, BigEndianFileWithBsdNull) {
    // Written on a big-endian host: swapped magic and fields, AF in its order.
    auto be32 = [](uint32_t v) { return Bytes{uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)}; };
    const Bytes frame = cat({{0, 0, 0, 2}, kIpv4Udp});
    const std::string path = file("null-be.pcap");
    write(path, cat({be32(0xA1B2C3D4), {0, 2, 0, 4}, be32(0), be32(0), be32(65535), be32(0),  // header
                     be32(5), be32(6), be32(uint32_t(frame.size())), be32(uint32_t(frame.size())), frame}));
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_EQ(r.link_type(), 0);
    Frame f;
    ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
    EXPECT_EQ(f.ts_sec, 5);
    EXPECT_EQ(f.ts_nsec, 6000);
    UdpDatagram d;
    ASSERT_EQ(parse_udp(r.link_type(), f.data, f.caplen, d), LinkResult::Ok);
    EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), kV4Payload);
}

TEST_F(CaptureReading, MovedReaderGoesOn) {
    CaptureReader a;
    ASSERT_TRUE(a.open(kCaptures + "/blank-fa73e36-clean-session.pcap")) << a.error();
    Frame f;
    for (int i = 0; i < 10; ++i) ASSERT_EQ(a.next(f), CaptureReader::Status::Next);
    CaptureReader b(std::move(a));
    EXPECT_EQ(b.frames_read(), 10u);
    ASSERT_EQ(b.next(f), CaptureReader::Status::Next);
    EXPECT_EQ(f.number, 11u);
    EXPECT_EQ(a.next(f), CaptureReader::Status::Error);  // NOLINT(bugprone-use-after-move): defined as Error
    CaptureReader c;
    c = std::move(b);
    EXPECT_EQ(drain(c), CaptureReader::Status::End);
    EXPECT_EQ(c.frames_read(), 4082u);
}

// ---------------------------------------------------------------- pcapng blocks

// A pcapng block in either byte order: type, length, body padded to 4, length.
Bytes ng_block(bool be, uint32_t type, Bytes body) {
    while (body.size() % 4) body.push_back(0);
    const uint32_t len = uint32_t(body.size() + 12);
    const auto u32 = [be](uint32_t v) {
        return be ? Bytes{uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)} : le32_bytes(v);
    };
    return cat({u32(type), u32(len), body, u32(len)});
}
Bytes ng_u32(bool be, uint32_t v) {
    return be ? Bytes{uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)} : le32_bytes(v);
}
Bytes ng_u16(bool be, uint16_t v) { return be ? Bytes{uint8_t(v >> 8), uint8_t(v)} : Bytes{uint8_t(v), uint8_t(v >> 8)}; }
Bytes ng_section(bool be) {
    return ng_block(be, 0x0A0D0D0A, cat({ng_u32(be, 0x1A2B3C4D), ng_u16(be, 1), ng_u16(be, 0), Bytes(8, 0xFF)}));
}
// An interface: link type, snaplen, and an if_tsresol option when resol != 0xFF.
Bytes ng_interface(bool be, uint16_t link, uint8_t resol = 0xFF) {
    Bytes body = cat({ng_u16(be, link), ng_u16(be, 0), ng_u32(be, 65535)});
    if (resol != 0xFF) body = cat({body, ng_u16(be, 9), ng_u16(be, 1), {resol, 0, 0, 0}, ng_u16(be, 0), ng_u16(be, 0)});
    return ng_block(be, 1, body);
}
Bytes ng_packet(bool be, uint32_t iface, uint64_t units, const Bytes& data) {
    return ng_block(be, 6, cat({ng_u32(be, iface), ng_u32(be, uint32_t(units >> 32)), ng_u32(be, uint32_t(units)),
                                ng_u32(be, uint32_t(data.size())), ng_u32(be, uint32_t(data.size())), data}));
}

// pcapng allows a link type per interface (a capture merged from an Ethernet
// and a raw IP capture): each frame is read with its interface's type and
// its interface's timestamp resolution; a second section (big-endian here)
// numbers its interfaces afresh; statistics blocks are stepped over; a simple
// packet block belongs to interface 0.
TEST_F(CaptureReading, PcapngLinkTypeAndResolutionPerInterface) {
    const Bytes eth = cat({{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x08, 0x00}, kIpv4Udp});
    const Bytes file_bytes = cat({
        ng_section(false), ng_interface(false, 1), ng_interface(false, 101, 9),  // Ethernet (µs), raw IP (ns)
        ng_packet(false, 0, 1700000000ull * 1000000 + 123456, eth),
        ng_block(false, 5, cat({ng_u32(false, 0), Bytes(8, 0)})),  // interface statistics: not a packet
        ng_packet(false, 1, 1700000001ull * 1000000000 + 987654321, kIpv4Udp),
        ng_section(true), ng_interface(true, 101, 0x80 | 10),  // big-endian; raw IP in 2^-10 s
        ng_packet(true, 0, (uint64_t(1700000002) << 10) | 512, kIpv6Udp),
        ng_block(true, 3, cat({ng_u32(true, uint32_t(kIpv4Udp.size())), kIpv4Udp})),  // simple packet block
    });
    const std::string path = file("two-links.pcapng");
    write(path, file_bytes);
    CaptureReader r;
    ASSERT_TRUE(r.open(path)) << r.error();
    EXPECT_TRUE(r.is_pcapng());
    EXPECT_EQ(r.link_type(), 1);  // the first interface's
    Frame f;
    UdpDatagram d;
    struct Want {
        int link;
        int64_t sec;
        int32_t nsec;
        Bytes payload;
    };
    const Want want[] = {{1, 1700000000, 123456000, kV4Payload},
                         {101, 1700000001, 987654321, kV4Payload},
                         {101, 1700000002, 500000000, kV6Payload},
                         {101, 0, 0, kV4Payload}};
    for (const Want& w : want) {
        ASSERT_EQ(r.next(f), CaptureReader::Status::Next) << r.error();
        EXPECT_EQ(f.link_type, w.link) << f.number;
        EXPECT_EQ(f.ts_sec, w.sec) << f.number;
        EXPECT_EQ(f.ts_nsec, w.nsec) << f.number;
        ASSERT_EQ(parse_udp(f.link_type, f.data, f.caplen, d), LinkResult::Ok) << f.number;
        EXPECT_EQ(Bytes(d.payload, d.payload + d.payload_len), w.payload) << f.number;
    }
    EXPECT_EQ(r.next(f), CaptureReader::Status::End) << r.error();
    EXPECT_EQ(r.frames_read(), 4u);
}

// A packet of an interface the section never described, and a block whose
// trailing length differs: corrupt, at the block's own offset.
TEST_F(CaptureErrors, PcapngPacketOfAnUndescribedInterface) {
    const Bytes head = cat({ng_section(false), ng_interface(false, 101)});
    const Bytes first = ng_packet(false, 0, 1, kIpv4Udp);
    Bytes bad = ng_packet(false, 1, 2, kIpv4Udp);
    for (int mangle = 0; mangle < 2; ++mangle) {
        Bytes second = mangle ? ng_packet(false, 0, 2, kIpv4Udp) : bad;
        if (mangle) second[second.size() - 4] ^= 0x04;  // trailing length
        const std::string path = file("bad-" + std::to_string(mangle) + ".pcapng");
        write(path, cat({head, first, second}));
        CaptureReader r;
        ASSERT_TRUE(r.open(path)) << r.error();
        EXPECT_EQ(drain(r), CaptureReader::Status::Error);
        EXPECT_EQ(r.frames_read(), 1u);
        EXPECT_EQ(r.error_offset(), std::optional<uint64_t>(head.size() + first.size()));
        EXPECT_TRUE(contains(r.error(), mangle ? "its trailing length" : "packet of interface 1, which has no description"))
            << r.error();
    }
}

TEST(CaptureReaderState, NextWithoutOpenIsAnError) {
    CaptureReader r;
    Frame f;
    EXPECT_EQ(r.link_type(), -1);
    EXPECT_EQ(r.next(f), CaptureReader::Status::Error);
    EXPECT_EQ(r.error(), "no capture file is open");
}

}  // namespace
}  // namespace blankshark::capture
