// The TCP reassembler's speed against a bare libpcap loop, in one process on
// the same file: the bare loop is bare_loop's work (pcap_next_ex, sum every
// captured byte); the reassembly reads with the analyzer's CaptureReader,
// parses with parse_tcp and feeds tcp::Reassembler (release_on_close, a sink
// that sums every delivered byte). Rounds alternate; the best of each is
// kept. Also times the reader and parse_tcp alone (what the reassembler
// adds is the difference), and prints the allocations per segment of the
// reassembly pass (this binary counts operator new: alloc_counter.cpp).
//
//   tcp_speed FILE [ROUNDS [bare|parse|tcp]]   (the last: only that pass, for a profiler)
// Make FILE with repeat_capture from captures/minecraft-java/*.pcap.
#include <pcap/pcap.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "alloc_counter.hpp"
#include "capture_reader.hpp"
#include "link_layer.hpp"
#include "tcp/tcp_reassembly.hpp"

namespace {

using namespace blankshark;
using Clock = std::chrono::steady_clock;

struct Bare {
    uint64_t frames = 0, sum = 0;
};

bool bare(const char* path, Bare& b) {
    char err[PCAP_ERRBUF_SIZE];
    pcap_t* p = pcap_open_offline(path, err);
    if (!p) {
        std::fprintf(stderr, "%s\n", err);
        return false;
    }
    pcap_pkthdr* h;
    const u_char* d;
    while (pcap_next_ex(p, &h, &d) == 1) {
        ++b.frames;
        uint64_t s = 0;
        for (uint32_t i = 0; i < h->caplen; ++i) s += d[i];
        b.sum += s;
    }
    pcap_close(p);
    return true;
}

// The reassembly pass without the reassembler: reader and parse_tcp only
// (sums the payload bytes), to show where the time goes.
bool parse_only(const char* path, uint64_t& sum) {
    capture::CaptureReader reader;
    if (!reader.open(path)) return false;
    capture::Frame f;
    capture::TcpSegment seg;
    const int dlt = reader.link_type();
    while (reader.next(f) == capture::CaptureReader::Status::Next) {
        if (capture::parse_tcp(dlt, f.data, f.caplen, seg) != capture::LinkResult::Ok) continue;
        uint64_t s = 0;
        for (uint32_t i = 0; i < seg.payload_len; ++i) s += seg.payload[i];
        sum += s;
    }
    return true;
}

struct Sum : tcp::Sink {
    uint64_t bytes = 0, sum = 0, gaps = 0;
    tcp::Hint on_new_tuple(const capture::TcpSegment& s, uint64_t) override {
        return s.src.port == 25565 ? tcp::Hint::SenderIsServer : tcp::Hint::Unknown;
    }
    void on_data(tcp::Connection&, core::Side, const uint8_t* p, uint32_t n, uint64_t,
                 const tcp::SegmentOrigin&) override {
        bytes += n;
        uint64_t s = 0;
        for (uint32_t i = 0; i < n; ++i) s += p[i];
        sum += s;
    }
    void on_gap(tcp::Connection&, core::Side, uint64_t, uint64_t, tcp::GapReason, uint64_t, double) override { ++gaps; }
};

struct Reassembled {
    uint64_t frames = 0, segments = 0, allocations = 0, connections = 0;
    Sum sink;
    tcp::ReassemblerStats stats;
};

bool reassemble(const char* path, Reassembled& out) {
    capture::CaptureReader reader;
    if (!reader.open(path)) {
        std::fprintf(stderr, "%s\n", reader.error().c_str());
        return false;
    }
    tcp::Options opt;
    opt.release_on_close = true;
    tcp::Reassembler r(out.sink, opt);
    const uint64_t a0 = bench::allocations();
    capture::Frame f;
    capture::TcpSegment seg;
    const int dlt = reader.link_type();
    while (reader.next(f) == capture::CaptureReader::Status::Next) {
        ++out.frames;
        if (capture::parse_tcp(dlt, f.data, f.caplen, seg) != capture::LinkResult::Ok) continue;
        ++out.segments;
        r.feed(seg, f.number, double(f.ts_sec) + f.ts_nsec * 1e-9);
    }
    r.finish(0);
    out.allocations = bench::allocations() - a0;
    out.stats = r.stats();
    return true;
}

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

double cpu_now() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

// Best wall and CPU seconds of a pass.
struct Best {
    double wall = 1e30, cpu = 1e30;
    template <class F>
    bool time(F f) {
        const auto t0 = Clock::now();
        const double c0 = cpu_now();
        if (!f()) return false;
        cpu = std::min(cpu, cpu_now() - c0);
        wall = std::min(wall, seconds(Clock::now() - t0));
        return true;
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [ROUNDS]\n", argv[0]);
        return 2;
    }
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    const std::string only = argc > 3 ? argv[3] : "";
    Best bb, bp, bt;
    uint64_t parse_sum = 0;
    Bare b;
    Reassembled t;
    for (int i = 0; i < rounds; ++i) {
        if (only.empty() || only == "bare") {
            if (!bb.time([&] { b = Bare{}; return bare(argv[1], b); })) return 3;
        }
        if (only.empty() || only == "parse") {
            if (!bp.time([&] { parse_sum = 0; return parse_only(argv[1], parse_sum); })) return 3;
        }
        if (only.empty() || only == "tcp") {
            Reassembled cur;
            if (!bt.time([&] { return reassemble(argv[1], cur); })) return 3;
            t = cur;
        }
    }
    std::printf("frames %llu, TCP segments %llu, connections %llu, delivered bytes %llu, gaps %llu\n",
                (unsigned long long)t.frames, (unsigned long long)t.segments,
                (unsigned long long)t.stats.connections, (unsigned long long)t.sink.bytes,
                (unsigned long long)t.sink.gaps);
    const double frames = double(t.frames ? t.frames : b.frames);
    std::printf("best of %d rounds           wall s    CPU s   frames/s (wall)\n", rounds);
    std::printf("bare libpcap loop        %8.3f %8.3f %10.0f\n", bb.wall, bb.cpu, frames / bb.wall);
    std::printf("reader + parse_tcp only  %8.3f %8.3f %10.0f\n", bp.wall, bp.cpu, frames / bp.wall);
    std::printf("TCP reassembly           %8.3f %8.3f %10.0f\n", bt.wall, bt.cpu, frames / bt.wall);
    std::printf("reassembly / bare loop: time x%.2f wall, x%.2f CPU (throughput %.2f of the bare loop's)\n",
                bt.wall / bb.wall, bt.cpu / bb.cpu, bb.wall / bt.wall);
    std::printf("the reassembler's own share: %.0f ns CPU per segment (reassembly minus reader + parse)\n",
                (bt.cpu - bp.cpu) * 1e9 / double(t.segments ? t.segments : 1));
    std::printf("allocations: %llu (%.3f per segment, %.1f per connection)\n", (unsigned long long)t.allocations,
                double(t.allocations) / double(t.segments ? t.segments : 1),
                double(t.allocations) / double(t.stats.connections ? t.stats.connections : 1));
    return 0;
}
