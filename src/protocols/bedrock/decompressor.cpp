#include "decompressor.hpp"

#include <snappy-c.h>

namespace bedrock {

namespace {
// The first output buffer: what most batches inflate into (grown x4 on demand).
constexpr size_t kFirstCapacity = 64 * 1024;
}  // namespace

Decompressor::Result Decompressor::decompress(Algorithm a, const uint8_t* in, size_t len, size_t limit) {
    out_ = nullptr;
    size_ = 0;
    if (a == Algorithm::None) {
        if (len > limit) return Result::TooLarge;
        out_ = in;
        size_ = len;
        return Result::Ok;
    }
    if (a == Algorithm::Snappy) {
        size_t n = 0;
        if (snappy_uncompressed_length(reinterpret_cast<const char*>(in), len, &n) != SNAPPY_OK) return Result::Damaged;
        if (n > limit) return Result::TooLarge;
        if (snappy_.size() < n) snappy_.resize(n);
        size_t got = n;
        if (snappy_uncompress(reinterpret_cast<const char*>(in), len, reinterpret_cast<char*>(snappy_.data()), &got) !=
                SNAPPY_OK ||
            got != n)
            return Result::Damaged;
        out_ = snappy_.data();
        size_ = got;
        return Result::Ok;
    }
    // Raw deflate: the output's size is not written down; try a buffer, and a
    // larger one while the stream does not fit, up to the limit.
    size_t cap = kFirstCapacity < limit ? kFirstCapacity : limit;
    for (;;) {
        const core::Inflater::Result r = inflater_.inflate(in, len, cap, core::Inflater::Format::Raw);
        if (r == core::Inflater::Result::Ok) break;
        if (r != core::Inflater::Result::TooLarge) return Result::Damaged;
        if (cap >= limit) return Result::TooLarge;
        cap = cap * 4 < limit ? cap * 4 : limit;
    }
    out_ = inflater_.out();
    size_ = inflater_.out_size();
    return Result::Ok;
}

}  // namespace bedrock
