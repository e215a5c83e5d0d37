#include "framing.hpp"

#include "core/wire.hpp"
#include "states.hpp"

namespace mcjava {

using core::Measure;
using core::MeasureResult;

// The Length VarInt is at most 3 bytes: 2097151 is the largest packet.
constexpr unsigned kLengthBytes = 3;

MeasureResult measure_frame(const uint8_t* p, size_t avail) {
    uint64_t len;
    uint32_t used;
    const core::wire::VarIntResult r = core::wire::read_varint(p, uint32_t(avail < 8 ? avail : 8), 5, len, used);
    // Three bytes of length all continued: no 3-byte VarInt; give up one byte
    // (Invalid always gives up at least one: the stream buffer moves on).
    if (r == core::wire::VarIntResult::Short)
        return used < kLengthBytes ? MeasureResult{Measure::NeedMore, 0} : MeasureResult{Measure::Invalid, 1};
    if (r == core::wire::VarIntResult::TooLong || used > kLengthBytes || len > kMaxPacketLength)
        return {Measure::Invalid, used};
    const uint64_t total = used + len;
    if (avail < total) return {Measure::NeedMore, uint32_t(total)};
    return {Measure::Complete, uint32_t(total)};
}

MeasureResult measure_legacy_kick(const uint8_t* p, size_t avail) {
    if (avail < 3) return {Measure::NeedMore, 0};  // the total is not known yet
    if (p[0] != kLegacyKick) return {Measure::Invalid, 1};
    const uint32_t total = 3 + 2 * (uint32_t(p[1]) << 8 | p[2]);
    return avail < total ? MeasureResult{Measure::NeedMore, total} : MeasureResult{Measure::Complete, total};
}

FrameParts split_frame(const uint8_t* p, uint32_t len, bool compressed_framing) {
    FrameParts f;
    uint64_t v;
    core::wire::read_varint(p, len, 5, v, f.length_len);
    f.length = uint32_t(v);
    f.body_offset = f.length_len;
    if (compressed_framing) {
        const core::wire::VarIntResult r = core::wire::read_varint(p + f.length_len, len - f.length_len, 5, v,
                                                                   f.data_length_len);
        if (r != core::wire::VarIntResult::Ok) {
            f.data_length_bad = true;
            f.data_length_len = len - f.length_len;
        } else {
            f.data_length = uint32_t(v);
        }
        f.body_offset += f.data_length_len;
    }
    return f;
}

}  // namespace mcjava
