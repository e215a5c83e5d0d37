// ChunkReassembler::summary() against the transmissions themselves, and
// bounded retention (ChunkLimits::keep_ended), on the real captures.
#include <gtest/gtest.h>

#include "capture_analysis.hpp"

namespace blank::test {
namespace {

// The counts as the analyzer's check / stats loops computed them.
ChunkTotals loop(const ChunkReassembler& r) {
    ChunkTotals t;
    for (const Transmission& x : r.transmissions()) {
        ++t.transmissions;
        t.with_begin += x.begin_seen;
        t.complete += x.state == TxState::Complete;
        t.failed += x.state == TxState::Failed;
        t.incomplete += x.state == TxState::Incomplete;
        for (const Receipt& rc : x.receipts) t.pieces_before_begin += !rc.is_begin && (!x.begin_seen || rc.frame < x.begin_frame);
        t.resent += x.resent;
        t.begins_resent += x.begins_resent;
        t.duplicates += x.duplicates;
    }
    return t;
}

std::string show(const ChunkTotals& t) {
    return std::to_string(t.transmissions) + " tx, " + std::to_string(t.with_begin) + " with begin, " +
           std::to_string(t.complete) + "/" + std::to_string(t.failed) + "/" + std::to_string(t.incomplete) +
           " c/f/i, " + std::to_string(t.pieces_before_begin) + " early pieces, " + std::to_string(t.resent) + "+" +
           std::to_string(t.begins_resent) + " resent, " + std::to_string(t.duplicates) + " dup, " +
           std::to_string(t.rerequests) + " rereq";
}

class Totals : public ::testing::TestWithParam<std::string> {};

TEST_P(Totals, SummaryMatchesTheTransmissions) {
    const CaptureRun all = CaptureRun::run(project_capture(GetParam()), AnalysisConfig{});
    AnalysisConfig bounded;
    bounded.chunks.keep_ended = 16;
    bounded.seq.retain_all = false;
    size_t most = 0;
    const CaptureRun few = CaptureRun::run(project_capture(GetParam()), bounded,
                                           [&](const ConversationAnalysis& a, const FrameAnalysis&) {
                                               const ChunkReassembler& r = a.chunks();
                                               most = std::max(most, r.transmissions().size());
                                               // The ones dropped at the start of the call, plus the one it may have ended.
                                               ASSERT_LE(r.transmissions().size(), 16 + r.summary().open() + 1);
                                           });
    ASSERT_EQ(all.convs.size(), few.convs.size());
    uint64_t transmissions = 0, rerequests = 0;
    for (size_t id = 0; id < all.convs.size(); ++id) {
        if (!all.convs[id].a) continue;
        const ChunkReassembler& r = all.convs[id].a->chunks();
        ChunkTotals want = loop(r);
        want.rerequests = r.summary().rerequests;  // not in the transmissions
        EXPECT_EQ(show(r.summary()), show(want)) << "conversation " << id;
        EXPECT_TRUE(r.summary() == want);
        EXPECT_EQ(r.summary().open(), 0u);  // after finish()
        transmissions += want.transmissions;
        rerequests += want.rerequests;
        // Dropping old transmissions changes no count and no finding here.
        const ChunkReassembler& b = few.convs[id].a->chunks();
        EXPECT_EQ(show(b.summary()), show(r.summary())) << "conversation " << id;
        EXPECT_EQ(lines(few.convs[id].findings), lines(all.convs[id].findings));
        EXPECT_LE(b.transmissions().size(), 16 + ChunkLimits{}.max_live);
        // What is kept is the newest transmissions, as in the full list.
        for (const Transmission& t : b.transmissions()) {
            const Transmission& u = r.transmissions().at(t.number - 1);
            EXPECT_EQ(t.number, u.number);
            EXPECT_EQ(t.state, u.state);
            EXPECT_EQ(t.receipts.size(), u.receipts.size());
        }
    }
    EXPECT_GT(transmissions, 0u);
    if (transmissions > 32) {
        EXPECT_LE(most, 16 + ChunkLimits{}.max_live + 1);
    }
    std::printf("%s: %llu transmissions, %llu re-requests, at most %zu held with keep_ended 16\n", GetParam().c_str(),
                (unsigned long long)transmissions, (unsigned long long)rerequests, most);
}

INSTANTIATE_TEST_SUITE_P(RealCaptures, Totals, ::testing::ValuesIn(real_captures()),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& c : n)
                                 if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

}  // namespace
}  // namespace blank::test
