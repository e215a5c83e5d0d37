// The heuristic both front ends use for RakNet on other ports
// (raknet/detect.hpp): offline messages of both layouts with the magic,
// nothing else.
#include <gtest/gtest.h>

#include "../support/collect_decoded.hpp"
#include "protocols/raknet/detect.hpp"

namespace {

using coretest::from_hex;

bool looks(const std::string& hex) {
    const std::vector<uint8_t> b = from_hex(hex);
    return raknet::looks_like_offline_message(b.data(), uint32_t(b.size()));
}

const std::string kMagic = "00ffff00fefefefefdfdfdfd12345678";

TEST(RaknetDetect, OfflineMessagesOfBothLayouts) {
    // Today's unconnected ping (with a GUID, 33 bytes): raknet-clean.pcap frame 1.
    EXPECT_TRUE(looks("01000001a2072795b1" + kMagic + "30b58e84d4ad6212"));
    // The seed's ping (no GUID, 25 bytes): the crafted session's frame 1.
    EXPECT_TRUE(looks("0100000000003c6d0d" + kMagic));
    // The seed's Open Connection Reply 1 (28 bytes): crafted frame 4.
    EXPECT_TRUE(looks("06" + kMagic + "00000000372cdc9e0005b8"));
}

TEST(RaknetDetect, NotRaknet) {
    EXPECT_FALSE(looks(""));
    EXPECT_FALSE(looks("00000000"));                               // the socket self-test
    EXPECT_FALSE(looks("840000004000900000000900"));              // a datagram: too generic to tell
    EXPECT_FALSE(looks("0100000000003c6d0d" + std::string(32, '0')));  // no magic
    EXPECT_FALSE(looks("01" + kMagic));                            // magic, but the ping's time is missing
    EXPECT_FALSE(looks("fe" + kMagic + "00"));                     // not an offline id
    EXPECT_FALSE(raknet::looks_like_offline_message(nullptr, 40));
}

}  // namespace
