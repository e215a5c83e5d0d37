// A reusable zlib inflater: one z_stream for the life of a connection
// (inflateReset between messages), inflating into a buffer that only grows,
// so a stream of compressed messages costs no allocation per message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

struct z_stream_s;

namespace core {

class Inflater {
public:
    Inflater();
    ~Inflater();
    Inflater(const Inflater&) = delete;
    Inflater& operator=(const Inflater&) = delete;

    enum class Result : uint8_t { Ok, NotZlib, TooLarge, Truncated, TrailingData };
    // Inflates `in` (a whole zlib stream) into out(), never more than
    // `limit` bytes whatever the stream claims. Ok: exactly one stream that
    // ended within the limit and used all of `in`.
    Result inflate(const uint8_t* in, size_t len, size_t limit);
    const uint8_t* out() const { return out_.data(); }
    size_t out_size() const { return size_; }
    int zlib_error() const { return zerr_; }

private:
    z_stream_s* z_;
    std::vector<uint8_t> out_;
    size_t size_ = 0;
    int zerr_ = 0;
};

}  // namespace core
