// A long capture of real traffic made by repeating Ethernet/IPv4 captures
// (the bundled real ones), for the benchmarks (tests/bench/repeat_capture)
// and the tests of memory over many connections. Each repetition of each
// input becomes new conversations: the client address gets the number of
// that repetition of that input in its second and third octets (past 65535
// the first octet changes too), the server port (the lower port, if below
// 32768) becomes 12354, and timestamps are shifted so the file runs forward
// in time. IPv4 header checksums are recomputed, UDP checksums cleared (0 =
// none). TCP frames (the Minecraft captures) get the same client address
// change, keep their ports and get their TCP checksum recomputed, so each
// repetition's connections are new 4-tuples.
//
// Repetitions follow one another (each 1 s after the previous one ended),
// or start every `every` seconds, overlapping as the connections of a busy
// server do (their frames merged in time order).
#pragma once

#include <pcap/pcap.h>

#include <cstdint>
#include <queue>
#include <string>
#include <vector>

namespace blank::test {

struct RepeatOptions {
    uint64_t frames = 0;      // stop after exactly this many frames (0: no limit)
    uint64_t times = 0;       // repetitions of the inputs (0: until `frames`)
    bool keep_ports = false;  // UDP server ports stay (a protocol found by its own port: RakNet)
    double every = 0;         // seconds between the starts of two repetitions (0: one after the other)
};

namespace repeat_detail {

constexpr uint16_t kPort = 12354;

inline uint16_t be16(const u_char* p) { return uint16_t(p[0] << 8 | p[1]); }
inline void put16(u_char* p, uint16_t v) {
    p[0] = uint8_t(v >> 8);
    p[1] = uint8_t(v);
}

inline void ip_checksum(u_char* ip, uint32_t ihl) {
    put16(ip + 10, 0);
    uint32_t s = 0;
    for (uint32_t i = 0; i < ihl; i += 2) s += be16(ip + i);
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    put16(ip + 10, uint16_t(~s));
}

// TCP checksum over the IPv4 pseudo-header and the segment (when captured whole).
inline void tcp_checksum(u_char* ip, uint32_t ihl, uint32_t caplen_from_ip) {
    const uint32_t total = be16(ip + 2);
    if (total < ihl + 20 || total > caplen_from_ip) return;
    u_char* tcp = ip + ihl;
    const uint32_t len = total - ihl;
    put16(tcp + 16, 0);
    uint32_t s = 0;
    for (int i = 12; i < 20; i += 2) s += be16(ip + i);
    s += 6 + len;
    for (uint32_t i = 0; i + 1 < len; i += 2) s += be16(tcp + i);
    if (len & 1) s += uint32_t(tcp[len - 1]) << 8;
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    put16(tcp + 16, uint16_t(~s));
}

inline void number_client(u_char* client_ip, uint32_t n) {
    client_ip[0] = uint8_t(client_ip[0] ^ (n >> 16));
    client_ip[1] = uint8_t(n >> 8);
    client_ip[2] = uint8_t(n);
}

// Rewrites one Ethernet/IPv4/TCP frame in place for repetition `n`: the
// client (the higher port) gets the repetition in its address.
inline void rewrite_tcp(u_char* d, uint32_t caplen, uint32_t n) {
    u_char* ip = d + 14;
    const uint32_t ihl = (ip[0] & 15u) * 4;
    if (14 + ihl + 20 > caplen) return;
    u_char* tcp = ip + ihl;
    const bool server_is_src = be16(tcp) < be16(tcp + 2);
    number_client(server_is_src ? ip + 16 : ip + 12, n);
    ip_checksum(ip, ihl);
    tcp_checksum(ip, ihl, caplen - 14);
}

// Rewrites one Ethernet/IPv4 frame in place for repetition `n`.
inline void rewrite(u_char* d, uint32_t caplen, uint32_t n, bool keep_ports) {
    if (caplen < 14 + 20 + 8 || d[12] != 0x08 || d[13] != 0x00) return;
    u_char* ip = d + 14;
    const uint32_t ihl = (ip[0] & 15u) * 4;
    if ((ip[0] >> 4) == 4 && ip[9] == 6) return rewrite_tcp(d, caplen, n);
    if ((ip[0] >> 4) != 4 || ip[9] != 17 || 14 + ihl + 8 > caplen) return;
    u_char* udp = ip + ihl;
    const uint16_t sp = be16(udp), dp = be16(udp + 2);
    const bool server_is_src = sp < dp;
    const uint16_t server = server_is_src ? sp : dp;
    if (server >= 32768) return;
    number_client(server_is_src ? ip + 16 : ip + 12, n);
    if (!keep_ports) put16(server_is_src ? udp : udp + 2, kPort);
    put16(udp + 6, 0);
    ip_checksum(ip, ihl);
}

struct Frame {
    pcap_pkthdr h;
    int64_t t_us;  // since the input's first frame
    std::vector<u_char> data;
};
struct Input {
    std::vector<Frame> frames;
    int64_t span_us = 0;
};

// A repetition being written: which input, its number, where it starts, its next frame.
struct Running {
    size_t input;
    uint32_t number;
    int64_t start_us;
    size_t next = 0;
};

}  // namespace repeat_detail

// Writes `out` (classic pcap, microseconds); returns the frames written, or
// -1 with `err` set.
inline long long repeat_captures(const std::string& out, const std::vector<std::string>& inputs,
                                 const RepeatOptions& opt, std::string& err) {
    using namespace repeat_detail;
    if (inputs.empty() || (!opt.frames && !opt.times)) {
        err = "nothing to repeat";
        return -1;
    }
    std::vector<Input> in(inputs.size());
    char ebuf[PCAP_ERRBUF_SIZE];
    for (size_t i = 0; i < inputs.size(); ++i) {
        pcap_t* p = pcap_open_offline(inputs[i].c_str(), ebuf);
        if (!p) {
            err = ebuf;
            return -1;
        }
        if (pcap_datalink(p) != DLT_EN10MB) {
            pcap_close(p);
            err = inputs[i] + ": not Ethernet";
            return -1;
        }
        pcap_pkthdr* h;
        const u_char* d;
        int64_t first = -1;
        while (pcap_next_ex(p, &h, &d) == 1) {
            const int64_t t = int64_t(h->ts.tv_sec) * 1000000 + h->ts.tv_usec;
            if (first < 0) first = t;
            in[i].frames.push_back(Frame{*h, t - first, std::vector<u_char>(d, d + h->caplen)});
            in[i].span_us = t - first;
        }
        pcap_close(p);
    }
    bool any = false;
    for (const Input& i : in) any |= !i.frames.empty();
    if (!any) {
        err = "no frame in the inputs";
        return -1;
    }
    pcap_t* dead = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 262144, PCAP_TSTAMP_PRECISION_MICRO);
    pcap_dumper_t* dump = pcap_dump_open(dead, out.c_str());
    if (!dump) {
        err = pcap_geterr(dead);
        pcap_close(dead);
        return -1;
    }
    // The repetitions in the order they start; the running ones by their next frame's time.
    const uint64_t total = opt.times ? opt.times * inputs.size() : UINT64_MAX;
    uint64_t started = 0;
    int64_t next_start = 0;
    auto later = [&in](const Running& a, const Running& b) {
        return a.start_us + in[a.input].frames[a.next].t_us > b.start_us + in[b.input].frames[b.next].t_us;
    };
    std::priority_queue<Running, std::vector<Running>, decltype(later)> running(later);
    long long written = 0;
    std::vector<u_char> buf;
    const uint64_t want = opt.frames ? opt.frames : UINT64_MAX;
    while (uint64_t(written) < want) {
        const bool can_start = started < total;
        if (can_start && (running.empty() || next_start <= running.top().start_us +
                                                              in[running.top().input].frames[running.top().next].t_us)) {
            const size_t i = size_t(started % inputs.size());
            // A number per repetition of each input: inputs that share a
            // 4-tuple (the Alpha captures) stay apart within one repetition.
            Running r{i, uint32_t(started + 1), next_start};
            ++started;
            next_start = opt.every > 0 ? int64_t(double(started) * opt.every * 1e6)
                                       : next_start + in[i].span_us + 1000000;
            if (!in[i].frames.empty()) running.push(r);
            continue;
        }
        if (running.empty()) break;
        Running r = running.top();
        running.pop();
        const Frame& f = in[r.input].frames[r.next];
        const int64_t nt = r.start_us + f.t_us;
        pcap_pkthdr nh = f.h;
        nh.ts.tv_sec = nt / 1000000;
        nh.ts.tv_usec = nt % 1000000;
        buf = f.data;
        rewrite(buf.data(), nh.caplen, r.number, opt.keep_ports);
        pcap_dump(reinterpret_cast<u_char*>(dump), &nh, buf.data());
        ++written;
        if (++r.next < in[r.input].frames.size()) running.push(r);
    }
    pcap_dump_close(dump);
    pcap_close(dead);
    return written;
}

}  // namespace blank::test
