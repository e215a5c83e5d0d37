// raknet::Session on crafted traffic (written with raknet/builder.hpp, the
// core's encoder): split reassembly edge cases (any order, duplicates,
// missing pieces, groups that never complete, limits, inconsistent
// fragments, too many groups open), whole-datagram resends after a NAK
// (jsp-raknet), duplicates and reused numbers, the 24-bit wrap, ACK/NAK
// matching, version detection from lengths, ordering channels, and how a
// connection ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "protocols/raknet/analysis_fields.hpp"
#include "protocols/raknet/builder.hpp"
#include "protocols/raknet/schema.hpp"
#include "protocols/raknet/session.hpp"

namespace {

using namespace raknet;
using core::Value;

struct Log : Sink {
    std::vector<PacketResult> packets;  // spans not valid after the call
    std::vector<std::vector<FrameResult>> frames;
    std::vector<std::vector<MessageResult>> messages;
    std::vector<std::vector<std::string>> message_bytes;
    std::vector<std::vector<std::string>> findings;  // per packet
    std::vector<core::Finding> late;
    std::vector<Link> links;
    void packet(const PacketResult& p) override {
        packets.push_back(p);
        frames.emplace_back(p.frames.begin(), p.frames.end());
        messages.emplace_back(p.messages.begin(), p.messages.end());
        message_bytes.emplace_back();
        for (const MessageResult& m : p.messages)
            message_bytes.back().push_back(std::string(reinterpret_cast<const char*>(m.data), m.len));
        findings.emplace_back();
        for (const core::Finding& f : p.findings) findings.back().push_back(core::finding_info(f.code).name);
    }
    void link(const Link& l) override { links.push_back(l); }
    void finding(const core::Finding& f) override { late.push_back(f); }
    bool has(size_t packet, const char* name) const {
        const auto& v = findings[packet];
        return std::find(v.begin(), v.end(), name) != v.end();
    }
    size_t late_count(const char* name) const {
        size_t n = 0;
        for (const core::Finding& f : late) n += std::string(core::finding_info(f.code).name) == name;
        return n;
    }
    const core::Finding* late_one(const char* name) const {
        for (const core::Finding& f : late)
            if (std::string(core::finding_info(f.code).name) == name) return &f;
        return nullptr;
    }
};

struct Feed {
    Session s;
    Log log;
    uint64_t frame = 0;
    double time = 0;
    explicit Feed(const Options& o = Options()) : s(o) {}
    size_t send(Side side, const std::vector<uint8_t>& b, double dt = 0.010) {
        time += dt;
        s.packet(side, b.data(), uint32_t(b.size()), core::Origin{++frame, time}, log);
        return log.packets.size() - 1;
    }
    void finish(double dt = 0.5) { s.finish(core::Origin{frame, time + dt}, log); }
};

std::vector<uint8_t> body(size_t n, uint8_t first) {
    std::vector<uint8_t> b(n);
    for (size_t i = 0; i < n; ++i) b[i] = uint8_t(first + i);
    return b;
}

FrameSpec fragment(uint16_t id, uint32_t count, uint32_t index, uint32_t message_index, std::vector<uint8_t> b,
                   Reliability r = Reliability::ReliableOrdered) {
    FrameSpec f;
    f.reliability = r;
    f.message_index = message_index;
    f.split = true;
    f.split_id = id;
    f.split_count = count;
    f.split_index = index;
    f.body = std::move(b);
    return f;
}

FrameSpec message(Reliability r, uint32_t message_index, std::vector<uint8_t> b, uint32_t order = 0, uint8_t ch = 0) {
    FrameSpec f;
    f.reliability = r;
    f.message_index = message_index;
    f.order_index = order;
    f.sequencing_index = order;
    f.channel = ch;
    f.body = std::move(b);
    return f;
}

const Generation G = Generation::Current;

TEST(RakNetSession, SplitFragmentsInAnyOrderWithADuplicate) {
    Feed f;
    // Three fragments of split 7 sent 2, 0, (0 again in a new datagram as a
    // new reliable index: a duplicate fragment), 1.
    f.send(Side::Server, encode_datagram(G, 0, {fragment(7, 3, 2, 2, body(5, 0x20), Reliability::Reliable)}));
    f.send(Side::Server, encode_datagram(G, 1, {fragment(7, 3, 0, 0, body(10, 0x00), Reliability::Reliable)}));
    const size_t dup = f.send(Side::Server, encode_datagram(G, 2, {fragment(7, 3, 0, 3, body(10, 0x00), Reliability::Reliable)}));
    const size_t last = f.send(Side::Server, encode_datagram(G, 3, {fragment(7, 3, 1, 1, body(10, 0x10), Reliability::Reliable)}));
    EXPECT_EQ(f.log.frames[0][0].role, FrameRole::Fragment);
    EXPECT_EQ(f.log.frames[0][0].fragments_held, 1u);
    EXPECT_EQ(f.log.frames[dup][0].role, FrameRole::Repeated);
    EXPECT_TRUE(f.log.has(dup, "raknet.split.duplicate"));
    ASSERT_EQ(f.log.messages[last].size(), 1u);
    const MessageResult& m = f.log.messages[last][0];
    EXPECT_TRUE(m.reassembled);
    EXPECT_EQ(m.split_id, 7u);
    EXPECT_EQ(m.len, 25u);
    std::string expect;
    for (auto b : {body(10, 0x00), body(10, 0x10), body(5, 0x20)}) expect += std::string(b.begin(), b.end());
    EXPECT_EQ(f.log.message_bytes[last][0], expect);
    // Fragment frames by index: index 0 came in frame 2, 1 in frame 4, 2 in frame 1.
    ASSERT_EQ(m.fragment_frames.size, 3u);
    EXPECT_EQ(f.s.stats(Side::Server).split_completed, 1u);
    EXPECT_EQ(f.s.stats(Side::Server).split_fragments, 4u);
    f.finish();
    EXPECT_EQ(f.log.late_count("raknet.split.incomplete"), 0u);
    // A fragment of the completed group arriving late is a duplicate, not a new group.
    const size_t late = f.send(Side::Server, encode_datagram(G, 4, {fragment(7, 3, 2, 4, body(5, 0x20), Reliability::Reliable)}));
    EXPECT_EQ(f.log.frames[late][0].role, FrameRole::Repeated);
    EXPECT_EQ(f.s.stats(Side::Server).split_groups, 1u);
}

// Fragments in index order (as they mostly come) hand their bytes over
// without a copy: three messages one after another come out whole, and the
// bytes of a completed one leave the direction's budget (40 bytes here: two
// groups of 10 held after a message of 25 evict nothing).
TEST(RakNetSession, SplitFragmentsInOrderOneMessageAfterAnother) {
    Options o;
    o.max_split_buffer = 40;
    Feed f(o);
    uint32_t seq = 0, index = 0;
    for (uint16_t id : {1, 2, 3}) {
        size_t last = 0;
        for (uint32_t k = 0; k < 3; ++k)
            last = f.send(Side::Server, encode_datagram(G, seq++, {fragment(id, 3, k, index++, body(k < 2 ? 10 : 5, uint8_t(id * 64 + k * 16)), Reliability::Reliable)}));
        ASSERT_EQ(f.log.messages[last].size(), 1u) << id;
        std::string expect;
        for (uint32_t k = 0; k < 3; ++k) {
            const auto b = body(k < 2 ? 10 : 5, uint8_t(id * 64 + k * 16));
            expect += std::string(b.begin(), b.end());
        }
        EXPECT_EQ(f.log.message_bytes[last][0], expect) << id;
    }
    f.send(Side::Server, encode_datagram(G, seq++, {fragment(4, 3, 0, index++, body(10, 0), Reliability::Reliable)}));
    f.send(Side::Server, encode_datagram(G, seq++, {fragment(5, 3, 0, index++, body(10, 0), Reliability::Reliable)}));
    f.finish();
    EXPECT_EQ(f.s.stats(Side::Server).split_completed, 3u);
    EXPECT_EQ(f.log.late_count("raknet.split.evicted"), 0u);
    EXPECT_EQ(f.log.late_count("raknet.split.incomplete"), 2u);  // 4 and 5, at the end
}

TEST(RakNetSession, SplitNeverCompletedIsReportedAtItsFirstFragment) {
    Feed f;
    f.send(Side::Client, encode_datagram(G, 0, {fragment(1, 4, 0, 0, body(8, 1))}));
    f.send(Side::Client, encode_datagram(G, 1, {fragment(1, 4, 2, 1, body(8, 1))}));
    f.finish();
    const core::Finding* inc = f.log.late_one("raknet.split.incomplete");
    ASSERT_NE(inc, nullptr);
    EXPECT_EQ(inc->frame, 1u);
    EXPECT_EQ(inc->a, 2);
    EXPECT_EQ(inc->b, 4);
    EXPECT_EQ(f.s.stats(Side::Client).split_incomplete, 1u);
}

TEST(RakNetSession, SplitLimitsAndInconsistentFragments) {
    Options o;
    o.max_split_count = 8;
    o.max_split_bytes = 20;
    o.max_open_splits = 2;
    Feed f(o);
    // A claimed count over the limit: refused, reported once per split id.
    const size_t big = f.send(Side::Client, encode_datagram(G, 0, {fragment(1, 100000, 0, 0, body(4, 0))}));
    const size_t big2 = f.send(Side::Client, encode_datagram(G, 1, {fragment(1, 100000, 1, 1, body(4, 0))}));
    EXPECT_EQ(f.log.frames[big][0].role, FrameRole::Dropped);
    EXPECT_TRUE(f.log.has(big, "raknet.split.count_limit"));
    EXPECT_FALSE(f.log.has(big2, "raknet.split.count_limit"));
    // An index beyond the count, and a count that differs from the group's.
    f.send(Side::Client, encode_datagram(G, 2, {fragment(2, 3, 0, 2, body(4, 0))}));
    const size_t beyond = f.send(Side::Client, encode_datagram(G, 3, {fragment(2, 3, 5, 3, body(4, 0))}));
    const size_t other = f.send(Side::Client, encode_datagram(G, 4, {fragment(2, 4, 1, 4, body(4, 0))}));
    EXPECT_TRUE(f.log.has(beyond, "raknet.split.inconsistent"));
    EXPECT_TRUE(f.log.has(other, "raknet.split.inconsistent"));
    // More than max_split_bytes in a group: given up.
    f.send(Side::Client, encode_datagram(G, 5, {fragment(3, 3, 0, 5, body(12, 0))}));
    const size_t over = f.send(Side::Client, encode_datagram(G, 6, {fragment(3, 3, 1, 6, body(12, 0))}));
    EXPECT_TRUE(f.log.has(over, "raknet.split.size_limit"));
    // Two groups open at most: a third evicts the oldest (split 2).
    f.send(Side::Client, encode_datagram(G, 7, {fragment(4, 2, 0, 7, body(2, 0))}));
    f.send(Side::Client, encode_datagram(G, 8, {fragment(5, 2, 0, 8, body(2, 0))}));
    const core::Finding* ev = f.log.late_one("raknet.split.evicted");
    ASSERT_NE(ev, nullptr);
    EXPECT_EQ(ev->a, 2);
    EXPECT_EQ(ev->frame, 3u);
    f.finish();
    EXPECT_EQ(f.log.late_count("raknet.split.incomplete"), 3u);  // split 3 (given up at its limit), 4 and 5
}

// jsp-raknet resends a datagram whole, same number, after the receiver's
// NAK; a copy with no NAK before it is a duplicate; other bytes under a
// number seen before are a reused number.
TEST(RakNetSession, WholeDatagramResendAfterNak) {
    Feed f;
    const auto d5 = encode_datagram(G, 5, {message(Reliability::Reliable, 0, body(6, 0xfe))});
    f.send(Side::Client, d5);                                                    // frame 1
    const size_t nak = f.send(Side::Server, encode_ack(G, true, {{5, 5}}), 0.020);  // frame 2
    const size_t resend = f.send(Side::Client, d5, 0.003);                       // frame 3
    EXPECT_EQ(f.log.packets[nak].kind, PacketKind::Nak);
    EXPECT_TRUE(f.log.has(nak, "raknet.nak"));
    EXPECT_EQ(f.log.packets[resend].status, SeqStatus::Resent);
    EXPECT_EQ(f.log.packets[resend].original_frame, 1u);
    EXPECT_EQ(f.log.packets[resend].nak_frame, 2u);
    EXPECT_NEAR(f.log.packets[resend].since_nak_ms, 3.0, 1e-6);
    EXPECT_TRUE(f.log.has(resend, "raknet.resend.datagram"));
    EXPECT_EQ(f.log.frames[resend][0].role, FrameRole::Repeated);  // the reliable frame is known
    // The NAK was answered by the copy before: another copy with no new NAK
    // is a duplicate (a NAK is answered once).
    const size_t dup = f.send(Side::Client, d5);
    EXPECT_EQ(f.log.packets[dup].status, SeqStatus::Duplicate);
    EXPECT_TRUE(f.log.has(dup, "raknet.seq.duplicate"));
    auto other = encode_datagram(G, 5, {message(Reliability::Reliable, 0, body(6, 0x11))});
    const size_t reused = f.send(Side::Client, other);
    EXPECT_EQ(f.log.packets[reused].status, SeqStatus::Reused);
    EXPECT_TRUE(f.log.has(reused, "raknet.seq.reused"));
    // A plain duplicate: no NAK for #6.
    const auto d6 = encode_datagram(G, 6, {message(Reliability::Unreliable, 0, body(3, 0xfe))});
    f.send(Side::Client, d6);
    const size_t copy = f.send(Side::Client, d6);
    EXPECT_EQ(f.log.packets[copy].status, SeqStatus::Duplicate);
    EXPECT_TRUE(f.log.has(copy, "raknet.seq.duplicate"));
    // Its unreliable frame is delivered again (RakNet drops repeats by reliable index only).
    EXPECT_EQ(f.log.messages[copy].size(), 1u);
    const DirectionStats& st = f.s.stats(Side::Client);
    EXPECT_EQ(st.resent_datagrams, 1u);
    EXPECT_EQ(st.duplicates_identical, 3u);
    EXPECT_EQ(st.duplicates_different, 1u);
    EXPECT_EQ(st.repeated_frames, 3u);
}

// The NAK overtakes the late datagram it names (the server saw #6, NAKed
// #5, then #5 came): the NAK is kept for #5, and RakNet's resend of #5's two
// reliable messages in #7, 33.9 ms after the NAK, answers it.
TEST(RakNetSession, NakBeforeTheLateDatagramItNames) {
    Feed f;
    f.send(Side::Client, encode_datagram(G, 4, {message(Reliability::Reliable, 0, body(4, 0xfe))}));     // frame 1
    f.send(Side::Client, encode_datagram(G, 6, {message(Reliability::Reliable, 3, body(4, 0xfe))}));     // frame 2
    const size_t nak = f.send(Side::Server, encode_ack(G, true, {{5, 5}}), 0.001);                       // frame 3
    const auto d5 = encode_datagram(G, 5, {message(Reliability::Reliable, 1, body(4, 0xfe)),
                                           message(Reliability::Reliable, 2, body(4, 0xfe))});
    const size_t late = f.send(Side::Client, d5, 0.0001);                                                // frame 4
    EXPECT_EQ(f.log.packets[late].status, SeqStatus::OutOfOrder);
    EXPECT_EQ(f.log.packets[late].nak_frame, 3u);  // reported missing before it came
    EXPECT_TRUE(f.log.has(late, "raknet.seq.out_of_order"));
    const bool linked = std::any_of(f.log.links.begin(), f.log.links.end(), [](const Link& l) {
        return l.frame == 4 && l.kind == LinkKind::NakedIn && l.to == 3;
    });
    EXPECT_TRUE(linked);
    (void)nak;
    // 33.9 ms after the NAK (frame 3 at 0.031 s; frame 5 at 0.0649 s).
    const size_t resend = f.send(Side::Client, encode_datagram(G, 7, {message(Reliability::Reliable, 1, body(4, 0xfe)),
                                                                      message(Reliability::Reliable, 2, body(4, 0xfe))}),
                                 0.0338);
    ASSERT_EQ(f.log.frames[resend].size(), 2u);
    for (const FrameResult& fr : f.log.frames[resend]) {
        EXPECT_EQ(fr.role, FrameRole::Resend);
        EXPECT_EQ(fr.nak_frame, 3u);
        EXPECT_NEAR(fr.since_nak_ms, 33.9, 1e-6);
    }
    const DirectionStats& st = f.s.stats(Side::Client);
    EXPECT_EQ(st.naked, 1u);
    EXPECT_EQ(st.resent_frames, 2u);
    EXPECT_EQ(st.resends_after_nak, 2u);
    EXPECT_EQ(st.nak_to_resend.count, 2u);
    EXPECT_NEAR(st.nak_to_resend.max_ms, 33.9, 1e-6);
    EXPECT_EQ(st.out_of_order, 1u);
}

// A NAK is answered once per message: message 0 resent after the NAK of its
// datagram #0 answers it; sent again later with no new NAK, it is a resend
// on a timeout, not a second answer to that NAK.
TEST(RakNetSession, TimeoutResendAfterAnAnsweredNak) {
    Feed f;
    f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::Reliable, 0, body(4, 0xfe))}));  // frame 1
    f.send(Side::Server, encode_ack(G, true, {{0, 0}}), 0.005);                                       // frame 2
    const size_t first = f.send(Side::Client, encode_datagram(G, 1, {message(Reliability::Reliable, 0, body(4, 0xfe))}), 0.002);
    const size_t again = f.send(Side::Client, encode_datagram(G, 2, {message(Reliability::Reliable, 0, body(4, 0xfe))}), 0.100);
    ASSERT_EQ(f.log.frames[first].size(), 1u);
    EXPECT_EQ(f.log.frames[first][0].nak_frame, 2u);
    EXPECT_NEAR(f.log.frames[first][0].since_nak_ms, 2.0, 1e-6);
    ASSERT_EQ(f.log.frames[again].size(), 1u);
    EXPECT_EQ(f.log.frames[again][0].role, FrameRole::Resend);
    EXPECT_EQ(f.log.frames[again][0].nak_frame, 0u);
    EXPECT_TRUE(f.log.has(again, "raknet.resend.frame"));
    const DirectionStats& st = f.s.stats(Side::Client);
    EXPECT_EQ(st.resent_frames, 2u);
    EXPECT_EQ(st.resends_after_nak, 1u);
    EXPECT_EQ(st.nak_to_resend.count, 1u);
    EXPECT_NEAR(st.nak_to_resend.max_ms, 2.0, 1e-6);
    // A new NAK of the datagram that carried it last (#2) is answered again.
    f.send(Side::Server, encode_ack(G, true, {{2, 2}}), 0.004);
    const size_t third = f.send(Side::Client, encode_datagram(G, 3, {message(Reliability::Reliable, 0, body(4, 0xfe))}), 0.001);
    EXPECT_EQ(f.log.frames[third][0].nak_frame, 5u);
    EXPECT_EQ(f.s.stats(Side::Client).resends_after_nak, 2u);
}

TEST(RakNetSession, GapsOutOfOrderAndTheirFinalCount) {
    Feed f;
    auto d = [&](uint32_t seq) { return f.send(Side::Client, encode_datagram(G, seq, {message(Reliability::Unreliable, 0, body(2, 0xfe))})); };
    d(0);
    const size_t gap = d(4);  // 1..3 missing
    EXPECT_EQ(f.log.packets[gap].status, SeqStatus::Gap);
    EXPECT_EQ(f.log.packets[gap].gap_first, 1u);
    EXPECT_EQ(f.log.packets[gap].gap_count, 3u);
    EXPECT_TRUE(f.log.has(gap, "raknet.seq.gap"));
    const size_t late = d(2);  // splits the hole: 1 and 3 missing
    EXPECT_EQ(f.log.packets[late].status, SeqStatus::OutOfOrder);
    EXPECT_EQ(f.log.packets[late].newest, 4u);
    d(3);  // shrinks the second
    d(7);  // 5..6 missing
    f.finish();
    const DirectionStats& st = f.s.stats(Side::Client);
    EXPECT_EQ(st.gaps, 2u);     // {1}, {5, 6}
    EXPECT_EQ(st.missing, 3u);
    EXPECT_EQ(st.out_of_order, 2u);
    EXPECT_EQ(st.gap_events, 2u);
}

TEST(RakNetSession, NumbersWrapAt24Bits) {
    Feed f;
    const size_t first = f.send(Side::Server, encode_datagram(G, 0xFFFFFE, {message(Reliability::Reliable, 0xFFFFFF, body(2, 0xfe))}));
    EXPECT_TRUE(f.log.has(first, "raknet.seq.mid_start"));
    f.send(Side::Server, encode_datagram(G, 0xFFFFFF, {message(Reliability::Reliable, 0, body(2, 0xfe))}));
    const size_t wrapped = f.send(Side::Server, encode_datagram(G, 0, {message(Reliability::Reliable, 1, body(2, 0xfe))}));
    EXPECT_EQ(f.log.packets[wrapped].status, SeqStatus::InOrder);
    EXPECT_EQ(f.log.packets[wrapped].seq_unwrapped, 0x1000000u);
    const size_t ack = f.send(Side::Client, encode_ack(G, false, {{0xFFFFFE, 0xFFFFFF}, {0, 0}}));
    EXPECT_EQ(f.log.packets[ack].matched, 3u);
    EXPECT_EQ(f.log.packets[ack].unseen, 0u);
    f.finish();
    const DirectionStats& st = f.s.stats(Side::Server);
    EXPECT_EQ(st.gaps, 0u);
    EXPECT_EQ(st.acked, 3u);
    EXPECT_EQ(st.message_indexes, 3u);
    EXPECT_EQ(st.message_indexes_never_seen, 0u);
}

TEST(RakNetSession, AckAndNakMatching) {
    Feed f;
    for (uint32_t s = 0; s < 4; ++s) f.send(Side::Client, encode_datagram(G, s, {message(Reliability::Reliable, s, body(2, 0xfe))}));
    // Frames 1-4: datagrams #0-#3. ACK #0..#1 and #9 (never sent), NAK #2.
    const size_t ack = f.send(Side::Server, encode_ack(G, false, {{0, 1}, {9, 9}}), 0.025);
    EXPECT_EQ(f.log.packets[ack].matched, 2u);
    EXPECT_EQ(f.log.packets[ack].future, 1u);
    EXPECT_EQ(f.log.packets[ack].seqs_covered, 3u);
    EXPECT_TRUE(f.log.has(ack, "raknet.ack.future"));
    const size_t nak = f.send(Side::Server, encode_ack(G, true, {{2, 2}}));
    EXPECT_EQ(f.log.packets[nak].matched, 1u);
    // The resend of message 2 in a new datagram links to the NAK.
    const size_t resend = f.send(Side::Client, encode_datagram(G, 4, {message(Reliability::Reliable, 2, body(2, 0xfe))}), 0.002);
    const FrameResult& r = f.log.frames[resend][0];
    EXPECT_EQ(r.role, FrameRole::Resend);
    EXPECT_EQ(r.original_frame, 3u);
    EXPECT_EQ(r.nak_frame, 6u);
    EXPECT_NEAR(r.since_nak_ms, 2.0, 1e-6);
    // A reversed range is malformed.
    const size_t bad = f.send(Side::Server, encode_ack(G, false, {{3, 1}}));
    EXPECT_TRUE(f.log.has(bad, "raknet.ack.range_reversed"));
    f.finish();
    // #0 acked 0.025 + 0.03 s after it was sent (frame 1 at 0.010, ACK at 0.065).
    bool found = false;
    for (const Link& l : f.log.links)
        if (l.kind == LinkKind::AckedIn && l.frame == 1) {
            found = true;
            EXPECT_EQ(l.to, 5u);
            EXPECT_NEAR(l.ms, 55.0, 1e-6);
        }
    EXPECT_TRUE(found);
    // #3 and #4 never acknowledged nor reported; message 3 never acknowledged.
    EXPECT_EQ(f.log.late_count("raknet.ack.missing"), 2u);
    // Messages 2 (NAKed in #2, resent in #4) and 3: no datagram of theirs acknowledged.
    EXPECT_EQ(f.log.late_count("raknet.reliable.unacked"), 2u);
}

TEST(RakNetSession, ReliableHolesAreCommentsAtTheIndexAfterThem) {
    Feed f;
    f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::Reliable, 0, body(2, 0xfe))}));
    f.send(Side::Client, encode_datagram(G, 1, {message(Reliability::Reliable, 3, body(2, 0xfe))}));
    f.finish();
    const core::Finding* h = f.log.late_one("raknet.reliable.hole");
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->frame, 2u);
    EXPECT_EQ(h->a, 2);
    EXPECT_EQ(h->b, 1);
    EXPECT_EQ(h->c, 2);
    EXPECT_EQ(h->severity(), core::Severity::Comment);
    EXPECT_EQ(f.s.stats(Side::Client).message_indexes_never_seen, 2u);
}

TEST(RakNetSession, OrderingChannels) {
    Feed f;
    auto ordered = [&](uint32_t seq, uint32_t mi, uint32_t order, uint8_t ch) {
        return f.send(Side::Server,
                      encode_datagram(G, seq, {message(Reliability::ReliableOrdered, mi, body(2, 0xfe), order, ch)}));
    };
    ordered(0, 0, 0, 0);
    ordered(1, 1, 0, 1);  // channel 1 has its own indexes
    const size_t gap = ordered(2, 2, 3, 0);
    EXPECT_EQ(f.log.frames[gap][0].order_gap, 2u);
    EXPECT_TRUE(f.log.has(gap, "raknet.order.gap"));
    const size_t late = ordered(3, 3, 1, 0);
    EXPECT_TRUE(f.log.frames[late][0].order_late);
    EXPECT_TRUE(f.log.has(late, "raknet.order.late"));
    // Sequenced: an older sequencing index is stale.
    f.send(Side::Server, encode_datagram(G, 4, {message(Reliability::UnreliableSequenced, 0, body(2, 0xfe), 5, 2)}));
    const size_t stale = f.send(Side::Server, encode_datagram(G, 5, {message(Reliability::UnreliableSequenced, 0, body(2, 0xfe), 4, 2)}));
    EXPECT_TRUE(f.log.frames[stale][0].stale);
    EXPECT_TRUE(f.log.has(stale, "raknet.sequenced.stale"));
    // Channel 40 does not exist.
    const size_t bad = ordered(6, 4, 0, 40);
    EXPECT_TRUE(f.log.has(bad, "raknet.order.bad_channel"));
    const DirectionStats& st = f.s.stats(Side::Server);
    EXPECT_EQ(st.ordered_by_channel[0], 3u);
    EXPECT_EQ(st.ordered_by_channel[1], 1u);
    EXPECT_EQ(st.order_gaps, 1u);
    EXPECT_EQ(st.order_late, 1u);
}

// The seed's layouts: a 25-byte Unconnected Ping decides seed002 for the
// connection; a later message in today's layout is a mismatch, decoded
// with the connection's version all the same.
TEST(RakNetSession, VersionFromTheHandshakeLengths) {
    Feed f;
    const Generation S = Generation::Seed002;
    const size_t ping = f.send(Side::Client, encode_message(S, kPacketTable, id::kUnconnectedPing,
                                                            Value{{"time", 0x3c6d0d}, {"magic", magic_value()}}));
    EXPECT_EQ(f.log.packets[ping].len, 25u);
    EXPECT_TRUE(f.log.has(ping, "raknet.version.detected"));
    EXPECT_EQ(f.log.packets[ping].version->gen, S);
    const size_t reply = f.send(Side::Server, encode_message(G, kPacketTable, id::kOpenConnectionReply2,
                                                             Value{{"magic", magic_value()},
                                                                   {"server_guid", 1},
                                                                   {"client_address", address_value("10.0.0.2", 5000)},
                                                                   {"mtu", 1464}}));
    EXPECT_TRUE(f.log.has(reply, "raknet.version.mismatch"));
    EXPECT_EQ(f.s.version().gen, S);
    EXPECT_EQ(f.log.packets[reply].version->gen, S);
}

// Captured after the handshake: a connected pong of 9 bytes shows the seed's layout.
TEST(RakNetSession, VersionFromAPongMidCapture) {
    Feed f;
    const Generation S = Generation::Seed002;
    FrameSpec ping = message(Reliability::Unreliable, 0, encode_message(S, kMessageTable, id::kConnectedPing, Value{{"time", 77}}));
    FrameSpec pong = message(Reliability::Unreliable, 0, encode_message(S, kMessageTable, id::kConnectedPong, Value{{"ping_time", 77}}));
    ASSERT_EQ(pong.body.size(), 9u);
    f.send(Side::Client, encode_datagram(G, 100, {ping}));
    EXPECT_FALSE(f.s.version_decided());
    const size_t p = f.send(Side::Server, encode_datagram(G, 200, {pong}), 0.004);
    EXPECT_TRUE(f.s.version_decided());
    EXPECT_EQ(f.s.version().gen, S);
    EXPECT_TRUE(f.log.has(p, "raknet.version.detected"));
    ASSERT_EQ(f.log.messages[p].size(), 1u);
    EXPECT_EQ(f.log.messages[p][0].ping_frame, 1u);
    EXPECT_NEAR(f.log.messages[p][0].rtt_ms, 4.0, 1e-6);
}

TEST(RakNetSession, HowTheConnectionEnded) {
    {
        Feed f;
        f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::Unreliable, 0, body(2, 0xfe))}));
        f.finish(12.0);
        EXPECT_EQ(f.s.end(), EndReason::Silence);
        EXPECT_EQ(f.log.late_count("raknet.end.silence"), 1u);
    }
    {
        Feed f;
        f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::Unreliable, 0, body(2, 0xfe))}));
        f.finish(1.0);
        EXPECT_EQ(f.s.end(), EndReason::CaptureEnd);
        EXPECT_EQ(f.log.late_count("raknet.end.capture"), 1u);
    }
    {
        Feed f;
        const size_t d = f.send(Side::Server, encode_datagram(G, 0, {message(Reliability::ReliableOrdered, 0, {0x15})}));
        f.finish(30.0);
        EXPECT_EQ(f.s.end(), EndReason::Disconnect);
        EXPECT_EQ(f.s.disconnected_by(), Side::Server);
        EXPECT_TRUE(f.log.has(d, "raknet.end.disconnect"));
        EXPECT_EQ(f.log.late_count("raknet.end.silence"), 0u);
    }
}

TEST(RakNetSession, AckReceiptReliabilitiesAndTruncatedFrames) {
    Feed f;
    const size_t r = f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::ReliableOrderedWithAckReceipt, 0, body(3, 0xfe))}));
    EXPECT_TRUE(f.log.has(r, "raknet.frame.ack_receipt"));
    EXPECT_EQ(f.log.frames[r][0].role, FrameRole::Message);
    auto cut = encode_datagram(G, 1, {message(Reliability::Reliable, 1, body(30, 0xfe))});
    cut.resize(cut.size() - 10);
    const size_t t = f.send(Side::Client, cut);
    ASSERT_EQ(f.log.frames[t].size(), 1u);
    EXPECT_EQ(f.log.frames[t][0].role, FrameRole::Dropped);
    EXPECT_EQ(f.s.stats(Side::Client).malformed, 1u);
}

}  // namespace

namespace {

// The generated fields a front end shows, by their filter names.
struct Names {
    std::vector<std::string> names;
    std::vector<double> values;
    void open(const core::Item& it) { leaf(it); }
    void close() {}
    void finding(const core::Finding&) {}
    void leaf(const core::Item& it) {
        names.push_back(it.info->abbrev);
        values.push_back(it.vclass == core::ValueClass::Double ? it.d : it.vclass == core::ValueClass::Int ? double(it.i) : double(it.u));
        EXPECT_TRUE(it.generated) << it.info->abbrev;
    }
    double at(const std::string& n) const {
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == n) return values[i];
        return -1;
    }
};

TEST(RakNetAnalysisFields, ResultsAsGeneratedFields) {
    Feed f;
    f.send(Side::Client, encode_datagram(G, 0, {message(Reliability::Reliable, 0, body(2, 0xfe))}));
    f.send(Side::Client, encode_datagram(G, 2, {message(Reliability::Reliable, 1, body(2, 0xfe))}));
    f.send(Side::Server, encode_ack(G, false, {{0, 0}}), 0.004);
    const core::Schema& s = schema(Generation::Current);
    Names n;
    emit_packet(s, f.log.packets[1], n);
    emit_frame(s, f.log.frames[1][0], n);
    emit_message(s, f.log.messages[1][0], n);
    for (const Link& l : f.log.links) emit_link(s, l, n);
    EXPECT_EQ(n.at("raknet.analysis.version"), 1);
    EXPECT_EQ(n.at("raknet.analysis.seq"), 2);
    EXPECT_EQ(n.at("raknet.analysis.seq_status"), double(SeqStatus::Gap));
    EXPECT_EQ(n.at("raknet.analysis.gap"), 1);
    EXPECT_EQ(n.at("raknet.analysis.frame.role"), double(FrameRole::Message));
    EXPECT_EQ(n.at("raknet.analysis.message.length"), 2);
    EXPECT_EQ(n.at("raknet.analysis.acked_in"), 3);
    EXPECT_NEAR(n.at("raknet.analysis.ack_delay"), 14.0, 1e-6);
    Names a;
    emit_packet(s, f.log.packets[2], a);
    EXPECT_EQ(a.at("raknet.analysis.covered"), 1);
    EXPECT_EQ(a.at("raknet.analysis.matched"), 1);
    EXPECT_EQ(a.at("raknet.analysis.datagram_frame"), 1);
    // Every analysis field is registered in both versions' schemas.
    for (Generation g : {Generation::Seed002, Generation::Current})
        for (const char* k : {"raknet.analysis.resent_in", "raknet.analysis.pong_in", "raknet.analysis.frame.resend_of",
                              "raknet.analysis.message.fragment_frame", "raknet.analysis.reassembled_in"})
            EXPECT_NE(schema(g).find(k), nullptr) << k;
}

}  // namespace
