// parse_tcp / parse_transport on hand-built frames: every link type, IPv4
// with options and IPv6 with an extension header, TCP options skipped,
// truncation, fragments, and that UDP still comes out exactly as parse_udp
// gives it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "link_layer.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace blankshark::capture {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes out;
    for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

// TCP 40000 -> 25565, seq 0x11223344, ack 0xAABBCCDD, PSH|ACK, window 0x1234,
// urgent 7; `options` (a multiple of 4) between header and payload.
Bytes tcp_header(const Bytes& options, uint8_t flags = tcpflag::kPsh | tcpflag::kAck) {
    const uint8_t doff = uint8_t((20 + options.size()) / 4);
    Bytes h = {0x9C, 0x40, 0x63, 0xDD, 0x11, 0x22, 0x33, 0x44, 0xAA, 0xBB, 0xCC, 0xDD,
               uint8_t(doff << 4), flags, 0x12, 0x34, 0xBE, 0xEF, 0x00, 0x07};
    h.insert(h.end(), options.begin(), options.end());
    return h;
}

// MSS 1460, NOP, window scale 7, SACK permitted, NOP NOP: 12 bytes.
const Bytes kOptions = {2, 4, 0x05, 0xB4, 1, 3, 3, 7, 4, 2, 1, 1};
const Bytes kPayload = {'h', 'e', 'l', 'l', 'o'};

// IPv4 around `l4` (protocol `proto`), total length from the contents
// unless given, flags/fragment field `frag`.
Bytes ipv4(const Bytes& l4, uint8_t proto = 6, uint16_t frag = 0x4000, int total = -1, const Bytes& opts = {}) {
    const uint8_t ihl = uint8_t(5 + opts.size() / 4);
    const uint16_t len = uint16_t(total >= 0 ? total : int(ihl * 4 + l4.size()));
    Bytes f = {uint8_t(0x40 | ihl), 0,  uint8_t(len >> 8), uint8_t(len), 0, 1, uint8_t(frag >> 8), uint8_t(frag), 64,
               proto,               0,  0,                 10,           0, 0, 2, 10, 0, 0, 1};
    f.insert(f.end(), opts.begin(), opts.end());
    f.insert(f.end(), l4.begin(), l4.end());
    return f;
}

// IPv6 ::1 -> ::2, optionally with a hop-by-hop header.
Bytes ipv6(const Bytes& l4, uint8_t proto = 6, bool hop_by_hop = false) {
    const uint16_t plen = uint16_t(l4.size() + (hop_by_hop ? 8 : 0));
    Bytes f = {0x60, 0, 0, 0, uint8_t(plen >> 8), uint8_t(plen), uint8_t(hop_by_hop ? 0 : proto), 64};
    for (int i = 0; i < 15; ++i) f.push_back(0);
    f.push_back(1);
    for (int i = 0; i < 15; ++i) f.push_back(0);
    f.push_back(2);
    if (hop_by_hop) f.insert(f.end(), {proto, 0, 1, 4, 0, 0, 0, 0});
    f.insert(f.end(), l4.begin(), l4.end());
    return f;
}

const Bytes kEth4 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x08, 0x00};
const Bytes kEth6 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x86, 0xDD};

std::string str(const TcpSegment& s) { return std::string(reinterpret_cast<const char*>(s.payload), s.payload_len); }

void expect_header(const TcpSegment& s) {
    EXPECT_EQ(s.src.port, 40000);
    EXPECT_EQ(s.dst.port, 25565);
    EXPECT_EQ(s.seq, 0x11223344u);
    EXPECT_EQ(s.ack, 0xAABBCCDDu);
    EXPECT_EQ(s.window, 0x1234);
    EXPECT_EQ(s.urgent, 7);
}

TEST(ParseTcp, EthernetIpv4WithTcpOptions) {
    const Bytes f = cat({kEth4, ipv4(cat({tcp_header(kOptions), kPayload}))});
    TcpSegment s;
    ASSERT_EQ(parse_tcp(linktype::kEthernet, f.data(), uint32_t(f.size()), s), LinkResult::Ok);
    expect_header(s);
    EXPECT_EQ(to_string(s.src), "10.0.0.2:40000");
    EXPECT_EQ(to_string(s.dst), "10.0.0.1:25565");
    EXPECT_EQ(s.header_len, 32);
    EXPECT_EQ(s.flags, tcpflag::kPsh | tcpflag::kAck);
    EXPECT_TRUE(s.has(tcpflag::kAck));
    EXPECT_FALSE(s.has(tcpflag::kSyn));
    EXPECT_EQ(str(s), "hello");
    EXPECT_EQ(s.payload, f.data() + 14 + 20 + 32);
    EXPECT_FALSE(s.truncated);
}

TEST(ParseTcp, Ipv4OptionsAndEthernetPadding) {
    // A SYN with no payload in a 60-byte Ethernet frame: the padding is not payload.
    Bytes f = cat({kEth4, ipv4(tcp_header(kOptions, tcpflag::kSyn), 6, 0x4000, -1, {1, 1, 1, 0})});
    f.resize(std::max<size_t>(f.size(), 60) + 6, 0xEE);
    TcpSegment s;
    ASSERT_EQ(parse_tcp(1, f.data(), uint32_t(f.size()), s), LinkResult::Ok);
    EXPECT_EQ(s.payload_len, 0u);
    EXPECT_EQ(s.flags, tcpflag::kSyn);
    EXPECT_FALSE(s.truncated);
}

TEST(ParseTcp, EveryFlagBit) {
    for (int bit = 0; bit < 8; ++bit) {
        const uint8_t fl = uint8_t(1 << bit);
        const Bytes f = ipv4(tcp_header({}, fl));
        TcpSegment s;
        ASSERT_EQ(parse_tcp(linktype::kRaw, f.data(), uint32_t(f.size()), s), LinkResult::Ok);
        EXPECT_EQ(s.flags, fl);
    }
    const uint8_t all = tcpflag::kFin | tcpflag::kSyn | tcpflag::kRst | tcpflag::kPsh | tcpflag::kAck |
                        tcpflag::kUrg | tcpflag::kEce | tcpflag::kCwr;
    EXPECT_EQ(all, 0xFF);
}

TEST(ParseTcp, Ipv6WithAndWithoutExtensionHeader) {
    for (bool hbh : {false, true}) {
        const Bytes ip = ipv6(cat({tcp_header(kOptions), kPayload}), 6, hbh);
        TcpSegment s;
        ASSERT_EQ(parse_tcp(linktype::kIpv6, ip.data(), uint32_t(ip.size()), s), LinkResult::Ok) << hbh;
        expect_header(s);
        EXPECT_EQ(to_string(s.src), "[::1]:40000");
        EXPECT_EQ(to_string(s.dst), "[::2]:25565");
        EXPECT_EQ(str(s), "hello");
        const Bytes eth = cat({kEth6, ip});
        ASSERT_EQ(parse_tcp(linktype::kEthernet, eth.data(), uint32_t(eth.size()), s), LinkResult::Ok);
        EXPECT_EQ(str(s), "hello");
    }
}

TEST(ParseTcp, EveryLinkType) {
    const Bytes v4 = ipv4(cat({tcp_header(kOptions), kPayload}));
    const Bytes v6 = ipv6(cat({tcp_header(kOptions), kPayload}), 6, true);
    const std::vector<std::pair<int, Bytes>> frames = {
        {linktype::kEthernet, cat({{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0x81, 0x00, 0, 7, 0x08, 0x00}, v4})},
        {linktype::kNull, cat({{2, 0, 0, 0}, v4})},
        {linktype::kNull, cat({{0, 0, 0, 30}, v6})},  // macOS AF_INET6, written big-endian
        {linktype::kLoop, cat({{0, 0, 0, 2}, v4})},
        {linktype::kLinuxSll, cat({{0, 0, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x00}, v4})},
        {linktype::kLinuxSll2, cat({{0x86, 0xDD, 0, 0, 0, 0, 0, 1, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}, v6})},
        {linktype::kRaw, v4},
        {linktype::kRaw12, v6},
        {linktype::kRaw14, v4},
        {linktype::kIpv4, v4},
        {linktype::kIpv6, v6},
    };
    for (const auto& [dlt, f] : frames) {
        TcpSegment s;
        ASSERT_EQ(parse_tcp(dlt, f.data(), uint32_t(f.size()), s), LinkResult::Ok) << link_type_name(dlt);
        expect_header(s);
        EXPECT_EQ(str(s), "hello") << link_type_name(dlt);
        TransportPacket t;
        ASSERT_EQ(parse_transport(dlt, f.data(), uint32_t(f.size()), t), LinkResult::Ok);
        EXPECT_EQ(t.kind, Transport::Tcp);
        EXPECT_EQ(t.tcp.payload, s.payload);
        EXPECT_EQ(t.tcp.seq, s.seq);
    }
}

TEST(ParseTcp, TruncatedCaptureIsClampedAndFlagged) {
    const Bytes f = cat({kEth4, ipv4(cat({tcp_header(kOptions), kPayload}))});
    TcpSegment s;
    // Two payload bytes cut by the snap length.
    ASSERT_EQ(parse_tcp(1, f.data(), uint32_t(f.size() - 3), s), LinkResult::Ok);
    EXPECT_EQ(str(s), "he");
    EXPECT_TRUE(s.truncated);
    // No payload byte captured: still a segment, still truncated.
    ASSERT_EQ(parse_tcp(1, f.data(), 14 + 20 + 32, s), LinkResult::Ok);
    EXPECT_EQ(s.payload_len, 0u);
    EXPECT_TRUE(s.truncated);
    // Cut inside the options, or inside the fixed header: not a segment.
    EXPECT_EQ(parse_tcp(1, f.data(), 14 + 20 + 31, s), LinkResult::Truncated);
    EXPECT_EQ(parse_tcp(1, f.data(), 14 + 20 + 19, s), LinkResult::Truncated);
    EXPECT_EQ(s.payload, nullptr);  // nothing half-filled on failure
    EXPECT_EQ(s.src.family, 0);
    // IPv6 the same way.
    const Bytes v6 = ipv6(cat({tcp_header({}), kPayload}));
    ASSERT_EQ(parse_tcp(linktype::kIpv6, v6.data(), uint32_t(v6.size() - 1), s), LinkResult::Ok);
    EXPECT_EQ(str(s), "hell");
    EXPECT_TRUE(s.truncated);
}

TEST(ParseTcp, MalformedDataOffset) {
    TcpSegment s;
    Bytes low = ipv4(cat({tcp_header({}), kPayload}));
    low[20 + 12] = 0x40;  // 16 bytes: less than the fixed header
    EXPECT_EQ(parse_tcp(linktype::kRaw, low.data(), uint32_t(low.size()), s), LinkResult::Truncated);
    Bytes high = ipv4(cat({tcp_header({}), kPayload}));
    high[20 + 12] = 0xF0;  // 60 bytes: more than the IP length leaves
    EXPECT_EQ(parse_tcp(linktype::kRaw, high.data(), uint32_t(high.size()), s), LinkResult::Truncated);
}

TEST(ParseTcp, TsoZeroLengthMeansWhatWasCaptured) {
    const Bytes v4 = ipv4(cat({tcp_header({}), kPayload}), 6, 0x4000, 0);
    TcpSegment s;
    ASSERT_EQ(parse_tcp(linktype::kRaw, v4.data(), uint32_t(v4.size()), s), LinkResult::Ok);
    EXPECT_EQ(str(s), "hello");
    EXPECT_FALSE(s.truncated);
}

TEST(ParseTcp, FragmentsAreNotReassembled) {
    const Bytes l4 = cat({tcp_header({}), kPayload});
    TcpSegment s;
    for (uint16_t frag : {uint16_t(0x2000), uint16_t(0x00B9), uint16_t(0x20B9)}) {  // first (MF), last, middle
        const Bytes f = cat({kEth4, ipv4(l4, 6, frag)});
        EXPECT_EQ(parse_tcp(1, f.data(), uint32_t(f.size()), s), LinkResult::Fragment) << frag;
    }
    // IPv6 fragment header (offset 185, M): a real fragment.
    Bytes v6 = ipv6(cat({{6, 0, 0x05, 0xC9, 0, 0, 0, 9}, l4}), 44);
    EXPECT_EQ(parse_tcp(linktype::kIpv6, v6.data(), uint32_t(v6.size()), s), LinkResult::Fragment);
    // An atomic fragment (offset 0, no M) is the whole packet.
    Bytes atomic = ipv6(cat({{6, 0, 0, 0, 0, 0, 0, 9}, l4}), 44);
    ASSERT_EQ(parse_tcp(linktype::kIpv6, atomic.data(), uint32_t(atomic.size()), s), LinkResult::Ok);
    EXPECT_EQ(str(s), "hello");
}

TEST(ParseTcp, OtherTransportsAndUdpUnchanged) {
    const Bytes udp = {0x30, 0x39, 0x30, 0x42, 0, 12, 0, 0, 'a', 'b', 'c', 'd'};
    const Bytes tcp = cat({tcp_header({}), kPayload});
    const Bytes f_udp = cat({kEth4, ipv4(udp, 17)});
    const Bytes f_tcp = cat({kEth4, ipv4(tcp)});
    const Bytes f_icmp = cat({kEth4, ipv4({8, 0, 0, 0, 0, 0, 0, 0}, 1)});
    const Bytes f_icmp6 = cat({kEth6, ipv6({128, 0, 0, 0, 0, 0, 0, 0}, 58)});
    TcpSegment s;
    UdpDatagram d;
    TransportPacket t;
    EXPECT_EQ(parse_tcp(1, f_udp.data(), uint32_t(f_udp.size()), s), LinkResult::OtherTransport);
    EXPECT_EQ(parse_tcp(1, f_icmp6.data(), uint32_t(f_icmp6.size()), s), LinkResult::OtherTransport);
    EXPECT_EQ(parse_udp(1, f_tcp.data(), uint32_t(f_tcp.size()), d), LinkResult::NotUdp);
    EXPECT_EQ(parse_transport(1, f_icmp.data(), uint32_t(f_icmp.size()), t), LinkResult::OtherTransport);
    EXPECT_EQ(t.kind, Transport::None);
    EXPECT_STREQ(link_result_name(LinkResult::OtherTransport), "OtherTransport");

    // UDP through parse_transport is what parse_udp gives, byte for byte.
    ASSERT_EQ(parse_udp(1, f_udp.data(), uint32_t(f_udp.size()), d), LinkResult::Ok);
    ASSERT_EQ(parse_transport(1, f_udp.data(), uint32_t(f_udp.size()), t), LinkResult::Ok);
    EXPECT_EQ(t.kind, Transport::Udp);
    EXPECT_EQ(t.udp.src, d.src);
    EXPECT_EQ(t.udp.dst, d.dst);
    EXPECT_EQ(t.udp.payload, d.payload);
    EXPECT_EQ(t.udp.payload_len, d.payload_len);
    EXPECT_EQ(t.udp.truncated, d.truncated);
    EXPECT_EQ(t.tcp.payload, nullptr);
    ASSERT_EQ(parse_transport(1, f_tcp.data(), uint32_t(f_tcp.size()), t), LinkResult::Ok);
    EXPECT_EQ(t.kind, Transport::Tcp);
    EXPECT_EQ(t.udp.payload, nullptr);
    // A bad UDP length is Truncated either way.
    Bytes bad = f_udp;
    bad[14 + 20 + 5] = 4;
    EXPECT_EQ(parse_udp(1, bad.data(), uint32_t(bad.size()), d), LinkResult::Truncated);
    EXPECT_EQ(parse_transport(1, bad.data(), uint32_t(bad.size()), t), LinkResult::Truncated);
    EXPECT_EQ(t.kind, Transport::None);
}

// Every prefix of good frames, in buffers of exactly that size, so a read past
// caplen shows up under ASan.
TEST(ParseTcp, NeverReadsPastTheCapture) {
    const std::vector<std::pair<int, Bytes>> frames = {
        {1, cat({kEth4, ipv4(cat({tcp_header(kOptions), kPayload}), 6, 0x4000, -1, {1, 1, 1, 0})})},
        {1, cat({kEth6, ipv6(cat({tcp_header(kOptions), kPayload}), 6, true)})},
        {276, cat({{0x86, 0xDD, 0, 0, 0, 0, 0, 1, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0},
                   ipv6(cat({tcp_header({}), kPayload}))})},
    };
    for (const auto& [dlt, frame] : frames) {
        for (size_t n = 0; n <= frame.size(); ++n) {
            std::unique_ptr<uint8_t[]> buf(new uint8_t[n ? n : 1]);
            std::copy(frame.begin(), frame.begin() + long(n), buf.get());
            TcpSegment s;
            if (parse_tcp(dlt, buf.get(), uint32_t(n), s) != LinkResult::Ok) continue;
            EXPECT_GE(s.payload, buf.get());
            EXPECT_LE(s.payload + s.payload_len, buf.get() + n);
            EXPECT_EQ(s.truncated, n < frame.size()) << n;
        }
    }
}

// Hand-built Ethernet/IPv6 frames (one with a hop-by-hop header, the
// first data segment out of order) through parse_tcp into the reassembler.
TEST(ParseTcp, Ipv6FramesThroughTheReassembler) {
    struct Streams : tcp::Sink {
        std::string s[2];
        int fins = 0;
        void on_data(tcp::Connection&, core::Side d, const uint8_t* p, uint32_t n, uint64_t,
                     const tcp::SegmentOrigin&) override {
            s[int(d)].append(reinterpret_cast<const char*>(p), n);
        }
        void on_fin(tcp::Connection&, core::Side, uint64_t, const tcp::SegmentOrigin&) override { ++fins; }
    } sink;
    tcp::Reassembler r(sink);
    auto seg = [](bool from_client, uint32_t seq, uint32_t ack, uint8_t flags, const std::string& data, bool hbh) {
        Bytes t = tcp_header(flags == tcpflag::kSyn ? kOptions : Bytes{}, flags);
        if (!from_client) std::swap_ranges(t.begin(), t.begin() + 2, t.begin() + 2);  // ports
        for (int i = 0; i < 4; ++i) {
            t[4 + i] = uint8_t(seq >> (24 - 8 * i));
            t[8 + i] = uint8_t(ack >> (24 - 8 * i));
        }
        t.insert(t.end(), data.begin(), data.end());
        Bytes ip = ipv6(t, 6, hbh);
        if (!from_client) std::swap_ranges(ip.begin() + 8, ip.begin() + 24, ip.begin() + 24);  // addresses
        return cat({kEth6, ip});
    };
    const std::vector<Bytes> frames = {
        seg(true, 100, 0, tcpflag::kSyn, "", false),
        seg(false, 900, 101, tcpflag::kSyn | tcpflag::kAck, "", true),
        seg(true, 107, 901, tcpflag::kAck, "world", false),  // early
        seg(true, 101, 901, tcpflag::kAck, "hello ", true),
        seg(false, 901, 112, tcpflag::kAck | tcpflag::kPsh, "hi", false),
        seg(true, 112, 903, tcpflag::kFin | tcpflag::kAck, "", false),
        seg(false, 903, 113, tcpflag::kFin | tcpflag::kAck, "", true),
    };
    uint64_t n = 0;
    for (const Bytes& f : frames) {
        TcpSegment s;
        ASSERT_EQ(parse_tcp(linktype::kEthernet, f.data(), uint32_t(f.size()), s), LinkResult::Ok);
        r.feed(s, ++n, 0);
    }
    EXPECT_EQ(sink.s[0], "hello world");
    EXPECT_EQ(sink.s[1], "hi");
    EXPECT_EQ(sink.fins, 2);
    ASSERT_NE(r.find(1), nullptr);
    EXPECT_EQ(to_string(r.find(1)->client()), "[::1]:40000");
    EXPECT_EQ(r.find(1)->close_reason(), tcp::CloseReason::Fin);
}

}  // namespace
}  // namespace blankshark::capture
