// Writes the chunk packets of a capture (blank ChunkBegin / ChunkData on UDP
// port 12354, Ethernet + IPv4 only) to a new pcap: a chunk-heavy capture for
// the threading goal of run.sh. The first `keep` packets of the file are
// kept whatever they are, so conversations start as in the original.
//
//   chunk_filter IN OUT [keep=64]
#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

// The UDP payload of an Ethernet/IPv4 frame, or null.
const u_char* udp_payload(const u_char* d, uint32_t caplen, uint32_t& len, uint16_t& sport, uint16_t& dport) {
    if (caplen < 14 + 20 + 8 || d[12] != 0x08 || d[13] != 0x00) return nullptr;
    const u_char* ip = d + 14;
    const uint32_t ihl = (ip[0] & 15u) * 4;
    if ((ip[0] >> 4) != 4 || ip[9] != 17 || 14 + ihl + 8 > caplen) return nullptr;
    const u_char* udp = ip + ihl;
    sport = uint16_t(udp[0] << 8 | udp[1]);
    dport = uint16_t(udp[2] << 8 | udp[3]);
    len = caplen - 14 - ihl - 8;
    return udp + 8;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: %s IN OUT [keep]\n", argv[0]);
        return 2;
    }
    const unsigned long keep = argc == 4 ? std::strtoul(argv[3], nullptr, 10) : 64;
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(argv[1], err);
    if (!p) {
        std::fprintf(stderr, "%s\n", err);
        return 3;
    }
    pcap_dumper_t* out = pcap_dump_open(p, argv[2]);
    if (!out) {
        std::fprintf(stderr, "%s\n", pcap_geterr(p));
        return 3;
    }
    uint64_t n = 0, written = 0;
    pcap_pkthdr* h;
    const u_char* d;
    while (pcap_next_ex(p, &h, &d) == 1) {
        ++n;
        uint32_t len = 0;
        uint16_t sp = 0, dp = 0;
        const u_char* u = udp_payload(d, h->caplen, len, sp, dp);
        const bool chunk = u && (sp == 12354 || dp == 12354) && len >= 16 && (u[12] == 9 || u[12] == 10);
        if (chunk || n <= keep) {
            pcap_dump(reinterpret_cast<u_char*>(out), h, d);
            ++written;
        }
    }
    pcap_dump_close(out);
    pcap_close(p);
    std::printf("%llu of %llu packets\n", (unsigned long long)written, (unsigned long long)n);
    return 0;
}
