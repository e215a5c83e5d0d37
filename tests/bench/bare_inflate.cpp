// Reference: the bare libpcap read loop plus reassembly and zlib inflation
// of every chunk transmission, and nothing else: no decoder, no sequence
// analysis, no output per packet. Frames are parsed to UDP with the
// analyzer's link-layer parser; datagrams to or from port 12354 whose type
// byte is ChunkBegin (9) or ChunkData (10) are reassembled per conversation
// and transmission id (fields read at their fixed offsets, fa73e36 layout).
//
// Default: a minimal reassembly (pieces copied into a buffer of the
// announced size, bytes counted once per offset) and the core's
// core::Inflater when every byte is there: the floor of what inflating
// every chunk costs. With --core: blank::ChunkReassembler instead (what
// check runs: receipts, ranges, findings, and the chunk contents summary).
//
// Prints "<packets> <chunk packets> <inflated chunks> <inflated bytes>".
//
//   bare_inflate [--core] FILE
#include <pcap/pcap.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "protocols/blank/chunk_reassembler.hpp"
#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "link_layer.hpp"
#include "protocols/blank/protocol.hpp"
#include "core/inflater.hpp"

namespace {

using blankshark::capture::Endpoint;

struct Sink : blank::FindingSink {
    uint64_t n = 0;
    void add(const blank::Finding&) override { ++n; }
};

// Minimal reassembly of one conversation's transmissions.
class MiniReassembler {
public:
    // Returns the inflated size when this packet completed a transmission.
    size_t begin(uint32_t id, uint32_t flags, uint32_t size) {
        if (size > (1u << 16)) return 0;
        Tx& t = txs_[id];
        if (t.size == 0 && size) {
            t.size = size;
            t.flags = flags;
            t.data.resize(size);
            t.have.assign((size + 471) / 472, 0);
        }
        // The game sends one chunk at a time: older open ones never complete.
        for (auto it = txs_.begin(); it != txs_.end();)
            it = it->first + 64 < id ? txs_.erase(it) : std::next(it);
        return complete(id, t);
    }
    size_t data(uint32_t id, uint32_t offset, const uint8_t* b, uint32_t len) {
        auto it = txs_.find(id);
        if (it == txs_.end()) {
            it = txs_.emplace(id, Tx{}).first;  // before its ChunkBegin: keep the piece
        }
        Tx& t = it->second;
        if (offset % 472 || offset > (1u << 16) || len > 472) return 0;
        if (t.size == 0) {
            t.early.emplace_back(offset, std::vector<uint8_t>(b, b + len));
            return 0;
        }
        put(t, offset, b, len);
        return complete(id, t);
    }

private:
    struct Tx {
        uint32_t size = 0, flags = 0, got = 0;
        std::vector<uint8_t> data;
        std::vector<uint8_t> have;  // per 472-byte piece
        std::vector<std::pair<uint32_t, std::vector<uint8_t>>> early;
    };
    static void put(Tx& t, uint32_t offset, const uint8_t* b, uint32_t len) {
        if (offset >= t.size) return;
        if (len > t.size - offset) len = t.size - offset;
        uint8_t& h = t.have[offset / 472];
        if (h) return;
        h = 1;
        std::memcpy(t.data.data() + offset, b, len);
        t.got += len;
    }
    size_t complete(uint32_t id, Tx& t) {
        if (t.size == 0) return 0;
        for (auto& [off, bytes] : t.early) put(t, off, bytes.data(), uint32_t(bytes.size()));
        t.early.clear();
        if (t.got < t.size) return 0;
        size_t n = t.size;
        if (t.flags & 1) {
            using R = core::Inflater::Result;
            const R r = inflater_.inflate(t.data.data(), t.size, 2 * 20484 + 64);
            n = r == R::Ok || r == R::TrailingData ? inflater_.out_size() : 0;
        }
        txs_.erase(id);
        return n;
    }
    std::unordered_map<uint32_t, Tx> txs_;
    core::Inflater inflater_;
};

struct Conversation {
    MiniReassembler mini;
    std::unique_ptr<blank::ChunkReassembler> core;
};

}  // namespace

int main(int argc, char** argv) {
    bool core = false;
    int a = 1;
    if (argc > 1 && std::strcmp(argv[1], "--core") == 0) {
        core = true;
        ++a;
    }
    if (argc != a + 1) {
        std::fprintf(stderr, "usage: %s [--core] FILE\n", argv[0]);
        return 2;
    }
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(argv[a], err);
    if (!p) {
        std::fprintf(stderr, "%s\n", err);
        return 3;
    }
    const int dlt = pcap_datalink(p);
    constexpr uint16_t kPort = 12354;
    std::map<std::pair<Endpoint, Endpoint>, Conversation> convs;
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
        if (len < 16 || blank::le::u32(b) != blank::kTag || (b[12] != 9 && b[12] != 10)) continue;
        if (len < 16 + (b[12] == 9 ? 24 : 12)) continue;
        ++chunk_packets;
        Conversation& c = convs[to_server ? std::make_pair(u.src, u.dst) : std::make_pair(u.dst, u.src)];
        const uint8_t* q = b + 16;
        const uint32_t id = blank::le::u32(q);
        if (!core) {
            if (to_server) continue;  // a client's ChunkBegin is a re-request, not data
            const size_t n = b[12] == 9 ? c.mini.begin(id, blank::le::u32(q + 4), blank::le::u32(q + 20))
                                        : c.mini.data(id, blank::le::u32(q + 4), q + 12, len - 16 - 12);
            if (n) {
                ++complete;
                inflated += n;
            }
            continue;
        }
        if (!c.core) c.core = std::make_unique<blank::ChunkReassembler>(blank::ChunkReassembler::kMaxChunkBytes);
        const blank::PacketRef ref{packets, double(h->ts.tv_sec) + h->ts.tv_usec * 1e-6, blank::le::u16(b + 4)};
        blank::ChunkEvent ev;
        if (b[12] == 9) {
            const int32_t coords[3] = {blank::le::i32(q + 8), blank::le::i32(q + 12), blank::le::i32(q + 16)};
            ev = c.core->begin(ref, to_server, id, blank::le::u32(q + 4), coords, blank::le::u32(q + 20), sink);
        } else {
            ev = c.core->data(ref, id, blank::le::u32(q + 4), q + 12, len - 16 - 12, sink);
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
