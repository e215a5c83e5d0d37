// Every reassembly case, with packets built by the core's encoder.
#include <gtest/gtest.h>

#include "chunk_fixture.hpp"

namespace blank::test {
namespace {

using C = FindingCode;

TEST(Chunks, InOrderTransmissionCompletesAndInflates) {
    Feeder f;
    const auto raw = raw_chunk(8, 3000);  // 3000 varied light bytes: several pieces
    const auto z = zlib(raw);
    ASSERT_GT(z.size(), 472u * 2);
    f.send(f.begin(1, uint32_t(z.size()), -3));
    f.pieces(1, z);
    const size_t npieces = (z.size() + 471) / 472;
    ASSERT_EQ(f.frames.size(), 1 + npieces);
    const FrameAnalysis& last = f.frames.back();
    EXPECT_TRUE(last.chunk.completed);
    EXPECT_TRUE(f.codes(last).empty());
    ASSERT_NE(last.chunk.inflated, nullptr);
    EXPECT_EQ(std::vector<uint8_t>(last.chunk.inflated, last.chunk.inflated + last.chunk.inflated_len), raw);
    const Transmission& t = f.tx(0);
    EXPECT_EQ(t.state, TxState::Complete);
    EXPECT_EQ(t.begin_frame, 1u);
    EXPECT_EQ(t.complete_frame, 1 + npieces);
    EXPECT_EQ(t.coords[0], -3);
    EXPECT_EQ(t.pieces, npieces);
    EXPECT_EQ(t.inflated_size, 20484u);
    // 8 of 16 layers stone: 8 * 256 blocks, types {0, 1}, light 0..15.
    EXPECT_EQ(t.contents.non_empty, 2048u);
    EXPECT_EQ(t.contents.distinct_types, 2u);
    EXPECT_EQ(t.contents.layers[7].non_empty, 256);
    EXPECT_EQ(t.contents.layers[8].non_empty, 0);
    EXPECT_EQ(t.contents.light_max, 15);
    EXPECT_TRUE(t.missing().empty());
    f.finish();
    EXPECT_TRUE(f.late.empty());
}

TEST(Chunks, PiecesInAnyOrder) {
    Feeder f;
    const auto z = zlib(raw_chunk(8, 3000));
    f.send(f.begin(1, uint32_t(z.size())));
    std::vector<uint32_t> offs;
    for (uint32_t o = 0; o < z.size(); o += 472) offs.push_back(o);
    std::reverse(offs.begin(), offs.end());
    for (uint32_t o : offs) f.send(f.piece(1, z, o, 472));
    EXPECT_TRUE(f.frames.back().chunk.completed);
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
}

TEST(Chunks, DataBeforeBeginCompletesOnTheBegin) {
    Feeder f;
    const auto z = zlib(raw_chunk());
    ASSERT_LE(z.size(), 472u);
    f.send(f.piece(5, z, 0, 472));  // frame 1
    EXPECT_FALSE(f.frames[0].chunk.completed);
    const auto& b = f.send(f.begin(5, uint32_t(z.size())));  // frame 2
    EXPECT_TRUE(b.chunk.completed);
    ASSERT_EQ(f.codes(b), std::vector<C>{C::ChunkDataBeforeBegin});
    EXPECT_EQ(b.findings[0].ref_frame, 1u);
    EXPECT_TRUE(f.tx(0).data_before_begin);
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
}

TEST(Chunks, DuplicateAndResentPieces) {
    Feeder f;
    const auto z = zlib(raw_chunk(8, 3000));
    f.send(f.begin(1, uint32_t(z.size())));                 // frame 1
    const auto p0 = f.piece(1, z, 0, 472);                   // seq 1
    f.send(p0);                                              // frame 2
    const auto& dup = f.send(p0);                            // frame 3: same seq
    EXPECT_EQ(f.codes(dup), std::vector<C>{C::ChunkDuplicate});
    EXPECT_EQ(dup.chunk.duplicate_of, 2u);
    const auto& re = f.send(f.piece(1, z, 0, 472));          // frame 4: new seq
    EXPECT_EQ(f.codes(re), std::vector<C>{C::ChunkPieceResent});
    EXPECT_EQ(re.chunk.resend_of, 2u);
    EXPECT_EQ(finding_info(C::ChunkPieceResent).severity, Severity::Comment);  // the game's normal resend
    for (uint32_t o = 472; o < z.size(); o += 472) f.send(f.piece(1, z, o, 472));
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
    EXPECT_EQ(f.tx(0).duplicates, 1u);
    EXPECT_EQ(f.tx(0).resent, 1u);
    // A resend arriving after completion is still recognised.
    const auto& late = f.send(f.piece(1, z, 472, 472));
    EXPECT_EQ(f.codes(late), std::vector<C>{C::ChunkPieceResent});
    EXPECT_EQ(late.chunk.tx, &f.tx(0));
}

TEST(Chunks, ResentBeginIsRecognised) {
    Feeder f;
    f.send(f.begin(1, 1000));
    const auto& again = f.send(f.begin(1, 1000));
    EXPECT_EQ(f.codes(again), std::vector<C>{C::ChunkBeginResent});
    EXPECT_EQ(again.chunk.resend_of, 1u);
    EXPECT_EQ(f.a.chunks().transmissions().size(), 1u);
}

TEST(Chunks, OverlappingPiecesThatDiffer) {
    Feeder f;
    std::vector<uint8_t> data(600, 'a');
    f.send(f.begin(1, 600, 0, 0));
    f.send(f.piece(1, data, 0, 400));
    std::vector<uint8_t> other(600, 'b');
    const auto& fa = f.send(f.piece(1, other, 300, 300));
    EXPECT_EQ(f.codes(fa), (std::vector<C>{C::ChunkOverlapMismatch, C::ChunkWrongSize}));  // 600 bytes, raw
}

TEST(Chunks, PieceBeyondTheAnnouncedSize) {
    Feeder f;
    std::vector<uint8_t> data(600, 'a');
    f.send(f.begin(1, 500, 0, 0));
    const auto& fa = f.send(f.piece(1, data, 100, 472));
    EXPECT_EQ(f.codes(fa)[0], C::ChunkBeyondSize);
    EXPECT_EQ(fa.findings[0].b, 572);
    EXPECT_EQ(fa.findings[0].c, 500);
}

TEST(Chunks, IncompleteTransmissionsAndTheirMissingRanges) {
    Feeder f;
    const auto z = zlib(raw_chunk(8, 3000));
    f.send(f.begin(1, uint32_t(z.size())));     // frame 1
    f.send(f.piece(1, z, 472, 472));            // frame 2: only the second piece
    f.send(f.begin(2, 100));                    // frame 3: the server moves on
    f.finish();
    EXPECT_EQ(f.tx(0).superseded_by, 2u);
    ASSERT_EQ(f.late.size(), 2u);
    EXPECT_EQ(f.late[0].code, C::ChunkIncomplete);
    EXPECT_EQ(f.late[0].frame, 2u);       // on the transmission's last frame
    EXPECT_EQ(f.late[0].ref_frame, 1u);   // pointing at its ChunkBegin
    EXPECT_EQ(f.late[0].b, int64_t(z.size()) - 472);
    EXPECT_STREQ(f.late[0].what, "superseded by the next chunk");
    EXPECT_STREQ(f.late[1].what, "capture ended");
    const auto missing = f.tx(0).missing();
    ASSERT_EQ(missing.size(), 2u);
    EXPECT_EQ(missing[0].begin, 0u);
    EXPECT_EQ(missing[0].end, 472u);
    EXPECT_EQ(missing[1].begin, 944u);
    EXPECT_EQ(missing[1].end, z.size());
    EXPECT_EQ(f.tx(0).state, TxState::Incomplete);
}

TEST(Chunks, DataWhoseBeginNeverCame) {
    Feeder f;
    std::vector<uint8_t> data(100, 'x');
    f.send(f.piece(9, data, 0, 100));
    f.finish();
    ASSERT_EQ(f.late.size(), 1u);
    EXPECT_EQ(f.late[0].code, C::ChunkUnknownTransmission);
    EXPECT_EQ(f.late[0].frame, 1u);
    EXPECT_FALSE(f.tx(0).begin_seen);
}

TEST(Chunks, BeginReusingALiveIdWithOtherParameters) {
    Feeder f;
    f.send(f.begin(1, 1000, 0));
    const auto& fa = f.send(f.begin(1, 800, 5));
    EXPECT_EQ(f.codes(fa), std::vector<C>{C::ChunkIdReused});
    ASSERT_EQ(f.a.chunks().transmissions().size(), 2u);
    EXPECT_EQ(f.tx(0).state, TxState::Incomplete);
    EXPECT_EQ(f.tx(1).coords[0], 5);
}

TEST(Chunks, ClientReRequestIsLinkedToTheAnswer) {
    Feeder f;
    const auto req = PacketBuilder(9).seq(0).set("blank.chunk.transmission", 0xFFFFFFFF)
                         .set("blank.chunk.coords.x", 4).set("blank.chunk.size", 0xFFFFFFFF).build();
    const auto& r = f.send(req, Role::Client);  // frame 1
    EXPECT_EQ(f.codes(r), std::vector<C>{C::ChunkRerequest});
    EXPECT_EQ(r.chunk.tx, nullptr);
    f.send(f.begin(7, 100, 4));  // frame 2: the server's new transmission of chunk (4, 0, 0)
    EXPECT_EQ(f.tx(0).rerequest_frame, 1u);
}

TEST(Chunks, NotAZlibStream) {
    Feeder f;
    std::vector<uint8_t> junk(300, 0x55);
    f.send(f.begin(1, 300));
    const auto& fa = f.send(f.piece(1, junk, 0, 300));
    EXPECT_EQ(f.codes(fa), std::vector<C>{C::ChunkInflateFailed});
    EXPECT_EQ(f.tx(0).state, TxState::Failed);
}

TEST(Chunks, TrailingBytesAfterTheStream) {
    Feeder f;
    auto z = zlib(raw_chunk());
    z.insert(z.end(), {1, 2, 3});
    f.send(f.begin(1, uint32_t(z.size())));
    const auto& fa = f.send(f.piece(1, z, 0, 472));
    EXPECT_EQ(f.codes(fa), std::vector<C>{C::ChunkTrailingData});
    EXPECT_EQ(fa.findings[0].b, 3);
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
}

TEST(Chunks, InflatesToTheWrongSize) {
    Feeder f;
    const auto z = zlib(std::vector<uint8_t>(20480, 0));  // the older revision's size
    f.send(f.begin(1, uint32_t(z.size())));
    const auto& fa = f.send(f.piece(1, z, 0, 472));
    EXPECT_EQ(f.codes(fa), std::vector<C>{C::ChunkWrongSize});
    EXPECT_EQ(fa.findings[0].b, 20480);
    EXPECT_EQ(f.tx(0).state, TxState::Failed);
}

TEST(Chunks, UncompressedChunk) {
    Feeder f;
    const auto raw = raw_chunk(3);
    f.send(f.begin(1, uint32_t(raw.size()), 0, 0));
    f.pieces(1, raw);
    EXPECT_EQ(f.tx(0).state, TxState::Complete);
    EXPECT_EQ(f.frames.back().chunk.inflated, nullptr);
    EXPECT_EQ(f.tx(0).contents.non_empty, 3u * 256);
}

TEST(Chunks, LimitsBoundMemory) {
    AnalysisConfig cfg;
    cfg.chunks.max_live = 4;
    cfg.chunks.max_size = 4096;
    Feeder f(cfg);
    const auto& big = f.send(f.begin(1, 1u << 30));  // claims a gigabyte: nothing allocated
    EXPECT_EQ(f.codes(big), std::vector<C>{C::ChunkLimit});
    EXPECT_EQ(f.tx(0).state, TxState::Incomplete);
    std::vector<uint8_t> data(100, 'x');
    for (uint32_t id = 10; id < 20; ++id) f.send(f.piece(id, data, 0, 100));  // 10 orphan transmissions
    size_t live = 0, evicted = 0;
    for (const auto& t : f.a.chunks().transmissions()) {
        live += t.state == TxState::Open;
        evicted += t.end_reason && std::string(t.end_reason).find("evicted") == 0;
    }
    EXPECT_EQ(live, 4u);
    EXPECT_EQ(evicted, 6u);
    const auto& far = f.send(PacketBuilder(10).seq(99).set("blank.chunk.transmission", 30)
                                 .set("blank.chunk.offset", 1 << 20).set("blank.chunk.piece_size", 100)
                                 .text("blank.chunk.data", std::string(100, 'x')).build());  // past max_size
    // One more live transmission evicts the oldest, and its piece is past the limit.
    EXPECT_EQ(f.codes(far), (std::vector<C>{C::ChunkLimit, C::ChunkLimit}));
    std::vector<std::string> whats;
    for (uint8_t i = 0; i < far.nfindings; ++i)
        if (far.findings[i].code == C::ChunkLimit) whats.push_back(far.findings[i].what);
    EXPECT_EQ(whats, (std::vector<std::string>{"too many transmissions at once", "piece beyond the size limit"}));
}

TEST(Chunks, EmitShowsLinksAndTheReassembly) {
    Feeder f;
    const auto z = zlib(raw_chunk(8, 3000));
    f.send(f.begin(1, uint32_t(z.size())));
    f.pieces(1, z);
    struct Names {
        std::vector<std::string> v;
        std::vector<uint64_t> u;
        void open(const Item& it) { leaf(it); }
        void close() {}
        void leaf(const Item& it) {
            v.push_back(it.info->abbrev);
            u.push_back(it.u);
            EXPECT_TRUE(it.generated);
        }
        void finding(const Finding&) {}
    } first, last;
    emit_analysis(schema(), f.frames[1], false, first);
    // A piece links to its ChunkBegin (frame 1); the completing frame is
    // known to later passes (the transmission object is shared).
    auto pos = [&first](const char* name) {
        return size_t(std::find(first.v.begin(), first.v.end(), name) - first.v.begin());
    };
    ASSERT_LT(pos("blank.chunk.begin_frame"), first.v.size());
    EXPECT_EQ(first.u[pos("blank.chunk.begin_frame")], 1u);
    EXPECT_EQ(pos("blank.chunk.complete_frame"), pos("blank.chunk.begin_frame") + 1);
    emit_analysis(schema(), f.frames.back(), false, last);
    const auto pf = std::count(last.v.begin(), last.v.end(), "blank.chunk.reassembled.piece_frame");
    EXPECT_EQ(size_t(pf), f.frames.size() - 1);
    EXPECT_EQ(std::count(last.v.begin(), last.v.end(), "blank.chunk.reassembled.contents.layer.y"), 16);
}

}  // namespace
}  // namespace blank::test
