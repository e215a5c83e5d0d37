#include "inflate_queue.hpp"

#include "chunk_reassembler.hpp"  // kMaxChunkBytes

namespace blank {

size_t inflate_limit(uint32_t chunk_size) {
    return size_t(chunk_size ? chunk_size : ChunkReassembler::kMaxChunkBytes) * 2 + 64;
}

ChunkOutcome process_chunk(const uint8_t* data, size_t n, bool compressed, uint32_t chunk_size,
                           core::Inflater& inflater) {
    ChunkOutcome r;
    const uint8_t* chunk = data;
    size_t len = n;
    if (compressed) {
        using R = core::Inflater::Result;
        switch (inflater.inflate(data, n, inflate_limit(chunk_size))) {
        case R::Ok: break;
        case R::TrailingData: r.trailing = uint32_t(n - inflater.consumed()); break;
        case R::TooLarge: r.error = "inflates to more than a chunk"; break;
        case R::Truncated: r.error = "stream ends early"; break;
        case R::NotZlib:
            r.error = inflater.zlib_message() ? inflater.zlib_message() : "not a zlib stream";
            break;
        }
        chunk = inflater.out();
        len = inflater.out_size();
    }
    r.size = uint32_t(len);
    r.wrong_size = !r.error && chunk_size && len != chunk_size;
    if (!r.error && !r.wrong_size) r.contents = summarize_chunk(chunk, len);
    return r;
}

InflateQueue::InflateQueue(unsigned threads, size_t depth) : depth_(depth) {
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

InflateQueue::~InflateQueue() {
    {
        std::lock_guard<std::mutex> lock(m_);
        stop_ = true;
    }
    work_cv_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void InflateQueue::run(Job& j, core::Inflater& inflater) {
    j.out = process_chunk(j.data.data(), j.data.size(), j.compressed, j.chunk_size, inflater);
    std::vector<uint8_t>().swap(j.data);
}

void InflateQueue::work() {
    core::Inflater inflater;
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
        Job* j = nullptr;
        work_cv_.wait(lock, [&] {
            if (stop_) return true;
            for (auto& p : jobs_)
                if (p->state == Job::Queued) {
                    j = p.get();
                    return true;
                }
            return false;
        });
        if (stop_) return;
        j->state = Job::Running;
        lock.unlock();
        run(*j, inflater);  // only this thread touches the job while it runs
        lock.lock();
        j->state = Job::Done;
        ++by_workers_;
        done_cv_.notify_all();
    }
}

void InflateQueue::apply_oldest() {
    std::unique_lock<std::mutex> lock(m_);
    Job& j = *jobs_.front();
    while (j.state != Job::Done) {
        // The oldest if no worker took it; else, rather than wait idle, a
        // queued job from the other end (who runs a job never changes when
        // or in which order results are applied).
        Job* pick = j.state == Job::Queued ? &j : nullptr;
        for (auto it = jobs_.rbegin(); !pick && it != jobs_.rend(); ++it)
            if ((*it)->state == Job::Queued) pick = it->get();
        if (!pick) {
            done_cv_.wait(lock, [&] { return j.state == Job::Done; });
            break;
        }
        pick->state = Job::Running;
        lock.unlock();
        run(*pick, inflater_);
        lock.lock();
        pick->state = Job::Done;
        ++by_applier_;
    }
    std::unique_ptr<Job> done = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    if (done->client) done->client->inflated(done->token, done->out);
}

void InflateQueue::submit(InflateClient& client, uint64_t token, std::vector<uint8_t> data, bool compressed,
                          uint32_t chunk_size) {
    auto j = std::make_unique<Job>();
    j->client = &client;
    j->token = token;
    j->data = std::move(data);
    j->compressed = compressed;
    j->chunk_size = chunk_size;
    size_t n;
    {
        std::lock_guard<std::mutex> lock(m_);
        jobs_.push_back(std::move(j));
        n = jobs_.size();
    }
    if (!workers_.empty()) work_cv_.notify_one();
    for (; n > depth_; --n) apply_oldest();
}

void InflateQueue::drain() {
    for (;;) {
        {
            std::lock_guard<std::mutex> lock(m_);
            if (jobs_.empty()) return;
        }
        apply_oldest();
    }
}

void InflateQueue::forget(const InflateClient& client) {
    std::lock_guard<std::mutex> lock(m_);
    for (auto& j : jobs_)
        if (j->client == &client) j->client = nullptr;
}

size_t InflateQueue::pending() const {
    std::lock_guard<std::mutex> lock(m_);
    return jobs_.size();
}

uint64_t InflateQueue::run_by_workers() const {
    std::lock_guard<std::mutex> lock(m_);
    return by_workers_;
}

uint64_t InflateQueue::run_inline() const {
    std::lock_guard<std::mutex> lock(m_);
    return by_applier_;
}

}  // namespace blank
