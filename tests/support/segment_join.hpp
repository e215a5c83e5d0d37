// Copies an Ethernet/IPv4 TCP capture with some segments of one direction
// joined into the first of them: `first` (1-based frame number) carries its
// own payload followed by that of each frame in `rest`, which are left out.
// What a client's TCP that sent those bytes at once would have put on the
// wire: the later frames' sequence numbers already follow the joined bytes.
// The IPv4 total length is set again; checksums are left as they were
// (neither blankshark nor tshark with default preferences checks them).
#pragma once

#include <pcap/pcap.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace blank::test {

// Returns the number of frames written (-1: could not read or write, or a
// frame named is not TCP over IPv4 on Ethernet).
inline long join_segments(const std::string& in, const std::string& out, uint64_t first,
                          const std::vector<uint64_t>& rest) {
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(in.c_str(), err);
    if (!p || pcap_datalink(p) != DLT_EN10MB) {
        if (p) pcap_close(p);
        return -1;
    }
    struct Frame {
        pcap_pkthdr h;
        std::vector<u_char> bytes;
    };
    std::vector<Frame> frames;
    pcap_pkthdr* h;
    const u_char* data;
    while (pcap_next_ex(p, &h, &data) == 1) frames.push_back({*h, std::vector<u_char>(data, data + h->caplen)});
    // The TCP payload's start in a frame, 0 if it is not IPv4/TCP.
    const auto payload_at = [](const std::vector<u_char>& b) -> size_t {
        if (b.size() < 14 + 20 + 20 || b[12] != 0x08 || b[13] != 0x00 || (b[14] >> 4) != 4 || b[23] != 6) return 0;
        const size_t l4 = 14 + size_t(b[14] & 0x0f) * 4;
        return l4 + 20 <= b.size() ? l4 + size_t(b[l4 + 12] >> 4) * 4 : 0;
    };
    if (first == 0 || first > frames.size() || !payload_at(frames[first - 1].bytes)) {
        pcap_close(p);
        return -1;
    }
    Frame& into = frames[first - 1];
    for (uint64_t n : rest) {
        if (n == 0 || n > frames.size()) {
            pcap_close(p);
            return -1;
        }
        const std::vector<u_char>& b = frames[n - 1].bytes;
        const size_t at = payload_at(b);
        if (!at) {
            pcap_close(p);
            return -1;
        }
        into.bytes.insert(into.bytes.end(), b.begin() + long(at), b.end());
    }
    const size_t ip_len = into.bytes.size() - 14;
    into.bytes[16] = uint8_t(ip_len >> 8);
    into.bytes[17] = uint8_t(ip_len);
    into.h.caplen = into.h.len = uint32_t(into.bytes.size());
    pcap_dumper_t* d = pcap_dump_open(p, out.c_str());
    if (!d) {
        pcap_close(p);
        return -1;
    }
    long written = 0;
    for (uint64_t i = 0; i < frames.size(); ++i) {
        if (std::find(rest.begin(), rest.end(), i + 1) != rest.end()) continue;
        pcap_dump(reinterpret_cast<u_char*>(d), &frames[i].h, frames[i].bytes.data());
        ++written;
    }
    pcap_dump_close(d);
    pcap_close(p);
    return written;
}

}  // namespace blank::test
