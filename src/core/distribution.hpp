// A bounded summary of a stream of non-negative values (times to ack in
// seconds, PlayerCorrection distances in blocks): count, min, max and
// quantiles, in memory that does not grow with the stream.
//
//   Distribution d;
//   for (...) d.add(rtt);
//   d.quantile(0.5);  // the median, nearest rank
//
// Quantiles use the nearest-rank convention of the analyzer's reports:
// with the n samples sorted, quantile(q) = v[min(n - 1, size_t(q * (n - 1) + 0.5))].
//
// Precision:
//   - up to kExactLimit (8192) samples every sample is kept (as float, sorted
//     lazily on the first quantile()): quantile() is exact, the same value a
//     sorted std::vector<float> gives;
//   - past that the samples are folded, once, into a fixed histogram of
//     logarithmic buckets (ratio kRatio = 1.02 between bucket edges, from
//     kLow = 1e-6 to kHigh = 1e6: 1396 buckets, ~11 KB): quantile() is then
//     the geometric middle of the bucket holding the sample of that rank,
//     within 1 % (relative) of the exact value for values in [1e-6, 1e6];
//     values below 1e-6 (zero included) are reported as min() (absolute
//     error below 1e-6), values at or above 1e6 as max();
//   - min(), max() and count() are always exact, and so are quantile(0)
//     (= min) and quantile(1) (= max).
// Memory: at most kExactLimit floats (32 KB) before folding, the bucket
// array (11 KB) after. NaN samples are ignored (not counted).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace core {

class Distribution {
public:
    // Above every bundled capture's count per direction (their reports stay
    // exact), low enough that a long capture's memory settles early.
    static constexpr size_t kExactLimit = 8192;
    static constexpr double kLow = 1e-6, kHigh = 1e6, kRatio = 1.02;
    static constexpr double kRelativeError = 0.01;  // the histogram's guarantee (see above)

    void add(float v);
    // Adds every sample of `o` (exact while the two together stay within the limit).
    void merge(const Distribution& o);

    uint64_t count() const { return n_; }
    bool empty() const { return n_ == 0; }
    double min() const { return n_ ? min_ : 0; }
    double max() const { return n_ ? max_ : 0; }
    // q in [0, 1] (clamped); 0 when empty.
    double quantile(double q) const;
    // Every sample is still held: quantile() is exact.
    bool exact() const { return buckets_.empty(); }
    // Bytes held on the heap (bounded: see above).
    size_t memory_bytes() const { return samples_.capacity() * sizeof(float) + buckets_.capacity() * sizeof(uint64_t); }

private:
    static size_t bucket_of(double v);
    void fold();

    mutable std::vector<float> samples_;  // while exact
    mutable bool sorted_ = true;
    std::vector<uint64_t> buckets_;       // once folded: [0] below kLow, [1..kBuckets] log buckets, last: >= kHigh
    uint64_t n_ = 0;
    float min_ = 0, max_ = 0;
};

}  // namespace core
