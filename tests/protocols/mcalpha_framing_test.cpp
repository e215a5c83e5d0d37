// Framing Minecraft Alpha by parsing on the simulator's healthy session:
// every message cut in two at every offset, the whole streams fed a byte
// at a time, gaps anywhere in the server's stream (decoding resumes at a
// real message and every message after is a real one), and how reliable
// starts_here() is at every offset of both streams.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/stream_buffer.hpp"
#include "mcalpha_support.hpp"
#include "protocols/mc_alpha/framing.hpp"

namespace {

using namespace alphatest;

struct Cuts : core::StreamSink {
    std::vector<std::pair<uint64_t, uint32_t>> messages;
    uint64_t invalid_bytes = 0, resyncs = 0;
    std::vector<std::pair<uint64_t, uint32_t>> cuts;  // messages a gap cut: offset, declared length
    void message(const uint8_t*, uint32_t len, const core::Span& w) override { messages.emplace_back(w.stream_offset, len); }
    void invalid(const uint8_t*, uint32_t len, const core::Span&) override { invalid_bytes += len; }
    void resynchronised(uint64_t, const core::Span&) override { ++resyncs; }
    void cut(const uint8_t*, uint32_t, uint32_t declared, const core::Span& w) override {
        cuts.emplace_back(w.stream_offset, declared);
    }
};

const std::vector<sim::Record>& session() {
    static const std::vector<sim::Record> r = sim::session();
    return r;
}

TEST(McAlphaFraming, EveryMessageCutInTwoAtEveryOffsetIsOneMessageOfItsLength) {
    size_t cuts = 0;
    for (const sim::Record& r : session()) {
        const uint32_t len = uint32_t(r.bytes.size());
        for (uint32_t at = 1; at < len; ++at) {
            StreamFraming f(r.dir);
            // NeedMore until complete, and never a total beyond the message.
            const core::MeasureResult first = f.measure(r.bytes.data(), at);
            ASSERT_EQ(first.status, core::Measure::NeedMore);
            ASSERT_GT(first.length, at);
            ASSERT_LE(first.length, len);
            core::StreamBuffer buf;
            Cuts c;
            buf.push(r.bytes.data(), at, 0, {1, 0}, f, c);
            ASSERT_TRUE(c.messages.empty());
            buf.push(r.bytes.data() + at, len - at, at, {2, 0}, f, c);
            ASSERT_EQ(c.messages.size(), 1u);
            ASSERT_EQ(c.messages[0].second, len);
            ASSERT_EQ(buf.pending(), 0u);
            ++cuts;
        }
    }
    EXPECT_GT(cuts, 40000u);
}

TEST(McAlphaFraming, BothStreamsFedAByteAtATimeGiveEveryMessage) {
    for (Side d : {Side::Client, Side::Server}) {
        const Stream s = stream(session(), d);
        StreamFraming f(d);
        core::StreamBuffer buf;
        Cuts c;
        for (size_t i = 0; i < s.bytes.size(); ++i) buf.push(&s.bytes[i], 1, i, {i + 1, 0}, f, c);
        ASSERT_EQ(c.messages.size(), s.starts.size());
        for (size_t i = 0; i < s.starts.size(); ++i) ASSERT_EQ(c.messages[i].first, s.starts[i]);
        EXPECT_EQ(c.invalid_bytes, 0u);
        EXPECT_EQ(buf.pending(), 0u);
    }
}

// A gap of `missing` bytes at `at` of a stream: decoding resumes at
// a real message (or, rarely, one fake message that ends where a real one
// starts: starts_here()'s false positives realign at once), and every
// message after is a real one. A message the gap cut whose length its
// first bytes tell is reported with that length, and when it ends after
// the gap decoding resumes at its end without a search.
void gap_at(Side d, const Stream& s, size_t at, size_t missing, size_t& resumed_after, size_t& fakes) {
    StreamFraming f(d);
    core::StreamBuffer buf;
    Cuts c;
    buf.push(s.bytes.data(), at, 0, {1, 0}, f, c);
    const size_t before = c.messages.size();
    buf.gap(at, missing, {2, 0}, f, c);
    const size_t from = at + missing;
    // In pieces of 1460 bytes, as TCP would bring them.
    for (size_t p = from; p < s.bytes.size(); p += 1460) {
        const size_t n = std::min<size_t>(1460, s.bytes.size() - p);
        buf.push(s.bytes.data() + p, n, p, {3, 0}, f, c);
    }
    buf.finish(f, c);  // the end of the capture: stop waiting for a candidate
    ASSERT_EQ(c.invalid_bytes, 0u);
    ASSERT_LE(c.cuts.size(), 1u);
    bool resumed_at_end = false;
    if (!c.cuts.empty()) {
        // The real message there, with its real length.
        const uint64_t cut_at = c.cuts[0].first;
        ASSERT_TRUE(std::binary_search(s.starts.begin(), s.starts.end(), cut_at)) << at;
        const auto next = std::upper_bound(s.starts.begin(), s.starts.end(), cut_at);
        const uint64_t real_end = next == s.starts.end() ? s.bytes.size() : *next;
        ASSERT_EQ(cut_at + c.cuts[0].second, real_end) << at;
        resumed_at_end = real_end >= from;
    }
    ASSERT_EQ(c.resyncs, resumed_at_end ? 0u : 1u) << at;
    ASSERT_GT(c.messages.size(), before) << at;
    size_t first_real = before;
    if (!std::binary_search(s.starts.begin(), s.starts.end(), c.messages[before].first)) {
        ++fakes;
        first_real = before + 1;
    }
    for (size_t i = first_real; i < c.messages.size(); ++i)
        ASSERT_TRUE(std::binary_search(s.starts.begin(), s.starts.end(), c.messages[i].first))
            << "gap at " << at << ": a message at " << c.messages[i].first << " is not a real one";
    // How many real messages after the gap were not decoded.
    const size_t first = c.messages[first_real].first;
    const auto next = std::lower_bound(s.starts.begin(), s.starts.end(), from);
    resumed_after = size_t(std::count_if(next, s.starts.end(), [&](size_t b) { return b < first; }));
}

TEST(McAlphaFraming, AfterAGapAnywhereDecodingResumesAtARealMessage) {
    for (Side d : {Side::Server, Side::Client}) {
        const Stream s = stream(session(), d);
        size_t worst = 0, total = 0, n = 0, fakes = 0;
        for (size_t at = 1; at + 400 < s.bytes.size(); at += 37) {
            size_t skipped = 0;
            gap_at(d, s, at, 37, skipped, fakes);
            if (HasFatalFailure()) return;
            worst = std::max(worst, skipped);
            total += skipped;
            ++n;
        }
        std::printf("%s: %zu gaps of 37 bytes; real messages not decoded after a gap: mean %.2f, worst %zu; "
                    "a fake message before realigning: %zu\n",
                    direction_name(d), n, double(total) / n, worst, fakes);
        EXPECT_LE(worst, 12u);
        EXPECT_LE(fakes * 100, n);  // under 1 %
    }
}

// starts_here() at every offset of both streams. Accepted offsets inside a
// message are counted apart when the fake message they read ends where a
// real one starts (decoding realigns after one fake message) and when it
// does not (it would go on misaligned until the next unframeable byte).
TEST(McAlphaFraming, StartsHereIsReliableOnTheCraftedSession) {
    for (Side d : {Side::Client, Side::Server}) {
        const Stream s = stream(session(), d);
        StreamFraming f(d);
        size_t accepted = 0, boundaries = 0, weak = 0, inside = 0, fake_realigning = 0, fake_misaligned = 0;
        for (size_t at = 0; at < s.bytes.size(); ++at) {
            const core::Measure m = f.starts_here(s.bytes.data() + at, s.bytes.size() - at);
            const bool real = std::binary_search(s.starts.begin(), s.starts.end(), at);
            if (real) {
                ++boundaries;
                accepted += m == core::Measure::Complete;
                // Messages of at most one payload byte cannot start a chain.
                weak += m != core::Measure::Complete && f.measure(s.bytes.data() + at, s.bytes.size() - at).length <= 2;
                continue;
            }
            ++inside;
            if (m != core::Measure::Complete) continue;
            const core::MeasureResult r = f.measure(s.bytes.data() + at, s.bytes.size() - at);
            (std::binary_search(s.starts.begin(), s.starts.end(), at + r.length) ? fake_realigning : fake_misaligned)++;
        }
        std::printf("%s: %zu message starts: %zu accepted, %zu refused as weak (a payload of 0-1 byte), %zu other; "
                    "%zu offsets inside messages: %zu accepted and realigning after one message, %zu misaligned\n",
                    direction_name(d), boundaries, accepted, weak, boundaries - accepted - weak, inside,
                    fake_realigning, fake_misaligned);
        EXPECT_EQ(fake_misaligned, 0u);
        EXPECT_LE(fake_realigning * 1000, inside);  // at most 1 in 1000 offsets
        EXPECT_LE(boundaries - accepted - weak, 6u);  // the last messages: not enough left to tell
    }
}

}  // namespace
