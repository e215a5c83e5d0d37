// Framing by parsing: for the bytes of a stream received so far, whether a
// whole message is there and how long it is, for protocols whose messages
// carry no length (Minecraft Alpha: an id, then fields whose strings and
// arrays say how long they are). The decoder walks the message's rows in its
// measuring mode (DecodeContext::measure): findings only, no tree, no
// allocation; a field past the end is a need for more bytes, not a fault.
#pragma once

#include <cstddef>
#include <cstdint>

#include "decoder.hpp"
#include "stream_buffer.hpp"

namespace core {

struct Measured {
    // Complete: `length` bytes are the message. NeedMore: `length` is the
    // total needed at least (more than were given). Invalid (`length` 1):
    // the length cannot be told (unknown id, negative count, ...: the
    // summary's findings say which) or it exceeds the largest message.
    MeasureResult result{Measure::NeedMore, 1};
    MessageSummary summary;
    bool too_long = false;  // Invalid because the message needs more than max_message bytes
};

// A findings-only visitor that keeps the last finding: when a message is
// unframeable, the finding that stopped it (decoding stops there).
struct LastFinding {
    static constexpr bool kFindingsOnly = true;
    Finding last;
    uint32_t count = 0;
    void open(const Item&) {}
    void leaf(const Item&) {}
    void close() {}
    void finding(const Finding& f) {
        last = f;
        ++count;
    }
};

// Measures the message at p[0, avail) of table `ctx.table`; the decoder's
// findings go to `v` (a findings-only visitor: decoding is quiet).
template <class V>
Measured measure_message(const Schema& s, const uint8_t* p, size_t avail, DecodeContext ctx, uint32_t max_message,
                         V& v) {
    ctx.measure = true;
    ctx.header_only = false;
    Measured m;
    m.summary = decode(s, p, avail, ctx, v);
    const MessageSummary& sum = m.summary;
    if (sum.unframeable || (sum.need == 0 && sum.end == 0)) {
        m.result = {Measure::Invalid, 1};
    } else if (sum.need > 0) {
        m.too_long = sum.need > max_message;
        m.result = m.too_long ? MeasureResult{Measure::Invalid, 1} : MeasureResult{Measure::NeedMore, uint32_t(sum.need)};
    } else if (sum.end > max_message) {
        m.too_long = true;
        m.result = {Measure::Invalid, 1};
    } else {
        m.result = {Measure::Complete, sum.end};
    }
    return m;
}

inline Measured measure_message(const Schema& s, const uint8_t* p, size_t avail, const DecodeContext& ctx,
                                uint32_t max_message) {
    NullVisitor v;
    return measure_message(s, p, avail, ctx, max_message, v);
}

}  // namespace core
