// Deferred inflation (InflateQueue) gives the same analysis as inline
// inflation, whatever the thread count and queue depth; inflation off
// (ChunkLimits::inflate) completes transmissions without looking at them.
//
// The one ordering rule: a deferred result's findings reach the front end
// later (FrameAnalysis::earlier of a later packet, or finish()), each with
// the completing frame; sorted by frame (stable), as the analyzer does, the
// list is the inline one. Only a chunk-size verdict on the revision could
// differ, and only once the chunk size is settled (a chunk of the wrong size
// then rules out every candidate): it takes effect when the result is
// applied, up to depth() completions later.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "capture_analysis.hpp"
#include "chunk_fixture.hpp"

namespace blank::test {
namespace {

std::string tx_line(const Transmission& t) {
    std::string s = std::to_string(t.number) + " id " + std::to_string(t.id) + " " + tx_state_name(t.state) +
                     " size " + std::to_string(t.size) + " inflated " + std::to_string(t.inflated_size) +
                     " complete_frame " + std::to_string(t.complete_frame) + " reason " +
                     (t.end_reason ? t.end_reason : "-") + " receipts " + std::to_string(t.receipts.size());
    const ChunkSummary& c = t.contents;
    s += c.valid ? " contents " + std::to_string(c.non_empty) + "/" + std::to_string(c.distinct_types) + "/" +
                       std::to_string(c.light_min) + "-" + std::to_string(c.light_max)
                 : " no contents";
    for (const ChunkLayer& l : c.layers) s += " " + std::to_string(l.non_empty) + ":" + std::to_string(l.distinct_types);
    return s;
}

// Everything the analysis of a capture says, as lines.
struct Everything {
    std::vector<std::string> findings, transmissions, frames, conversations;
    uint64_t deferred = 0;
};

Everything everything(const std::string& file, AnalysisConfig cfg) {
    Everything e;
    const CaptureRun r = CaptureRun::run(project_capture(file), cfg, [&](const ConversationAnalysis&, const FrameAnalysis& fa) {
        e.frames.push_back(std::to_string(fa.frame) + " " + revision_of(*fa.schema).name + " " +
                           std::to_string(fa.revision_state) + (fa.chunk.completed ? " completed" : ""));
        e.deferred += fa.chunk.deferred;
    });
    for (size_t id = 0; id < r.convs.size(); ++id) {
        const ConvRun& c = r.convs[id];
        if (!c.a) continue;
        for (const std::string& l : lines(c.findings)) e.findings.push_back(std::to_string(id) + ": " + l);
        for (const Transmission& t : c.a->chunks().transmissions())
            e.transmissions.push_back(std::to_string(id) + ": " + tx_line(t));
        const ChunkTotals& s = c.a->chunks().summary();
        e.conversations.push_back(std::to_string(id) + ": " + c.a->revision_text() + ", " +
                                  std::to_string(s.transmissions) + " tx " + std::to_string(s.complete) + " complete " +
                                  std::to_string(s.failed) + " failed " + std::to_string(s.incomplete) +
                                  " incomplete " + std::to_string(s.open()) + " open");
    }
    return e;
}

class Deferred : public ::testing::TestWithParam<std::string> {};

TEST_P(Deferred, SameAnalysisForAnyThreadCount) {
    const Everything want = everything(GetParam(), AnalysisConfig{});
    ASSERT_FALSE(want.transmissions.empty());
    for (unsigned threads : {0u, 1u, 2u}) {
        for (size_t depth : {size_t(0), size_t(1), InflateQueue::kDefaultDepth}) {
            if (threads == 2 && depth == 1) continue;
            InflateQueue q(threads, depth);
            AnalysisConfig cfg;
            cfg.inflate_queue = &q;
            const Everything got = everything(GetParam(), cfg);
            SCOPED_TRACE("threads " + std::to_string(threads) + " depth " + std::to_string(depth));
            EXPECT_GT(got.deferred, 0u);
            EXPECT_EQ(q.pending(), 0u);
            EXPECT_EQ(got.findings, want.findings);
            EXPECT_EQ(got.transmissions, want.transmissions);
            EXPECT_EQ(got.frames, want.frames);
            EXPECT_EQ(got.conversations, want.conversations);
        }
    }
}

TEST_P(Deferred, BoundedRetentionWhileResultsArePending) {
    // Transmissions dropped (keep_ended 0) before their result is applied:
    // the counts and findings stay those of the inline run.
    AnalysisConfig plain;
    plain.chunks.keep_ended = 0;
    const Everything want = everything(GetParam(), plain);
    InflateQueue q(1, 32);
    AnalysisConfig cfg = plain;
    cfg.inflate_queue = &q;
    const Everything got = everything(GetParam(), cfg);
    EXPECT_EQ(got.findings, want.findings);
    EXPECT_EQ(got.conversations, want.conversations);
}

TEST_P(Deferred, InflationOff) {
    const Everything on = everything(GetParam(), AnalysisConfig{});
    AnalysisConfig cfg;
    cfg.chunks.inflate = false;
    cfg.revision = &current_revision();  // the old capture is detected by its chunk size: not without inflating
    if (GetParam().find("933ca0f") != std::string::npos) cfg.revision = find_revision("933ca0f");
    const CaptureRun r = CaptureRun::run(project_capture(GetParam()), cfg);
    AnalysisConfig forced_on;
    forced_on.revision = cfg.revision;
    const CaptureRun full = CaptureRun::run(project_capture(GetParam()), forced_on);
    ASSERT_EQ(r.convs.size(), full.convs.size());
    for (size_t id = 0; id < r.convs.size(); ++id) {
        if (!r.convs[id].a) continue;
        const ChunkReassembler& off = r.convs[id].a->chunks();
        const ChunkReassembler& in = full.convs[id].a->chunks();
        // Complete = every byte seen; nothing inflated.
        EXPECT_EQ(off.summary().complete, in.summary().complete + in.summary().failed);
        EXPECT_EQ(off.summary().failed, 0u);
        for (const Transmission& t : off.transmissions()) {
            if (t.state != TxState::Complete) continue;
            EXPECT_EQ(t.inflated_size, 0u);
            EXPECT_FALSE(t.contents.valid);
        }
        // No finding about the chunks' bytes; every other one stays.
        std::vector<std::string> want;
        for (const Finding& f : full.convs[id].findings)
            if (f.code != FindingCode::ChunkInflateFailed && f.code != FindingCode::ChunkTrailingData &&
                f.code != FindingCode::ChunkWrongSize)
                want.push_back(line(f));
        EXPECT_EQ(lines(r.convs[id].findings), want);
    }
}

INSTANTIATE_TEST_SUITE_P(RealCaptures, Deferred, ::testing::ValuesIn(real_captures()),
                         [](const auto& info) {
                             std::string n = info.param;
                             for (char& c : n)
                                 if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

TEST(InflationOff, NoChunkSizeEvidenceForTheRevision) {
    // The old capture's packet lengths leave 933ca0f and 9240fdf (they differ
    // in the chunk size only): inflating tells, not inflating leaves it open.
    AnalysisConfig cfg;
    cfg.chunks.inflate = false;
    const CaptureRun off = CaptureRun::run(project_capture("blank-933ca0f-first-8s.pcap"), cfg);
    const CaptureRun on = CaptureRun::run(project_capture("blank-933ca0f-first-8s.pcap"), AnalysisConfig{});
    ASSERT_GE(off.convs.size(), 2u);
    EXPECT_EQ(on.convs[1].a->revision_state(), RevisionState::Detected);
    EXPECT_STREQ(on.convs[1].a->revision().name, "933ca0f");
    EXPECT_EQ(off.convs[1].a->revision_state(), RevisionState::Ambiguous);
    EXPECT_GT(off.convs[1].a->chunks().summary().complete, 0u);
}

// Crafted transmissions whose bytes are wrong, fed inline and deferred.
struct Scenario {
    std::vector<std::vector<uint8_t>> packets;
};

Scenario bad_chunks() {
    Feeder b;
    Scenario s;
    auto add = [&](std::vector<uint8_t> p) { s.packets.push_back(std::move(p)); };
    const std::vector<uint8_t> junk(300, 0x55);
    auto trailing = zlib(raw_chunk());
    trailing.insert(trailing.end(), {1, 2, 3});
    const auto wrong = zlib(std::vector<uint8_t>(20480, 0));
    const auto good = zlib(raw_chunk(5, 300));
    add(b.begin(1, 300));
    add(b.piece(1, junk, 0, 300));  // does not inflate
    add(b.begin(2, uint32_t(trailing.size())));
    add(b.piece(2, trailing, 0, 472));  // trailing bytes
    add(b.begin(3, uint32_t(wrong.size())));
    add(b.piece(3, wrong, 0, 472));  // the older revision's size
    add(b.begin(4, uint32_t(good.size()), 7));
    for (uint32_t off = 0; off < good.size(); off += 472) add(b.piece(4, good, off, 472));
    add(b.piece(4, good, 0, 472));  // a late resend
    add(b.piece(5, good, 0, 472));  // a piece before its ChunkBegin...
    for (uint32_t off = 472; off < good.size(); off += 472) add(b.piece(5, good, off, 472));
    add(b.begin(5, uint32_t(good.size()), 8));  // ...completed by it: inline
    return s;
}

std::vector<std::string> feed(const Scenario& s, InflateQueue* q, std::vector<std::string>* txs) {
    AnalysisConfig cfg;
    cfg.inflate_queue = q;
    Feeder f(cfg);
    std::vector<Finding> all;
    for (const auto& p : s.packets) {
        const FrameAnalysis& fa = f.send(p);
        all.insert(all.end(), fa.findings, fa.findings + fa.nfindings);
        all.insert(all.end(), fa.earlier, fa.earlier + fa.nearlier);
    }
    struct All : FindingSink {
        std::vector<Finding>& v;
        explicit All(std::vector<Finding>& v) : v(v) {}
        void add(const Finding& x) override { v.push_back(x); }
    } sink(all);
    f.a.finish(double(f.frame) * 0.01, sink);
    std::stable_sort(all.begin(), all.end(), [](const Finding& a, const Finding& b) { return a.frame < b.frame; });
    for (const Transmission& t : f.a.chunks().transmissions()) txs->push_back(tx_line(t));
    return lines(all);
}

TEST(Deferred, BadChunksGiveTheSameFindings) {
    const Scenario s = bad_chunks();
    std::vector<std::string> want_tx;
    const std::vector<std::string> want = feed(s, nullptr, &want_tx);
    size_t inflate_findings = 0;
    for (const std::string& l : want)
        inflate_findings += l.find("inflate") != std::string::npos || l.find("trailing") != std::string::npos ||
                            l.find("wrong_size") != std::string::npos;
    EXPECT_EQ(inflate_findings, 3u) << ::testing::PrintToString(want);
    for (unsigned threads : {0u, 2u})
        for (size_t depth : {size_t(0), size_t(2), size_t(100)}) {
            InflateQueue q(threads, depth);
            std::vector<std::string> tx;
            EXPECT_EQ(feed(s, &q, &tx), want) << threads << " threads, depth " << depth;
            EXPECT_EQ(tx, want_tx);
        }
}

TEST(Deferred, PendingUntilApplied) {
    InflateQueue q(0, 1);
    AnalysisConfig cfg;
    cfg.inflate_queue = &q;
    Feeder f(cfg);
    const auto good = zlib(raw_chunk(5, 300));
    f.send(f.begin(1, uint32_t(good.size())));
    f.pieces(1, good);
    EXPECT_TRUE(f.frames.back().chunk.completed);
    EXPECT_TRUE(f.frames.back().chunk.deferred);
    EXPECT_EQ(f.tx(0).state, TxState::Open);  // pending: depth 1 keeps one
    EXPECT_EQ(q.pending(), 1u);
    f.send(f.begin(2, uint32_t(good.size())));
    f.pieces(2, good);  // the second pending job applies the first
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
    EXPECT_EQ(f.tx(0).inflated_size, 20484u);
    EXPECT_TRUE(f.tx(0).contents.valid);
    EXPECT_EQ(f.tx(1).state, TxState::Open);
    f.finish();
    EXPECT_EQ(f.tx(1).state, TxState::Complete);
    EXPECT_EQ(q.pending(), 0u);
    EXPECT_EQ(q.run_inline(), 2u);
}

TEST(Deferred, AConversationGoingAwayLeavesTheQueueSound) {
    InflateQueue q(1, 8);
    const auto good = zlib(raw_chunk(5, 300));
    {
        AnalysisConfig cfg;
        cfg.inflate_queue = &q;
        Feeder f(cfg);
        f.send(f.begin(1, uint32_t(good.size())));
        f.pieces(1, good);
        EXPECT_EQ(q.pending(), 1u);
    }  // destroyed without finish()
    q.drain();
    EXPECT_EQ(q.pending(), 0u);
}

TEST(Deferred, TheQueueMayGoAfterFinish) {
    const auto good = zlib(raw_chunk(5, 300));
    std::unique_ptr<Feeder> f;
    {
        InflateQueue q(1, 8);
        AnalysisConfig cfg;
        cfg.inflate_queue = &q;
        f = std::make_unique<Feeder>(cfg);
        f->send(f->begin(1, uint32_t(good.size())));
        f->pieces(1, good);
        f->finish();
    }
    EXPECT_EQ(f->tx(0).state, TxState::Complete);
    f->send(f->begin(2, uint32_t(good.size())));  // after finish: inline
    f->pieces(2, good);
    EXPECT_FALSE(f->frames.back().chunk.deferred);
    EXPECT_EQ(f->tx(1).state, TxState::Complete);
    f.reset();
}

}  // namespace
}  // namespace blank::test
