// The Framing (stream_buffer.hpp) of a protocol without length prefixes: a
// message is as long as parsing it takes (measure.hpp), in the one message
// table the caller names (Minecraft Alpha: the direction's). The analyzer's
// StreamBuffer and Wireshark's desegmentation ask it the same questions.
//
// Resynchronisation (after a gap, or bytes that could not be framed):
// nothing marks where a message starts, so starts_here() accepts an offset
// only when `resync_messages` messages in a row from there measure
// complete, decode without a single finding and pass the protocol's
// plausibility check. A message of its id alone (a keep-alive), or with
// fewer payload bytes than the protocol says, proves nothing: it does not
// count, and a chain may not start with one. How often
// this accepts a wrong offset depends on the protocol's ids and values; the
// protocol measures it on its own traffic and says so.
#pragma once

#include <cstdint>

#include "measure.hpp"
#include "schema.hpp"
#include "stream_buffer.hpp"

namespace core {

class ParsedFraming : public Framing {
public:
    struct Spec {
        const Schema* schema = nullptr;
        uint32_t table = 0;               // the message table every message is read from
        uint32_t max_message = 0;         // longer messages are Invalid (an impossible length)
        uint32_t resync_messages = 3;     // messages in a row that starts_here() requires
        // starts_here(): a candidate message longer than this is refused at
        // once instead of waited for (0: max_message). Random bytes often
        // read as a message with a huge string; waiting for it would stall
        // the search until that many bytes arrived.
        uint32_t resync_max_message = 0;
        // starts_here(): a message with fewer payload bytes (after its id)
        // proves nothing: it does not count, and a chain may not start with
        // one. 1: only messages of their id alone (keep-alives).
        uint32_t resync_min_payload = 1;
        const int64_t* vars = nullptr;    // decoder variables, if the protocol has any
    };
    explicit ParsedFraming(const Spec& spec) : spec_(spec) {}

    MeasureResult measure(const uint8_t* p, size_t avail) override;
    Measure starts_here(const uint8_t* p, size_t avail) override;
    uint32_t max_message() const override { return spec_.max_message; }

    // The outcome of the last measure() (its id, type and findings count),
    // and when Invalid, the finding that made it so (none when too long).
    const Measured& last() const { return last_; }
    const Finding& last_fatal() const { return fatal_; }
    const Spec& spec() const { return spec_; }

protected:
    // A protocol's own check of a message starts_here() would accept
    // (values no real peer sends); `len` is the measured length.
    virtual bool plausible(const MessageSummary& summary, const uint8_t* p, uint32_t len) const;

private:
    DecodeContext context() const;

    Spec spec_;
    Measured last_;
    Finding fatal_;
};

}  // namespace core
