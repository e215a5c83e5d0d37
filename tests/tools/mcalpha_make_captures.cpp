// Writes the crafted Minecraft Alpha captures (captures/mc_alpha/README.md)
// from the simulator's sessions (src/protocols/mc_alpha/simulator.hpp): each
// a TCP connection with its handshake, data segments cut at awkward places
// (inside strings and numbers, a Map Chunk over many segments, many messages
// in one segment), delayed ACKs and FINs; variants with a segment missing
// from the capture and with retransmissions. Prints where the cuts fell.
// Usage: mcalpha_make_captures OUTDIR
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "core/decoder.hpp"
#include "pcap_writer.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mc_alpha/simulator.hpp"
#include "tcp_capture.hpp"

using namespace mcalpha;

namespace {

// Segment sizes, in turn per direction: tiny ones cut inside strings and
// numbers, large ones carry many messages or part of a Map Chunk.
const uint32_t kSizes[] = {1, 2, 3, 5, 7, 11, 13, 536, 1460, 4, 9, 1448, 6, 17, 1000, 1460, 1460, 2, 8, 300};
constexpr size_t kNumSizes = sizeof kSizes / sizeof kSizes[0];
// Messages of one direction this close in time leave in one write.
constexpr double kSameWrite = 0.002;

enum class Variant { Clean, Gap, Retransmission };

struct Segment {
    bool from_client;
    double time;
    uint64_t offset;
    uint32_t len;
};

// Where the cuts fell: per direction.
struct CutStats {
    size_t segments = 0, messages = 0, split = 0, max_pieces = 0, multi = 0, in_string = 0, in_number = 0, in_data = 0;
};

// The leaf of a message that holds byte `at` (not its first byte).
struct Where {
    uint32_t at;
    int kind = 0;  // 1 string (its length or text), 2 number, 3 bytes
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        if (it.generated || at <= it.offset || at >= it.offset + it.length) return;
        switch (it.vclass) {
        case core::ValueClass::String: kind = 1; break;
        case core::ValueClass::Bytes: kind = 3; break;
        case core::ValueClass::Uint: case core::ValueClass::Int: case core::ValueClass::Float:
        case core::ValueClass::Double: if (!kind) kind = 2; break;
        default: break;
        }
    }
};

CutStats stats(const std::vector<sim::Record>& recs, const std::vector<Segment>& segs, bool client) {
    CutStats st;
    std::vector<uint64_t> cuts;
    for (const Segment& s : segs)
        if (s.from_client == client) {
            ++st.segments;
            cuts.push_back(s.offset);
        }
    std::map<uint64_t, int> starts_in;  // message starts per segment start
    uint64_t off = 0;
    size_t c = 0;
    for (const sim::Record& r : recs) {
        if ((r.dir == Side::Client) != client) continue;
        ++st.messages;
        const uint64_t end = off + r.bytes.size();
        while (c + 1 < cuts.size() && cuts[c + 1] <= off) ++c;
        ++starts_in[cuts[c]];
        size_t pieces = 1;
        for (size_t k = c + 1; k < cuts.size() && cuts[k] < end; ++k) {
            ++pieces;
            Where w{uint32_t(cuts[k] - off)};
            core::DecodeContext ctx;
            ctx.table = table_index(r.dir);
            core::decode(schema(), r.bytes.data(), r.bytes.size(), ctx, w);
            st.in_string += w.kind == 1;
            st.in_number += w.kind == 2;
            st.in_data += w.kind == 3;
        }
        st.split += pieces > 1;
        if (pieces > st.max_pieces) st.max_pieces = pieces;
        off = end;
    }
    for (const auto& [at, n] : starts_in) st.multi += n > 1;
    return st;
}

struct Written {
    uint64_t frames;
    std::vector<Segment> segs;
};

Written write(const std::string& path, const std::vector<sim::Record>& recs, Variant v, bool server_ends) {
    blankshark::PcapWriter w(path, 1);
    tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, 51234, 0x12345678};
    // The server's sequence numbers wrap during the session.
    tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, kDefaultPort, 0xFFFFF000u};
    tcpcap::TcpCapture tcp(w, client, server);
    tcp.handshake(recs.front().time - 0.002, 0.0004);
    std::vector<Segment> segs;
    size_t next_size[2] = {0, 11};
    size_t server_data = 0;
    // The variants' chosen segments: about 60 % into the server's data.
    const size_t chosen = 200;
    bool gap_done = false;
    std::vector<std::pair<Segment, std::vector<uint8_t>>> resend;
    std::vector<uint8_t> stream[2];
    for (size_t i = 0; i < recs.size();) {
        // One write: messages of one direction close in time.
        const bool from_client = recs[i].dir == Side::Client;
        const int d = from_client ? 0 : 1;
        const double t = recs[i].time;
        std::vector<uint8_t> bytes;
        size_t j = i;
        while (j < recs.size() && recs[j].dir == recs[i].dir && recs[j].time - t < kSameWrite) {
            bytes.insert(bytes.end(), recs[j].bytes.begin(), recs[j].bytes.end());
            ++j;
        }
        // Retransmissions wait for the next write of the server.
        for (auto& [s, b] : resend) {
            tcp.data(t, s.from_client, b.data(), uint32_t(b.size()), s.offset);
            segs.push_back({s.from_client, t, s.offset, uint32_t(b.size())});
        }
        resend.clear();
        uint64_t off = tcp.sent(from_client);
        stream[d].insert(stream[d].end(), bytes.begin(), bytes.end());
        size_t pos = 0, k = 0;
        while (pos < bytes.size()) {
            const uint32_t n = uint32_t(std::min<size_t>(kSizes[next_size[d]++ % kNumSizes], bytes.size() - pos));
            const double ts = t + k * 1e-5;
            // The gap: the first large server segment from the chosen one on.
            const bool missing = v == Variant::Gap && !from_client && !gap_done && server_data >= chosen && n >= 500;
            gap_done |= missing;
            tcp.data(ts, from_client, bytes.data() + pos, n, off + pos, !missing);
            if (!missing) segs.push_back({from_client, ts, off + pos, n});
            if (v == Variant::Retransmission && !from_client && (server_data == chosen || server_data == chosen + 40))
                resend.push_back({{false, 0, off + pos, n}, std::vector<uint8_t>(bytes.begin() + long(pos), bytes.begin() + long(pos + n))});
            if (v == Variant::Retransmission && !from_client && server_data == chosen + 81 && pos > 0) {
                // A retransmission that covers the previous segment and this one.
                const size_t prev = kSizes[(next_size[d] - 2) % kNumSizes];
                const size_t from = pos >= prev ? pos - prev : 0;
                resend.push_back({{false, 0, off + from, uint32_t(pos + n - from)},
                                  std::vector<uint8_t>(bytes.begin() + long(from), bytes.begin() + long(pos + n))});
            }
            if (!from_client) ++server_data;
            pos += n;
            ++k;
            if (k % 2 == 0 || pos == bytes.size()) tcp.ack(ts + 2e-6, !from_client);
        }
        i = j;
    }
    const double end = recs.back().time;
    tcp.fin(end + 0.001, !server_ends);
    tcp.ack(end + 0.0015, server_ends);
    tcp.fin(end + 0.0016, server_ends);
    tcp.ack(end + 0.002, !server_ends);
    const uint64_t frames = tcp.frames();
    if (!w.close()) std::fprintf(stderr, "cannot write %s\n", path.c_str());
    return {frames, segs};
}

void report(const char* name, const std::vector<sim::Record>& recs, const Written& wr) {
    std::printf("%s: %llu frames\n", name, (unsigned long long)wr.frames);
    for (bool client : {true, false}) {
        const CutStats s = stats(recs, wr.segs, client);
        std::printf("  %s: %zu messages in %zu data segments; %zu messages over 2 or more segments (at most %zu); "
                    "%zu segments with 2 or more message starts; cuts inside a string %zu, inside a number %zu, "
                    "inside compressed data %zu\n",
                    client ? "C>S" : "S>C", s.messages, s.segments, s.split, s.max_pieces, s.multi, s.in_string,
                    s.in_number, s.in_data);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const std::string dir = argv[1];
    const std::vector<sim::Record> session = sim::session();
    const std::vector<sim::Record> anomalies = sim::anomalies();
    report("mc_alpha-session.pcap", session, write(dir + "/mc_alpha-session.pcap", session, Variant::Clean, true));
    report("mc_alpha-session-gap.pcap", session, write(dir + "/mc_alpha-session-gap.pcap", session, Variant::Gap, true));
    report("mc_alpha-session-retransmission.pcap", session,
           write(dir + "/mc_alpha-session-retransmission.pcap", session, Variant::Retransmission, true));
    report("mc_alpha-anomalies.pcap", anomalies,
           write(dir + "/mc_alpha-anomalies.pcap", anomalies, Variant::Clean, false));
    return 0;
}
