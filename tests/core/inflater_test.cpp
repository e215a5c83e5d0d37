// core::Inflater: libdeflate inflates a whole stream in one shot, zlib
// every stream libdeflate does not inflate whole; the results, partial
// output and error codes are zlib's in every case (the Java and Alpha
// findings are built on them).
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/inflater.hpp"

namespace {

using R = core::Inflater::Result;

std::vector<uint8_t> sample(size_t n) {
    // Half random bytes, half runs: back-references at every distance.
    std::mt19937 rng(7);
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = (i / 64) % 2 ? uint8_t(i / 256) : uint8_t(rng());
    return v;
}

std::vector<uint8_t> deflated(const std::vector<uint8_t>& raw, int window_bits = 15) {
    z_stream z{};
    EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::vector<uint8_t> out(deflateBound(&z, raw.size()));
    z.next_in = const_cast<Bytef*>(raw.data());
    z.avail_in = uInt(raw.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

bool same_prefix(const core::Inflater& inf, const std::vector<uint8_t>& raw) {
    return inf.out_size() <= raw.size() && std::memcmp(inf.out(), raw.data(), inf.out_size()) == 0;
}

TEST(CoreInflater, AWholeStreamWithinTheLimitIsOk) {
    const auto raw = sample(100000);
    const auto z = deflated(raw);
    ASSERT_EQ(z[0], 0x78);  // a 32 KB window: the one-shot path
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(z.data(), z.size(), raw.size()), R::Ok);
    ASSERT_EQ(inf.out_size(), raw.size());
    EXPECT_TRUE(same_prefix(inf, raw));
    EXPECT_EQ(inf.zlib_error(), Z_STREAM_END);
    // A roomier limit changes nothing.
    EXPECT_EQ(inf.inflate(z.data(), z.size(), raw.size() * 2), R::Ok);
    EXPECT_EQ(inf.out_size(), raw.size());
}

TEST(CoreInflater, MoreThanTheLimitIsTooLargeWithTheLimitsWorthOfBytes) {
    const auto raw = sample(50000);
    const auto z = deflated(raw);
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(z.data(), z.size(), 20000), R::TooLarge);
    EXPECT_EQ(inf.out_size(), 20000u);
    EXPECT_TRUE(same_prefix(inf, raw));
    EXPECT_EQ(inf.zlib_error(), Z_BUF_ERROR);
    // One byte short is still too large: the stream ends one byte later.
    EXPECT_EQ(inf.inflate(z.data(), z.size(), raw.size() - 1), R::TooLarge);
}

TEST(CoreInflater, ACutStreamIsTruncatedWithWhatCameBeforeTheCut) {
    const auto raw = sample(50000);
    const auto z = deflated(raw);
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(z.data(), z.size() / 2, raw.size()), R::Truncated);
    EXPECT_GT(inf.out_size(), 0u);
    EXPECT_LT(inf.out_size(), raw.size());
    EXPECT_TRUE(same_prefix(inf, raw));
    // Only the checksum missing, with room to spare: every byte is out, and
    // it is still cut. (At a limit of exactly the size, zlib calls it too
    // large: the output is full and the stream has not ended.)
    EXPECT_EQ(inf.inflate(z.data(), z.size() - 2, raw.size() + 1), R::Truncated);
    EXPECT_EQ(inf.out_size(), raw.size());
}

TEST(CoreInflater, BytesAfterTheStreamAreTrailingData) {
    const auto raw = sample(3000);
    auto z = deflated(raw);
    z.push_back(0x01);
    z.push_back(0x02);
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(z.data(), z.size(), raw.size()), R::TrailingData);
    EXPECT_EQ(inf.consumed(), z.size() - 2);
    EXPECT_EQ(inf.out_size(), raw.size());
    EXPECT_TRUE(same_prefix(inf, raw));
}

TEST(CoreInflater, NotAZlibStreamOrABadChecksumIsNotZlib) {
    core::Inflater inf;
    const uint8_t text[] = "GET / HTTP/1.1\r\n";
    EXPECT_EQ(inf.inflate(text, sizeof text - 1, 1000), R::NotZlib);
    EXPECT_EQ(inf.zlib_error(), Z_DATA_ERROR);
    EXPECT_STREQ(inf.zlib_message(), "incorrect header check");  // 'G' 'E': no zlib header
    const auto raw = sample(4000);
    auto z = deflated(raw);
    z.back() ^= 0xFF;  // the Adler-32
    EXPECT_EQ(inf.inflate(z.data(), z.size(), raw.size()), R::NotZlib);
    EXPECT_EQ(inf.zlib_error(), Z_DATA_ERROR);
    EXPECT_STREQ(inf.zlib_message(), "incorrect data check");
    EXPECT_EQ(inf.out_size(), raw.size());  // zlib's output before the check
    EXPECT_EQ(inf.inflate(z.data(), 0, raw.size()), R::Truncated);
}

TEST(CoreInflater, ASmallWindowInflatesToo) {
    const auto raw = sample(20000);
    const auto small = deflated(raw, 9);  // a 512-byte window
    ASSERT_NE(small[0] >> 4, 7);
    core::Inflater inf;
    EXPECT_EQ(inf.inflate(small.data(), small.size(), raw.size()), R::Ok);
    EXPECT_EQ(inf.out_size(), raw.size());
    EXPECT_TRUE(same_prefix(inf, raw));
}

// What the inflater gave before libdeflate: zlib alone, one call.
struct ZlibOnly {
    R result;
    std::vector<uint8_t> out;
    int zerr;
    size_t consumed;
    std::string msg;  // zlib's reason, "" when none
};

ZlibOnly zlib_only(const uint8_t* in, size_t len, size_t limit) {
    z_stream z{};
    EXPECT_EQ(inflateInit(&z), Z_OK);
    ZlibOnly r{R::NotZlib, std::vector<uint8_t>(limit), 0, 0, ""};
    z.next_in = const_cast<Bytef*>(in);
    z.avail_in = uInt(len);
    z.next_out = r.out.data();
    z.avail_out = uInt(limit);
    const int rc = ::inflate(&z, Z_FINISH);
    r.out.resize(limit - z.avail_out);
    r.zerr = rc;
    r.consumed = len - z.avail_in;
    if (rc != Z_STREAM_END && z.msg) r.msg = z.msg;
    if (rc == Z_STREAM_END) r.result = z.avail_in ? R::TrailingData : R::Ok;
    else if (rc == Z_BUF_ERROR && z.avail_out == 0) r.result = R::TooLarge;
    else if (rc == Z_BUF_ERROR) r.result = R::Truncated;
    inflateEnd(&z);
    return r;
}

// Streams with a byte changed, cut, relabelled with another window or
// given a smaller limit: the result, the bytes and the error code are
// zlib's every time, and so are the input used and zlib's reason,
// whichever library inflated them.
TEST(CoreInflater, MutatedStreamsGiveZlibsResultBytesAndError) {
    std::mt19937 rng(11);
    core::Inflater inf;
    int oks = 0, others = 0;
    for (int round = 0; round < 3000; ++round) {
        const auto raw = sample(1 + rng() % 40000);
        auto z = deflated(raw, 9 + int(rng() % 7));
        size_t limit = raw.size();
        switch (round % 6) {
        case 0: break;
        case 1: z[rng() % z.size()] ^= uint8_t(1u << (rng() % 8)); break;
        case 2: z.resize(rng() % z.size()); break;
        case 3: limit = rng() % (raw.size() + 1); break;
        case 4:  // another window in the header, the check bits made right
            z[0] = uint8_t((rng() % 16) << 4 | 8);  // 8-15: no such window
            z[1] = uint8_t(z[1] & 0xE0);
            z[1] = uint8_t(z[1] + (31 - (z[0] * 256 + z[1]) % 31) % 31);
            break;
        case 5: z.push_back(uint8_t(rng())); limit += rng() % 3; break;
        }
        const ZlibOnly want = zlib_only(z.data(), z.size(), limit);
        const R got = inf.inflate(z.data(), z.size(), limit);
        ASSERT_EQ(int(got), int(want.result)) << "round " << round;
        ASSERT_EQ(inf.out_size(), want.out.size()) << "round " << round;
        ASSERT_EQ(std::memcmp(inf.out(), want.out.data(), want.out.size()), 0) << "round " << round;
        ASSERT_EQ(inf.zlib_error(), want.zerr) << "round " << round;
        ASSERT_EQ(inf.consumed(), want.consumed) << "round " << round;
        ASSERT_EQ(std::string(inf.zlib_message() ? inf.zlib_message() : ""), want.msg) << "round " << round;
        (want.result == R::Ok ? oks : others)++;
    }
    EXPECT_GT(oks, 500);
    EXPECT_GT(others, 1500);
}

TEST(CoreInflater, OneInflaterForMessageAfterMessage) {
    const auto big = sample(70000);
    const auto little = sample(10);
    const auto zb = deflated(big), zl = deflated(little);
    core::Inflater inf;
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(inf.inflate(zb.data(), zb.size() / 3, big.size()), R::Truncated);  // zlib's turn
        ASSERT_EQ(inf.inflate(zl.data(), zl.size(), little.size()), R::Ok);
        ASSERT_EQ(inf.out_size(), little.size());
        EXPECT_TRUE(same_prefix(inf, little));
        ASSERT_EQ(inf.inflate(zb.data(), zb.size(), big.size()), R::Ok);
        EXPECT_TRUE(same_prefix(inf, big));
    }
}

}  // namespace
