// Packets per second of the analysis `check` runs (read, decode, analyse,
// collect findings), with inflation inline, deferred to an InflateQueue
// with N worker threads, or turned off; and a digest of every finding and
// count, to show the outputs agree.
//
//   inflate_speed FILE [--threads N | --inline | --no-inflate] [--depth K] [--repeat R] [--drop-findings]
//
// --drop-findings counts findings without keeping them (the analyzer keeps
// every one until the file is done), to see the core's own memory.
// --threads 0 is the queue with no worker (jobs run on the reading thread
// at the same points). The analysis is bounded as the analyzer's
// (retain_all false, keep_ended 256).
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "protocols/blank/analysis.hpp"
#include "blank/blank_flows.hpp"
#include "protocols/blank/inflate_queue.hpp"

namespace {

struct Collector : blank::FindingSink {
    std::vector<blank::Finding>* out = nullptr;
    bool keep = true;
    uint64_t dropped = 0;
    void add(const blank::Finding& f) override {
        if (keep) out->push_back(f);
        else ++dropped;
    }
    static constexpr bool kFindingsOnly = true;  // as the analyzer's check
    void open(const blank::Item&) {}
    void leaf(const blank::Item&) {}
    void close() {}
    void finding(const blank::Finding& f) { add(f); }
};

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }

double thread_cpu() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double process_cpu() {
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: inflate_speed FILE [--threads N | --inline | --no-inflate] [--depth K] [--repeat R]\n");
        return 2;
    }
    const std::string file = argv[1];
    int threads = -1;  // inline
    bool inflate = true;
    size_t depth = blank::InflateQueue::kDefaultDepth;
    int repeat = 1;
    bool keep = true;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--inline")) threads = -1;
        else if (!std::strcmp(argv[i], "--no-inflate")) inflate = false;
        else if (!std::strcmp(argv[i], "--depth") && i + 1 < argc) depth = size_t(std::atol(argv[++i]));
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--drop-findings")) keep = false;
    }
    double best = 1e30, reader_cpu = 0, other_cpu = 0;
    uint64_t packets = 0, digest = 0, findings = 0, completed = 0;
    for (int rep = 0; rep < repeat; ++rep) {
        std::unique_ptr<blank::InflateQueue> q;
        if (threads >= 0) q = std::make_unique<blank::InflateQueue>(unsigned(threads), depth);
        blank::AnalysisConfig cfg;
        cfg.seq.retain_all = false;
        cfg.chunks.keep_ended = 256;
        cfg.chunks.inflate = inflate;
        cfg.inflate_queue = q.get();
        std::vector<std::unique_ptr<blank::ConversationAnalysis>> convs;
        std::vector<std::vector<blank::Finding>> found;
        blank::FrameAnalysis fa;
        Collector col;
        col.keep = keep;
        double end = 0;
        packets = 0;
        const auto t0 = std::chrono::steady_clock::now();
        const double r0 = thread_cpu(), p0 = process_cpu();
        blankshark::CaptureStream stream;
        blankshark::run_blank(stream, file, [&](const blankshark::BlankPacket& p) {
            end = p.time;
            ++packets;
            if (!p.conv) return;
            if (convs.size() <= p.conv->id) convs.resize(p.conv->id + 1), found.resize(p.conv->id + 1);
            auto& a = convs[p.conv->id];
            if (!a) a = std::make_unique<blank::ConversationAnalysis>(cfg, nullptr);
            a->on_packet(p.frame->number, p.time, p.sender, p.data, p.len, fa);
            col.out = &found[p.conv->id];
            blank::decode(*fa.schema, p.data, p.len, col);
            for (uint8_t i = 0; i < fa.nfindings; ++i) col.add(fa.findings[i]);
            for (uint32_t i = 0; i < fa.nearlier; ++i) col.add(fa.earlier[i]);
        });
        for (size_t id = 0; id < convs.size(); ++id) {
            if (!convs[id]) continue;
            col.out = &found[id];
            convs[id]->finish(end, col);
        }
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double rc = thread_cpu() - r0, pc = process_cpu() - p0;
        if (secs < best) reader_cpu = rc, other_cpu = pc - rc;
        best = std::min(best, secs);
        digest = 1469598103934665603ull;
        findings = completed = 0;
        for (size_t id = 0; id < convs.size(); ++id) {
            if (!convs[id]) continue;
            std::stable_sort(found[id].begin(), found[id].end(),
                             [](const blank::Finding& a, const blank::Finding& b) { return a.frame < b.frame; });
            for (const blank::Finding& f : found[id]) {
                char buf[320];
                const size_t n = blank::format_finding(f, buf, sizeof buf);
                for (size_t i = 0; i < n; ++i) digest = mix(digest, uint8_t(buf[i]));
                digest = mix(mix(mix(digest, uint64_t(f.code)), f.frame), f.ref_frame);
            }
            findings += found[id].size();
            const blank::ChunkTotals& s = convs[id]->chunks().summary();
            completed += s.complete;
            for (uint64_t v : {s.transmissions, s.complete, s.failed, s.incomplete, s.resent, s.duplicates})
                digest = mix(digest, v);
        }
        findings += col.dropped;
        if (q && rep == repeat - 1)
            std::fprintf(stderr, "queue: %u threads, depth %zu, %llu jobs by workers, %llu on the reading thread\n",
                         q->threads(), q->depth(), (unsigned long long)q->run_by_workers(),
                         (unsigned long long)q->run_inline());
    }
    std::printf("%s: %s: %llu packets, %llu findings, %llu chunks complete, %.3f s, %.0f packets/s, "
                "CPU s: reading thread %.3f, workers %.3f, digest %016llx\n",
                file.c_str(),
                !inflate ? "no inflation" : threads < 0 ? "inline" : ("queue, " + std::to_string(threads) + " threads").c_str(),
                (unsigned long long)packets, (unsigned long long)findings, (unsigned long long)completed, best,
                double(packets) / best, reader_cpu, other_cpu, (unsigned long long)digest);
    return 0;
}
