#include "inflater.hpp"

#include <libdeflate.h>
#include <zlib.h>

namespace core {

Inflater::~Inflater() {
    if (fast_) libdeflate_free_decompressor(fast_);
    if (z_) {
        inflateEnd(z_);
        delete z_;
    }
}

Inflater::Result Inflater::inflate(const uint8_t* in, size_t len, size_t limit, Format format) {
    size_ = 0;
    used_ = 0;
    zerr_ = 0;
    msg_ = nullptr;
    // Grow the buffer to the limit once; a later smaller limit reuses it.
    if (out_.size() < limit) out_.resize(limit);
    Result res;
    if (one_shot(in, len, limit, format, res)) return res;
    return with_zlib(in, len, limit, format);
}

// True when libdeflate inflated one whole stream within the limit, which
// zlib inflates to the same bytes (tests/core/inflater_test.cpp compares
// the two on mutated streams).
bool Inflater::one_shot(const uint8_t* in, size_t len, size_t limit, Format format, Result& res) {
    if (!fast_) fast_ = libdeflate_alloc_decompressor();
    if (!fast_) return false;
    size_t used = 0, produced = 0;
    const libdeflate_result r =
        format == Format::Raw ? libdeflate_deflate_decompress_ex(fast_, in, len, out_.data(), limit, &used, &produced)
                              : libdeflate_zlib_decompress_ex(fast_, in, len, out_.data(), limit, &used, &produced);
    if (r != LIBDEFLATE_SUCCESS) return false;
    size_ = produced;
    used_ = used;
    zerr_ = Z_STREAM_END;
    res = used < len ? Result::TrailingData : Result::Ok;
    return true;
}

Inflater::Result Inflater::with_zlib(const uint8_t* in, size_t len, size_t limit, Format format) {
    if (z_ && z_format_ != format) {  // set up for the other format: again
        inflateEnd(z_);
        delete z_;
        z_ = nullptr;
    }
    if (!z_ && !z_failed_) {
        z_ = new z_stream{};
        z_format_ = format;
        if (inflateInit2(z_, format == Format::Raw ? -MAX_WBITS : MAX_WBITS) != Z_OK) {
            delete z_;
            z_ = nullptr;
            z_failed_ = true;
        }
    } else if (z_) {
        inflateReset(z_);
    }
    if (!z_) {
        msg_ = "zlib init failed";
        return Result::NotZlib;
    }
    z_->next_in = const_cast<Bytef*>(in);
    z_->avail_in = uInt(len);
    z_->next_out = out_.data();
    z_->avail_out = uInt(limit);
    const int rc = ::inflate(z_, Z_FINISH);
    size_ = limit - z_->avail_out;
    used_ = len - z_->avail_in;
    zerr_ = rc;
    msg_ = rc == Z_STREAM_END ? nullptr : z_->msg;
    if (rc == Z_STREAM_END) return z_->avail_in ? Result::TrailingData : Result::Ok;
    if (rc == Z_BUF_ERROR && z_->avail_out == 0) return Result::TooLarge;
    if (rc == Z_BUF_ERROR) return Result::Truncated;
    return Result::NotZlib;
}

}  // namespace core
