#include "inflater.hpp"

#include <zlib.h>

namespace core {

Inflater::Inflater() : z_(new z_stream{}) {
    if (inflateInit(z_) != Z_OK) {
        delete z_;
        z_ = nullptr;
    }
}

Inflater::~Inflater() {
    if (z_) {
        inflateEnd(z_);
        delete z_;
    }
}

Inflater::Result Inflater::inflate(const uint8_t* in, size_t len, size_t limit) {
    size_ = 0;
    zerr_ = 0;
    if (!z_) return Result::NotZlib;
    inflateReset(z_);
    // Grow the buffer to the limit once; a later smaller limit reuses it.
    if (out_.size() < limit) out_.resize(limit);
    z_->next_in = const_cast<Bytef*>(in);
    z_->avail_in = uInt(len);
    z_->next_out = out_.data();
    z_->avail_out = uInt(limit);
    const int rc = ::inflate(z_, Z_FINISH);
    size_ = limit - z_->avail_out;
    zerr_ = rc;
    if (rc == Z_STREAM_END) return z_->avail_in ? Result::TrailingData : Result::Ok;
    if (rc == Z_BUF_ERROR && z_->avail_out == 0) return Result::TooLarge;
    if (rc == Z_BUF_ERROR) return Result::Truncated;
    return Result::NotZlib;
}

}  // namespace core
