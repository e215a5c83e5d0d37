// Captures as users make them, made from a bundled one in memory: started
// late (the frames from a given one on, or from inside a segment's
// payload), several such cuts side by side in one file, each with its own
// IPv4 addresses (10.<cut>.0.1, .2, ...) so their connections stay apart.
// Classic little-endian pcap (micro- or nanosecond), Ethernet + IPv4 frames (the bundled Java and
// Alpha captures); checksums are left as they are (nothing here checks
// them).
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace blank::test {

struct PcapFrame {
    uint32_t sec = 0, usec = 0, orig_len = 0;
    std::vector<uint8_t> data;
};

struct Pcap {
    std::vector<uint8_t> header;  // the 24-byte file header
    std::vector<PcapFrame> frames;

    // False when the file is not a classic little-endian pcap.
    bool read(const std::string& path) {
        std::ifstream f(path, std::ios::binary);
        const std::vector<uint8_t> d((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        // Microsecond or nanosecond timestamps: both copied as they are.
        if (d.size() < 24 || (le32(&d[0]) != 0xa1b2c3d4u && le32(&d[0]) != 0xa1b23c4du)) return false;
        header.assign(d.begin(), d.begin() + 24);
        for (size_t off = 24; off + 16 <= d.size();) {
            PcapFrame fr;
            fr.sec = le32(&d[off]);
            fr.usec = le32(&d[off + 4]);
            const uint32_t caplen = le32(&d[off + 8]);
            fr.orig_len = le32(&d[off + 12]);
            if (off + 16 + caplen > d.size()) return false;
            fr.data.assign(d.begin() + long(off + 16), d.begin() + long(off + 16 + caplen));
            frames.push_back(std::move(fr));
            off += 16 + caplen;
        }
        return true;
    }
    bool write(const std::string& path) const {
        std::ofstream o(path, std::ios::binary);
        o.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        for (const PcapFrame& fr : frames) {
            uint8_t h[16];
            put32(h, fr.sec);
            put32(h + 4, fr.usec);
            put32(h + 8, uint32_t(fr.data.size()));
            put32(h + 12, uint32_t(fr.data.size()));
            o.write(reinterpret_cast<const char*>(h), 16);
            o.write(reinterpret_cast<const char*>(fr.data.data()), std::streamsize(fr.data.size()));
        }
        return bool(o);
    }

    static uint32_t le32(const uint8_t* p) { return uint32_t(p[0] | p[1] << 8 | p[2] << 16 | uint32_t(p[3]) << 24); }
    static void put32(uint8_t* p, uint32_t v) {
        for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
    }
};

// Where a frame's TCP payload is (0 length: not Ethernet + IPv4 + TCP).
struct TcpPayload {
    size_t ip = 14, tcp = 0, at = 0, len = 0;
};
inline TcpPayload tcp_payload(const std::vector<uint8_t>& f) {
    TcpPayload t;
    if (f.size() < 14 + 20 || f[12] != 0x08 || f[13] != 0x00 || (f[14] >> 4) != 4 || f[23] != 6) return t;
    t.tcp = 14 + size_t(f[14] & 15) * 4;
    if (f.size() < t.tcp + 20) return t;
    t.at = t.tcp + size_t(f[t.tcp + 12] >> 4) * 4;
    const size_t ip_end = 14 + size_t(f[16] << 8 | f[17]);
    t.len = t.at < ip_end && ip_end <= f.size() ? ip_end - t.at : 0;
    return t;
}

// One cut of a capture: it starts at frame `first` (1-based); with `skip`,
// that frame's TCP payload starts `skip` bytes later (a capture that began
// inside a segment: a snaplen, a filter, a ring-buffer file boundary).
struct Cut {
    uint64_t first = 1;
    size_t skip = 0;
};

// The frames of `in` from the cut on, appended to `out` with every IPv4
// address a.b.c.d turned into 10.<block>.<c>.<d> (so two cuts of one
// capture never share a connection, nor a server). Returns the number of
// frames added.
inline size_t append_cut(const Pcap& in, const Cut& cut, uint8_t block, Pcap& out) {
    size_t added = 0;
    for (size_t i = cut.first - 1; i < in.frames.size(); ++i) {
        PcapFrame fr = in.frames[i];
        TcpPayload t = tcp_payload(fr.data);
        const bool ipv4 = fr.data.size() >= 34 && fr.data[12] == 0x08 && fr.data[13] == 0x00 && fr.data[14] >> 4 == 4;
        if (ipv4)  // TCP or UDP
            for (size_t a : {size_t(26), size_t(30)}) {  // source, destination
                fr.data[a] = 10;
                fr.data[a + 1] = block;
            }
        if (t.tcp) {
            if (i == cut.first - 1 && cut.skip && cut.skip < t.len) {
                // Its payload from `skip` on: the sequence number and IP length follow.
                uint8_t* s = &fr.data[t.tcp + 4];
                const uint32_t seq = uint32_t(s[0] << 24 | s[1] << 16 | s[2] << 8 | s[3]) + uint32_t(cut.skip);
                for (int k = 0; k < 4; ++k) s[k] = uint8_t(seq >> (24 - 8 * k));
                fr.data.erase(fr.data.begin() + long(t.at), fr.data.begin() + long(t.at + cut.skip));
                const size_t ip_len = size_t(fr.data[16] << 8 | fr.data[17]) - cut.skip;
                fr.data[16] = uint8_t(ip_len >> 8);
                fr.data[17] = uint8_t(ip_len);
            }
        }
        out.frames.push_back(std::move(fr));
        ++added;
    }
    return added;
}

// Where users' captures start: every 5 % of the frames, then inside the
// largest segment after a third of the capture (cut in its middle).
inline std::vector<Cut> users_cuts(const Pcap& in) {
    const size_t n = in.frames.size();
    std::vector<Cut> cuts;
    for (size_t k = 5; k < 100; k += 5) cuts.push_back({n * k / 100 + 1, 0});
    size_t big = 0, big_len = 0;
    for (size_t i = n / 3; i < n; ++i) {
        const size_t l = tcp_payload(in.frames[i].data).len;
        if (l > big_len) big = i, big_len = l;
    }
    if (big_len > 1) cuts.push_back({big + 1, big_len / 2});
    return cuts;
}

// The cuts of `in` side by side in one capture, cut b in block b + 1;
// `starts[b]`: its first frame there.
inline Pcap side_by_side(const Pcap& in, const std::vector<Cut>& cuts, std::vector<uint64_t>& starts) {
    Pcap merged;
    merged.header = in.header;
    starts.clear();
    for (size_t b = 0; b < cuts.size(); ++b) {
        starts.push_back(merged.frames.size() + 1);
        append_cut(in, cuts[b], uint8_t(b + 1), merged);
    }
    return merged;
}

}  // namespace blank::test
