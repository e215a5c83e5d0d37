// A Minecraft Bedrock batch's decompression and packets (src/protocols/
// bedrock/batch.hpp), for the algorithm no bundled capture has: Snappy
// (bedrock-protocol 3.59.0 does not implement it: captures/bedrock/README.md),
// so the batch is compressed here with Debian's libsnappy. The packets are
// the real Request Network Settings of bedrock-1.26.60.pcap (frame 18,
// after 0xFE: 06 c1 01 00 00 08 b1: length 6, id 193 as a VarInt, protocol
// 2225 big-endian) and a packet of sub-client bits written by hand.
#include <gtest/gtest.h>

#include <snappy-c.h>

#include <vector>

#include "protocols/bedrock/batch.hpp"

namespace {

using bedrock::Algorithm;
using bedrock::Form;
using bedrock::Unpack;

// Two packets: Request Network Settings, then id 0x73 (Network Stack
// Latency) with sender sub-client 1 and target 2 (header 0x73 | 1 << 10 |
// 2 << 12 = 0x2473: VarInt f3 48) and one byte of body.
const std::vector<uint8_t> kPackets = {0x06, 0xc1, 0x01, 0x00, 0x00, 0x08, 0xb1,  //
                                       0x03, 0xf3, 0x48, 0x2a};

std::vector<uint8_t> snappy_batch(const std::vector<uint8_t>& in) {
    size_t n = snappy_max_compressed_length(in.size());
    std::vector<uint8_t> out(1 + n);
    out[0] = uint8_t(Algorithm::Snappy);  // 1.20.60's header byte
    EXPECT_EQ(snappy_compress(reinterpret_cast<const char*>(in.data()), in.size(), reinterpret_cast<char*>(&out[1]), &n),
              SNAPPY_OK);
    out.resize(1 + n);
    return out;
}

TEST(BedrockBatch, SnappyWithItsHeaderByteGivesThePackets) {
    const std::vector<uint8_t> batch = snappy_batch(kPackets);
    bedrock::Decompressor d;
    const Form f{true, false, Algorithm::None};  // a header byte: the algorithm is the byte's
    ASSERT_EQ(bedrock::unpack(f, batch.data(), batch.size(), d), Unpack::Ok);
    ASSERT_EQ(std::vector<uint8_t>(d.out(), d.out() + d.out_size()), kPackets);
    std::vector<bedrock::PacketSpan> spans;
    core::Finding problem;
    ASSERT_TRUE(bedrock::split_packets(d.out(), d.out_size(), spans, problem));
    ASSERT_EQ(spans.size(), 2u);
    EXPECT_EQ(spans[0].id, 193);
    EXPECT_EQ(spans[0].offset, 1u);
    EXPECT_EQ(spans[0].len, 6u);
    EXPECT_EQ(spans[1].id, 0x73);
    EXPECT_EQ(spans[1].sender, 1);
    EXPECT_EQ(spans[1].target, 2);
    EXPECT_EQ(spans[1].offset, 8u);
    EXPECT_EQ(spans[1].len, 3u);
}

TEST(BedrockBatch, DamagedOrOversizedSnappyIsReportedNotRead) {
    std::vector<uint8_t> batch = snappy_batch(kPackets);
    bedrock::Decompressor d;
    const Form f{true, false, Algorithm::None};
    // Snappy's preamble is the uncompressed length as a VarInt: claim 1 GiB
    // (80 80 80 80 04): over the 16 MiB a batch may have, not allocated.
    std::vector<uint8_t> huge = {0x01, 0x80, 0x80, 0x80, 0x80, 0x04, 0x00};
    EXPECT_EQ(bedrock::unpack(f, huge.data(), huge.size(), d), Unpack::TooLarge);
    // Cut short: the literal runs past the end.
    EXPECT_EQ(bedrock::unpack(f, batch.data(), batch.size() - 3, d), Unpack::Damaged);
    // A header byte no release has.
    batch[0] = 0x02;
    EXPECT_EQ(bedrock::unpack(f, batch.data(), batch.size(), d), Unpack::UnknownAlgorithm);
}

}  // namespace
