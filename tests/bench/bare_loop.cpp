// Reference: a bare libpcap read loop. Counts packets and touches every
// captured byte (sums them), nothing else. Prints "<packets> <bytes> <sum>".
//
//   bare_loop FILE
#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(argv[1], err);
    if (!p) {
        std::fprintf(stderr, "%s\n", err);
        return 3;
    }
    uint64_t packets = 0, bytes = 0, sum = 0;
    pcap_pkthdr* h;
    const u_char* d;
    int rc;
    while ((rc = pcap_next_ex(p, &h, &d)) == 1) {
        ++packets;
        bytes += h->caplen;
        uint64_t s = 0;
        for (uint32_t i = 0; i < h->caplen; ++i) s += d[i];
        sum += s;
    }
    if (rc == PCAP_ERROR) std::fprintf(stderr, "%s\n", pcap_geterr(p));
    pcap_close(p);
    std::printf("%llu %llu %llu\n", (unsigned long long)packets, (unsigned long long)bytes, (unsigned long long)sum);
    return rc == PCAP_ERROR ? 4 : 0;
}
