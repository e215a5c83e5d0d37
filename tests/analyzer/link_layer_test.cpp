// parse_udp on hand-built frames of every supported link type.
#include <gtest/gtest.h>

#include <vector>

#include "link_layer.hpp"

namespace blankshark::capture {
namespace {

std::vector<uint8_t> ipv4_udp(std::vector<uint8_t> options = {}, uint16_t frag = 0x4000, uint8_t proto = 17) {
    const uint8_t ihl = uint8_t(5 + options.size() / 4);
    std::vector<uint8_t> f = {uint8_t(0x40 | ihl), 0, 0, uint8_t(ihl * 4 + 8 + 4), 0, 0, uint8_t(frag >> 8),
                              uint8_t(frag), 64, proto, 0, 0, 192, 168, 1, 2, 10, 0, 0, 1};
    for (uint8_t o : options) f.push_back(o);
    f.insert(f.end(), {0x30, 0x39, 0x30, 0x42, 0, 12, 0, 0, 'a', 'b', 'c', 'd'});  // 12345 -> 12354
    return f;
}

std::vector<uint8_t> ipv6_udp(bool hop_by_hop) {
    std::vector<uint8_t> f = {0x60, 0, 0, 0, 0, uint8_t(12 + (hop_by_hop ? 8 : 0)), uint8_t(hop_by_hop ? 0 : 17), 64};
    for (int i = 0; i < 15; ++i) f.push_back(0);
    f.push_back(1);  // ::1
    for (int i = 0; i < 15; ++i) f.push_back(0);
    f.push_back(2);  // ::2
    if (hop_by_hop) f.insert(f.end(), {17, 0, 1, 4, 0, 0, 0, 0});
    f.insert(f.end(), {0xC3, 0x50, 0x30, 0x42, 0, 12, 0, 0, 'w', 'x', 'y', 'z'});  // 50000 -> 12354
    return f;
}

std::vector<uint8_t> cat(std::vector<uint8_t> a, const std::vector<uint8_t>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

void expect_v4(LinkResult r, const UdpDatagram& d) {
    ASSERT_EQ(r, LinkResult::Ok);
    EXPECT_EQ(to_string(d.src), "192.168.1.2:12345");
    EXPECT_EQ(to_string(d.dst), "10.0.0.1:12354");
    ASSERT_EQ(d.payload_len, 4u);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(d.payload), 4), "abcd");
    EXPECT_FALSE(d.truncated);
}

void expect_v6(LinkResult r, const UdpDatagram& d) {
    ASSERT_EQ(r, LinkResult::Ok);
    EXPECT_EQ(to_string(d.src), "[::1]:50000");
    EXPECT_EQ(to_string(d.dst), "[::2]:12354");
    ASSERT_EQ(d.payload_len, 4u);
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(d.payload), 4), "wxyz");
}

const std::vector<uint8_t> kEth4 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x08, 0x00};

TEST(LinkLayer, Ethernet) {
    UdpDatagram d;
    const auto f = cat(kEth4, ipv4_udp());
    expect_v4(parse_udp(1, f.data(), uint32_t(f.size()), d), d);
}

TEST(LinkLayer, EthernetTrailerPaddingIsNotPayload) {
    UdpDatagram d;
    auto f = cat(kEth4, ipv4_udp());
    f.resize(60, 0xEE);  // minimum Ethernet frame
    expect_v4(parse_udp(1, f.data(), uint32_t(f.size()), d), d);
}

TEST(LinkLayer, EthernetWithTwoVlanTags) {
    UdpDatagram d;
    std::vector<uint8_t> h = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x88, 0xA8, 0, 5, 0x81, 0x00, 0, 7, 0x08, 0x00};
    const auto f = cat(h, ipv4_udp());
    expect_v4(parse_udp(1, f.data(), uint32_t(f.size()), d), d);
}

TEST(LinkLayer, Ipv4Options) {
    UdpDatagram d;
    const auto f = cat(kEth4, ipv4_udp({1, 1, 1, 0}));  // NOP NOP NOP EOL
    expect_v4(parse_udp(1, f.data(), uint32_t(f.size()), d), d);
}

TEST(LinkLayer, Ipv4FragmentsAndOtherProtocols) {
    UdpDatagram d;
    auto mf = cat(kEth4, ipv4_udp({}, 0x2000));        // more fragments
    EXPECT_EQ(parse_udp(1, mf.data(), uint32_t(mf.size()), d), LinkResult::Fragment);
    auto later = cat(kEth4, ipv4_udp({}, 0x0010));     // offset 128
    EXPECT_EQ(parse_udp(1, later.data(), uint32_t(later.size()), d), LinkResult::Fragment);
    auto tcp = cat(kEth4, ipv4_udp({}, 0x4000, 6));
    EXPECT_EQ(parse_udp(1, tcp.data(), uint32_t(tcp.size()), d), LinkResult::NotUdp);
    std::vector<uint8_t> arp = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x08, 0x06, 0, 1};
    EXPECT_EQ(parse_udp(1, arp.data(), uint32_t(arp.size()), d), LinkResult::NotIp);
}

TEST(LinkLayer, TruncatedUdpPayloadIsClampedAndFlagged) {
    UdpDatagram d;
    auto f = cat(kEth4, ipv4_udp());
    f.resize(f.size() - 2);
    // The IP total length says more than was captured: clamp, flag.
    ASSERT_EQ(parse_udp(1, f.data(), uint32_t(f.size()), d), LinkResult::Ok);
    EXPECT_EQ(d.payload_len, 2u);
    EXPECT_TRUE(d.truncated);
    EXPECT_EQ(parse_udp(1, f.data(), 20, d), LinkResult::Truncated);
}

TEST(LinkLayer, BsdNullLoopAndIpv6Variants) {
    UdpDatagram d;
    const auto v4 = cat({2, 0, 0, 0}, ipv4_udp());
    expect_v4(parse_udp(0, v4.data(), uint32_t(v4.size()), d), d);
    for (uint8_t af : {24, 28, 30, 10}) {
        const auto v6 = cat({af, 0, 0, 0}, ipv6_udp(false));
        expect_v6(parse_udp(0, v6.data(), uint32_t(v6.size()), d), d);
    }
    const auto loop = cat({0, 0, 0, 2}, ipv4_udp());  // LOOP: network byte order
    expect_v4(parse_udp(108, loop.data(), uint32_t(loop.size()), d), d);
}

TEST(LinkLayer, LinuxCookedV1AndV2) {
    UdpDatagram d;
    const auto sll = cat({0, 0, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x00}, ipv4_udp());
    expect_v4(parse_udp(113, sll.data(), uint32_t(sll.size()), d), d);
    const auto sll2 = cat({0x86, 0xDD, 0, 0, 0, 0, 0, 1, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}, ipv6_udp(false));
    expect_v6(parse_udp(276, sll2.data(), uint32_t(sll2.size()), d), d);
}

TEST(LinkLayer, RawIpWithIpv6ExtensionHeader) {
    UdpDatagram d;
    const auto v4 = ipv4_udp();
    for (int dlt : {101, 12, 14, 228}) expect_v4(parse_udp(dlt, v4.data(), uint32_t(v4.size()), d), d);
    const auto v6 = ipv6_udp(true);
    expect_v6(parse_udp(101, v6.data(), uint32_t(v6.size()), d), d);
    expect_v6(parse_udp(229, v6.data(), uint32_t(v6.size()), d), d);
}

TEST(LinkLayer, UnsupportedLinkType) {
    UdpDatagram d;
    const uint8_t x[4] = {};
    EXPECT_EQ(parse_udp(147, x, 4, d), LinkResult::Unsupported);
    EXPECT_FALSE(link_type_supported(147));
    EXPECT_TRUE(link_type_supported(276));
}

}  // namespace
}  // namespace blankshark::capture
