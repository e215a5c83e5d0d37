// What RakNet's one-line summaries add (protocols/raknet/info_text.hpp):
// the datagram numbers of an ACK/NAK from hand-written bytes, and the
// markers of a datagram's analysis.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocols/raknet/info_text.hpp"
#include "protocols/raknet/schema.hpp"
#include "protocols/raknet/versions.hpp"

namespace {

using namespace raknet;

std::string ranges(const std::vector<uint8_t>& b, size_t cap = 160) {
    const core::Schema& s = schema(version(Generation::Current));
    core::DecodeContext ctx;
    ctx.table = kPacketTable;
    std::vector<char> out(cap);
    const size_t n = record_ranges_text(s, b.data(), uint32_t(b.size()), ctx, out.data(), cap);
    return std::string(out.data(), n);
}

// RakNet's ACK (0xC0) and NAK (0xA0): u16 BE record count, then per record
// a byte "max equals min", the min (u24 LE) and, for a range, the max.
TEST(RaknetInfoText, AckRecordsAsNumbers) {
    const std::vector<uint8_t> ack = {0xC0, 0x00, 0x02,
                                      0x00, 0x0C, 0x00, 0x00, 0x0F, 0x00, 0x00,  // 12..15
                                      0x01, 0x11, 0x00, 0x00};                   // 17
    EXPECT_EQ(ranges(ack), " 12..15, 17");
    const std::vector<uint8_t> nak = {0xA0, 0x00, 0x01, 0x01, 0x34, 0x12, 0x00};  // 0x001234 = 4660
    EXPECT_EQ(ranges(nak), " 4660");
    // Records that do not fit end in "...", within the room given.
    std::vector<uint8_t> many = {0xC0, 0x00, 0x40};
    for (uint32_t i = 0; i < 64; ++i) {
        const uint32_t n = 100000 + 2 * i;
        many.insert(many.end(), {0x01, uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16)});
    }
    const std::string cut = ranges(many, 40);
    EXPECT_LT(cut.size(), 40u);
    EXPECT_EQ(cut.substr(0, 16), " 100000, 100002,");
    EXPECT_EQ(cut.substr(cut.size() - 3), "...");
}

TEST(RaknetInfoText, MarkersOfADatagram) {
    FrameResult frames[3];
    frames[0].role = FrameRole::Resend;
    frames[0].nak_frame = 69;
    frames[1].role = FrameRole::Resend;
    frames[2].role = FrameRole::Resend;
    PacketResult p;
    p.kind = PacketKind::Datagram;
    p.status = SeqStatus::Gap;
    p.frames = {frames, 3};
    char out[96] = "Datagram seq=15";
    size_t n = append_markers(p, out, std::strlen(out), sizeof out);
    EXPECT_EQ(std::string(out, n), "Datagram seq=15 [gap] [resent after NAK] [2 resent on timeout]");
    // An ACK gets none.
    p.kind = PacketKind::Ack;
    char ack[16] = "ACK";
    EXPECT_EQ(append_markers(p, ack, 3, sizeof ack), 3u);
}

}  // namespace
