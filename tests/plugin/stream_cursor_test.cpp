// The plugin's TCP stream layer (plugin/stream/stream_cursor, which has no
// Wireshark types) as a desegmenting dissector drives it: what it asks
// Wireshark for while a message is not whole yet. Asking for just the bytes
// the first ones promise and then not again lost Alpha messages that a
// segment cut inside a length field; Wireshark 4.0's TCP hands over whole
// segments, so tshark here does not show that loss, and the request itself
// is pinned.
#include <gtest/gtest.h>

#include "core/inflater.hpp"
#include "core/side.hpp"
#include "protocols/mc_alpha/framing.hpp"
#include "protocols/mc_java/connection.hpp"
#include "stream/stream_cursor.hpp"

namespace {

using plugin::stream::Step;
using plugin::stream::StreamCursor;

// Seed 001's own Chat Message example: the id 0x03, a short with the
// string's length (12), then "Hello World!".
const uint8_t kChat[] = {0x03, 0x00, 0x0c, 'H', 'e', 'l', 'l', 'o', ' ', 'W', 'o', 'r', 'l', 'd', '!'};

// Alpha is framed by parsing: the bytes so far give a lower bound at best
// (after the id, not even the string's length), so the layer asks for one
// more segment (length 0), and again on the next call, until it is whole.
TEST(StreamCursor, AlphaMessageNotWholeAsksForOneMoreSegment) {
    for (uint32_t have = 1; have < sizeof kChat; ++have) {
        SCOPED_TRACE("first " + std::to_string(have) + " bytes");
        mcalpha::StreamFraming f(core::Side::Client);
        StreamCursor c;
        ASSERT_EQ(c.begin(true, 1000, have, f), 0u);
        const Step s = c.step(0, kChat, have, f);
        EXPECT_TRUE(s.need_more);
        EXPECT_EQ(s.length, 0u);
    }
    mcalpha::StreamFraming f(core::Side::Client);
    StreamCursor c;
    ASSERT_EQ(c.begin(true, 1000, sizeof kChat, f), 0u);
    const Step s = c.step(0, kChat, sizeof kChat, f);
    EXPECT_FALSE(s.need_more);
    EXPECT_EQ(s.length, sizeof kChat);
}

// Java: once the Length VarInt is whole the need is exact (the rest of the
// packet); before that, one more segment.
TEST(StreamCursor, JavaAsksForTheRestOnceItsLengthIsRead) {
    // Length 0x90 0x01 = 144 (two-byte VarInt), then 144 bytes of packet.
    std::vector<uint8_t> packet{0x90, 0x01, 0x00};
    packet.resize(2 + 144, 0x00);
    core::Inflater inflater;
    mcjava::Connection conn(inflater);
    {
        StreamCursor c;
        ASSERT_EQ(c.begin(true, 5000, 1, conn.framing(core::Side::Client)), 0u);
        const Step s = c.step(0, packet.data(), 1, conn.framing(core::Side::Client));
        EXPECT_TRUE(s.need_more);
        EXPECT_EQ(s.length, 0u);  // the VarInt is not whole: its length is not known
    }
    for (uint32_t have : {2u, 3u, 100u}) {
        SCOPED_TRACE("first " + std::to_string(have) + " bytes");
        StreamCursor c;
        ASSERT_EQ(c.begin(true, 5000, have, conn.framing(core::Side::Client)), 0u);
        const Step s = c.step(0, packet.data(), have, conn.framing(core::Side::Client));
        EXPECT_TRUE(s.need_more);
        EXPECT_EQ(s.length, 146u - have);
    }
}

}  // namespace
