// A batch's decompression, as each release does it: raw deflate (RFC 1951,
// no zlib header: what the game writes), Snappy (the algorithm Network
// Settings may choose from 1.19.30; Debian's libsnappy), or none. One per
// connection and direction; its output buffer only grows, up to the limit,
// so a stream of batches costs no allocation per batch. Output is bounded
// whatever a batch claims.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/inflater.hpp"

namespace bedrock {

// The compression header byte of 1.20.60 and later (and Network Settings'
// algorithm: 0 deflate, 1 Snappy).
enum class Algorithm : uint8_t { Deflate = 0x00, Snappy = 0x01, None = 0xFF };

class Decompressor {
public:
    enum class Result : uint8_t { Ok, Damaged, TooLarge };

    // Decompresses `in` with `a` into out(), at most `limit` bytes.
    Result decompress(Algorithm a, const uint8_t* in, size_t len, size_t limit);
    const uint8_t* out() const { return out_; }
    size_t out_size() const { return size_; }

private:
    core::Inflater inflater_;
    std::vector<uint8_t> snappy_;
    const uint8_t* out_ = nullptr;
    size_t size_ = 0;
};

}  // namespace bedrock
