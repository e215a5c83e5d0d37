// The core's counts added for RakNet and MCPE 0.x: a byte count given in
// bits (RakNet's frame length, ceil(bits / 8) bytes), "the rest" that
// leaves fixed fields at the end of the region (RakNet's internal address
// list before two timestamps), a popcount times a unit (MCPE's chunk
// columns), and IPv4 addresses with RakNet's inverted bytes; decoded and
// written back by the encoder.
#include <gtest/gtest.h>

#include "core/decoder.hpp"
#include "core/describe.hpp"
#include "core/encoder.hpp"
#include "core/format.hpp"
#include "core/schema.hpp"
#include "core_collect.hpp"
#include "protocols/mc_java/findings.hpp"

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
    });
    static const core::Version v{"test", "counts test", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    core::DecodeFindings f{};
    f.trailing = mcjava::FindingCode::TrailingBytes;
    f.truncated = mcjava::FindingCode::Truncated;
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
    EXPECT_EQ(t.finding_names()[0], "mcjava.malformed.truncated");
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
