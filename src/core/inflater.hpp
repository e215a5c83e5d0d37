// A reusable inflater of whole zlib streams: one decompressor for the life
// of a connection, inflating into a buffer that only grows, so a stream of
// compressed messages costs no allocation per message. A message is
// inflated in one shot with libdeflate (about twice zlib's speed on the
// Java and Alpha messages); anything libdeflate does not inflate whole is
// inflated again with zlib, so a finding keeps zlib's partial output and
// error code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

struct z_stream_s;
struct libdeflate_decompressor;

namespace core {

class Inflater {
public:
    Inflater() = default;
    ~Inflater();
    Inflater(const Inflater&) = delete;
    Inflater& operator=(const Inflater&) = delete;

    enum class Result : uint8_t { Ok, NotZlib, TooLarge, Truncated, TrailingData };
    // What the compressed bytes are: a zlib stream (RFC 1950: header,
    // deflate, Adler-32), or raw deflate (RFC 1951: Minecraft Bedrock's batches).
    enum class Format : uint8_t { Zlib, Raw };
    // Inflates `in` (a whole stream) into out(), never more than `limit`
    // bytes whatever the stream claims. Ok: exactly one stream that ended
    // within the limit and used all of `in`.
    Result inflate(const uint8_t* in, size_t len, size_t limit, Format format = Format::Zlib);
    const uint8_t* out() const { return out_.data(); }
    size_t out_size() const { return size_; }
    int zlib_error() const { return zerr_; }
    // Input bytes the stream used (all of `in` unless TrailingData).
    size_t consumed() const { return used_; }
    // zlib's reason when the stream did not inflate (a static string), or
    // null.
    const char* zlib_message() const { return msg_; }

private:
    bool one_shot(const uint8_t* in, size_t len, size_t limit, Format format, Result& res);
    Result with_zlib(const uint8_t* in, size_t len, size_t limit, Format format);

    // Both made on first use: a connection that never inflates holds neither.
    libdeflate_decompressor* fast_ = nullptr;
    z_stream_s* z_ = nullptr;
    bool z_failed_ = false;
    Format z_format_ = Format::Zlib;  // what z_ was set up for
    std::vector<uint8_t> out_;
    size_t size_ = 0;
    size_t used_ = 0;
    int zerr_ = 0;
    const char* msg_ = nullptr;
};

}  // namespace core
