// The primitive types of doc/protocol, with values computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "core/codecs.hpp"
#include "core/text.hpp"
#include "protocols/blank/le.hpp"

namespace blank {
namespace {

using namespace core::codecs;
using namespace blank::le;

TEST(Codec, LittleEndianReaders) {
    const uint8_t b[] = {0xaf, 0xb1, 0x1a, 0xfb, 0xff, 0x7f, 0x00, 0x80};
    EXPECT_EQ(u32(b), 0xFB1AB1AFu);
    EXPECT_EQ(u16(b + 4), 0x7fff);
    EXPECT_EQ(i16(b + 6), -32768);
    EXPECT_EQ(i32(b + 4), int32_t(0x80007fff));
    const uint8_t one[] = {0x00, 0x00, 0x80, 0x3f};  // 1.0f
    EXPECT_EQ(f32(one), 1.0f);
}

TEST(Codec, PackN) {
    EXPECT_EQ(packn(32767), 1.0);
    EXPECT_EQ(packn(-32767), -1.0);
    EXPECT_EQ(packn(0), 0.0);
    EXPECT_DOUBLE_EQ(packn(16384), 16384 / 32767.0);
    EXPECT_LT(packn(-32768), -1.0);  // never written by the game, still decodable
    EXPECT_EQ(to_packn(2.0), 32767);  // clamped like glm::clamp in the game
    EXPECT_EQ(to_packn(-2.0), -32767);
    EXPECT_EQ(to_packn(0.5), 16384);  // round(16383.5)
}

TEST(Codec, PackU) {
    EXPECT_EQ(packu(65535), 1.0);
    EXPECT_EQ(packu(0), 0.0);
    EXPECT_EQ(to_packu(0.5), 32768);  // round(32767.5)
    EXPECT_EQ(to_packu(-1), 0);
    EXPECT_EQ(to_packu(3), 65535);
}

TEST(Codec, QuatIdentityShortcut) {
    // largest = w (3), low 60 bits 0x7FFFF7FFFF7FFFF: exactly 1, the rest 0
    const Quat q = unpack_quat(0xC7FFFF7FFFF7FFFFull);
    EXPECT_EQ(q.largest, 3);
    EXPECT_EQ(q.c[3], 1.0);
    EXPECT_EQ(q.c[0], 0.0);
    EXPECT_FALSE(q.pad_bits_set);
    EXPECT_EQ(pack_quat({0, 0, 0, 1}), 0xC7FFFF7FFFF7FFFFull);
    EXPECT_EQ(pack_quat({0, 0, 0, -1}), 0xC7FFFF7FFFF7FFFFull);  // sign of the largest folded
}

TEST(Codec, QuatSmallComponents) {
    // largest = x (0); y = 1048574 -> +0.7072, z = 0 -> -0.7072, w = 524287 -> 0
    const uint64_t packed = 0ull << 62 | 1048574ull << 40 | 0ull << 20 | 524287ull;
    const Quat q = unpack_quat(packed);
    EXPECT_EQ(q.largest, 0);
    EXPECT_NEAR(q.c[1], 0.7072, 1e-12);
    EXPECT_NEAR(q.c[2], -0.7072 * 524287 / 524287.0, 1e-12);
    EXPECT_EQ(q.c[3], 0.0);
    // x = sqrt(1 - 2 * 0.7072^2) = sqrt(1 - 1.00026...) -> not normalisable
    EXPECT_TRUE(q.not_normalisable);
}

TEST(Codec, QuatRoundTrip) {
    const double h = std::sqrt(0.5);
    const double in[4] = {0, h, 0, h};  // 90 degrees about y
    const Quat q = unpack_quat(pack_quat(in));
    EXPECT_NEAR(q.c[1], h, 2e-6);
    EXPECT_NEAR(q.c[3], h, 2e-6);
    EXPECT_NEAR(q.c[0], 0, 2e-6);
    const double len = q.c[0] * q.c[0] + q.c[1] * q.c[1] + q.c[2] * q.c[2] + q.c[3] * q.c[3];
    EXPECT_NEAR(len, 1.0, 1e-9);
}

TEST(Codec, QuatPadBits) {
    EXPECT_TRUE(unpack_quat(0xD7FFFF7FFFF7FFFFull).pad_bits_set);  // bit 60
}

TEST(Utf8, Validation) {
    EXPECT_EQ(core::utf8_invalid_at("plain"), std::string_view::npos);
    EXPECT_EQ(core::utf8_invalid_at("J\xc3\xbcrgen \xe2\x82\xac \xf0\x9f\x98\x80"), std::string_view::npos);
    EXPECT_EQ(core::utf8_invalid_at("ab\xff"), 2u);
    EXPECT_EQ(core::utf8_invalid_at("\xc0\xaf"), 0u);          // overlong '/'
    EXPECT_EQ(core::utf8_invalid_at("x\xed\xa0\x80"), 1u);     // surrogate
    EXPECT_EQ(core::utf8_invalid_at("\xe2\x82"), 0u);          // cut short
    EXPECT_EQ(core::utf8_invalid_at("\xf4\x90\x80\x80"), 0u);  // above U+10FFFF
}

}  // namespace
}  // namespace blank
