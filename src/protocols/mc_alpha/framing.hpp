// The framing of one direction of a Minecraft Alpha connection: a message
// is as long as parsing it takes (core::ParsedFraming on the direction's
// table). The analyzer's stream buffer and Wireshark's desegmentation
// (Complete: the length; NeedMore: the total needed at least, so
// desegment_len = length - available; Invalid: nothing tells where the
// next message starts) ask it the same questions.
//
// Resynchronisation after a TCP gap or an unknown id (starts_here()):
// three messages in a row that measure complete, decode without a finding
// and hold values a real peer sends (positions within the world's 32
// million blocks, finite floats, entity ids below 2^26, velocities within
// the seed's cap, strings under 256 bytes, Map Chunk data that starts with
// a zlib header and a region within the world's height, gzip Complex
// Entities). Keep-alives (an id alone) do not count. Measured on the
// crafted sessions (tests/protocols/mcalpha_framing_test.cpp): every true
// boundary with three whole messages after it is accepted; of the offsets
// inside messages, none is accepted in the server's stream and none in the
// client's (see that test for the figures and the worst cases).
#pragma once

#include "core/parsed_framing.hpp"
#include "directions.hpp"

namespace mcalpha {

constexpr uint32_t kResyncMessages = 3;
// A resynchronisation point is not waited for beyond this many bytes: a
// real Map Chunk after a gap is skipped, the messages after it are found.
constexpr uint32_t kMaxResyncMessage = 4096;

class StreamFraming : public core::ParsedFraming {
public:
    explicit StreamFraming(Direction d);
    Direction direction() const { return dir_; }

protected:
    bool plausible(const core::MessageSummary& summary, const uint8_t* p, uint32_t len) const override;

private:
    Direction dir_;
};

}  // namespace mcalpha
