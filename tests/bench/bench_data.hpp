// Real blank packets for the micro-benchmarks, read once from the bundled
// captures (captures/*.pcap) with the analyzer's capture reader.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "protocols/blank/roles.hpp"

namespace bench {

struct Packet {
    uint64_t frame;
    double time;  // seconds since the capture's first frame
    blank::Role sender;
    std::vector<uint8_t> bytes;  // the UDP payload
};

// Every blank datagram of captures/<name> (found by tag; the server is the
// side with the lower port), in capture order. Aborts if the file is missing.
const std::vector<Packet>& capture_packets(const std::string& name);

// The first real packet of each type code 0..12 over the fa73e36 captures;
// a type never captured is built with blank::PacketBuilder.
const std::vector<uint8_t>& packet_of_type(uint8_t type);

// One complete chunk transmission of a real capture: its ChunkBegin and
// pieces (the largest compressed size), as packets to feed a reassembler.
const std::vector<const Packet*>& real_transmission();

}  // namespace bench
