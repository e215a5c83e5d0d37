// Fallback generator for run.sh when `blankshark synth` is not available:
// a long capture of real traffic made by repeating Ethernet/IPv4 captures
// (the bundled real ones). Each repetition of each input becomes new
// conversations: the client address gets the number of that repetition of
// that input in its second and third octets, the server port (the lower port, if below 32768)
// becomes 12354, and timestamps are shifted so the file runs forward in
// time. IPv4 header checksums are recomputed, UDP checksums cleared (0 =
// none). TCP frames (the Minecraft captures) get the same client address
// change, keep their ports and get their TCP checksum recomputed, so each
// repetition's connections are new 4-tuples. Stops after exactly N frames.
// --keep-ports keeps the UDP ports too (only the client address changes):
// for a protocol found by its own port (RakNet on 19132).
//
//   repeat_capture [--keep-ports] OUT N IN...
#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr uint16_t kPort = 12354;
bool keep_ports = false;  // --keep-ports: UDP server ports stay as they are

uint16_t be16(const u_char* p) { return uint16_t(p[0] << 8 | p[1]); }
void put16(u_char* p, uint16_t v) {
    p[0] = uint8_t(v >> 8);
    p[1] = uint8_t(v);
}

void ip_checksum(u_char* ip, uint32_t ihl) {
    put16(ip + 10, 0);
    uint32_t s = 0;
    for (uint32_t i = 0; i < ihl; i += 2) s += be16(ip + i);
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    put16(ip + 10, uint16_t(~s));
}

// TCP checksum over the IPv4 pseudo-header and the segment (when captured whole).
void tcp_checksum(u_char* ip, uint32_t ihl, uint32_t caplen_from_ip) {
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

// Rewrites one Ethernet/IPv4/TCP frame in place for repetition `rep`: the
// client (the higher port) gets the repetition in its address.
void rewrite_tcp(u_char* d, uint32_t caplen, uint32_t rep) {
    u_char* ip = d + 14;
    const uint32_t ihl = (ip[0] & 15u) * 4;
    if (14 + ihl + 20 > caplen) return;
    u_char* tcp = ip + ihl;
    const bool server_is_src = be16(tcp) < be16(tcp + 2);
    u_char* client_ip = server_is_src ? ip + 16 : ip + 12;
    client_ip[1] = uint8_t(rep >> 8);
    client_ip[2] = uint8_t(rep);
    ip_checksum(ip, ihl);
    tcp_checksum(ip, ihl, caplen - 14);
}

// Rewrites one Ethernet/IPv4/UDP frame in place for repetition `rep`.
void rewrite(u_char* d, uint32_t caplen, uint32_t rep) {
    if (caplen < 14 + 20 + 8 || d[12] != 0x08 || d[13] != 0x00) return;
    u_char* ip = d + 14;
    const uint32_t ihl = (ip[0] & 15u) * 4;
    if ((ip[0] >> 4) == 4 && ip[9] == 6) return rewrite_tcp(d, caplen, rep);
    if ((ip[0] >> 4) != 4 || ip[9] != 17 || 14 + ihl + 8 > caplen) return;
    u_char* udp = ip + ihl;
    const uint16_t sp = be16(udp), dp = be16(udp + 2);
    const bool server_is_src = sp < dp;
    const uint16_t server = server_is_src ? sp : dp;
    if (server >= 32768) return;
    u_char* client_ip = server_is_src ? ip + 16 : ip + 12;
    client_ip[1] = uint8_t(rep >> 8);
    client_ip[2] = uint8_t(rep);
    if (!keep_ports) put16(server_is_src ? udp : udp + 2, kPort);
    put16(udp + 6, 0);
    ip_checksum(ip, ihl);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--keep-ports") == 0) {
        keep_ports = true;
        argv[1] = argv[0];
        ++argv;
        --argc;
    }
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s [--keep-ports] OUT N IN...\n", argv[0]);
        return 2;
    }
    const unsigned long long want = std::strtoull(argv[2], nullptr, 10);
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* dead = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 262144, PCAP_TSTAMP_PRECISION_MICRO);
    pcap_dumper_t* out = pcap_dump_open(dead, argv[1]);
    if (!out) {
        std::fprintf(stderr, "%s\n", pcap_geterr(dead));
        return 3;
    }
    unsigned long long written = 0;
    int64_t clock_us = 0;  // end of what was written so far
    std::vector<u_char> buf;
    for (uint32_t rep = 1; written < want; ++rep) {
        for (int i = 3; i < argc && written < want; ++i) {
            pcap_t* p = pcap_open_offline(argv[i], err);
            if (!p) {
                std::fprintf(stderr, "%s\n", err);
                return 3;
            }
            if (pcap_datalink(p) != DLT_EN10MB) {
                std::fprintf(stderr, "%s: not Ethernet\n", argv[i]);
                return 3;
            }
            pcap_pkthdr* h;
            const u_char* d;
            int64_t first = -1, last = 0;
            while (written < want && pcap_next_ex(p, &h, &d) == 1) {
                const int64_t t = int64_t(h->ts.tv_sec) * 1000000 + h->ts.tv_usec;
                if (first < 0) first = t;
                last = t;
                const int64_t nt = clock_us + (t - first);
                pcap_pkthdr nh = *h;
                nh.ts.tv_sec = nt / 1000000;
                nh.ts.tv_usec = nt % 1000000;
                buf.assign(d, d + h->caplen);
                // A number per repetition of each input: inputs that share a
                // 4-tuple (the Alpha captures) stay apart within one repetition.
                rewrite(buf.data(), h->caplen, (rep - 1) * uint32_t(argc - 3) + uint32_t(i - 3) + 1);
                pcap_dump(reinterpret_cast<u_char*>(out), &nh, buf.data());
                ++written;
            }
            clock_us += (last - (first < 0 ? 0 : first)) + 1000000;
            pcap_close(p);
        }
    }
    pcap_dump_close(out);
    pcap_close(dead);
    std::printf("%llu frames\n", written);
    return 0;
}
