// Each violation becomes a finding and the rest of the packet still decodes.
#include <gtest/gtest.h>

#include "protocols/blank/le.hpp"

#include "collect.hpp"

namespace blank::test {
namespace {

std::vector<FindingCode> codes(const Collect& c) { return c.problems(); }

TEST(Malformed, ShortHeader) {
    auto c = decode_bytes(from_hex("afb11afb0100"));
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::ShortHeader});
    EXPECT_FALSE(c.summary.header_ok);
    EXPECT_EQ(c.findings[0].severity(), Severity::Error);
    EXPECT_EQ(c.text("blank.payload").size(), 6u);  // the bytes are still shown
}

TEST(Malformed, EmptyPacket) {
    auto c = decode_bytes({});
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::ShortHeader});
}

TEST(Malformed, WrongTagStillDecodesTheRest) {
    auto b = PacketBuilder(6).tag(0x12345678).set("blank.entity.id", 5).build();
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::BadTag});
    EXPECT_FALSE(c.summary.header_ok);
    EXPECT_EQ(c.num("blank.entity.id"), 5);
}

TEST(Malformed, UnknownType) {
    auto b = PacketBuilder(13).build();
    b.insert(b.end(), {1, 2, 3});
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::UnknownType});
    EXPECT_EQ(c.text("blank.payload"), std::string("\1\2\3"));
}

TEST(Malformed, FixedLengthTooShortKeepsTheFieldsThatFit) {
    auto b = PacketBuilder(8).set("blank.correction.update_seq", 9).payload_length(10).build();
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::BadLength});
    EXPECT_EQ(c.num("blank.correction.update_seq"), 9);
    EXPECT_EQ(c.get("blank.state"), nullptr);  // 42 bytes do not fit in 8
}

TEST(Malformed, FixedLengthTooLongShowsTrailingBytes) {
    auto b = PacketBuilder(6).payload_length(7).build();
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::BadLength});
    EXPECT_EQ(c.text("blank.trailing").size(), 3u);
}

TEST(Malformed, RepeatedLengthNotAMultiple) {
    auto b = PacketBuilder(7).payload_length(16 + 37 + 5).build();
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::BadLength});
    EXPECT_EQ(c.count("blank.entity.id"), 1u);  // the whole entry is still shown
}

TEST(Malformed, CountOutsideRange) {
    // 13 entries: length 16 + 13*37 = 497 > 460 and count 13 > 12
    auto c = decode_bytes(PacketBuilder(7).entries(13).build());
    EXPECT_EQ(codes(c), (std::vector<FindingCode>{FindingCode::BadLength, FindingCode::CountRange}));
    EXPECT_EQ(c.count("blank.entity.id"), 13u);
}

TEST(Malformed, ZeroCount) {
    auto c = decode_bytes(PacketBuilder(11).entries(1).set("blank.block.count", 0).build());
    EXPECT_EQ(codes(c), (std::vector<FindingCode>{FindingCode::CountRange, FindingCode::CountMismatch}));
}

TEST(Malformed, CountDisagreesWithLength) {
    auto c = decode_bytes(PacketBuilder(11).entries(2).set("blank.block.count", 5).build());
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::CountMismatch});
    EXPECT_EQ(c.count("blank.block.index"), 2u);  // what the length holds
    auto d = decode_bytes(PacketBuilder(11).entries(3).set("blank.block.count", 1).build());
    EXPECT_EQ(codes(d), std::vector<FindingCode>{FindingCode::CountMismatch});
    EXPECT_EQ(d.count("blank.block.index"), 1u);   // what the count says
    EXPECT_EQ(d.text("blank.trailing").size(), 12u);
}

TEST(Malformed, StringNotTerminated) {
    auto b = PacketBuilder(1).text("blank.player.name", "alice").payload_length(5).build();
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::StringUnterminated});
    EXPECT_EQ(c.text("blank.player.name"), "alice");
    EXPECT_EQ(c.findings.back().severity(), Severity::Warn);
}

TEST(Malformed, FullLengthStringNeedsNoTerminator) {
    auto c = decode_bytes(PacketBuilder(1).text("blank.player.name", std::string(32, 'a')).build());
    EXPECT_TRUE(codes(c).empty());
    EXPECT_EQ(c.text("blank.player.name").size(), 32u);
}

TEST(Malformed, StringNotUtf8) {
    auto c = decode_bytes(PacketBuilder(1).text("blank.player.name", "al\xff" "ce").build());
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::StringNotUtf8});
    EXPECT_EQ(c.findings.back().a, 2);  // byte 2 of the string
    auto ok = decode_bytes(PacketBuilder(1).text("blank.player.name", "J\xc3\xbcrgen").build());
    EXPECT_TRUE(codes(ok).empty());
}

TEST(Malformed, PaddingZeroIsFineAndNonZeroOnlyAComment) {
    auto zero = decode_bytes(PacketBuilder(0).padding(0, 0, 0).build());
    EXPECT_TRUE(zero.findings.empty());
    auto odd = decode_bytes(PacketBuilder(0).padding(1, 2, 3).build());
    ASSERT_EQ(odd.findings.size(), 1u);
    EXPECT_EQ(odd.findings[0].severity(), Severity::Comment);
    EXPECT_EQ(odd.summary.counted, 0u);
    EXPECT_NE(odd.summary.worst, Severity::Error);
}

TEST(Malformed, QuaternionPadBits) {
    auto b = PacketBuilder(8).build();
    b[16 + 2 + 30 + 7] |= 0x10;  // bit 60 of the packed quaternion
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::QuatPadBits});
}

TEST(Malformed, QuaternionNotUnit) {
    auto b = PacketBuilder(8).build();
    // largest w, x = y = z = +0.7072 (20-bit 1048574): 3 * 0.5 > 1
    uint64_t q = 3ull << 62 | 1048574ull << 40 | 1048574ull << 20 | 1048574ull;
    blank::le::put64(&b[16 + 2 + 30], q);
    auto c = decode_bytes(b);
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::QuatNotUnit});
}

TEST(Malformed, UnknownMessageTypeAndFace) {
    auto m = decode_bytes(PacketBuilder(12).set("blank.message.type", 7).text("blank.message.text", "x").compact().build());
    EXPECT_EQ(codes(m), std::vector<FindingCode>{FindingCode::UnknownValue});
    auto f = decode_bytes(PacketBuilder(11).set("blank.block.orient", 6 * 4).build());  // face 6
    EXPECT_EQ(codes(f), std::vector<FindingCode>{FindingCode::UnknownValue});
}

TEST(Malformed, PieceSizeDisagreesWithData) {
    auto c = decode_bytes(PacketBuilder(10).set("blank.chunk.piece_size", 100).text("blank.chunk.data", "abc").build());
    EXPECT_EQ(codes(c), std::vector<FindingCode>{FindingCode::PieceSizeMismatch});
    EXPECT_EQ(c.text("blank.chunk.data"), "abc");
}

TEST(Malformed, EveryTruncationOfEveryTypeDecodesWithoutReadingPastTheEnd) {
    // Cut each packet at every length: the decoder must stay inside the
    // buffer (ASan checks this in the sanitizer build) and report a finding.
    for (uint8_t t = 0; t <= 12; ++t) {
        auto full = PacketBuilder(t).text("blank.chunk.data", "0123456789").build();
        for (size_t n = 0; n < full.size(); ++n) {
            std::vector<uint8_t> cut(full.begin(), full.begin() + n);
            auto c = decode_bytes(cut);
            const LengthSpec& r = packet_type(schema(), t)->length;
            const size_t payload = n < 16 ? 0 : n - 16;
            const bool legal = n >= 16 && payload >= r.min && payload <= r.max &&
                               (r.rule != LengthRule::Repeated || (payload - r.base) % r.stride == 0);
            if (!legal) {
                EXPECT_FALSE(c.problems().empty()) << "type " << int(t) << " cut at " << n;
            }
        }
    }
}

TEST(Findings, EveryCodeHasAStableNameAndMessage) {
    for (size_t i = 0; i < kFindingCount; ++i) {
        const FindingInfo& fi = finding_info(FindingCode(i));
        EXPECT_EQ(size_t(fi.code), i);
        EXPECT_EQ(std::string(fi.name).rfind("blank.", 0), 0u) << fi.name;
        char buf[256];
        Finding f{FindingCode(i), 0, 0, 1, 2, 3, "X"};
        EXPECT_GT(format_finding(f, buf, sizeof buf), 5u);
    }
}

}  // namespace
}  // namespace blank::test
