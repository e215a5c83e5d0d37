#include "bench_data.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>

#include "capture_reader.hpp"
#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "protocols/blank/decoder.hpp"
#include "protocols/blank/encoder.hpp"
#include "link_layer.hpp"
#include "protocols/blank/protocol.hpp"

namespace bench {

namespace {

std::vector<Packet> load(const std::string& name) {
    const std::string path = std::string(BLANKSHARK_CAPTURES) + "/" + name;
    blankshark::capture::CaptureReader r;
    if (!r.open(path)) {
        std::fprintf(stderr, "%s\n", r.error().c_str());
        std::abort();
    }
    std::vector<Packet> out;
    blankshark::capture::Frame f;
    double t0 = -1;
    while (r.next(f) == blankshark::capture::CaptureReader::Status::Next) {
        blankshark::capture::UdpDatagram u;
        if (blankshark::capture::parse_udp(r.link_type(), f.data, f.caplen, u) != blankshark::capture::LinkResult::Ok)
            continue;
        if (!blank::looks_like_blank(u.payload, u.payload_len)) continue;
        const double t = double(f.ts_sec) + f.ts_nsec * 1e-9;
        if (t0 < 0) t0 = t;
        const blank::Role sender = u.src.port < u.dst.port ? blank::Role::Server : blank::Role::Client;
        out.push_back({f.number, t - t0, sender, std::vector<uint8_t>(u.payload, u.payload + u.payload_len)});
    }
    return out;
}

}  // namespace

const std::vector<Packet>& capture_packets(const std::string& name) {
    static std::map<std::string, std::vector<Packet>> cache;
    auto it = cache.find(name);
    if (it == cache.end()) it = cache.emplace(name, load(name)).first;
    return it->second;
}

const std::vector<uint8_t>& packet_of_type(uint8_t type) {
    static std::vector<std::vector<uint8_t>> by_type = [] {
        std::vector<std::vector<uint8_t>> v(13);
        for (const char* name : {"blank-fa73e36-two-clients.pcap", "blank-fa73e36-clean-session.pcap",
                                 "blank-fa73e36-lossy-5pct.pcap"})
            for (const Packet& p : capture_packets(name))
                if (p.bytes[12] < v.size() && v[p.bytes[12]].empty()) v[p.bytes[12]] = p.bytes;
        for (uint8_t t = 0; t < v.size(); ++t)
            if (v[t].empty()) v[t] = blank::PacketBuilder(t).build();
        return v;
    }();
    return by_type.at(type);
}

const std::vector<const Packet*>& real_transmission() {
    static std::vector<const Packet*> best = [] {
        // Transmission id -> its packets (the two-clients capture has one
        // server->client conversation per client: key by client port too).
        std::map<std::pair<uint64_t, uint32_t>, std::vector<const Packet*>> tx;
        const auto& pk = capture_packets("blank-fa73e36-clean-session.pcap");
        for (const Packet& p : pk) {
            const uint8_t type = p.bytes[12];
            if ((type != 9 && type != 10) || p.sender != blank::Role::Server) continue;
            const uint32_t id = blank::le::u32(p.bytes.data() + 16);
            tx[{0, id}].push_back(&p);
        }
        // The largest compressed size announced by a ChunkBegin.
        std::vector<const Packet*> b;
        uint32_t best_size = 0;
        for (auto& [k, v] : tx) {
            if (v.front()->bytes[12] != 9 || v.front()->bytes.size() < 40) continue;
            const uint32_t size = blank::le::u32(v.front()->bytes.data() + 36);
            if (size > best_size) {
                best_size = size;
                b = v;
            }
        }
        return b;
    }();
    return best;
}

}  // namespace bench
