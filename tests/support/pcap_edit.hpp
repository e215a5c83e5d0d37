// Damage for tests, made from a real capture: one TCP segment of a classic
// little-endian pcap of Ethernet + IPv4 frames cut into three segments at
// payload offsets `a` and `b`, the middle one left out (a hole inside the
// segment's bytes, where a capture that lost a packet of smaller segments
// has one). Sequence numbers and IP lengths follow; checksums are left as
// they are (nothing here checks them).
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace blank::test {

inline bool cut_out_of_segment(const std::string& in, const std::string& out, uint64_t frame, size_t a, size_t b) {
    std::ifstream f(in, std::ios::binary);
    const std::vector<uint8_t> d((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (d.size() < 24) return false;
    std::vector<uint8_t> o(d.begin(), d.begin() + 24);
    auto le32 = [](const uint8_t* p) { return uint32_t(p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24); };
    auto put_le32 = [](std::vector<uint8_t>& v, uint32_t x) {
        for (int i = 0; i < 4; ++i) v.push_back(uint8_t(x >> (8 * i)));
    };
    bool done = false;
    size_t off = 24;
    for (uint64_t n = 1; off + 16 <= d.size(); ++n) {
        const uint32_t caplen = le32(&d[off + 8]);
        if (off + 16 + caplen > d.size()) return false;
        const uint8_t* pkt = &d[off + 16];
        if (n != frame) {
            o.insert(o.end(), d.begin() + long(off), d.begin() + long(off + 16 + caplen));
            off += 16 + caplen;
            continue;
        }
        const size_t ihl = size_t(pkt[14] & 15) * 4, tcp = 14 + ihl, doff = size_t(pkt[tcp + 12] >> 4) * 4;
        const size_t payload = caplen - tcp - doff;
        if (!(a < b && b < payload)) return false;
        const uint32_t seq = uint32_t(pkt[tcp + 4] << 24 | pkt[tcp + 5] << 16 | pkt[tcp + 6] << 8 | pkt[tcp + 7]);
        const size_t cuts[2][2] = {{0, a}, {b, payload}};
        for (int k = 0; k < 2; ++k) {
            const size_t from = cuts[k][0], len = cuts[k][1] - cuts[k][0];
            std::vector<uint8_t> p(pkt, pkt + tcp + doff);
            const uint32_t s = seq + uint32_t(from);
            for (int i = 0; i < 4; ++i) p[tcp + 4 + i] = uint8_t(s >> (24 - 8 * i));
            const size_t iplen = ihl + doff + len;
            p[16] = uint8_t(iplen >> 8);
            p[17] = uint8_t(iplen);
            p.insert(p.end(), pkt + tcp + doff + from, pkt + tcp + doff + from + len);
            put_le32(o, le32(&d[off]));
            put_le32(o, le32(&d[off + 4]) + uint32_t(k));  // the second a microsecond later
            put_le32(o, uint32_t(p.size()));
            put_le32(o, uint32_t(p.size()));
            o.insert(o.end(), p.begin(), p.end());
        }
        done = true;
        off += 16 + caplen;
    }
    std::ofstream w(out, std::ios::binary);
    w.write(reinterpret_cast<const char*>(o.data()), std::streamsize(o.size()));
    return done && bool(w);
}

}  // namespace blank::test
