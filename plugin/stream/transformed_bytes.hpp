// One direction's bytes as its framing sees them once it transforms them
// (core::Framing::transforms(): Minecraft Java decrypting with a key log),
// on Wireshark's first pass. Wireshark hands the same stream bytes over
// more than once (a message not whole yet comes again in the reassembled
// tvb), but a stream cipher must see each byte once, in order: the bytes
// not cut yet are kept transformed here, from the first one not cut to the
// last one handed over, and the dissection loop reads them instead of the
// tvb's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/stream_buffer.hpp"

namespace plugin::stream {

class TransformedBytes {
public:
    // The bytes at stream offset `offset`, raw[0, n) as handed over, as the
    // framing sees them: `raw` itself unless it transforms.
    const uint8_t* view(uint64_t offset, const uint8_t* raw, uint32_t n, core::Framing& f) {
        if (!f.transforms()) {
            clear();
            return raw;
        }
        if (size() == 0 || offset < start_ || offset > start_ + size()) {
            // The first transformed bytes, or after a gap (a stream cipher
            // then recovers by itself, CFB8 after 16 bytes).
            clear();
            start_ = offset;
        }
        const uint64_t have = start_ + size();
        const uint64_t end = offset + n;
        if (end > have) {
            const size_t old = bytes_.size();
            bytes_.insert(bytes_.end(), raw + (have - offset), raw + n);
            f.transform(bytes_.data() + old, bytes_.size() - old);
        }
        return bytes_.data() + head_ + (offset - start_);
    }
    // Bytes before stream offset `offset` were cut: not needed any more.
    // Dropped from the front only once they are half the buffer (a segment
    // of many small messages would otherwise move its bytes once a message).
    void cut_to(uint64_t offset) {
        if (size() == 0 || offset <= start_) return;
        const size_t drop = size_t(std::min<uint64_t>(offset - start_, size()));
        head_ += drop;
        start_ += drop;
        if (head_ == bytes_.size()) {
            clear();
        } else if (head_ > bytes_.size() / 2) {
            bytes_.erase(bytes_.begin(), bytes_.begin() + long(head_));
            head_ = 0;
        }
    }

private:
    size_t size() const { return bytes_.size() - head_; }
    void clear() {
        bytes_.clear();
        head_ = 0;
    }

    uint64_t start_ = 0;          // stream offset of bytes_[head_]
    size_t head_ = 0;             // bytes before it are cut
    std::vector<uint8_t> bytes_;  // transformed, from head_ not cut yet
};

}  // namespace plugin::stream
