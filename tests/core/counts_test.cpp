// The core's counts added for RakNet and MCPE 0.x: a byte count given in
// bits (RakNet's frame length, ceil(bits / 8) bytes), "the rest" that
// leaves fixed fields at the end of the region (RakNet's internal address
// list before two timestamps), a popcount times a unit (MCPE's chunk
// columns), and IPv4 addresses with RakNet's inverted bytes; decoded and
// written back by the encoder. An open length (MCPE's "byte[]" of no length
// before fixed fields): what the fixed fields after it leave.
#include <gtest/gtest.h>

#include "core/decoder.hpp"
#include "core/describe.hpp"
#include "core/encoder.hpp"
#include "core/format.hpp"
#include "core/schema.hpp"
#include "../support/collect_decoded.hpp"
#include "test_findings.hpp"

namespace {

using namespace core::describe;
using core::Kind;
using coretest::Collect;
using coretest::from_hex;

const core::Field kHeader[] = {{"id", "ID", Kind::U8, core::kFollows}};

core::Schema make() {
    static const core::MessageTable t = table(nullptr, "test", {
        msg(1, "frame", "Frame", {
            u16("length_bits", "Length in bits"),
            bytes("body", "Body", field_bits(), "length_bits"),
        }),
        msg(2, "addresses", "Addresses", {
            array("address", "Address", rest_but(4), {u8("v", "Version"), ipv4("ip", "IPv4", 0xFFFFFFFF)}),
            u32("time", "Time"),
        }),
        msg(3, "column", "Column", {
            u8("mask", "Section mask").hex(),
            bytes("blocks", "Blocks", times(popcount(), 4), "mask"),
            bytes("tail", "Tail", rest_but(1)),
            u8("last", "Last"),
        }),
        // An open length between fixed fields: 1 + 4 + 4 bytes after it.
        msg(4, "open", "Open", {
            u8("head", "Head"),
            bytes("block", "Block", open_length()),
            u8("meta", "Meta"), i32("eid", "Entity ID"), f32("f", "F"),
        }),
        // A count times a unit wider than a byte (MCPE's 4096 ids per section).
        msg(5, "sections", "Sections", {
            u8("n", "Count"),
            bytes("ids", "IDs", times(field_count(), 4096), "n"),
        }),
    });
    static const core::Version v{"test", "counts test", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    core::DecodeFindings f{};
    f.trailing = coretest::FindingCode::TrailingBytes;
    f.truncated = coretest::FindingCode::Truncated;
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

TEST(CoreCounts, LengthInBitsRoundsUpToBytes) {
    // 17 bits: 3 bytes.
    const Collect c = decode(from_hex("01" "0011" "aabbcc"));
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.text("t.frame.body"), std::string("\xaa\xbb\xcc"));
    // 24 bits, 2 bytes there: truncated.
    const Collect t = decode(from_hex("01" "0018" "aabb"));
    ASSERT_EQ(t.finding_names().size(), 1u);
    EXPECT_EQ(t.finding_names()[0], "test.malformed.truncated");
}

TEST(CoreCounts, RestLeavesTheFieldsAfterIt) {
    // Two addresses (inverted 127.0.0.1 and 255.255.255.255), then a time.
    const Collect c = decode(from_hex("02" "0480fffffe" "0400000000" "0000002a"));
    EXPECT_TRUE(c.findings.empty()) << c.finding_names().size();
    EXPECT_EQ(c.count("t.addresses.ip"), 2u);
    EXPECT_EQ(c.num("t.addresses.ip", 0), double(0x7F000001));
    EXPECT_EQ(c.num("t.addresses.ip", 1), double(0xFFFFFFFF));
    EXPECT_EQ(c.num("t.addresses.time"), 42);
    // Too short for the reserved field: no entry, the time truncated.
    const Collect t = decode(from_hex("02" "0000"));
    EXPECT_EQ(t.count("t.addresses.ip"), 0u);
    EXPECT_EQ(t.finding_names().size(), 1u);
}

TEST(CoreCounts, PopcountTimesAUnit) {
    // Mask 0x05: two sections of 4 bytes, then one tail byte and the last.
    const Collect c = decode(from_hex("03" "05" "0102030405060708" "ee" "ff"));
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.get("t.column.blocks")->text.size(), 8u);
    EXPECT_EQ(c.text("t.column.tail"), std::string("\xee"));
    EXPECT_EQ(c.num("t.column.last"), 255);
}

// The compiler sums the fixed sizes after the open field: 1 (u8) + 4 (i32)
// + 4 (f32) = 9 bytes reserved.
TEST(CoreCounts, OpenLengthIsWhatTheFixedFieldsAfterItLeave) {
    const core::Node* n = schema().node("t.open.block");
    ASSERT_NE(n, nullptr);
    EXPECT_EQ(n->reserve, 9u);
    // 12 bytes after the id: head 01, block 1 byte (12 - 1 - 9 = 1): aa,
    // meta 02, eid 00000011 = 17, f 3f000000 = 0.5.
    const Collect one = decode(from_hex("04" "01" "aa" "02" "00000011" "3f000000"));
    EXPECT_TRUE(one.findings.empty());
    EXPECT_EQ(one.text("t.open.block"), std::string("\xaa"));
    EXPECT_EQ(one.num("t.open.meta"), 2);
    EXPECT_EQ(one.num("t.open.eid"), 17);
    EXPECT_EQ(one.num("t.open.f"), 0.5);
    // The same rows with two bytes there: the block takes both.
    const Collect two = decode(from_hex("04" "01" "aabb" "02" "00000011" "3f000000"));
    EXPECT_TRUE(two.findings.empty());
    EXPECT_EQ(two.text("t.open.block"), std::string("\xaa\xbb"));
    EXPECT_EQ(two.num("t.open.eid"), 17);
    // None: an empty block, every fixed field still in place.
    const Collect none = decode(from_hex("04" "01" "02" "00000011" "3f000000"));
    EXPECT_TRUE(none.findings.empty());
    EXPECT_EQ(none.text("t.open.block"), "");
    EXPECT_EQ(none.num("t.open.f"), 0.5);
    // Shorter than the fixed fields: the last one runs past the end.
    const Collect cut = decode(from_hex("04" "01" "02" "00000011" "3f00"));
    ASSERT_EQ(cut.finding_names().size(), 1u);
    EXPECT_EQ(cut.finding_names()[0], "test.malformed.truncated");
    // The encoder writes the bytes given.
    EXPECT_EQ(core::encode(schema(), 0, 4,
                           core::Value{{"head", 1}, {"block", core::Value::bytes(std::string("\xaa", 1))}, {"meta", 2},
                                       {"eid", 17}, {"f", 0.5}}),
              from_hex("04" "01" "aa" "02" "00000011" "3f000000"));
}

// A row after an open length without a fixed size: a table error.
TEST(CoreCounts, OpenLengthBeforeAVariableFieldIsATableError) {
    static const core::MessageTable t = table(nullptr, "bad", {
        msg(1, "bad", "Bad", {bytes("a", "A", open_length()), text("s", "S", prefix(Kind::U16))}),
    });
    static const core::Version v{"bad", "bad", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    EXPECT_THROW(core::compile(core::SchemaSpec{"b", &v, core::ByteOrder::Big, core::DecodeFindings{}, {nullptr, 0}}),
                 std::logic_error);
}

// Two sections of 4096 bytes (a unit that needs more than 8 bits).
TEST(CoreCounts, CountTimesAWideUnit) {
    std::vector<uint8_t> b = {5, 2};
    b.insert(b.end(), 8192, 7);
    const Collect c = decode(b);
    EXPECT_TRUE(c.findings.empty());
    EXPECT_EQ(c.get("t.sections.ids")->text.size(), 8192u);
    b.pop_back();  // one short: truncated
    EXPECT_EQ(decode(b).finding_names().size(), 1u);
}

TEST(CoreCounts, Ipv4FormatsDottedAndEncodes) {
    const core::Schema& s = schema();
    const auto b = core::encode(s, 0, 2,
                                core::Value{{"address", core::Value::list({core::Value{{"v", 4}, {"ip", "127.0.0.1"}}})},
                                            {"time", 7}});
    EXPECT_EQ(b, from_hex("02" "0480fffffe" "00000007"));
    struct Fmt {
        std::string ip;
        void open(const core::Item&) {}
        void close() {}
        void finding(const core::Finding&) {}
        void leaf(const core::Item& it) {
            if (it.info->kind != Kind::Ipv4) return;
            char buf[32];
            core::format_value(it, buf, sizeof buf);
            ip = buf;
        }
    } f;
    core::decode(s, b.data(), b.size(), core::DecodeContext{}, f);
    EXPECT_EQ(f.ip, "127.0.0.1");
}

}  // namespace
