// Writes classic pcap files of UDP datagrams, framed for a chosen link type.
// Used to make the crafted captures and synthetic load (blankshark synth).
#pragma once

#include <cstdint>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace blankshark {

struct UdpEndpoint {
    bool v6 = false;
    uint8_t addr[16] = {};  // IPv4 in the first 4 bytes
    uint16_t port = 0;
    static UdpEndpoint v4(uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint16_t port);
    static UdpEndpoint v6_loopback(uint16_t port);  // ::1
};

class PcapWriter {
public:
    // Link types: 1 Ethernet, 0 BSD null, 101 raw IP, 113 Linux SLL, 276 Linux SLL2.
    PcapWriter(const std::string& path, uint32_t linktype);
    ~PcapWriter();
    bool ok() const { return f_ != nullptr; }
    void udp(double time, const UdpEndpoint& src, const UdpEndpoint& dst, const std::vector<uint8_t>& payload);
    // The same from a pointer and length, stamped in integer nanoseconds
    // since the epoch (exact, no rounding): for generating large captures.
    void udp(uint64_t time_ns, const UdpEndpoint& src, const UdpEndpoint& dst, const uint8_t* payload, size_t len);
    // A record with arbitrary bytes after the link header (non-UDP frames).
    void raw(double time, const std::vector<uint8_t>& frame);

    // Flushes and closes the file; false when anything could not be written.
    bool close();

private:
    void link_header(std::vector<uint8_t>& out, bool v6) const;
    void frame(const UdpEndpoint& src, const UdpEndpoint& dst, const uint8_t* payload, size_t len,
               std::vector<uint8_t>& f) const;
    void record(uint32_t sec, uint32_t nsec, const std::vector<uint8_t>& frame);
    std::FILE* f_;
    uint32_t linktype_;
    std::vector<uint8_t> buf_;  // reused frame buffer
};

}  // namespace blankshark
