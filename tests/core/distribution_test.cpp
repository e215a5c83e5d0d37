#include "core/distribution.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace core {
namespace {

// The analyzer's former percentile(): nearest rank on a sorted copy.
double reference(std::vector<float> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5))];
}

const double kQs[] = {0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1};

TEST(Distribution, Empty) {
    Distribution d;
    EXPECT_TRUE(d.empty());
    EXPECT_EQ(d.count(), 0u);
    EXPECT_EQ(d.quantile(0.5), 0);
    EXPECT_EQ(d.min(), 0);
    EXPECT_EQ(d.max(), 0);
    EXPECT_TRUE(d.exact());
}

TEST(Distribution, ExactBelowTheLimit) {
    std::mt19937 rng(1);
    std::lognormal_distribution<float> rtt(std::log(0.013f), 0.8f);
    Distribution d;
    std::vector<float> v;
    for (size_t i = 0; i < Distribution::kExactLimit; ++i) {
        const float x = rtt(rng);
        d.add(x);
        v.push_back(x);
        if (i == 10 || i == 1000) {  // asked in between: sorting then adding more still works
            for (double q : kQs) EXPECT_EQ(d.quantile(q), reference(v, q)) << q;
        }
    }
    ASSERT_TRUE(d.exact());
    EXPECT_EQ(d.count(), v.size());
    for (double q : kQs) EXPECT_EQ(d.quantile(q), reference(v, q)) << q;
    EXPECT_EQ(d.min(), *std::min_element(v.begin(), v.end()));
    EXPECT_EQ(d.max(), *std::max_element(v.begin(), v.end()));
}

TEST(Distribution, SmallCountsAndZeros) {
    Distribution d;
    for (float x : {0.f, 0.f, 0.25f, 0.05f, 0.16f}) d.add(x);
    EXPECT_EQ(d.quantile(0), 0);
    EXPECT_EQ(d.quantile(0.5), 0.05f);
    EXPECT_EQ(d.quantile(0.99), 0.25f);
    EXPECT_EQ(d.quantile(1), 0.25f);
    d.add(std::nanf(""));
    EXPECT_EQ(d.count(), 5u);
}

TEST(Distribution, WithinOnePercentAboveTheLimit) {
    std::mt19937 rng(2);
    std::lognormal_distribution<float> rtt(std::log(0.013f), 1.5f);
    std::uniform_real_distribution<float> blocks(0, 0.94f);
    for (int kind = 0; kind < 2; ++kind) {
        Distribution d;
        std::vector<float> v;
        for (size_t i = 0; i < 4 * Distribution::kExactLimit + 123; ++i) {
            const float x = kind == 0 ? rtt(rng) : blocks(rng);
            d.add(x);
            v.push_back(x);
        }
        EXPECT_FALSE(d.exact());
        EXPECT_EQ(d.count(), v.size());
        EXPECT_EQ(d.quantile(0), reference(v, 0));  // min and max stay exact
        EXPECT_EQ(d.quantile(1), reference(v, 1));
        for (double q : kQs) {
            const double want = reference(v, q);
            if (want < Distribution::kLow) {
                EXPECT_NEAR(d.quantile(q), want, Distribution::kLow) << q;
            } else {
                EXPECT_NEAR(d.quantile(q), want, want * Distribution::kRelativeError) << kind << " q " << q;
            }
        }
    }
}

TEST(Distribution, Extremes) {
    Distribution d;
    for (size_t i = 0; i < Distribution::kExactLimit + 10; ++i) d.add(i % 3 == 0 ? 0.f : i % 3 == 1 ? 1e7f : 1.f);
    EXPECT_FALSE(d.exact());
    EXPECT_EQ(d.quantile(0), 0);
    EXPECT_EQ(d.quantile(1), 1e7f);
    EXPECT_NEAR(d.quantile(0.5), 1.0, 0.01);
    EXPECT_EQ(d.quantile(0.2), 0);      // below 1e-6: min
    EXPECT_EQ(d.quantile(0.9), 1e7f);  // 1e6 and above: max
}

TEST(Distribution, MemoryBounded) {
    Distribution d;
    size_t peak = 0;
    for (size_t i = 0; i < 2'000'000; ++i) {
        d.add(float(i % 1000) * 1e-3f);
        peak = std::max(peak, d.memory_bytes());
    }
    EXPECT_EQ(d.count(), 2'000'000u);
    // The samples up to the limit (the vector's capacity may double once), then the buckets.
    EXPECT_LE(peak, 2 * Distribution::kExactLimit * sizeof(float) + 16384);
    EXPECT_LE(d.memory_bytes(), 16384u);
}

TEST(Distribution, Merge) {
    Distribution a, b, all;
    for (int i = 0; i < 1000; ++i) {
        a.add(float(i));
        all.add(float(i));
        b.add(float(i) * 0.5f);
        all.add(float(i) * 0.5f);
    }
    a.merge(b);
    EXPECT_TRUE(a.exact());
    EXPECT_EQ(a.count(), all.count());
    for (double q : kQs) EXPECT_EQ(a.quantile(q), all.quantile(q));
    Distribution big;
    for (size_t i = 0; i < Distribution::kExactLimit; ++i) big.add(1.0f + float(i % 7));
    big.merge(b);
    EXPECT_FALSE(big.exact());
    EXPECT_EQ(big.count(), Distribution::kExactLimit + 1000);
    EXPECT_EQ(big.min(), 0);
    EXPECT_EQ(big.max(), 499.5f);
}

}  // namespace
}  // namespace core
