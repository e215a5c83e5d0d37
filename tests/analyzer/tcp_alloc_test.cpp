// The TCP reassembler allocates nothing for an in-order segment once a
// connection is set up and its compare ring has grown to its size (this
// binary counts calls to operator new: tests/bench/alloc_counter.cpp).
#include <gtest/gtest.h>

#include <string>

#include "alloc_counter.hpp"
#include "tcp/tcp_reassembly.hpp"
#include "tcp_test_support.hpp"

namespace blankshark::tcp {
namespace {

struct Count : Sink {
    uint64_t bytes = 0, sum = 0;
    void on_data(Connection&, Side, const uint8_t* p, uint32_t n, uint64_t, const SegmentOrigin&) override {
        bytes += n;
        for (uint32_t i = 0; i < n; ++i) sum += p[i];
    }
};

TEST(TcpAllocations, NoneForInOrderSegments) {
    Count sink;
    Reassembler r(sink);  // default options: 32 KiB compare rings
    testing::Wire w;
    static const std::string chunk(1400, 'x');
    uint64_t frame = 0;
    testing::InOrder in_order{w};  // not the Wire's make(): that keeps copies
    auto seg = [&](bool from_client, uint8_t flags, const std::string* p) {
        r.feed(in_order.next(from_client, flags, p), ++frame, 0);
    };
    namespace f = capture::tcpflag;
    const uint64_t start = bench::allocations();
    seg(true, f::kSyn, nullptr);
    seg(false, f::kSyn | f::kAck, nullptr);
    // Warm up: both compare rings reach their full size.
    for (int i = 0; i < 100; ++i) {
        seg(true, f::kAck | f::kPsh, &chunk);
        seg(false, f::kAck | f::kPsh, &chunk);
    }
    const uint64_t before = bench::allocations();
    EXPECT_GT(before - start, 0u);  // the counter counts: the connection and its rings were allocated
    for (int i = 0; i < 20000; ++i) {
        seg(true, f::kAck | f::kPsh, &chunk);
        seg(false, f::kAck, nullptr);  // pure ACKs too
        seg(false, f::kAck | f::kPsh, &chunk);
        if (i % 100 == 0) seg(true, f::kAck, nullptr);
    }
    EXPECT_EQ(bench::allocations() - before, 0u);
    EXPECT_EQ(sink.bytes, 2 * 20100 * chunk.size());
    ASSERT_NE(r.find(1), nullptr);
    EXPECT_EQ(r.find(1)->stats(Side::Client).delivered_bytes, 20100 * chunk.size());
}

}  // namespace
}  // namespace blankshark::tcp
