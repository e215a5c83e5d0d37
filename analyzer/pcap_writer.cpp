#include "pcap_writer.hpp"

#include <cmath>

namespace blankshark {
namespace {

void put16be(std::vector<uint8_t>& v, uint16_t x) { v.push_back(uint8_t(x >> 8)); v.push_back(uint8_t(x)); }
void put32le(uint8_t* p, uint32_t x) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(x >> (8 * i));
}

uint16_t ipv4_checksum(const uint8_t* h) {
    uint32_t sum = 0;
    for (int i = 0; i < 20; i += 2) sum += uint32_t(h[i] << 8 | h[i + 1]);
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    return uint16_t(~sum);
}

// RFC 768 / RFC 8200: over the pseudo-header, the UDP header and the data.
uint16_t udp_checksum(const UdpEndpoint& src, const UdpEndpoint& dst, const uint8_t* udp, size_t len) {
    uint32_t sum = 0;
    auto add = [&sum](const uint8_t* p, size_t n) {
        for (size_t i = 0; i + 1 < n; i += 2) sum += uint32_t(p[i] << 8 | p[i + 1]);
        if (n & 1) sum += uint32_t(p[n - 1] << 8);
    };
    const size_t alen = src.v6 ? 16 : 4;
    add(src.addr, alen);
    add(dst.addr, alen);
    sum += 17 + uint32_t(len);
    add(udp, len);
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    const uint16_t c = uint16_t(~sum);
    return c == 0 ? 0xFFFF : c;
}

}  // namespace

UdpEndpoint UdpEndpoint::v4(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint16_t port) {
    UdpEndpoint e;
    e.addr[0] = a; e.addr[1] = b; e.addr[2] = c; e.addr[3] = d;
    e.port = port;
    return e;
}

UdpEndpoint UdpEndpoint::v6_loopback(uint16_t port) {
    UdpEndpoint e;
    e.v6 = true;
    e.addr[15] = 1;
    e.port = port;
    return e;
}

PcapWriter::PcapWriter(const std::string& path, uint32_t linktype) : f_(std::fopen(path.c_str(), "wb")), linktype_(linktype) {
    if (!f_) return;
    std::setvbuf(f_, nullptr, _IOFBF, 1 << 20);
    uint8_t h[24] = {};
    put32le(h, 0xa1b23c4d);  // nanosecond timestamps
    h[4] = 2; h[6] = 4;      // version 2.4
    put32le(h + 16, 65535);  // snaplen
    put32le(h + 20, linktype);
    std::fwrite(h, 1, sizeof h, f_);
}

PcapWriter::~PcapWriter() {
    if (f_) std::fclose(f_);
}

void PcapWriter::link_header(std::vector<uint8_t>& out, bool v6) const {
    const uint16_t ethertype = v6 ? 0x86DD : 0x0800;
    switch (linktype_) {
    case 1:  // Ethernet: zero MACs, as on loopback
        out.insert(out.end(), 12, 0);
        put16be(out, ethertype);
        break;
    case 0: {  // BSD null: address family in host (little-endian) order
        const uint32_t af = v6 ? 24 : 2;
        for (int i = 0; i < 4; ++i) out.push_back(uint8_t(af >> (8 * i)));
        break;
    }
    case 113:  // Linux cooked v1
        put16be(out, 0);  // packet type: to us
        put16be(out, 772);  // ARPHRD_LOOPBACK
        put16be(out, 6);
        out.insert(out.end(), 8, 0);
        put16be(out, ethertype);
        break;
    case 276:  // Linux cooked v2
        put16be(out, ethertype);
        put16be(out, 0);          // reserved
        out.insert(out.end(), {0, 0, 0, 1});  // interface index
        put16be(out, 772);
        out.push_back(0);         // packet type
        out.push_back(6);         // address length
        out.insert(out.end(), 8, 0);
        break;
    default: break;  // 101 raw IP: nothing
    }
}

void PcapWriter::frame(const UdpEndpoint& src, const UdpEndpoint& dst, const uint8_t* payload, size_t len,
                       std::vector<uint8_t>& f) const {
    f.clear();
    link_header(f, src.v6);
    const uint16_t udp_len = uint16_t(8 + len);
    if (src.v6) {
        f.insert(f.end(), {0x60, 0, 0, 0});
        put16be(f, udp_len);
        f.push_back(17);  // next header: UDP
        f.push_back(64);
        f.insert(f.end(), src.addr, src.addr + 16);
        f.insert(f.end(), dst.addr, dst.addr + 16);
    } else {
        const size_t ip = f.size();
        f.insert(f.end(), {0x45, 0});
        put16be(f, uint16_t(20 + udp_len));
        f.insert(f.end(), {0, 0, 0x40, 0, 64, 17, 0, 0});
        f.insert(f.end(), src.addr, src.addr + 4);
        f.insert(f.end(), dst.addr, dst.addr + 4);
        const uint16_t sum = ipv4_checksum(&f[ip]);
        f[ip + 10] = uint8_t(sum >> 8);
        f[ip + 11] = uint8_t(sum);
    }
    const size_t udp = f.size();
    put16be(f, src.port);
    put16be(f, dst.port);
    put16be(f, udp_len);
    put16be(f, 0);
    f.insert(f.end(), payload, payload + len);
    const uint16_t sum = udp_checksum(src, dst, &f[udp], f.size() - udp);
    f[udp + 6] = uint8_t(sum >> 8);
    f[udp + 7] = uint8_t(sum);
}

void PcapWriter::udp(double time, const UdpEndpoint& src, const UdpEndpoint& dst, const std::vector<uint8_t>& payload) {
    std::vector<uint8_t> f;
    frame(src, dst, payload.data(), payload.size(), f);
    raw(time, f);
}

void PcapWriter::udp(uint64_t time_ns, const UdpEndpoint& src, const UdpEndpoint& dst, const uint8_t* payload,
                     size_t len) {
    if (!f_) return;
    frame(src, dst, payload, len, buf_);
    record(uint32_t(time_ns / 1000000000u), uint32_t(time_ns % 1000000000u), buf_);
}

void PcapWriter::raw(double time, const std::vector<uint8_t>& frame) {
    if (!f_) return;
    const double sec = std::floor(time);
    record(uint32_t(sec), uint32_t(std::llround((time - sec) * 1e9)), frame);
}

void PcapWriter::record(uint32_t sec, uint32_t nsec, const std::vector<uint8_t>& frame) {
    uint8_t h[16];
    put32le(h, sec);
    put32le(h + 4, nsec);
    put32le(h + 8, uint32_t(frame.size()));
    put32le(h + 12, uint32_t(frame.size()));
    std::fwrite(h, 1, sizeof h, f_);
    std::fwrite(frame.data(), 1, frame.size(), f_);
}

bool PcapWriter::close() {
    if (!f_) return false;
    const bool ok = std::ferror(f_) == 0;
    const bool closed = std::fclose(f_) == 0;
    f_ = nullptr;
    return ok && closed;
}

}  // namespace blankshark
