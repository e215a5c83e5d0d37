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
// million blocks and heights within -128..512, finite floats, entity ids
// below 2^26, velocities within the seed's cap, block y within 0..128,
// health 0..20, time 0..24000, strings under 256 bytes, Map Chunk data
// that starts with a zlib header and a region within the world's height,
// gzip Complex Entities). Messages of at most one payload byte (Keep Alive,
// Respawn, Player, Update Health) fit almost any bytes: they do not count
// and cannot start a chain; a candidate over 4 KiB is refused rather than
// waited for.
//
// How reliable, measured at every offset of the crafted session's streams
// (tests/protocols/mcalpha_framing_test.cpp): of 42,318 offsets inside
// messages, 1 is accepted (client: the tail of a Use Entity reads as an Arm
// Animation for entity 1600 and ends where the next real message starts,
// so decoding realigns after that one fake message); none leads decoding
// astray. Every real message start is accepted except those of at most one
// payload byte and the last two of each stream (not three messages left).
// After a 37-byte gap at each of 1,136 places, decoding resumed at the
// first real message after it (server: worst one message later; client:
// mean 0.29, worst 6 messages later, a run of Player messages) with no fake
// message. This is a property of this traffic: a stream of other messages
// (e.g. many Update Health) would give other figures.
#pragma once

#include "core/held_streams.hpp"
#include "core/parsed_framing.hpp"
#include "directions.hpp"

namespace mcalpha {

constexpr uint32_t kResyncMessages = 3;
// A resynchronisation point is not waited for beyond this many bytes: a
// real Map Chunk after a gap is skipped, the messages after it are found.
constexpr uint32_t kMaxResyncMessage = 4096;
// Messages of one payload byte or none (Keep Alive, Respawn, Player, Update
// Health) fit almost any bytes: they do not count towards the three.
constexpr uint32_t kMinResyncPayload = 2;

// Where the first whole message of a stream picked up mid-way starts:
// the first offset from which messages parse back to back (sixteen, or to
// the end of p[0, len), where the last may be cut unless `ended`), with
// three plausible ones in a row among them (starts_here()). Found: `at`;
// NeedMore: too few bytes to tell; Invalid: none in these bytes.
core::Measure first_message(Side d, const uint8_t* p, size_t len, bool ended, size_t& at);
// Both directions of a connection picked up mid-way, held (the analyzer's
// session, the plugin's desegmentation): each one's first message, decided
// once each has its start, or none to find (no bytes, none in them, the
// end) while the other's is known, or `last`.
core::HeldStart first_messages(const core::HeldStreams& held, bool last);

class StreamFraming : public core::ParsedFraming {
public:
    explicit StreamFraming(Side d);
    Side direction() const { return dir_; }

protected:
    bool plausible(const core::MessageSummary& summary, const uint8_t* p, uint32_t len) const override;

private:
    Side dir_;
};

}  // namespace mcalpha
