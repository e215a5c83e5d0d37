// Framing by parsing (core/measure.hpp, core/parsed_framing.hpp) on a toy
// protocol with every construct whose length only parsing tells: prefixed
// text, an array counted by an earlier field whose entries end early on a
// switch, a bool option, a VarInt, a substream. Every prefix of every
// message needs more (never a wrong length), the whole message is complete
// whatever follows it, impossible values are Invalid, and the stream buffer
// cuts a stream split at any offset into the same messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/describe.hpp"
#include "core/encoder.hpp"
#include "core/measure.hpp"
#include "core/parsed_framing.hpp"
#include "core/stream_buffer.hpp"
#include "../support/collect_decoded.hpp"
#include "test_findings.hpp"

namespace {

using namespace core::describe;
using core::Kind;
using core::Measure;
using coretest::from_hex;

const core::Field kHeader[] = {{"id", "ID", Kind::U8, core::kFollows}};

core::Schema make() {
    static const core::MessageTable t = table(nullptr, "test", {
        msg(0, "ping", "Ping", {}),
        msg(1, "mix", "Mix", {
            text("name", "Name", prefix(Kind::U16)),
            i16("count", "Count"),
            array("items", "Item", field_count(), {
                i16("item_id", "Item id"),
                select("item_id", {on(-1, {})}, {u8("amount", "Amount"), i16("uses", "Uses")}),
            }, "count"),
            option("extra", "Extra", {i32("value", "Value")}),
            varint("v", "V"),
            [] {
                F b = bytes("inner", "Inner", prefix(Kind::U8));
                b.sub = {u8("a", "A"), u16("b", "B")};
                return b;
            }(),
        }),
        msg(2, "fixed", "Fixed", {i32("x", "X"), f64("y", "Y")}),
        msg(3, "records", "Records", {
            i32("record_count", "Record count"),
            array("records", "Record", field_count(), {i8("dx", "DX"), i8("dy", "DY"), i8("dz", "DZ")},
                  "record_count"),
        }),
    });
    static const core::Version v{"test", "measure test", {kHeader, 1}, "id", &t, 1, nullptr, 0, nullptr, 0, nullptr};
    core::DecodeFindings f{};
    f.unknown_type = coretest::FindingCode::UnknownId;
    f.truncated = coretest::FindingCode::Truncated;
    f.trailing = coretest::FindingCode::TrailingBytes;
    f.count_range = coretest::FindingCode::CountRange;
    f.bad_varint = coretest::FindingCode::BadVarInt;
    f.unknown_value = coretest::FindingCode::UnknownValue;
    return core::compile(core::SchemaSpec{"t", &v, core::ByteOrder::Big, f, {nullptr, 0}});
}

const core::Schema& schema() {
    static const core::Schema s = make();
    return s;
}

// Hand-written messages: id, then the fields.
std::vector<std::vector<uint8_t>> samples() {
    return {
        from_hex("00"),
        // name "abc"; 3 items: (1, 5, 7), empty (-1), (258, 5, 1); extra 9; v 129; inner (1, 0x0203)
        from_hex("01" "0003616263" "0003" "0001" "05" "0007" "ffff" "0102" "05" "0001" "01" "00000009" "8101" "03"
                 "01" "0203"),
        from_hex("01" "0000" "0000" "00" "00" "03" "000000"),
        from_hex("02" "00000001" "3ff0000000000000"),
        from_hex("03" "00000002" "010203" "fffefd"),
    };
}

constexpr uint32_t kMax = 1 << 16;

core::Measured measure(const std::vector<uint8_t>& b, size_t avail) {
    return core::measure_message(schema(), b.data(), avail, core::DecodeContext{}, kMax);
}

TEST(CoreMeasure, EveryPrefixNeedsMoreAndTheWholeIsComplete) {
    for (const auto& m : samples()) {
        SCOPED_TRACE(int(m[0]));
        for (size_t n = 0; n < m.size(); ++n) {
            const core::Measured r = measure(m, n);
            ASSERT_EQ(r.result.status, Measure::NeedMore) << "at " << n;
            EXPECT_GT(r.result.length, n);
            EXPECT_LE(r.result.length, m.size()) << "at " << n;  // never more than the message has
        }
        const core::Measured r = measure(m, m.size());
        ASSERT_EQ(r.result.status, Measure::Complete);
        EXPECT_EQ(r.result.length, m.size());
        EXPECT_EQ(r.summary.findings, 0u);
        // Whatever follows belongs to the next message.
        std::vector<uint8_t> more = m;
        more.insert(more.end(), {0x02, 0xFF, 0xFF, 0xFF});
        const core::Measured r2 = measure(more, more.size());
        ASSERT_EQ(r2.result.status, Measure::Complete);
        EXPECT_EQ(r2.result.length, m.size());
    }
}

TEST(CoreMeasure, NeedMoreSaysHowMuchWhenAStringOrArrayLengthIsKnown) {
    const auto m = samples()[1];
    EXPECT_EQ(measure(m, 3).result.length, 6u);  // the prefix says 3 bytes of text
    EXPECT_EQ(measure(m, 2).result.length, 3u);  // the prefix itself
    const auto r = samples()[4];
    EXPECT_EQ(measure(r, 5).result.length, 11u);  // two records of 3 bytes
}

struct Found {
    static constexpr bool kFindingsOnly = true;
    std::vector<std::string> names;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) { names.push_back(core::finding_info(f.code).name); }
};

TEST(CoreMeasure, ImpossibleValuesAreInvalidWithTheirFinding) {
    Found f;
    auto neg = from_hex("03" "ffffffff" "010203");
    core::Measured r = core::measure_message(schema(), neg.data(), neg.size(), core::DecodeContext{}, kMax, f);
    EXPECT_EQ(r.result.status, Measure::Invalid);
    ASSERT_EQ(f.names.size(), 1u);
    EXPECT_EQ(f.names[0], "test.malformed.count");

    f.names.clear();
    auto unknown = from_hex("09" "0000");
    r = core::measure_message(schema(), unknown.data(), unknown.size(), core::DecodeContext{}, kMax, f);
    EXPECT_EQ(r.result.status, Measure::Invalid);
    EXPECT_EQ(f.names, std::vector<std::string>{"test.malformed.unknown_id"});

    f.names.clear();
    auto varint = from_hex("01" "0000" "0000" "00" "ffffffffff7f" "00");
    r = core::measure_message(schema(), varint.data(), varint.size(), core::DecodeContext{}, kMax, f);
    EXPECT_EQ(r.result.status, Measure::Invalid);
    EXPECT_EQ(f.names, std::vector<std::string>{"test.malformed.varint"});
}

TEST(CoreMeasure, AMessageLongerThanTheLargestIsInvalid) {
    auto big = from_hex("03" "00100000");  // 1 Mi records of 3 bytes
    core::Measured r = core::measure_message(schema(), big.data(), big.size(), core::DecodeContext{}, kMax);
    EXPECT_EQ(r.result.status, Measure::Invalid);
    EXPECT_TRUE(r.too_long);
    auto ok = from_hex("03" "00000100");  // 256 records: wait for them
    r = core::measure_message(schema(), ok.data(), ok.size(), core::DecodeContext{}, kMax);
    EXPECT_EQ(r.result.status, Measure::NeedMore);
    EXPECT_EQ(r.result.length, 5u + 256u * 3u);  // records of fixed size: all of them at once
}

TEST(CoreMeasure, AFieldPastItsSubstreamIsAFaultNotANeed) {
    // inner: 2 bytes, but its rows take 3: complete, with a truncation finding.
    Found f;
    auto m = from_hex("01" "0000" "0000" "00" "00" "02" "0102");
    const core::Measured r = core::measure_message(schema(), m.data(), m.size(), core::DecodeContext{}, kMax, f);
    EXPECT_EQ(r.result.status, Measure::Complete);
    EXPECT_EQ(r.result.length, m.size());
    EXPECT_EQ(f.names, std::vector<std::string>{"test.malformed.truncated"});
}

std::vector<uint8_t> stream() {
    std::vector<uint8_t> s;
    for (int rep = 0; rep < 3; ++rep)
        for (const auto& m : samples()) s.insert(s.end(), m.begin(), m.end());
    return s;
}

std::vector<size_t> boundaries() {
    std::vector<size_t> b;
    size_t at = 0;
    for (int rep = 0; rep < 3; ++rep)
        for (const auto& m : samples()) {
            b.push_back(at);
            at += m.size();
        }
    return b;
}

core::ParsedFraming framing() {
    core::ParsedFraming::Spec spec;
    spec.schema = &schema();
    spec.max_message = kMax;
    spec.resync_messages = 2;
    return core::ParsedFraming(spec);
}

TEST(CoreParsedFraming, StartsHereOnlyAtBoundariesOfCleanChains) {
    core::ParsedFraming f = framing();
    const auto s = stream();
    const auto b = boundaries();
    EXPECT_EQ(f.starts_here(s.data(), s.size()), Measure::Invalid);  // a ping proves nothing
    EXPECT_EQ(f.starts_here(s.data() + b[1], s.size() - b[1]), Measure::Complete);
    EXPECT_EQ(f.starts_here(s.data() + b[4], s.size() - b[4]), Measure::Complete);
    // Near the end: not enough messages to tell yet.
    const size_t last = b.back();
    EXPECT_EQ(f.starts_here(s.data() + last, s.size() - last), Measure::NeedMore);
}

struct Cuts : core::StreamSink {
    std::vector<std::pair<uint64_t, uint32_t>> messages;
    uint64_t invalid_bytes = 0;
    std::vector<uint64_t> resyncs;
    void message(const uint8_t*, uint32_t len, const core::Span& w) override { messages.emplace_back(w.stream_offset, len); }
    void invalid(const uint8_t*, uint32_t len, const core::Span&) override { invalid_bytes += len; }
    void resynchronised(uint64_t skipped, const core::Span&) override { resyncs.push_back(skipped); }
};

TEST(CoreParsedFraming, StreamBufferCutsTheSameMessagesWhereverTheStreamIsSplit) {
    const auto s = stream();
    const auto b = boundaries();
    for (size_t cut1 = 0; cut1 <= s.size(); ++cut1) {
        for (size_t cut2 = cut1; cut2 <= s.size(); cut2 += 7) {
            core::ParsedFraming f = framing();
            core::StreamBuffer buf;
            Cuts c;
            buf.push(s.data(), cut1, 0, {1, 0}, f, c);
            buf.push(s.data() + cut1, cut2 - cut1, cut1, {2, 0}, f, c);
            buf.push(s.data() + cut2, s.size() - cut2, cut2, {3, 0}, f, c);
            ASSERT_EQ(c.messages.size(), b.size()) << cut1 << " " << cut2;
            for (size_t i = 0; i < b.size(); ++i) ASSERT_EQ(c.messages[i].first, b[i]);
            EXPECT_EQ(c.invalid_bytes, 0u);
            EXPECT_EQ(buf.pending(), 0u);
        }
    }
}

TEST(CoreParsedFraming, AfterAGapTheNextCleanChainIsFound) {
    const auto s = stream();
    const auto b = boundaries();
    core::ParsedFraming f = framing();
    core::StreamBuffer buf;
    Cuts c;
    // The first 10 bytes arrive, then 20 are missing.
    buf.push(s.data(), 10, 0, {1, 0}, f, c);
    buf.gap(10, 20, {2, 0}, f, c);
    buf.push(s.data() + 30, s.size() - 30, 30, {3, 0}, f, c);
    ASSERT_GE(c.resyncs.size(), 1u);
    ASSERT_GE(c.messages.size(), 2u);
    EXPECT_EQ(c.messages[0].first, 0u);
    // This toy's ids are few and its messages short, so a chain of two can
    // start inside a message (offset 30 here: 0x02 then 12 bytes read as a
    // Fixed message); decoding realigns within a few messages and the rest
    // are the real ones.
    const auto& last = c.messages.back();
    EXPECT_EQ(last.first, b.back());
    EXPECT_EQ(last.first + last.second, s.size());
    size_t real = 0;
    for (const auto& m : c.messages) real += std::find(b.begin(), b.end(), m.first) != b.end();
    EXPECT_GE(real, c.messages.size() - 2);
}

}  // namespace

namespace {

TEST(CoreEncoderCounts, ACountHeldByAnEarlierFieldIsComputedWhenNotGiven) {
    using core::Value;
    const Value items = Value::list({Value{{"item_id", 1}, {"amount", 5}, {"uses", 7}}, Value{{"item_id", -1}},
                                     Value{{"item_id", 258}, {"amount", 5}, {"uses", 1}}});
    const auto b = core::encode(schema(), 0, 1,
                                Value{{"name", "abc"}, {"items", items}, {"extra", 1}, {"value", 9}, {"v", 129},
                                      {"inner", Value{{"a", 1}, {"b", 0x203}}}});
    EXPECT_EQ(b, samples()[1]);
    const auto r = core::encode(schema(), 0, 3,
                                Value{{"records", Value::list({Value{{"dx", 1}, {"dy", 2}, {"dz", 3}},
                                                               Value{{"dx", -1}, {"dy", -2}, {"dz", -3}}})}});
    EXPECT_EQ(r, samples()[4]);
    // Given, it is written as given (a wrong count on purpose).
    const auto w = core::encode(schema(), 0, 3, Value{{"record_count", 5}, {"records", Value::list({})}});
    EXPECT_EQ(w, from_hex("03" "00000005"));
}

}  // namespace
