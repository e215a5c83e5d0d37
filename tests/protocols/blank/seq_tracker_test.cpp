// Every rule of the sequence/ack analysis, with header values worked out by
// hand from the game's Connection::Received (see seq_tracker.hpp).
#include <gtest/gtest.h>

#include <cstdio>

#include <algorithm>

#include "protocols/blank/seq_tracker.hpp"

namespace blank {
namespace {

using C = FindingCode;

struct Feed : FindingSink {
    SeqTracker t;
    uint64_t frame = 0;
    std::vector<Finding> all;
    std::vector<SeqFrame> frames;  // index = frame - 1

    explicit Feed(SeqConfig cfg = {}) : t(cfg) {}
    void add(const Finding& f) override { all.push_back(f); }

    const SeqFrame& send(Role r, uint16_t seq, uint16_t ack, uint32_t hist, double time, uint8_t type = 0,
                         uint64_t hash = 0, const PlayerState* st = nullptr, int corrects = -1) {
        ++frame;
        frames.emplace_back();
        t.on_packet(PacketRef{frame, time, seq}, r, ack, hist, type, 16, hash ? hash : seq, st, corrects,
                    frames.back(), *this);
        return frames.back();
    }
    const SeqFrame& c(uint16_t seq, uint16_t ack = 0xFFFF, uint32_t hist = 0xFFFFFFFF, double time = -1) {
        return send(Role::Client, seq, ack, hist, time < 0 ? frame * 0.01 : time);
    }
    const SeqFrame& s(uint16_t seq, uint16_t ack = 0xFFFF, uint32_t hist = 0xFFFFFFFF, double time = -1) {
        return send(Role::Server, seq, ack, hist, time < 0 ? frame * 0.01 : time);
    }
    std::vector<C> codes(uint64_t at) const {
        std::vector<C> out;
        for (const Finding& f : all)
            if (f.frame == at) out.push_back(core::local_code<FindingCode>(f.code));
        return out;
    }
    size_t count(C code) const {
        return size_t(std::count_if(all.begin(), all.end(), [code](const Finding& f) { return f.code == code; }));
    }
};

TEST(Seq, FreshConnectionAndFirstAck) {
    Feed f;
    f.c(0, 0xFFFF, 0xFFFFFFFF, 0.000);  // frame 1: a new connection's values
    // The server got seq 0: diff = int16(0 - 0xFFFF) = 1, hist = ~0 << 1 | 1 = ~0, ack = 0.
    f.s(0, 0, 0xFFFFFFFF, 0.004);       // frame 2
    EXPECT_TRUE(f.all.empty());
    const SeqRecord* r = f.frames[0].record;
    EXPECT_EQ(r->acked_in, 2u);
    EXPECT_NEAR(r->rtt, 0.004, 1e-12);
    EXPECT_EQ(f.t.stats(Role::Client).received, 1u);
    EXPECT_EQ(f.t.stats(Role::Client).rtts.count(), 1u);
}

TEST(Seq, GapThenReorderedFill) {
    Feed f;
    f.c(0);
    f.c(1);
    const SeqFrame& gap = f.c(4);  // frame 3: 2 and 3 not seen
    EXPECT_EQ(gap.lost_before, 2u);
    ASSERT_EQ(f.codes(3), std::vector<C>{C::SeqLostBefore});
    EXPECT_EQ(f.all[0].b, 2);
    EXPECT_EQ(f.all[0].c, 3);
    const SeqFrame& late = f.c(2);  // frame 4
    EXPECT_EQ(late.reordered_after, 3u);
    EXPECT_EQ(f.codes(4), std::vector<C>{C::SeqReordered});
    f.t.finish(1, f);
    const DirectionStats& st = f.t.stats(Role::Client);
    EXPECT_EQ(st.gaps, 2u);
    EXPECT_EQ(st.reordered, 1u);
    EXPECT_EQ(st.never_seen, 1u);  // seq 3
}

TEST(Seq, DuplicateAndReusedSeq) {
    Feed f;
    f.c(0);
    f.send(Role::Client, 1, 0xFFFF, ~0u, 0.01, 0, 111);
    const SeqFrame& dup = f.send(Role::Client, 1, 0xFFFF, ~0u, 0.02, 0, 111);  // same bytes
    EXPECT_EQ(dup.duplicate_of, 2u);
    EXPECT_EQ(f.codes(3), std::vector<C>{C::SeqDuplicate});
    f.send(Role::Client, 1, 0xFFFF, ~0u, 0.03, 0, 222);  // other bytes
    EXPECT_EQ(f.codes(4), std::vector<C>{C::SeqReused});
    EXPECT_EQ(finding_info(C::SeqReused).severity, Severity::Warn);
    EXPECT_EQ(f.t.stats(Role::Client).duplicates, 1u);
}

TEST(Seq, WrapAroundIsNotAGap) {
    Feed f;
    for (uint16_t s : {65533, 65534, 65535, 0, 1}) f.c(s);
    f.t.finish(1, f);
    EXPECT_EQ(f.count(C::SeqLostBefore), 0u);
    EXPECT_EQ(f.count(C::SeqReordered), 0u);
    EXPECT_EQ(f.frames[4].record->seq, 65537);  // unwrapped
    EXPECT_EQ(f.t.stats(Role::Client).gaps, 0u);
    // And acks across the wrap: the server acks 65535 then 1.
    f.s(0, 65535, ~0u);
    f.s(1, 1, ~0u);
    EXPECT_EQ(f.count(C::AckBackwards), 0u);
    EXPECT_EQ(f.count(C::AckUnsent), 0u);
    EXPECT_EQ(f.frames[4].record->acked_in, 7u);
}

TEST(Seq, FarBackBeyondTheWindow) {
    SeqConfig cfg;
    cfg.window = 16;
    Feed f(cfg);
    f.c(100);
    f.c(200);  // a jump ahead
    f.c(150);  // 50 behind, window 16
    EXPECT_EQ(f.codes(3), std::vector<C>{C::SeqFarBack});
}

TEST(Seq, AckMovingBackAndTheHistoryQuirk) {
    // The server receives 0 1 2 4 3 5; its (ack, hist) as the game keeps it:
    //   after 4: diff 2 -> hist = ~0 << 2 | 1 << 1 = ...FFFE (seq 3 missing), ack 4
    //   after 3: diff -1 -> hist |= 1, ack 3 (backwards)
    //   after 5: diff = 5 - 3 = 2 -> hist = ~0 << 2 | 2 = ...FFFE, ack 5:
    //            bit 0 now says seq 4 is missing, though it arrived.
    Feed f;
    f.c(0);
    f.c(1);
    f.c(2);
    f.c(4);
    f.s(0, 4, 0xFFFFFFFE);  // frame 5
    f.c(3);
    f.s(1, 3, 0xFFFFFFFF);  // frame 7: ack moved back 4 -> 3
    EXPECT_EQ(f.codes(7), std::vector<C>{C::AckBackwards});
    EXPECT_EQ(f.frames[6].ack_back, 1u);
    f.c(5);
    f.s(2, 5, 0xFFFFFFFE);  // frame 9: seq 4 reported missing: the quirk
    EXPECT_EQ(f.codes(9), std::vector<C>{C::AckHistQuirk});
    EXPECT_EQ(finding_info(C::AckHistQuirk).severity, Severity::Comment);
    EXPECT_EQ(f.t.stats(Role::Server).ack_back, 1u);
}

TEST(Seq, HistoryContradictionWithoutTheQuirk) {
    Feed f;
    for (uint16_t s = 0; s <= 6; ++s) f.c(s);
    f.s(0, 5, 0xFFFFFFFF);  // frame 8: 0..5 received
    f.s(1, 6, 0xFFFFFFFD);  // frame 9: bit 1 = seq 4 not received?
    EXPECT_EQ(f.codes(9), std::vector<C>{C::AckHistContradiction});
    EXPECT_EQ(f.all.back().a, 4);
    EXPECT_EQ(f.all.back().ref_frame, 8u);  // acked there
}

TEST(Seq, AckOfASeqNeverSent) {
    Feed f;
    f.c(0);
    f.c(1);
    f.s(0, 9, 0xFFFFFFFF);
    EXPECT_EQ(f.codes(3), std::vector<C>{C::AckUnsent});
}

TEST(Seq, SenderConcludesLossWhenTheWindowSlides) {
    // The client sends 0..49. The server acks 20 with bit 9 (seq 10) clear,
    // then 43: i = 22 = 31 - 9 lands on seq 20 - 32 + 22 = 10, bit 9 of the
    // previous history is 0: the client counts seq 10 lost.
    Feed f;
    for (uint16_t s = 0; s < 50; ++s) f.c(s);
    f.s(0, 0, 0xFFFFFFFF);                 // frame 51
    f.s(1, 20, 0xFFFFFFFF & ~(1u << 9));   // frame 52
    EXPECT_EQ(f.frames[10].record->acked_in, 0u);
    EXPECT_EQ(f.frames[11].record->acked_in, 52u);
    EXPECT_EQ(f.count(C::SeqLost), 0u);
    f.s(2, 43, 0xFFFFFFFF);                // frame 53
    EXPECT_EQ(f.codes(53), std::vector<C>{C::SeqLost});
    EXPECT_EQ(f.all.back().a, 1);   // one packet
    EXPECT_EQ(f.all.back().b, 10);  // seq 10
    EXPECT_EQ(f.frames[10].record->lost_in, 53u);
    EXPECT_EQ(f.t.stats(Role::Client).lost, 1u);
    // An ack jump of more than 33: every i > 32 counts as lost.
    f.s(3, 43 + 40, 0xFFFFFFFF);  // d2 = 40: i = 33..39 -> seqs 44..50 (49, 50 beyond those sent: 44..49)
    EXPECT_EQ(f.all.back().code, C::AckUnsent);  // 83 was never sent
}

TEST(Seq, CorrectionLinkedToItsUpdate) {
    Feed f;
    PlayerState predicted{{10, 2, 5}, {1, 0, 0, 0}};
    f.send(Role::Client, 0, 0xFFFF, ~0u, 0.100, 4, 1, &predicted);  // frame 1: PlayerUpdate seq 0
    PlayerState server{{10.5, 2, 5}, {1, 0, 0, 0}};  // 0.5 blocks off: a note, not above the 0.5 threshold
    const SeqFrame& c = f.send(Role::Server, 0, 0, ~0u, 0.113, 8, 2, &server, 0);  // frame 2
    EXPECT_EQ(c.correction_for, 1u);
    EXPECT_NEAR(c.correction_distance, 0.5, 1e-12);
    EXPECT_NEAR(c.correction_delay, 0.013, 1e-12);
    EXPECT_NEAR(c.correction_angle, 0, 1e-6);
    EXPECT_EQ(f.codes(2), std::vector<C>{C::Correction});
    EXPECT_EQ(f.frames[0].record->corrected_in, 2u);
    PlayerState far{{11, 2, 5}, {0, 0, 1, 0}};  // 1 block and 180 degrees off
    const SeqFrame& big = f.send(Role::Server, 1, 0, ~0u, 0.2, 8, 3, &far, 0);
    EXPECT_EQ(f.codes(3), std::vector<C>{C::CorrectionLarge});
    EXPECT_NEAR(big.correction_angle, 3.14159265358979, 1e-6);
    f.send(Role::Server, 2, 0, ~0u, 0.3, 8, 4, &far, 77);  // names an update never seen
    EXPECT_EQ(f.codes(4), std::vector<C>{C::CorrectionUnknown});
    EXPECT_EQ(f.t.corrections(), 2u);
}

TEST(Seq, SilenceTimeoutAndSessionEnd) {
    Feed f;
    f.send(Role::Client, 0, 0xFFFF, ~0u, 0.0, 1);    // Login
    f.send(Role::Server, 0, 0, ~0u, 0.01, 2);        // Join
    f.send(Role::Client, 1, 0, ~0u, 1.5);            // 1.5 s later: silence
    EXPECT_EQ(f.codes(3), std::vector<C>{C::Silence});
    f.send(Role::Client, 2, 0, ~0u, 12.0);           // 10.5 s later: the game would have timed out
    EXPECT_EQ(f.codes(4), std::vector<C>{C::Timeout});
    f.send(Role::Client, 3, 0, ~0u, 12.1, 3);        // Part
    f.t.finish(12.1, f);
    // The server sent nothing after its Join while the client went on for
    // 12.1 s: it went silent, longer than the game's timeout.
    EXPECT_STREQ(f.t.end_state(),
                 "server went silent at 0.010 s (frame 2); the client left with Part 12.1 s later (frame 5)");
    EXPECT_EQ(f.codes(2), std::vector<C>{C::WentSilent});
    EXPECT_EQ(f.count(C::SessionEnd), 1u);
}

// Liveness: which side went silent and how the other's sending ended.
TEST(Seq, WentSilentAndHowTheOtherSideEnded) {
    using E = SilenceEnd;
    // The game's timeout give or take kTimeoutSlack, whatever the capture did.
    EXPECT_EQ(classify_silence_end(9.97, 14.95, 14.95, 10, 1), E::PeerTimedOut);
    EXPECT_EQ(classify_silence_end(10.4, 20, 60, 10, 1), E::PeerTimedOut);
    EXPECT_EQ(classify_silence_end(4.9, 19.9, 19.9, 10, 1), E::CaptureEnded);   // still sending at the end
    EXPECT_EQ(classify_silence_end(6.0, 26.0, 27.2, 10, 1), E::PeerStopped);    // capture went on 1.2 s
    EXPECT_EQ(classify_silence_end(25.0, 30.0, 40.0, 10, 1), E::PeerOutlived);
    EXPECT_EQ(classify_silence_end(25.0, 30.0, 30.5, 10, 1), E::CaptureEnded);

    // A client that stops at 2.0 s; the server goes on every 50 ms until
    // 12.0 s (its receive timer): the client went silent, timed out.
    Feed f;
    f.send(Role::Client, 0, 0xFFFF, ~0u, 0.0, 1);
    f.send(Role::Server, 0, 0, ~0u, 0.01, 2);
    f.send(Role::Client, 1, 0, ~0u, 2.0, 4);  // frame 3: its last
    for (int k = 1; k <= 200; ++k) f.send(Role::Server, uint16_t(k), 1, ~0u, 2.0 + 0.05 * k);  // frames 4..203
    const uint64_t last = f.frame;
    ASSERT_EQ(last, 203u);
    f.t.finish(12.0, f);
    const Silence& q = f.t.final_silence();
    ASSERT_TRUE(bool(q));
    EXPECT_EQ(q.silent, Role::Client);
    EXPECT_EQ(q.frame, 3u);
    EXPECT_EQ(q.survivor_frame, last);
    EXPECT_EQ(q.after, last - 3);
    EXPECT_EQ(q.end, E::PeerTimedOut);
    EXPECT_EQ(f.codes(3), (std::vector<C>{C::Silence, C::WentSilent}));  // 2 s after its Login, then gone
    char msg[256];
    const Finding* w = nullptr;
    for (const Finding& x : f.all)
        if (x.code == C::WentSilent) w = &x;
    ASSERT_NE(w, nullptr);
    format_finding(*w, msg, sizeof msg);
    char want[160];
    std::snprintf(want, sizeof want,
                  "The client went silent after this packet (2.000 s); the server timed it out 10.0 s later "
                  "(frame %llu)",
                  (unsigned long long)last);
    EXPECT_STREQ(msg, want);
    // One pass: the server's first packet a second into the silence says so
    // (k = 20, 3.0 s: frame 23), once.
    EXPECT_EQ(f.frames[23 - 1].peer_silent_since, 3u);
    EXPECT_EQ(f.frames[22 - 1].peer_silent_since, 0u);
    EXPECT_EQ(f.frames[24 - 1].peer_silent_since, 0u);
    // A consequence: a later finding of the survivor; an earlier one is not.
    Finding later{C::CorrectionLarge, 0, 0};
    later.frame = 10;
    Finding before = later;
    before.frame = 3;
    EXPECT_TRUE(caused_by_silence(later, q));
    EXPECT_FALSE(caused_by_silence(before, q));
    Finding shown = as_consequence(later, q);
    EXPECT_EQ(shown.code, C::AfterSilence);
    later.a = 292;
    later.b = 40599000;
    later.c = 9921000;
    later.ref_frame = 3;
    shown = as_consequence(later, q);
    format_finding(shown, msg, sizeof msg);
    EXPECT_STREQ(msg, "After the client went silent: Correction of update seq 292 (frame 3): 40.599 blocks off, "
                      "9.921 s later [blank.correction.large]");
}

// One side quitting first: the other leaves with Part soon after. Said in
// the end line, no finding.
TEST(Seq, PartSoonAfterTheOtherStoppedIsNoFinding) {
    Feed f;
    f.send(Role::Client, 0, 0xFFFF, ~0u, 0.0, 1);
    f.send(Role::Server, 0, 0, ~0u, 0.01, 2);
    f.send(Role::Server, 1, 0, ~0u, 5.0);      // the server's last (it shuts down)
    f.send(Role::Client, 1, 1, ~0u, 5.5);
    f.send(Role::Client, 2, 1, ~0u, 6.2, 3);   // Part, 1.2 s later
    f.t.finish(6.2, f);
    EXPECT_FALSE(bool(f.t.final_silence()));
    EXPECT_TRUE(f.t.final_silence().any());
    EXPECT_STREQ(f.t.end_state(),
                 "server stopped sending at 5.000 s (frame 3); the client left with Part 1.2 s later (frame 5)");
    EXPECT_EQ(f.count(C::WentSilent), 0u);
}

// The history names seqs ack-1-i: only those the peer sent count.
TEST(Seq, HistoryBitsBeforeThePeersFirstSeq) {
    Feed f;
    EXPECT_EQ(f.c(0).hist_bits, 0);                 // nothing received yet: ack 0xFFFF
    EXPECT_EQ(f.s(0, 0).hist_bits, 0);              // ack 0: bits name seqs -1, -2, ...
    EXPECT_EQ(f.s(1, 0).hist_bits, 0);
    EXPECT_EQ(f.c(1, 1).hist_bits, 1);              // ack 1: bit 0 names seq 0
    for (uint16_t i = 2; i < 40; ++i) f.s(i, 0);
    for (uint16_t i = 2; i < 40; ++i) f.c(i, 0);
    EXPECT_EQ(f.c(40, 39).hist_bits, 32);           // every bit names a seq sent
    EXPECT_EQ(f.c(41, 20).hist_bits, 20);
}

TEST(Seq, RefusedLoginAndUnansweredLogin) {
    Feed refused;
    refused.send(Role::Client, 0, 0xFFFF, ~0u, 0.0, 1);
    refused.send(Role::Server, 0, 0, ~0u, 0.01, 3);  // Part
    EXPECT_EQ(refused.codes(2), std::vector<C>{C::LoginRefused});
    refused.t.finish(0.01, refused);
    EXPECT_EQ(refused.count(C::LoginNoJoin), 0u);
    Feed silent;
    silent.send(Role::Client, 0, 0xFFFF, ~0u, 0.0, 1);
    silent.t.finish(20.0, silent);
    EXPECT_EQ(silent.count(C::LoginNoJoin), 1u);
    EXPECT_STREQ(silent.t.end_state(), "timeout (10 s without packets, no Part)");
    Feed cut;
    cut.c(0);
    cut.t.finish(2.0, cut);
    EXPECT_STREQ(cut.t.end_state(), "cut by the end of the capture (no Part)");
}

TEST(Seq, CaptureStartingMidConnection) {
    Feed f;
    f.c(500);
    f.c(501);
    f.t.finish(1, f);
    EXPECT_EQ(f.count(C::SeqMidStart), 1u);
    EXPECT_EQ(finding_info(C::SeqMidStart).severity, Severity::Comment);
    EXPECT_EQ(f.count(C::SeqLostBefore), 0u);  // nothing before the first packet counts as a gap
}

TEST(Seq, SeqStormStaysWithinTheWindow) {
    SeqConfig cfg;
    cfg.window = 256;
    cfg.retain_all = false;  // the analyzer's setting
    Feed f(cfg);
    uint32_t x = 1;
    for (int i = 0; i < 100000; ++i) {
        x = x * 1103515245u + 12345u;  // any seq, any ack
        f.send(i & 1 ? Role::Server : Role::Client, uint16_t(x >> 8), uint16_t(x >> 16), x, i * 0.001);
        if (f.all.size() > 1000) f.all.clear();
        f.frames.clear();
    }
    EXPECT_LE(f.t.records_held(Role::Client), 256u + 64);
    EXPECT_LE(f.t.records_held(Role::Server), 256u + 64);
}

}  // namespace
}  // namespace blank
