// Writes the crafted Minecraft Pocket Edition 0.x captures
// (captures/raknet/crafted/README.md says what each holds) from the
// session simulator of src/protocols/mcpe/simulator.hpp: UDP over IPv4 over
// Ethernet, with the analyzer's pcap writer. With -l, lists the records
// instead (time, side, first byte, datagram number, length).
// Usage: mcpe_craft OUTDIR | mcpe_craft -l [clean|lossy|mid]
#include <cstdio>
#include <cstring>
#include <string>

#include "pcap_writer.hpp"
#include "protocols/mcpe/simulator.hpp"
#include "protocols/raknet/constants.hpp"

namespace {

using mcpe::WireRecord;

// The lossy session: the client's datagrams #5 (MovePlayer, unreliable)
// and #14 (ContainerSetSlot) lost before the capture point, the server's
// #12 (a ChunkData fragment) and #34 (AddItemEntity) after it, the client's
// #9 (UseItem) duplicated by the network (captures/raknet/crafted/README.md).
mcpe::SimulatorOptions options(const std::string& kind) {
    mcpe::SimulatorOptions o;
    if (kind == "lossy") {
        o.impairment.client_lost = {5, 14};
        o.impairment.server_lost = {12, 34};
        o.impairment.client_duplicated = {9};
    }
    return o;
}

std::vector<WireRecord> session(const std::string& kind) {
    std::vector<WireRecord> r = mcpe::simulate(options(kind));
    if (kind == "mid") {
        // The capture starts 1.3 s into the connection: no handshake, no Login.
        std::vector<WireRecord> later;
        for (WireRecord& w : r)
            if (w.time >= r.front().time + 1.3) later.push_back(std::move(w));
        return later;
    }
    return r;
}

bool write(const std::string& path, const std::vector<WireRecord>& records) {
    using blankshark::PcapWriter;
    using blankshark::UdpEndpoint;
    const UdpEndpoint server = UdpEndpoint::v4(mcpe::kServerIp[0], mcpe::kServerIp[1], mcpe::kServerIp[2],
                                               mcpe::kServerIp[3], raknet::kDefaultPort);
    const UdpEndpoint client = UdpEndpoint::v4(mcpe::kClientIp[0], mcpe::kClientIp[1], mcpe::kClientIp[2],
                                               mcpe::kClientIp[3], mcpe::kClientPort);
    PcapWriter w(path, 1);
    if (!w.ok()) return false;
    const double epoch = 1400000000.0;  // 2014-05-13, the seed's era
    for (const WireRecord& r : records) {
        const bool c = r.from == core::Side::Client;
        w.udp(epoch + r.time, c ? client : server, c ? server : client, r.bytes);
    }
    return w.close();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "-l") == 0) {
        const std::string kind = argc > 2 ? argv[2] : "clean";
        for (const WireRecord& r : session(kind)) {
            const uint8_t b = r.bytes.empty() ? 0 : r.bytes[0];
            std::printf("%.6f %s 0x%02x", r.time, core::arrow(r.from), b);
            if (raknet::packet_kind(b) == raknet::PacketKind::Datagram && r.bytes.size() >= 4)
                std::printf(" #%u", r.bytes[1] | r.bytes[2] << 8 | r.bytes[3] << 16);
            std::printf(" len %zu", r.bytes.size());
            if (raknet::packet_kind(b) == raknet::PacketKind::Datagram && r.bytes.size() > 7) {
                // the first frame's body id, for orientation only
                const uint8_t flags = r.bytes[4];
                size_t at = 7;
                const uint8_t rel = flags >> 5;
                if (rel == 2 || rel == 3 || rel == 4) at += 3;
                if (rel == 1 || rel == 4) at += 3;
                if (rel == 1 || rel == 3 || rel == 4) at += 4;
                if (flags & 0x10) at += 10;
                if (at < r.bytes.size()) std::printf(" body 0x%02x%s", r.bytes[at], flags & 0x10 ? " (fragment)" : "");
            }
            std::printf("\n");
        }
        return 0;
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: mcpe_craft OUTDIR | mcpe_craft -l [clean|lossy|mid]\n");
        return 2;
    }
    const std::string dir = argv[1];
    const struct {
        const char* file;
        const char* kind;
    } files[] = {{"mcpe-0.7.3-session.pcap", "clean"},
                 {"mcpe-0.7.3-lossy.pcap", "lossy"},
                 {"mcpe-0.7.3-midcapture.pcap", "mid"}};
    for (const auto& f : files) {
        const std::string path = dir + "/" + f.file;
        if (!write(path, session(f.kind))) {
            std::fprintf(stderr, "cannot write %s\n", path.c_str());
            return 1;
        }
        std::printf("%s\n", path.c_str());
    }
    return 0;
}
