// core::StartFinder (confirmed_start.hpp) in core::StreamBuffer's search
// after a gap: bytes inside the message the gap cut that read as the start
// of a long message no longer hold back the real next messages, a few
// bytes on, until the claimed length arrives (or forever, when it never
// does); a lone clean message is not enough to take over from the
// candidate; and what the finder keeps stays bounded.
#include <gtest/gtest.h>

#include <vector>

#include "core/confirmed_start.hpp"
#include "core/stream_buffer.hpp"

namespace {

using core::Measure;
using core::MeasureResult;

// A toy framing: [length u8][type u8][length - 1 bytes], types 1 and 2; a
// message starts here when it is whole and of a known type (or, incomplete,
// when its type is known); type 3 always needs more (a stand-in for a
// candidate whose claimed length is beyond any test's bytes).
struct Toy : core::Framing {
    MeasureResult measure(const uint8_t* p, size_t avail) override {
        if (avail < 1) return {Measure::NeedMore, 0};
        if (p[0] == 0) return {Measure::Invalid, 1};
        const uint32_t total = 1u + p[0];
        return total <= avail ? MeasureResult{Measure::Complete, total} : MeasureResult{Measure::NeedMore, total};
    }
    Measure starts_here(const uint8_t* p, size_t avail) override {
        if (avail < 2) return Measure::NeedMore;
        if (p[1] == 3) return Measure::NeedMore;
        if (p[1] != 1 && p[1] != 2) return Measure::Invalid;
        return measure(p, avail).status;
    }
    uint32_t max_message() const override { return 256; }
    bool confirms_later_starts() const override { return true; }
};

struct Cuts : core::StreamSink {
    std::vector<uint64_t> at;  // stream offsets of the messages
    std::vector<uint64_t> resyncs;
    void message(const uint8_t*, uint32_t, const core::Span& w) override { at.push_back(w.stream_offset); }
    void invalid(const uint8_t*, uint32_t, const core::Span&) override {}
    void resynchronised(uint64_t skipped, const core::Span&) override { resyncs.push_back(skipped); }
};

// After a gap of 101 bytes (offsets 0..100), from offset 101: EE (no
// start), at 102 C8 01: a type-1 candidate of 201 bytes, at 103 01 03: a
// type-3 candidate, then at 104, 108 and 112 three real messages of 4 bytes.
std::vector<uint8_t> after_gap() {
    return {0xEE, 0xC8, 0x01, 0x03, 0x01, 0xAA, 0xBB, 0x03, 0x02, 0xCC, 0xDD, 0x03, 0x01, 0xEE, 0xFF};
}

TEST(CoreStartFinder, AConfirmedPairAfterTheCandidateIsTakenAtOnce) {
    const auto b = after_gap();
    Toy f;
    core::StreamBuffer buf;
    Cuts c;
    buf.gap(0, 101, {1, 0}, f, c);
    buf.push(b.data(), b.size(), 101, {2, 0}, f, c);
    // The pair at 104 and 108 confirms 104: resynchronised there at once,
    // three messages out (without the finder: none until 201 bytes came).
    EXPECT_EQ(c.at, (std::vector<uint64_t>{104, 108, 112}));
    ASSERT_EQ(c.resyncs.size(), 1u);
    EXPECT_EQ(c.resyncs[0], 101u + 3u);  // the gap and the three bytes before 104
}

TEST(CoreStartFinder, ALoneCleanMessageDoesNotOverruleTheCandidate) {
    // Only one message after the candidate: not confirmed, the search waits.
    const std::vector<uint8_t> b = {0xEE, 0xC8, 0x01, 0x03, 0x01, 0xAA, 0xBB};
    Toy f;
    core::StreamBuffer buf;
    Cuts c;
    buf.gap(0, 101, {1, 0}, f, c);
    buf.push(b.data(), b.size(), 101, {2, 0}, f, c);
    EXPECT_TRUE(c.at.empty());
    EXPECT_TRUE(buf.resyncing());
    // Its pair arrives: confirmed now.
    const std::vector<uint8_t> more = {0x03, 0x02, 0x00, 0x00};
    buf.push(more.data(), more.size(), 108, {3, 0}, f, c);
    EXPECT_EQ(c.at, (std::vector<uint64_t>{104, 108}));
}

TEST(CoreStartFinder, TheSameStartWhereverTheBytesAreSplit) {
    const auto b = after_gap();
    for (size_t cut = 1; cut < b.size(); ++cut) {
        Toy f;
        core::StreamBuffer buf;
        Cuts c;
        buf.gap(0, 101, {1, 0}, f, c);
        buf.push(b.data(), cut, 101, {2, 0}, f, c);
        buf.push(b.data() + cut, b.size() - cut, 101 + cut, {3, 0}, f, c);
        EXPECT_EQ(c.at, (std::vector<uint64_t>{104, 108, 112})) << cut;
    }
}

TEST(CoreStartFinder, OffsetsKeptForAnotherTryAreBounded) {
    // 10000 candidates that need more (type 3) in 20000 bytes: none is
    // confirmed; the finder keeps at most its bound of them.
    std::vector<uint8_t> b;
    for (int i = 0; i < 10000; ++i) b.insert(b.end(), {0x05, 0x03});
    Toy f;
    core::StartFinder finder;
    EXPECT_EQ(finder.find(b.data(), b.size(), 0, 1, f), b.size());
    b.insert(b.end(), {0x03, 0x01, 0, 0, 0x03, 0x02, 0, 0});
    // The pair at the end is found, after every kept offset was tried again.
    EXPECT_EQ(finder.find(b.data(), b.size(), 0, 1, f), 20000u);
}

}  // namespace
