#include "distribution.hpp"

#include <algorithm>
#include <cmath>

namespace core {
namespace {

// Buckets between kLow and kHigh: ceil(log(kHigh / kLow) / log(kRatio)).
const size_t kBuckets = size_t(std::ceil(std::log(Distribution::kHigh / Distribution::kLow) /
                                         std::log(Distribution::kRatio)));
const double kLogRatio = std::log(Distribution::kRatio);

}  // namespace

size_t Distribution::bucket_of(double v) {
    if (!(v >= kLow)) return 0;
    if (v >= kHigh) return kBuckets + 1;
    const size_t i = size_t(std::log(v / kLow) / kLogRatio);
    return 1 + std::min(i, kBuckets - 1);
}

void Distribution::fold() {
    buckets_.assign(kBuckets + 2, 0);
    for (float v : samples_) ++buckets_[bucket_of(v)];
    std::vector<float>().swap(samples_);
    sorted_ = true;
}

void Distribution::add(float v) {
    if (std::isnan(v)) return;
    if (n_ == 0) min_ = max_ = v;
    min_ = std::min(min_, v);
    max_ = std::max(max_, v);
    ++n_;
    if (buckets_.empty()) {
        if (sorted_ && !samples_.empty() && v < samples_.back()) sorted_ = false;
        samples_.push_back(v);
        if (samples_.size() > kExactLimit) fold();
    } else {
        ++buckets_[bucket_of(v)];
    }
}

void Distribution::merge(const Distribution& o) {
    if (o.n_ == 0) return;
    if (o.buckets_.empty() && buckets_.empty() && n_ + o.n_ <= kExactLimit) {
        for (float v : o.samples_) add(v);
        return;
    }
    if (buckets_.empty()) fold();
    if (o.buckets_.empty()) {
        for (float v : o.samples_) ++buckets_[bucket_of(v)];
    } else {
        for (size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += o.buckets_[i];
    }
    if (n_ == 0) min_ = o.min_, max_ = o.max_;
    min_ = std::min(min_, o.min_);
    max_ = std::max(max_, o.max_);
    n_ += o.n_;
}

double Distribution::quantile(double q) const {
    if (n_ == 0) return 0;
    q = std::clamp(q, 0.0, 1.0);
    const uint64_t k = std::min<uint64_t>(n_ - 1, uint64_t(q * double(n_ - 1) + 0.5));
    if (buckets_.empty()) {
        if (!sorted_) {
            std::sort(samples_.begin(), samples_.end());
            sorted_ = true;
        }
        return samples_[size_t(k)];
    }
    if (k == 0) return min_;
    if (k == n_ - 1) return max_;
    uint64_t seen = 0;
    size_t b = 0;
    for (; b < buckets_.size(); ++b) {
        seen += buckets_[b];
        if (seen > k) break;
    }
    if (b == 0) return min_;
    if (b > kBuckets) return max_;
    const double mid = kLow * std::exp((double(b) - 0.5) * kLogRatio);  // geometric middle of bucket b
    return std::clamp(mid, double(min_), double(max_));
}

}  // namespace core
