// UTF-16BE text (Encoding::Utf16Be, Minecraft's string16) reaches visitors
// as UTF-8 converted in the decoder's own buffer: BMP characters, surrogate
// pairs, an unpaired surrogate (U+FFFD and a finding), two texts in one
// message, text longer than the buffer (cut with an ellipsis), a switch on
// converted text, and the encoder's UTF-16 written back.
#include <gtest/gtest.h>

#include "core/decoder.hpp"
#include "core/describe.hpp"
#include "core/encoder.hpp"
#include "core/schema.hpp"
#include "core/utf16.hpp"
#include "../support/collect_decoded.hpp"
#include "test_findings.hpp"

namespace {

using namespace core::describe;
using core::Encoding;
using core::Kind;
using coretest::Collect;
using coretest::from_hex;

const core::Field kHeader[] = {{"id", "ID", Kind::U8, core::kFollows}};

F string16(const char* k, const char* n, uint32_t max_chars = 0) {
    return text(k, n, prefix(Kind::U16), max_chars, Encoding::Utf16Be);
}

core::Schema make() {
    static const core::MessageTable t = table(nullptr, "test", {
        msg(1, "two", "Two texts", {string16("a", "A", 8), string16("b", "B")}),
        msg(2, "named", "Switch on text", {
            string16("kind", "Kind"),
            select("kind", {on_text("é", {u8("accent", "Accent")})}, {u8("other", "Other")}),
        }),
    });
    static const core::Version v{"test", "utf16 test", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    core::DecodeFindings f{};
    f.string_not_utf8 = coretest::FindingCode::StringNotUtf8;
    f.text_too_long = coretest::FindingCode::StringTooLong;
    f.truncated = coretest::FindingCode::Truncated;
    f.trailing = coretest::FindingCode::TrailingBytes;
    return core::compile(core::SchemaSpec{"t", &v, core::ByteOrder::Big, f, {nullptr, 0}});
}

const core::Schema& schema() {
    static const core::Schema s = make();
    return s;
}

Collect decode(const std::vector<uint8_t>& b) {
    Collect c;
    c.summary = core::decode(schema(), b.data(), b.size(), core::DecodeContext{}, c);
    return c;
}

TEST(CoreUtf16, ConvertsBmpAndSurrogatePairs) {
    // "Hé" then U+20AC (euro) and U+1F600 (a surrogate pair D83D DE00).
    const Collect c = decode(from_hex("01" "0002" "004800e9" "0003" "20ac" "d83dde00"));
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.text("t.two.a"), "H\xC3\xA9");
    EXPECT_EQ(c.text("t.two.b"), "\xE2\x82\xAC\xF0\x9F\x98\x80");
    // Offsets and lengths are the wire's: prefix + 2 bytes per code unit.
    EXPECT_EQ(c.get("t.two.a")->offset, 1u);
    EXPECT_EQ(c.get("t.two.a")->length, 6u);
    EXPECT_EQ(c.get("t.two.b")->offset, 7u);
    EXPECT_EQ(c.get("t.two.b")->length, 8u);
}

TEST(CoreUtf16, UnpairedSurrogateIsReplacedAndReported) {
    const Collect c = decode(from_hex("01" "0002" "0041d800" "0001" "dc00"));
    EXPECT_EQ(c.text("t.two.a"), "A\xEF\xBF\xBD");
    EXPECT_EQ(c.text("t.two.b"), "\xEF\xBF\xBD");
    ASSERT_EQ(c.findings.size(), 2u);
    EXPECT_EQ(c.finding_names()[0], "test.malformed.not_utf8");
    EXPECT_EQ(c.findings[0].offset, 5u);  // the high surrogate's bytes
    EXPECT_EQ(c.findings[0].a, 1);        // its code unit index
    EXPECT_EQ(c.findings[1].offset, 9u);
}

TEST(CoreUtf16, TooManyCharactersIsReportedInCodeUnits) {
    const Collect c = decode(from_hex("01" "0009" "004100410041004100410041004100410041" "0000"));
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "test.malformed.string_length");
    EXPECT_EQ(c.findings[0].a, 9);
    EXPECT_EQ(c.text("t.two.a"), "AAAAAAAAA");
}

TEST(CoreUtf16, LongTextIsCutWithAnEllipsisWithoutFindings) {
    // 3000 x U+00E9: 6000 bytes of UTF-8, more than the decoder's 4 KiB.
    std::vector<uint8_t> b = {1, 0, 0, 0x0B, 0xB8};  // a empty, b 3000 code units
    for (int i = 0; i < 3000; ++i) b.insert(b.end(), {0x00, 0xE9});
    const Collect c = decode(b);
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.text("t.two.a"), "");
    const std::string t = c.text("t.two.b");
    ASSERT_GE(t.size(), 3u);
    EXPECT_LE(t.size(), 4096u);
    EXPECT_EQ(t.substr(t.size() - 3), "\xE2\x80\xA6");
    EXPECT_EQ(t.substr(0, 4), "\xC3\xA9\xC3\xA9");
    EXPECT_EQ((t.size() - 3) % 2, 0u);  // cut between characters
    EXPECT_EQ(c.get("t.two.b")->length, 6002u);
}

TEST(CoreUtf16, SwitchComparesTheConvertedText) {
    Collect c = decode(from_hex("02" "0001" "00e9" "07"));
    EXPECT_EQ(c.num("t.named.accent"), 7);
    EXPECT_EQ(c.count("t.named.other"), 0u);
    c = decode(from_hex("02" "0001" "0065" "08"));
    EXPECT_EQ(c.num("t.named.other"), 8);
}

struct Quiet {
    static constexpr bool kFindingsOnly = true;
    std::vector<core::Finding> findings;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) { findings.push_back(f); }
};

TEST(CoreUtf16, FindingsOnlyDecodeReportsTheSame) {
    Quiet q;
    const auto b = from_hex("01" "0002" "0041d800" "0001" "dc00");
    core::decode(schema(), b.data(), b.size(), core::DecodeContext{}, q);
    ASSERT_EQ(q.findings.size(), 2u);
    EXPECT_EQ(q.findings[0].offset, 5u);
}

TEST(CoreUtf16, EncoderWritesWhatTheDecoderShows) {
    const auto b = core::encode(schema(), 0, 1, core::Value{{"a", "H\xC3\xA9"}, {"b", "\xE2\x82\xAC\xF0\x9F\x98\x80"}});
    EXPECT_EQ(b, from_hex("01" "0002" "004800e9" "0003" "20acd83dde00"));
}

TEST(CoreUtf16, ConverterStopsAtACharacterThatDoesNotFit) {
    const auto p = from_hex("00e9" "20ac");
    char out[4];
    const core::Utf16Converted r = core::utf16be_to_utf8(p.data(), 2, out, 4);
    EXPECT_TRUE(r.cut);
    EXPECT_EQ(r.written, 2u);
    EXPECT_EQ(core::utf16be_invalid_at(p.data(), 2), std::string_view::npos);
}

}  // namespace
