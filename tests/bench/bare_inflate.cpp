// Reference: the bare libpcap read loop plus the core's chunk reassembly and
// zlib inflation of every chunk transmission, and nothing else: no decoder,
// no sequence analysis, no output per packet. Frames are parsed to UDP with
// the analyzer's link-layer parser; datagrams to or from port 12354 whose
// type byte is ChunkBegin (9) or ChunkData (10) go to a ChunkReassembler
// per conversation (fields read at their fixed offsets, fa73e36 layout).
// Prints "<packets> <chunk packets> <complete> <inflated bytes>".
//
//   bare_inflate FILE
#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <utility>

#include "chunk_reassembler.hpp"
#include "codec.hpp"
#include "protocol.hpp"
#include "link_layer.hpp"

namespace {

using blankshark::capture::Endpoint;

struct Sink : blank::FindingSink {
    uint64_t n = 0;
    void add(const blank::Finding&) override { ++n; }
};

}  // namespace

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
    const int dlt = pcap_datalink(p);
    constexpr uint16_t kPort = 12354;
    std::map<std::pair<Endpoint, Endpoint>, std::unique_ptr<blank::ChunkReassembler>> convs;
    Sink sink;
    uint64_t packets = 0, chunk_packets = 0, complete = 0, inflated = 0;
    pcap_pkthdr* h;
    const u_char* d;
    int rc;
    while ((rc = pcap_next_ex(p, &h, &d)) == 1) {
        ++packets;
        blankshark::capture::UdpDatagram u;
        if (blankshark::capture::parse_udp(dlt, d, h->caplen, u) != blankshark::capture::LinkResult::Ok) continue;
        const bool to_server = u.dst.port == kPort;
        if (!to_server && u.src.port != kPort) continue;
        const uint8_t* b = u.payload;
        const uint32_t len = u.payload_len;
        if (len < 16 || blank::codec::u32(b) != blank::kTag || (b[12] != 9 && b[12] != 10)) continue;
        ++chunk_packets;
        auto key = to_server ? std::make_pair(u.src, u.dst) : std::make_pair(u.dst, u.src);
        auto& r = convs[key];
        if (!r) r = std::make_unique<blank::ChunkReassembler>(blank::ChunkReassembler::kMaxChunkBytes);
        const blank::PacketRef ref{packets, double(h->ts.tv_sec) + h->ts.tv_usec * 1e-6, blank::codec::u16(b + 4)};
        const uint8_t* q = b + 16;
        blank::ChunkEvent ev;
        if (b[12] == 9) {
            if (len < 16 + 24) continue;
            const int32_t coords[3] = {blank::codec::i32(q + 8), blank::codec::i32(q + 12), blank::codec::i32(q + 16)};
            ev = r->begin(ref, to_server, blank::codec::u32(q), blank::codec::u32(q + 4), coords,
                          blank::codec::u32(q + 20), sink);
        } else {
            if (len < 16 + 12) continue;
            ev = r->data(ref, blank::codec::u32(q), blank::codec::u32(q + 4), q + 12, len - 16 - 12, sink);
        }
        if (ev.completed && ev.tx->state == blank::TxState::Complete) {
            ++complete;
            inflated += ev.tx->inflated_size;
        }
    }
    if (rc == PCAP_ERROR) std::fprintf(stderr, "%s\n", pcap_geterr(p));
    pcap_close(p);
    std::printf("%llu %llu %llu %llu\n", (unsigned long long)packets, (unsigned long long)chunk_packets,
                (unsigned long long)complete, (unsigned long long)inflated);
    return rc == PCAP_ERROR ? 4 : 0;
}
