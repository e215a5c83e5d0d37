#include "progress.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace blankshark {

bool Progress::wanted(bool enabled) { return enabled && isatty(STDERR_FILENO); }

Progress::Progress(const std::string& path, bool enabled) : active_(wanted(enabled)) {
    if (!active_) return;
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) size_ = uint64_t(st.st_size);
    const size_t slash = path.rfind('/');
    name_ = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name_.size() > 32) name_ = "..." + name_.substr(name_.size() - 29);
    start_ = last_ = std::chrono::steady_clock::now();
    // Tests draw from the first update on, without waiting.
    if (const char* now = std::getenv("BLANKSHARK_PROGRESS_NOW"); now && *now == '1')
        start_ = last_ = start_ - std::chrono::seconds(1);
}

Progress::~Progress() { done(); }

void Progress::draw(uint64_t position, uint64_t frames, bool force) {
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(200)) return;
    if (!force && !drawn_ && now - start_ < std::chrono::milliseconds(500)) return;  // short files: no bar
    last_ = now;
    drawn_ = true;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double frac = size_ ? double(position) / double(size_) : 0;
    constexpr int kWidth = 30;
    char bar[kWidth + 1];
    const int filled = int(frac * kWidth + 0.5);
    for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '-';
    bar[kWidth] = 0;
    char eta[32] = "";
    if (frac > 0.01 && frac < 1) std::snprintf(eta, sizeof eta, ", %.0f s left", secs / frac - secs);
    std::fprintf(stderr, "\r\033[K%s [%s] %3.0f%% %llu frames, %.1f s%s", name_.c_str(), bar, frac * 100,
                 (unsigned long long)frames, secs, eta);
    std::fflush(stderr);
}

void Progress::done() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
    drawn_ = false;
    active_ = false;
}

}  // namespace blankshark
