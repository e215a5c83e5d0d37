// Micro-benchmarks of the core, on real packets from captures/:
//
//   BM_Decode/<type>            decode one packet of each type, a visitor touching every leaf
//   BM_DecodeFormat/<type>      the same, formatting every value as the printers do (format_value)
//   BM_DecodeCapture/...        every packet of a real capture (allocs_per_packet must be 0)
//   BM_SeqTracker/...           SeqTracker::on_packet over a capture's header fields
//   BM_Analysis/.../retain:0|1  ConversationAnalysis::on_packet over a capture; retain 0 as
//                               the analyzer runs it, 1 as the plugin (every record kept)
//   BM_Print/<printer>          the analyzer's decode path: analysis + summary/tree/JSON printer
//                               into a buffered writer on /dev/null
//   BM_ChunkReassembler         one real transmission (ChunkBegin + pieces) to a completed, inflated chunk
//   BM_Inflate/...              core::Inflater on a real chunk's data and of a busier synthetic one
//   BM_FormatDouble / BM_ToChars / BM_Printf   shortest float formatting vs std::to_chars vs printf
//
// Counters: items_per_second is packets (or chunks, values) per second;
// allocs_per_packet counts calls to the global operator new per packet
// (alloc_counter.cpp replaces it in this binary).
#include <benchmark/benchmark.h>
#include <zlib.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "alloc_counter.hpp"
#include "protocols/blank/analysis.hpp"
#include "bench_data.hpp"
#include "protocols/blank/chunk_reassembler.hpp"
#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "protocols/blank/decoder.hpp"
#include "core/format.hpp"
#include "output.hpp"
#include "blank/blank_printers.hpp"
#include "protocols/blank/seq_tracker.hpp"
#include "core/inflater.hpp"

namespace {

using bench::Packet;

// Reads every value, like a printer would, without formatting.
struct TouchVisitor {
    uint64_t acc = 0;
    void open(const blank::Item& it) { acc += it.offset + it.nvals; }
    void leaf(const blank::Item& it) {
        uint64_t d;
        std::memcpy(&d, &it.d, sizeof d);
        acc += it.u ^ uint64_t(it.i) ^ d ^ it.s.size() ^ it.info->id;
    }
    void close() { ++acc; }
    void finding(const blank::Finding& f) { acc += uint64_t(f.code); }
};

// Formats every value and finding into a stack buffer (the printers' work
// minus the output).
struct FormatVisitor {
    char buf[256];
    size_t total = 0;
    void open(const blank::Item& it) { total += core::format_value(it, buf, sizeof buf, true); }
    void leaf(const blank::Item& it) { total += core::format_value(it, buf, sizeof buf); }
    void close() { ++total; }
    void finding(const blank::Finding& f) { total += blank::format_finding(f, buf, sizeof buf); }
};

struct NullSink : blank::FindingSink {
    uint64_t n = 0;
    void add(const blank::Finding&) override { ++n; }
};

void set_allocs(benchmark::State& state, uint64_t allocs, uint64_t packets) {
    state.counters["allocs_per_packet"] = packets ? double(allocs) / double(packets) : 0.0;
}

// --- decode ------------------------------------------------------------------

template <class V>
void decode_one(benchmark::State& state) {
    const uint8_t type = uint8_t(state.range(0));
    const std::vector<uint8_t>& pkt = bench::packet_of_type(type);
    const blank::Schema& s = blank::schema();
    state.SetLabel(std::string(blank::type_name(s, type)) + " " + std::to_string(pkt.size()) + "B");
    V v;
    const uint64_t a0 = bench::allocations();
    for (auto _ : state) {
        const blank::PacketSummary sum = blank::decode(s, pkt.data(), pkt.size(), v);
        benchmark::DoNotOptimize(sum);
    }
    set_allocs(state, bench::allocations() - a0, state.iterations());
    benchmark::DoNotOptimize(v);
    state.SetItemsProcessed(state.iterations());
}
void BM_Decode(benchmark::State& state) { decode_one<TouchVisitor>(state); }
void BM_DecodeFormat(benchmark::State& state) { decode_one<FormatVisitor>(state); }
BENCHMARK(BM_Decode)->DenseRange(0, 12);
BENCHMARK(BM_DecodeFormat)->DenseRange(0, 12);

template <class V>
void BM_DecodeCapture(benchmark::State& state, const char* name) {
    const auto& pk = bench::capture_packets(name);
    const blank::Schema& s = blank::schema();
    V v;
    const uint64_t a0 = bench::allocations();
    for (auto _ : state)
        for (const Packet& p : pk) benchmark::DoNotOptimize(blank::decode(s, p.bytes.data(), p.bytes.size(), v));
    set_allocs(state, bench::allocations() - a0, state.iterations() * pk.size());
    state.SetItemsProcessed(int64_t(state.iterations() * pk.size()));
}
void BM_DecodeCaptureTouch(benchmark::State& state, const char* name) { BM_DecodeCapture<TouchVisitor>(state, name); }
void BM_DecodeCaptureFormat(benchmark::State& state, const char* name) { BM_DecodeCapture<FormatVisitor>(state, name); }
BENCHMARK_CAPTURE(BM_DecodeCaptureTouch, two_clients, "blank-fa73e36-two-clients.pcap");
BENCHMARK_CAPTURE(BM_DecodeCaptureFormat, two_clients, "blank-fa73e36-two-clients.pcap");
BENCHMARK_CAPTURE(BM_DecodeCaptureFormat, lossy, "blank-fa73e36-lossy-5pct.pcap");

// --- sequence / ack tracker --------------------------------------------------

struct Header {
    blank::PacketRef ref;
    blank::Role sender;
    uint16_t ack;
    uint32_t hist;
    uint8_t type;
    uint32_t len;
    uint64_t hash;
};

std::vector<Header> headers(const std::vector<Packet>& pk) {
    std::vector<Header> h;
    for (const Packet& p : pk) {
        const uint8_t* b = p.bytes.data();
        h.push_back({{p.frame, p.time, blank::le::u16(b + 4)}, p.sender, blank::le::u16(b + 6),
                     blank::le::u32(b + 8), b[12], uint32_t(p.bytes.size()), p.frame * 0x9E3779B97F4A7C15ull});
    }
    return h;
}

void BM_SeqTracker(benchmark::State& state, const char* name) {
    const std::vector<Header> hs = headers(bench::capture_packets(name));
    NullSink sink;
    uint64_t allocs = 0;
    for (auto _ : state) {
        blank::SeqConfig cfg;
        cfg.retain_all = false;
        blank::SeqTracker t(cfg);
        const uint64_t a0 = bench::allocations();
        for (const Header& h : hs) {
            blank::SeqFrame out;
            t.on_packet(h.ref, h.sender, h.ack, h.hist, h.type, h.len, h.hash, nullptr, -1, out, sink);
            benchmark::DoNotOptimize(out);
        }
        allocs += bench::allocations() - a0;
    }
    set_allocs(state, allocs, state.iterations() * hs.size());
    state.SetItemsProcessed(int64_t(state.iterations() * hs.size()));
}
BENCHMARK_CAPTURE(BM_SeqTracker, clean, "blank-fa73e36-clean-session.pcap");
BENCHMARK_CAPTURE(BM_SeqTracker, lossy, "blank-fa73e36-lossy-5pct.pcap");

// --- whole analysis ----------------------------------------------------------

void BM_Analysis(benchmark::State& state, const char* name) {
    const auto& pk = bench::capture_packets(name);
    blank::AnalysisConfig cfg;
    cfg.seq.retain_all = state.range(0) != 0;
    uint64_t allocs = 0;
    for (auto _ : state) {
        blank::ConversationAnalysis a(cfg);
        blank::FrameAnalysis fa;
        const uint64_t a0 = bench::allocations();
        for (const Packet& p : pk) {
            a.on_packet(p.frame, p.time, p.sender, p.bytes.data(),
                        uint32_t(p.bytes.size()), fa);
            benchmark::DoNotOptimize(fa);
        }
        allocs += bench::allocations() - a0;
    }
    set_allocs(state, allocs, state.iterations() * pk.size());
    state.SetItemsProcessed(int64_t(state.iterations() * pk.size()));
}
BENCHMARK_CAPTURE(BM_Analysis, clean, "blank-fa73e36-clean-session.pcap")->ArgName("retain")->Arg(0)->Arg(1);
BENCHMARK_CAPTURE(BM_Analysis, lossy, "blank-fa73e36-lossy-5pct.pcap")->ArgName("retain")->Arg(0)->Arg(1);

// --- the analyzer's decode path ----------------------------------------------

// Analysis + one printer per packet, as `blankshark decode` runs them, into
// a buffered writer on /dev/null, counted after one warm-up pass over the
// capture. allocs_per_packet counts the whole path,
// print_allocs_per_packet only the printer.
void BM_Print(benchmark::State& state) {
    const int which = int(state.range(0));
    state.SetLabel(which == 0 ? "summary" : which == 1 ? "tree (-V)" : "json");
    const auto& pk = bench::capture_packets("blank-fa73e36-clean-session.pcap");
    std::FILE* null = std::fopen("/dev/null", "w");
    blankshark::Conversation conv;
    conv.id = 1;
    uint64_t allocs = 0, print_allocs = 0;
    {
        blankshark::Output out(null);
        blank::AnalysisConfig cfg;
        cfg.seq.retain_all = false;
        // One pass before counting: first-use allocations (static tables) are not per packet.
        bool warm = false;
        for (auto _ : state) {
            blank::ConversationAnalysis a(cfg);
            blank::FrameAnalysis fa;
            const uint64_t a0 = bench::allocations();
            for (const Packet& p : pk) {
                blankshark::capture::Frame f;
                f.number = p.frame;
                f.caplen = f.origlen = uint32_t(p.bytes.size());
                f.data = p.bytes.data();
                blankshark::capture::UdpDatagram u;
                u.payload = p.bytes.data();
                u.payload_len = uint32_t(p.bytes.size());
                u.src.family = u.dst.family = 4;
                u.src.port = p.sender == blank::Role::Server ? 12354 : 40000;
                u.dst.port = p.sender == blank::Role::Server ? 40000 : 12354;
                const blankshark::BlankPacket bp{&f, &u, p.time, &conv, p.sender, p.bytes.data(),
                                                 uint32_t(p.bytes.size())};
                a.on_packet(p.frame, p.time, p.sender, p.bytes.data(),
                            uint32_t(p.bytes.size()), fa);
                const uint64_t b0 = bench::allocations();
                if (which == 0) blankshark::print_blank_summary(out, bp, fa);
                else if (which == 1) blankshark::print_blank_tree(out, bp, fa);
                else blankshark::print_blank_json(out, bp, fa);
                if (warm) print_allocs += bench::allocations() - b0;
            }
            if (warm) allocs += bench::allocations() - a0;
            warm = true;
        }
    }
    std::fclose(null);
    const uint64_t counted = uint64_t(state.iterations() - 1) * pk.size();
    set_allocs(state, allocs, counted);
    state.counters["print_allocs_per_packet"] = counted ? double(print_allocs) / double(counted) : 0.0;
    state.SetItemsProcessed(int64_t(state.iterations() * pk.size()));
}
BENCHMARK(BM_Print)->DenseRange(0, 2)->MinTime(0.2);  // at least 2 passes: the first is a warm-up

// --- chunks ------------------------------------------------------------------

void BM_ChunkReassembler(benchmark::State& state) {
    const auto& tx = bench::real_transmission();
    NullSink sink;
    uint64_t completed = 0;
    for (auto _ : state) {
        blank::ChunkReassembler r(blank::ChunkReassembler::kMaxChunkBytes);
        for (const Packet* p : tx) {
            const uint8_t* q = p->bytes.data() + 16;
            const blank::PacketRef ref{p->frame, p->time, blank::le::u16(p->bytes.data() + 4)};
            blank::ChunkEvent ev;
            if (p->bytes[12] == 9) {
                const int32_t c[3] = {blank::le::i32(q + 8), blank::le::i32(q + 12), blank::le::i32(q + 16)};
                ev = r.begin(ref, false, blank::le::u32(q), blank::le::u32(q + 4), c, blank::le::u32(q + 20),
                             sink);
            } else {
                ev = r.data(ref, blank::le::u32(q), blank::le::u32(q + 4), q + 12,
                            uint32_t(p->bytes.size() - 28), sink);
            }
            completed += ev.completed && ev.tx->state == blank::TxState::Complete;
        }
    }
    if (completed != uint64_t(state.iterations())) state.SkipWithError("the transmission did not complete");
    state.counters["packets_per_chunk"] = double(tx.size());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ChunkReassembler);

// The zlib stream of the real transmission above.
std::vector<uint8_t> real_stream() {
    std::vector<uint8_t> z;
    for (const Packet* p : bench::real_transmission()) {
        if (p->bytes[12] != 10) continue;
        const uint32_t off = blank::le::u32(p->bytes.data() + 20);
        const size_t n = p->bytes.size() - 28;
        if (z.size() < off + n) z.resize(off + n);
        std::memcpy(z.data() + off, p->bytes.data() + 28, n);
    }
    return z;
}

// A busier chunk than the captures' mostly-empty ones: varied block types
// and light in every layer (compresses to several KB).
std::vector<uint8_t> busy_stream() {
    std::vector<uint8_t> raw(20484, 0);
    uint32_t lcg = 7;
    for (int i = 0; i < 4096; ++i) {
        lcg = lcg * 1103515245u + 12345u;
        raw[size_t(i) * 4] = uint8_t(lcg >> 29);      // 8 block types
        raw[size_t(i) * 4 + 1] = uint8_t(lcg >> 20 & 3);  // orientation
        raw[16384 + size_t(i)] = uint8_t(lcg >> 24 & 15);
    }
    uLongf n = compressBound(uLong(raw.size()));
    std::vector<uint8_t> z(n);
    compress(z.data(), &n, raw.data(), uLong(raw.size()));
    z.resize(n);
    return z;
}

void BM_Inflate(benchmark::State& state) {
    const std::vector<uint8_t> z = state.range(0) == 0 ? real_stream() : busy_stream();
    state.SetLabel(state.range(0) == 0 ? "real chunk" : "busy synthetic chunk");
    core::Inflater inf;
    for (auto _ : state) {
        const core::Inflater::Result r = inf.inflate(z.data(), z.size(), 2 * 20484 + 64);
        if (r != core::Inflater::Result::Ok || inf.out_size() != 20484) state.SkipWithError("inflate failed");
        benchmark::DoNotOptimize(inf.out());
    }
    state.counters["compressed_bytes"] = double(z.size());
    state.SetItemsProcessed(state.iterations());
    state.SetBytesProcessed(int64_t(state.iterations() * 20484));
}
BENCHMARK(BM_Inflate)->Arg(0)->Arg(1);

// --- float formatting --------------------------------------------------------

// Every Float/Double value of a real capture's packets.
std::vector<double> real_doubles() {
    struct V {
        std::vector<double> d;
        void open(const blank::Item&) {}
        void leaf(const blank::Item& it) {
            if (it.vclass == blank::ValueClass::Double || it.vclass == blank::ValueClass::Float) d.push_back(it.d);
        }
        void close() {}
        void finding(const blank::Finding&) {}
    } v;
    for (const Packet& p : bench::capture_packets("blank-fa73e36-two-clients.pcap"))
        blank::decode(blank::schema(), p.bytes.data(), p.bytes.size(), v);
    v.d.resize(std::min<size_t>(v.d.size(), 4096));
    return v.d;
}

template <class F>
void format_loop(benchmark::State& state, F f) {
    static const std::vector<double> vals = real_doubles();
    char buf[64];
    size_t total = 0;
    for (auto _ : state) {
        for (double v : vals) total += f(v, buf);
        benchmark::DoNotOptimize(buf);
    }
    benchmark::DoNotOptimize(total);
    state.SetItemsProcessed(int64_t(state.iterations() * vals.size()));
}
void BM_FormatDouble(benchmark::State& state) {
    format_loop(state, [](double v, char* b) { return core::format_double(v, b, 64); });
}
void BM_FormatDoubleCompact(benchmark::State& state) {
    format_loop(state, [](double v, char* b) { return core::format_double(v, b, 64, true); });
}
void BM_ToChars(benchmark::State& state) {
    format_loop(state, [](double v, char* b) { return size_t(std::to_chars(b, b + 64, v).ptr - b); });
}
void BM_Printf_g(benchmark::State& state) {
    format_loop(state, [](double v, char* b) { return size_t(std::snprintf(b, 64, "%g", v)); });
}
void BM_Printf_17g(benchmark::State& state) {
    format_loop(state, [](double v, char* b) { return size_t(std::snprintf(b, 64, "%.17g", v)); });
}
BENCHMARK(BM_FormatDouble);
BENCHMARK(BM_FormatDoubleCompact);
BENCHMARK(BM_ToChars);
BENCHMARK(BM_Printf_g);
BENCHMARK(BM_Printf_17g);

}  // namespace

BENCHMARK_MAIN();
