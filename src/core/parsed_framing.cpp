#include "parsed_framing.hpp"

namespace core {

namespace {

// Bounded work per candidate offset: a chain of messages that prove nothing.
constexpr uint32_t kMaxChain = 64;

}  // namespace

DecodeContext ParsedFraming::context() const {
    DecodeContext c;
    c.table = spec_.table;
    c.vars = spec_.vars;
    return c;
}

bool ParsedFraming::plausible(const MessageSummary&, const uint8_t*, uint32_t) const { return true; }

MeasureResult ParsedFraming::measure(const uint8_t* p, size_t avail) {
    LastFinding f;
    last_ = measure_message(*spec_.schema, p, avail, context(), spec_.max_message, f);
    fatal_ = last_.result.status == Measure::Invalid && !last_.too_long ? f.last : Finding{kNoCode};
    return last_.result;
}

Measure ParsedFraming::starts_here(const uint8_t* p, size_t avail) {
    size_t pos = 0;
    uint32_t strong = 0;
    for (uint32_t k = 0; strong < spec_.resync_messages; ++k) {
        if (k >= kMaxChain) return Measure::Invalid;
        const uint32_t max = spec_.resync_max_message ? spec_.resync_max_message : spec_.max_message;
        const Measured m = measure_message(*spec_.schema, p + pos, avail - pos, context(), max);
        if (m.result.status != Measure::Complete) return m.result.status;
        if (m.summary.findings || !m.summary.type) return Measure::Invalid;
        const bool weak = m.summary.end - m.summary.header_len < spec_.resync_min_payload;
        if (weak && k == 0) return Measure::Invalid;
        if (!plausible(m.summary, p + pos, m.result.length)) return Measure::Invalid;
        if (!weak) ++strong;
        pos += m.result.length;
    }
    return Measure::Complete;
}

}  // namespace core
