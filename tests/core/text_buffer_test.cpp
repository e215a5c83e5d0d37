// core::TextBuffer: what the printers write per packet without printf,
// checked against what printf writes for the same values.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/text_buffer.hpp"

namespace {

std::string hex(uint64_t v, int digits) {
    char buf[64];
    core::TextBuffer(buf, sizeof buf).hex(v, digits);
    return buf;
}

TEST(TextBuffer, HexAndDecimalAsPrintfWritesThem) {
    char want[64];
    for (const uint64_t v : {uint64_t(0), uint64_t(0x1f), uint64_t(0xabcdef), ~uint64_t(0)})
        for (const int digits : {0, 2, 4, 8, 16, 20}) {
            std::snprintf(want, sizeof want, "0x%0*llx", digits, (unsigned long long)v);
            EXPECT_EQ(hex(v, digits), want) << v << " in " << digits << " digits";
        }
    char buf[64];
    core::TextBuffer t(buf, sizeof buf);
    t.add("seq ").add(uint64_t(18446744073709551615ull)).add(", ").add(0u);
    EXPECT_STREQ(buf, "seq 18446744073709551615, 0");
    EXPECT_EQ(t.size(), 27u);
}

TEST(TextBuffer, CutAtItsCapacityAndAlwaysTerminated) {
    char buf[8];
    core::TextBuffer t(buf, sizeof buf);
    t.add("ACK").add(" 12345").add(" more");
    EXPECT_STREQ(buf, "ACK 123");  // 7 characters and the NUL
    EXPECT_EQ(t.size(), 7u);
    EXPECT_FALSE(t.fits(1));
    // Appending to text already in the buffer.
    char line[16] = "frame";
    EXPECT_EQ(core::TextBuffer(line, sizeof line, 5).add(" ").add(42u).size(), 8u);
    EXPECT_STREQ(line, "frame 42");
}

}  // namespace
