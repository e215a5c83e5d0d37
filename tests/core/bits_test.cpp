// The core's derived views of an integer (describe.hpp flag() and bits()):
// values in full decoding, the same findings in findings-only decoding, on
// unsigned, signed and VarInt parents, and one flags row used by two cases
// of a switch (one filter field, compiled twice).
#include <gtest/gtest.h>

#include "core/decoder.hpp"
#include "core/describe.hpp"
#include "core/schema.hpp"
#include "../support/collect_decoded.hpp"
#include "test_findings.hpp"

namespace {

using namespace core::describe;
using core::Kind;
using coretest::Collect;
using coretest::from_hex;

constexpr core::ValueString kTypes[] = {{0, "root"}, {1, "literal"}, {2, "argument"}, {0, nullptr}};

const core::Field kHeader[] = {{"id", "ID", Kind::U8, core::kFollows}};

core::Schema make() {
    static const core::MessageTable t = table(nullptr, "test", {
        msg(1, "node", "Node", {
            u8("flags", "Flags").hex().flags({
                bits("type", "Node type", 0x03).vals(kTypes),
                flag("executable", "Executable", 0x04),
                bits("high", "High nibble", 0xF0),
            }),
            i8("relative", "Relative").flags({flag("sign", "Sign bit", 0x80), flag("x", "X", 0x01)}),
            varint("packed", "Packed").flags({bits("low", "Low 3 bits", 0x07), bits("rest", "Rest", 0x78)}),
            select("flags", {
                on(1, {u8("mode", "Mode").flags({flag("on", "On", 0x01)})}),
                on(2, {u8("mode", "Mode").flags({flag("on", "On", 0x01)})}),
            }, {}, 0x03),
        }),
    });
    static const core::Version v{"test", "bits test", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    core::DecodeFindings f{};
    f.unknown_value = coretest::FindingCode::UnknownValue;
    f.trailing = coretest::FindingCode::TrailingBytes;
    f.truncated = coretest::FindingCode::Truncated;
    return core::compile(core::SchemaSpec{"t", &v, core::ByteOrder::Big, f, {nullptr, 0}});
}

const core::Schema& schema() {
    static const core::Schema s = make();
    return s;
}

struct Quiet {
    static constexpr bool kFindingsOnly = true;
    std::vector<core::Finding> findings;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) { findings.push_back(f); }
};

Collect full(const std::string& hex) {
    const std::vector<uint8_t> b = from_hex(hex);
    Collect c;
    c.summary = core::decode(schema(), b.data(), b.size(), core::DecodeContext{}, c);
    return c;
}

size_t quiet(const std::string& hex) {
    const std::vector<uint8_t> b = from_hex(hex);
    Quiet q;
    core::decode(schema(), b.data(), b.size(), core::DecodeContext{}, q);
    return q.findings.size();
}

TEST(CoreBits, ValuesOfEveryParent) {
    // flags 0xA6 = 1010 0110: type 2, executable, high nibble 10; relative
    // 0x81 (i8 -127): sign and x set; packed VarInt 0x2D = 45 = 101 101: low
    // 5, rest 5; mode 0x01 (the argument case).
    const Collect c = full("01" "a6" "81" "2d" "01");
    for (auto& n : c.finding_names()) ADD_FAILURE() << n;
    EXPECT_EQ(c.num("t.node.flags"), 0xA6);
    EXPECT_EQ(c.num("t.node.flags.type"), 2);
    EXPECT_EQ(c.num("t.node.flags.executable"), 1);
    EXPECT_EQ(c.num("t.node.flags.high"), 10);
    EXPECT_EQ(c.num("t.node.relative"), -127);
    EXPECT_EQ(c.num("t.node.relative.sign"), 1);  // a signed parent's bits, not 0
    EXPECT_EQ(c.num("t.node.relative.x"), 1);
    EXPECT_EQ(c.num("t.node.packed.low"), 5);
    EXPECT_EQ(c.num("t.node.packed.rest"), 5);
    EXPECT_EQ(c.num("t.node.mode.on"), 1);
    EXPECT_EQ(quiet("01" "a6" "81" "2d" "01"), 0u);
}

TEST(CoreBits, UnknownBitsValueFoundInBothModes) {
    // type 3 is not a node type; the switch has no case for it either.
    const Collect c = full("01" "03" "00" "00");
    ASSERT_EQ(c.findings.size(), 1u);
    EXPECT_EQ(c.finding_names()[0], "test.unknown_value");
    EXPECT_EQ(c.findings[0].a, 3);
    EXPECT_EQ(quiet("01" "03" "00" "00"), 1u);
}

TEST(CoreBits, OneFlagsRowInTwoCasesIsOneField) {
    size_t n = 0;
    for (const core::FieldInfo& f : schema().fields) n += f.abbrev == "t.node.mode.on";
    EXPECT_EQ(n, 1u);
    const core::FieldInfo* type = schema().find("t.node.flags.type");
    ASSERT_NE(type, nullptr);
    EXPECT_EQ(type->vclass, core::ValueClass::Uint);
    EXPECT_EQ(type->bits, 8);  // the parent's width
    EXPECT_EQ(type->bitmask, 0x03u);
}

}  // namespace
