// Telling Minecraft Alpha from Java Edition on port 25565 by the client's
// first bytes (src/protocols/minecraft_detect.hpp), including every prefix
// of each Handshake: NeedMore until it can tell, never the wrong answer.
#include <gtest/gtest.h>

#include "../support/collect_decoded.hpp"
#include "protocols/mc_alpha/simulator.hpp"
#include "protocols/minecraft_detect.hpp"

namespace {

using coretest::from_hex;
using minecraft::Edition;

Edition classify(const std::vector<uint8_t>& b, size_t n) { return minecraft::classify_first_client_bytes(b.data(), n); }

void every_prefix(const std::vector<uint8_t>& b, Edition want) {
    for (size_t n = 0; n < b.size(); ++n) {
        const Edition e = classify(b, n);
        EXPECT_TRUE(e == Edition::NeedMore || e == want) << n << ": " << minecraft::edition_name(e);
    }
    EXPECT_EQ(classify(b, b.size()), want);
}

TEST(MinecraftDetect, AlphaHandshake) {
    every_prefix(from_hex("02" "0006" "546b54656368"), Edition::Alpha);  // the seed's "TkTech"
    // The simulator's first client message, followed by its Login Request.
    const auto recs = mcalpha::sim::session();
    std::vector<uint8_t> first = recs[0].bytes;
    EXPECT_EQ(classify(first, first.size()), Edition::Alpha);
    first.insert(first.end(), recs[2].bytes.begin(), recs[2].bytes.end());
    EXPECT_EQ(classify(first, first.size()), Edition::Alpha);
}

TEST(MinecraftDetect, JavaHandshake) {
    // A 1.14.4 client's status Handshake (mcjava-1.14.4-status-only.pcap), with its length.
    every_prefix(from_hex("10" "00f203093132372e302e302e3163dd01"), Edition::Java);
    // Followed by the status Request in the same segment.
    EXPECT_EQ(classify(from_hex("10" "00f203093132372e302e302e3163dd01" "0100"), 19), Edition::Java);
    // Forge appends "\0FML\0" to the address: still Java.
    every_prefix(from_hex("15" "00f2030e3132372e302e302e31" "00464d4c00" "63dd02"), Edition::Java);
}

TEST(MinecraftDetect, LegacyPingAndOthers) {
    EXPECT_EQ(classify(from_hex("fe01"), 2), Edition::JavaLegacyPing);
    EXPECT_EQ(classify(from_hex("474554202f20485454502f312e31"), 14), Edition::Neither);  // "GET / HTTP/1.1"
    EXPECT_EQ(classify(from_hex("02" "0000"), 3), Edition::Neither);          // an empty name
    EXPECT_EQ(classify(from_hex("02" "0003" "41000a"), 6), Edition::Neither);  // control characters
    EXPECT_EQ(classify(from_hex("02" "ffff"), 3), Edition::Neither);          // a name of 65535 bytes
    EXPECT_EQ(classify(from_hex("10" "01f203093132372e302e302e3163dd01"), 17), Edition::Neither);  // id 1
    EXPECT_EQ(classify(from_hex("10" "00f203093132372e302e302e3163dd03"), 17), Edition::Neither);  // next state 3
    EXPECT_EQ(classify({}, 0), Edition::NeedMore);
}

}  // namespace
