// Copies an Ethernet/IPv4 capture with a TCP or UDP port changed on every
// packet (source and destination), for tests of traffic on another port than
// a protocol's default. Checksums are left as they were: neither blankshark
// nor tshark with default preferences checks them. The copy is written
// beside `out` and renamed over it: tests that make the same copy run in
// parallel (ctest -j2), and one must never read another's half-written file.
#pragma once

#include <pcap/pcap.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace blank::test {

// Returns the number of packets whose port changed (-1: could not read or write).
inline long rewrite_port(const std::string& in, const std::string& out, uint16_t from, uint16_t to) {
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(in.c_str(), err);
    if (!p || pcap_datalink(p) != DLT_EN10MB) {
        if (p) pcap_close(p);
        return -1;
    }
    const std::string part = out + ".part" + std::to_string(getpid());
    pcap_dumper_t* d = pcap_dump_open(p, part.c_str());
    if (!d) {
        pcap_close(p);
        return -1;
    }
    long changed = 0;
    pcap_pkthdr* h;
    const u_char* data;
    std::vector<u_char> buf;
    while (pcap_next_ex(p, &h, &data) == 1) {
        buf.assign(data, data + h->caplen);
        // Ethernet, IPv4, TCP (6) or UDP (17): ports at the start of the L4 header.
        if (buf.size() >= 14 + 20 + 4 && buf[12] == 0x08 && buf[13] == 0x00 && (buf[14] >> 4) == 4 &&
            (buf[23] == 6 || buf[23] == 17)) {
            const size_t l4 = 14 + size_t(buf[14] & 0x0f) * 4;
            bool hit = false;
            for (size_t at : {l4, l4 + 2})
                if (at + 2 <= buf.size() && ((buf[at] << 8) | buf[at + 1]) == from) {
                    buf[at] = uint8_t(to >> 8);
                    buf[at + 1] = uint8_t(to);
                    hit = true;
                }
            changed += hit;
        }
        pcap_dump(reinterpret_cast<u_char*>(d), h, buf.data());
    }
    pcap_dump_close(d);
    pcap_close(p);
    if (std::rename(part.c_str(), out.c_str()) != 0) {
        std::remove(part.c_str());
        return -1;
    }
    return changed;
}

}  // namespace blank::test
