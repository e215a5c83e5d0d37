// Inflation of completed chunk transmissions off the reading thread, with
// results applied at deterministic points, so what the analysis reports
// does not depend on the number of threads (0 included).
//
//   InflateQueue q(1);                 // one worker thread; 0: none
//   AnalysisConfig cfg;
//   cfg.inflate_queue = &q;            // the analyzer; the plugin keeps null
//   ... every conversation's on_packet(), then every finish() ...
//
// A ChunkReassembler given a queue (ChunkReassembler::defer_to) submits the
// compressed bytes of a transmission completed by a piece, once the chunk
// size is known, instead of inflating it at once; the job (process_chunk:
// inflate + contents summary) runs on a worker while the reading thread goes
// on. Results are applied in submission order, on the thread that submits:
//
//   - submit() enqueues the job; while more than depth() jobs are pending,
//     the oldest is applied (waited for if a worker still runs it; run here
//     if no worker took it yet);
//   - drain() applies every pending job (ChunkReassembler::finish calls it).
//
// So a result is applied after exactly the same sequence of calls whatever
// the thread count: only depth() decides when. The client (a
// ChunkReassembler) then sets the transmission's state, inflated size and
// contents and reports the same findings the inline path reports, with the
// completing frame in Finding::frame (see ChunkReassembler::defer_to for
// where they go).
//
// One applying thread per queue: submit(), drain() and forget() must not be
// called concurrently. Several clients (conversations) may share a queue.
// Memory: at most depth() + 1 jobs of at most ChunkLimits::max_size bytes,
// plus one inflate buffer (< 41 KB) per thread.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "chunk_contents.hpp"
#include "core/inflater.hpp"

namespace blank {

// What processing a completed transmission's bytes found (the part of
// completing a transmission that needs no state: it runs on any thread).
struct ChunkOutcome {
    const char* error = nullptr;  // compressed and it does not inflate: zlib's reason (a static string)
    uint32_t trailing = 0;        // bytes after the end of the zlib stream
    uint32_t size = 0;            // bytes of the chunk: inflated, or the data itself when not compressed
    bool wrong_size = false;      // chunk_size known and `size` differs
    ChunkSummary contents;        // valid when neither error nor wrong_size
};

// The most a chunk's data is inflated to: room for more than a chunk (twice
// chunk_size; 0: not known yet, the largest chunk), so a wrong size is
// measured, not cut.
size_t inflate_limit(uint32_t chunk_size);

// Inflates `data` when `compressed` (into `inflater`'s buffer, bounded by
// inflate_limit) and summarizes the chunk. chunk_size 0: not known yet, any
// size up to a chunk is accepted.
ChunkOutcome process_chunk(const uint8_t* data, size_t n, bool compressed, uint32_t chunk_size,
                           core::Inflater& inflater);

class InflateClient {
public:
    virtual ~InflateClient() = default;
    // The result of the job submitted with `token`, on the applying thread.
    virtual void inflated(uint64_t token, const ChunkOutcome& r) = 0;
};

class InflateQueue {
public:
    static constexpr size_t kDefaultDepth = 64;

    // `threads` workers (0: jobs run on the applying thread, at the same
    // points). `depth`: jobs left pending before the oldest is applied.
    explicit InflateQueue(unsigned threads, size_t depth = kDefaultDepth);
    ~InflateQueue();  // pending jobs are dropped unapplied: drain() first
    InflateQueue(const InflateQueue&) = delete;
    InflateQueue& operator=(const InflateQueue&) = delete;

    void submit(InflateClient& client, uint64_t token, std::vector<uint8_t> data, bool compressed,
                uint32_t chunk_size);
    // Applies every pending job, in submission order.
    void drain();
    // `client` goes away: its pending jobs are not applied.
    void forget(const InflateClient& client);

    unsigned threads() const { return unsigned(workers_.size()); }
    size_t depth() const { return depth_; }
    size_t pending() const;
    // Jobs run by workers / by the applying thread (for benchmarks; these
    // depend on timing, the results do not).
    uint64_t run_by_workers() const;
    uint64_t run_inline() const;

private:
    struct Job {
        InflateClient* client;
        uint64_t token;
        std::vector<uint8_t> data;
        bool compressed;
        uint32_t chunk_size;
        enum State : uint8_t { Queued, Running, Done } state = Queued;
        ChunkOutcome out;
    };
    void work();
    void apply_oldest();
    static void run(Job& j, core::Inflater& inflater);

    const size_t depth_;
    mutable std::mutex m_;
    std::condition_variable work_cv_, done_cv_;
    std::deque<std::unique_ptr<Job>> jobs_;  // submission order, not applied yet
    bool stop_ = false;
    uint64_t by_workers_ = 0, by_applier_ = 0;
    core::Inflater inflater_;  // the applying thread's
    std::vector<std::thread> workers_;
};

}  // namespace blank
