// The TCP reassembler on hand-built segments: every event line and every
// byte stream below was worked out by hand.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tcp/tcp_seq.hpp"
#include "tcp_test_support.hpp"

namespace blankshark::tcp {
namespace {

using testing::Recorder;
using testing::Wire;
namespace f = capture::tcpflag;
constexpr uint8_t SYN = f::kSyn, ACK = f::kAck, FIN = f::kFin, RST = f::kRst, PSH = f::kPsh;
constexpr Side CS = Side::Client, SC = Side::Server;

class Tcp : public ::testing::Test {
protected:
    Options opt;
    Recorder rec;
    Wire w;
    std::unique_ptr<Reassembler> r_;

    Reassembler& r() {
        if (!r_) {
            r_ = std::make_unique<Reassembler>(rec, opt);
            rec.reassembler = r_.get();
        }
        return *r_;
    }
    uint64_t feed(const capture::TcpSegment& s) {
        ++w.frame;
        r().feed(s, w.frame, double(w.frame) / 10);
        return w.frame;
    }
    uint64_t c(uint32_t seq, uint32_t ack, uint8_t flags, const std::string& p = "", uint16_t win = 65535) {
        return feed(w.make(true, seq, ack, flags, p, win));
    }
    uint64_t s(uint32_t seq, uint32_t ack, uint8_t flags, const std::string& p = "", uint16_t win = 65535) {
        return feed(w.make(false, seq, ack, flags, p, win));
    }
    // Client ISN 1000 (data from 1001), server ISN 5000 (data from 5001): frames 1-3.
    void handshake() {
        c(1000, 0, SYN);
        s(5000, 1001, SYN | ACK);
        c(1001, 5001, ACK);
    }
    const Connection& conn(uint32_t id = 1) {
        const Connection* x = r().find(id);
        EXPECT_NE(x, nullptr);
        return *x;
    }
    std::string log() const { return rec.joined(); }
};

TEST_F(Tcp, InOrderHandshakeDataAndFinBothWaysZeroCopy) {
    handshake();
    c(1001, 5001, PSH | ACK, "hello ");  // f4
    c(1007, 5001, PSH | ACK, "world");   // f5
    s(5001, 1012, PSH | ACK, "hi");      // f6
    c(1012, 5003, FIN | ACK);            // f7
    s(5003, 1013, FIN | ACK);            // f8
    c(1013, 5004, ACK);                  // f9
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+6 f4\n"
              "data 1 C>S 6+5 f5\n"
              "data 1 S>C 0+2 f6\n"
              "fin 1 C>S 11 f7\n"
              "fin 1 S>C 2 f8\n"
              "close 1 fin f8\n");
    EXPECT_EQ(rec.stream(1, CS), "hello world");
    EXPECT_EQ(rec.stream(1, SC), "hi");
    // In-order bytes are the frame's own bytes.
    ASSERT_EQ(rec.data_pointers.size(), 3u);
    EXPECT_EQ(rec.data_pointers[0], reinterpret_cast<const uint8_t*>(w.payloads[3].data()));
    EXPECT_EQ(rec.data_pointers[2], reinterpret_cast<const uint8_t*>(w.payloads[5].data()));

    const Connection& k = conn();
    EXPECT_EQ(k.client(), w.client);
    EXPECT_EQ(k.server(), w.server);
    EXPECT_FALSE(k.midstream());
    EXPECT_TRUE(k.ended());
    EXPECT_EQ(k.close_reason(), CloseReason::Fin);
    EXPECT_EQ(k.stream(CS).isn(), 1000u);
    EXPECT_EQ(k.stream(CS).base_seq(), 1001u);
    EXPECT_EQ(k.stream(SC).base_seq(), 5001u);
    const StreamStats& a = k.stats(CS);
    EXPECT_EQ(a.segments, 6u);
    EXPECT_EQ(a.payload_bytes, 11u);
    EXPECT_EQ(a.delivered_bytes, 11u);
    EXPECT_EQ(a.retransmitted_segments + a.retransmitted_bytes + a.out_of_order_segments + a.gaps, 0u);
    EXPECT_EQ(k.stats(SC).segments, 3u);
    EXPECT_EQ(k.stats(SC).delivered_bytes, 2u);
    EXPECT_TRUE(rec.findings.empty());
}

TEST_F(Tcp, OutOfOrderIsHeldAndDeliveredAtTheFrameThatFillsTheHole) {
    handshake();
    c(1007, 5001, ACK, "world");   // f4: early
    c(1001, 5001, ACK, "hello ");  // f5: fills
    c(1012, 5001, ACK, "!");       // f6
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+6 f5\n"
              "data 1 C>S 6+5 f4@f5\n"
              "data 1 C>S 11+1 f6\n");
    EXPECT_EQ(rec.stream(1, CS), "hello world!");
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.out_of_order_segments, 1u);
    EXPECT_EQ(a.held_bytes_peak, 5u);
    EXPECT_EQ(a.retransmitted_bytes, 0u);
    EXPECT_EQ(conn().stream(CS).held_bytes(), 0u);
    EXPECT_EQ(r().held_cost(), 0u);
    EXPECT_EQ(r().stats().held_bytes, 0u);
    EXPECT_EQ(r().stats().held_bytes_peak, 5u);
}

TEST_F(Tcp, DuplicateRetransmissionIsCountedOnce) {
    handshake();
    c(1001, 5001, ACK, "hello ");
    c(1001, 5001, ACK, "hello ");  // f5: the same again
    c(1007, 5001, ACK, "world");
    EXPECT_EQ(rec.stream(1, CS), "hello world");
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.payload_bytes, 17u);
    EXPECT_EQ(a.delivered_bytes, 11u);
    EXPECT_EQ(a.retransmitted_segments, 1u);
    EXPECT_EQ(a.retransmitted_bytes, 6u);
    EXPECT_EQ(a.unchecked_retransmitted_bytes, 0u);
    EXPECT_EQ(a.conflicting_bytes, 0u);
    EXPECT_TRUE(rec.findings.empty());
}

TEST_F(Tcp, RetransmissionWithOtherBytesIsAFindingAndTheFirstCopyWins) {
    handshake();
    c(1001, 5001, ACK, "hello ");  // f4
    c(1001, 5001, ACK, "jelly ");  // f5: h/j and o/y differ from what was delivered
    c(1013, 5001, ACK, "world");   // f6: held (offset 12, hole 6..12)
    c(1013, 5001, ACK, "wOrld");   // f7: differs from what is held at 13
    c(1007, 5001, ACK, "there ");  // f8: fills
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+6 f4\n"
              "tcp.retransmission_conflict 1 C>S 0+2 f5\n"
              "tcp.retransmission_conflict 1 C>S 13+1 f7\n"
              "data 1 C>S 6+6 f8\n"
              "data 1 C>S 12+5 f6@f8\n");
    EXPECT_EQ(rec.stream(1, CS), "hello there world");
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.conflicting_segments, 2u);
    EXPECT_EQ(a.conflicting_bytes, 3u);
    EXPECT_EQ(a.retransmitted_segments, 2u);
    EXPECT_EQ(a.retransmitted_bytes, 11u);
}

TEST_F(Tcp, PartialOverlapsUseTheNewBytesAndCompareTheRest) {
    handshake();
    c(1001, 5001, ACK, "abcdef");        // f4: 0..6
    c(1005, 5001, ACK, "efghij");        // f5: 4..10, 2 repeated
    c(1015, 5001, ACK, "opqr");          // f6: 14..18 held
    c(1009, 5001, ACK, "ijklmnopqrst");  // f7: 8..20: 2 delivered, 4 new, 4 held, 2 new
    c(1023, 5001, ACK, "wx");            // f8: 22..24 held
    c(1027, 5001, ACK, "AB");            // f9: 26..28 held
    c(1021, 5001, ACK, "uvwxyzAB");      // f10: 20..28 spans both held segments and the hole between
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+6 f4\n"
              "data 1 C>S 6+4 f5\n"
              "data 1 C>S 10+4 f7\n"
              "data 1 C>S 14+4 f6@f7\n"
              "data 1 C>S 18+2 f7\n"
              "data 1 C>S 20+2 f10\n"
              "data 1 C>S 22+2 f8@f10\n"
              "data 1 C>S 24+2 f10\n"
              "data 1 C>S 26+2 f9@f10\n");
    EXPECT_EQ(rec.stream(1, CS), "abcdefghijklmnopqrstuvwxyzAB");
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.retransmitted_segments, 3u);
    EXPECT_EQ(a.retransmitted_bytes, 2u + 2 + 4 + 2 + 2);
    EXPECT_EQ(a.out_of_order_segments, 3u);
    EXPECT_EQ(a.delivered_bytes, 28u);
    EXPECT_EQ(a.conflicting_bytes, 0u);
}

TEST_F(Tcp, PartialOverlapWithConflictsInDeliveredAndHeldBytes) {
    handshake();
    c(1001, 5001, ACK, "abcd");     // f4: 0..4
    c(1009, 5001, ACK, "ijkl");     // f5: 8..12 held
    c(1003, 5001, ACK, "cXefgYj");  // f6: 2..9: 'X' at 3 repeats 'd'; "efgY" are new; 'j' at 8 repeats the held 'i'
    EXPECT_EQ(rec.stream(1, CS), "abcdefgYijkl");
    ASSERT_EQ(rec.count(Finding::RetransmissionConflict), 1u);
    EXPECT_EQ(rec.findings[0].stream_offset, 3u);
    EXPECT_EQ(rec.findings[0].length, 2u);
    c(1008, 5001, ACK, "h");        // f7: offset 7 was 'Y'
    ASSERT_EQ(rec.count(Finding::RetransmissionConflict), 2u);
    EXPECT_EQ(rec.findings[1].stream_offset, 7u);
    EXPECT_EQ(rec.findings[1].length, 1u);
    EXPECT_EQ(conn().stats(CS).retransmitted_bytes, 2u + 1 + 1);
}

TEST_F(Tcp, SequenceNumbersWrapAt2To32) {
    const uint32_t isn = 0xFFFFFFF5u;  // data from 0xFFFFFFF6; offset 10 is seq 0
    c(isn, 0, SYN);
    s(5000, isn + 1, SYN | ACK);
    c(isn + 1, 5001, ACK, "0123456789");  // f3: offsets 0..10, the last at seq 0xFFFFFFFF
    c(5, 5001, ACK, "KLMNO");             // f4: offsets 15..20 (seq 5), held
    c(0, 5001, ACK, "abcde");             // f5: offsets 10..15 (seq 0)
    c(10, 5001, FIN | ACK);               // f6: FIN at offset 20
    s(5001, 11, ACK);                     // acks the FIN across the wrap
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+10 f3\n"
              "data 1 C>S 10+5 f5\n"
              "data 1 C>S 15+5 f4@f5\n"
              "fin 1 C>S 20 f6\n");
    EXPECT_EQ(rec.stream(1, CS), "0123456789abcdeKLMNO");
    EXPECT_EQ(seq_unwrap(0xFFFFFFF6u, 0, 4), 14);
    EXPECT_EQ(seq_unwrap(0xFFFFFFF6u, 12, 0xFFFFFFF0u), -6);
    EXPECT_TRUE(seq_lt(0xFFFFFFFFu, 0));
    EXPECT_FALSE(seq_lt(0, 0xFFFFFFFFu));
}

// A stream longer than 4 GiB: offsets go on past 2^32, with a hole filled
// across the boundary.
TEST(TcpLong, OffsetsPast4GiB) {
    struct Counter : Sink {
        uint64_t next = 0, bytes = 0, calls = 0;
        void on_data(Connection&, Side, const uint8_t*, uint32_t n, uint64_t off, const SegmentOrigin&) override {
            EXPECT_EQ(off, next);
            next = off + n;
            bytes += n;
            ++calls;
        }
    } sink;
    Options opt;
    opt.compare_window = 0;
    Reassembler r(sink, opt);
    Wire w;
    static const std::string chunk(60000, 'x');
    const uint32_t isn = 123456789;
    uint64_t frame = 0;
    r.feed(w.make(true, isn, 0, SYN, ""), ++frame, 0);
    const uint64_t n = (uint64_t(1) << 32) / chunk.size() + 3;  // the last ones past 2^32
    const uint64_t skipped = n - 2;
    for (uint64_t i = 0; i < n; ++i) {
        if (i == skipped) continue;
        auto s = w.make(true, uint32_t(isn + 1 + i * chunk.size()), 0, ACK, "");
        s.payload = reinterpret_cast<const uint8_t*>(chunk.data());
        s.payload_len = uint32_t(chunk.size());
        w.payloads.clear();
        r.feed(s, ++frame, 0);
    }
    auto s = w.make(true, uint32_t(isn + 1 + skipped * chunk.size()), 0, ACK, "");
    s.payload = reinterpret_cast<const uint8_t*>(chunk.data());
    s.payload_len = uint32_t(chunk.size());
    r.feed(s, ++frame, 0);
    EXPECT_EQ(sink.bytes, n * chunk.size());
    EXPECT_GT(sink.next, uint64_t(1) << 32);
    const Connection* c = r.find(1);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->stream(CS).next_offset(), n * chunk.size());
    EXPECT_EQ(c->stats(CS).out_of_order_segments, 1u);
    EXPECT_EQ(c->stats(CS).gaps, 0u);
}

TEST_F(Tcp, MidConnectionPickupWithAHint) {
    rec.hint = Hint::SenderIsServer;
    s(7000, 3000, PSH | ACK, "SERVERDATA");  // f1: the server speaks first; its ack starts the client's stream
    c(2990, 7010, PSH | ACK, "0123456789");  // f2: all before 3000
    c(2995, 7010, PSH | ACK, "56789abcde");  // f3: half before
    c(3005, 7010, PSH | ACK, "fg");          // f4
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 S>C 0+10 f1\n"
              "tcp.before_stream_start 1 C>S 0+10 f2\n"
              "tcp.before_stream_start 1 C>S 0+5 f3\n"
              "data 1 C>S 0+5 f3\n"
              "data 1 C>S 5+2 f4\n");
    const Connection& k = conn();
    EXPECT_TRUE(k.midstream());
    EXPECT_EQ(k.client(), w.client);
    EXPECT_EQ(k.stream(SC).base_seq(), 7000u);
    EXPECT_EQ(k.stream(CS).base_seq(), 3000u);
    EXPECT_EQ(k.stats(CS).dropped_bytes, 15u);
    EXPECT_EQ(rec.stream(1, CS), "abcdefg");
}

TEST_F(Tcp, MidConnectionPickupWithoutAHintTakesTheFirstSenderAsClient) {
    s(7000, 3000, PSH | ACK, "x");
    c(3000, 7001, PSH | ACK, "y");
    const Connection& k = conn();
    EXPECT_EQ(k.client(), w.server);  // wrong, but what the capture says without help
    EXPECT_EQ(rec.stream(1, CS), "x");
    EXPECT_EQ(rec.stream(1, SC), "y");
}

TEST_F(Tcp, PureAcksAndLoneFinOrRstOpenNothing) {
    c(1001, 5001, ACK);
    s(5001, 1001, FIN | ACK);
    c(1001, 5001, RST);
    EXPECT_EQ(r().tracked(), 0u);
    EXPECT_EQ(r().stats().ignored_segments, 3u);
    rec.hint = Hint::Ignore;
    c(1000, 0, SYN);
    c(1001, 0, ACK, "data");
    EXPECT_EQ(r().tracked(), 0u);
    EXPECT_EQ(r().stats().ignored_segments, 5u);
    EXPECT_TRUE(rec.log.empty());
}

TEST_F(Tcp, SynPayloadIsStreamDataAndSynFinConsumeOneSequenceNumber) {
    c(100, 0, SYN, "tfo");             // f1: data at offset 0 (seq 101)
    s(900, 104, SYN | ACK);            // f2: acks SYN + 3 bytes
    c(104, 901, ACK, "more");          // f3: offset 3
    c(108, 901, FIN | ACK);            // f4: FIN at offset 7
    s(901, 109, ACK, "ok");            // f5: acks the FIN (109 = 108 + 1)
    s(903, 109, FIN | ACK);            // f6
    EXPECT_EQ(rec.stream(1, CS), "tfomore");
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+3 f1\n"
              "data 1 C>S 3+4 f3\n"
              "fin 1 C>S 7 f4\n"
              "data 1 S>C 0+2 f5\n"
              "fin 1 S>C 2 f6\n"
              "close 1 fin f6\n");
}

TEST_F(Tcp, RetransmittedSynIsNotANewConnection) {
    c(1000, 0, SYN);
    c(1000, 0, SYN);
    s(5000, 1001, SYN | ACK);
    s(5000, 1001, SYN | ACK);
    EXPECT_EQ(r().tracked(), 1u);
    EXPECT_EQ(conn().stats(CS).retransmitted_segments, 1u);
    EXPECT_EQ(conn().stats(SC).retransmitted_segments, 1u);
    s(5555, 1001, SYN | ACK);  // another ISN from the server: ignored
    EXPECT_EQ(rec.count(Finding::SynMismatch), 1u);
    EXPECT_EQ(r().tracked(), 1u);
}

TEST_F(Tcp, DataAfterFinIsDropped) {
    handshake();
    c(1011, 5001, ACK, "zz");        // f4: offsets 10..12, held
    c(1001, 5001, ACK, "hello");     // f5: 0..5
    c(1006, 5001, FIN | ACK);        // f6: FIN at 5: the held bytes lie after it
    c(1006, 5001, ACK, "late");      // f7: after the FIN
    c(1006, 5001, FIN | ACK);        // f8: the FIN again
    c(1009, 5001, FIN | ACK);        // f9: a FIN elsewhere
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+5 f5\n"
              "tcp.data_after_fin 1 C>S 10+2 f6\n"
              "fin 1 C>S 5 f6\n"
              "tcp.data_after_fin 1 C>S 5+4 f7\n"
              "tcp.fin_mismatch 1 C>S 8+0 f9\n");
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.dropped_bytes, 6u);
    EXPECT_EQ(a.retransmitted_segments, 1u);
    EXPECT_EQ(conn().stream(CS).held_bytes(), 0u);
    EXPECT_EQ(r().held_cost(), 0u);
}

TEST_F(Tcp, RstGapsBothDirectionsThenCloses) {
    handshake();
    c(1001, 5001, ACK, "hello ");  // f4
    c(1013, 5001, ACK, "world");   // f5: offset 12, hole 6..12
    s(5001, 1007, ACK, "ab");      // f6
    s(5005, 1007, ACK, "ef");      // f7: offset 4, hole 2..4
    s(5007, 1007, RST | ACK);      // f8
    c(1007, 5001, ACK, "there ");  // f9: after the end: counted only
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+6 f4\n"
              "data 1 S>C 0+2 f6\n"
              "gap 1 C>S 6+6 reset f8\n"
              "data 1 C>S 12+5 f5@f8\n"
              "gap 1 S>C 2+2 reset f8\n"
              "data 1 S>C 4+2 f7@f8\n"
              "rst 1 S>C f8\n"
              "close 1 reset f8\n");
    EXPECT_EQ(rec.stream(1, CS), "hello ~~~~~~world");
    EXPECT_TRUE(conn().stream(SC).rst_seen());
    EXPECT_EQ(conn().close_reason(), CloseReason::Reset);
    EXPECT_EQ(conn().stats(CS).segments, 5u);
    EXPECT_EQ(conn().stats(CS).gaps, 1u);
    EXPECT_EQ(conn().stats(CS).missing_bytes, 6u);
}

TEST_F(Tcp, HalfCloseLetsTheOtherDirectionGoOn) {
    handshake();
    c(1001, 5001, PSH | ACK, "req");    // f4
    c(1004, 5001, FIN | ACK);           // f5
    s(5001, 1005, PSH | ACK, "resp1");  // f6
    s(5006, 1005, PSH | ACK, "resp2");  // f7
    s(5011, 1005, FIN | ACK);           // f8
    c(1005, 5012, ACK);                 // f9
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+3 f4\n"
              "fin 1 C>S 3 f5\n"
              "data 1 S>C 0+5 f6\n"
              "data 1 S>C 5+5 f7\n"
              "fin 1 S>C 10 f8\n"
              "close 1 fin f8\n");
}

TEST_F(Tcp, FinBehindAHoleWaitsForIt) {
    handshake();
    c(1001, 5001, ACK, "ab");   // f4
    c(1005, 5001, FIN | ACK);   // f5: FIN at 4, hole 2..4
    c(1003, 5001, ACK, "cd");   // f6: fills
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "data 1 C>S 2+2 f6\n"
              "fin 1 C>S 4 f5@f6\n");
}

TEST_F(Tcp, PortReuseAfterFinStartsANewConnection) {
    handshake();
    c(1001, 5001, ACK, "one");
    c(1004, 5001, FIN | ACK);
    s(5001, 1005, FIN | ACK);
    c(1005, 5002, ACK);
    c(9000, 0, SYN);               // same tuple, new ISN
    s(12000, 9001, SYN | ACK);
    c(9001, 12001, ACK, "two");
    EXPECT_EQ(r().tracked(), 2u);
    EXPECT_EQ(rec.stream(1, CS), "one");
    EXPECT_EQ(rec.stream(2, CS), "two");
    EXPECT_EQ(conn(2).stream(CS).isn(), 9000u);
    EXPECT_EQ(conn(1).close_reason(), CloseReason::Fin);
    EXPECT_EQ(rec.count(Finding::PortReuseUnclosed), 0u);
    EXPECT_EQ(r().stats().connections, 2u);
}

TEST_F(Tcp, PortReuseOfAnOpenConnectionSupersedesIt) {
    handshake();
    c(1001, 5001, ACK, "ab");   // f4
    c(1005, 5001, ACK, "ef");   // f5: held
    c(7777, 0, SYN);            // f6
    c(7778, 0, ACK, "new");     // f7
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "tcp.port_reuse_unclosed 1 C>S 0+0 f6\n"
              "gap 1 C>S 2+2 superseded f6\n"
              "data 1 C>S 4+2 f5@f6\n"
              "close 1 superseded f6\n"
              "open 2 f6\n"
              "data 2 C>S 0+3 f7\n");
}

TEST_F(Tcp, GapWhenHeldBytesGoOverTheBound) {
    opt.max_held_per_direction = 100;  // each held segment costs its bytes + 64
    handshake();
    c(1001, 5001, ACK, "ab");           // f4: 0..2
    c(1021, 5001, ACK, "0123456789");   // f5: 20..30 held, cost 74
    c(1041, 5001, ACK, "ABCDEFGHIJ");   // f6: 40..50 held, cost 148 > 100
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "tcp.held_limit 1 C>S 2+18 f6\n"
              "gap 1 C>S 2+18 held_limit f6\n"
              "data 1 C>S 20+10 f5@f6\n");
    EXPECT_EQ(conn().stream(CS).held_cost(), 74u);
    c(1031, 5001, ACK, "abcdefghij");   // f7: 30..40, then the held 40..50
    EXPECT_EQ(rec.stream(1, CS), "ab" + std::string(18, '~') + "0123456789abcdefghijABCDEFGHIJ");
    EXPECT_EQ(conn().stats(CS).gaps, 1u);
    EXPECT_EQ(conn().stats(CS).missing_bytes, 18u);
    EXPECT_EQ(r().held_cost(), 0u);
}

TEST_F(Tcp, TotalHeldBoundAcrossConnections) {
    opt.max_held_total = 150;
    handshake();                        // connection 1 on port 40000
    c(1011, 5001, ACK, "0123456789");   // held, cost 74
    w.client.port = 40001;
    handshake();                        // connection 2
    c(1011, 5001, ACK, "0123456789");   // held, total 148
    EXPECT_EQ(r().held_cost(), 148u);
    c(1031, 5001, ACK, "0123456789");   // total 222 > 150: connection 2 gives up its first hole
    EXPECT_EQ(r().held_cost(), 148u);
    EXPECT_EQ(conn(1).stream(CS).held_cost(), 74u);
    EXPECT_EQ(conn(2).stream(CS).held_cost(), 74u);  // 30..40 still waits for 20..30
    EXPECT_EQ(rec.stream(2, CS), std::string(10, '~') + "0123456789");
    EXPECT_EQ(rec.count(Finding::HeldLimit), 1u);
}

TEST_F(Tcp, GapsAtEndOfCaptureThenPendingFin) {
    handshake();
    c(1001, 5001, ACK, "ab");     // f4
    c(1005, 5001, ACK, "ef");     // f5: held
    c(1007, 5001, FIN | ACK);     // f6: FIN at 6
    s(5001, 1003, ACK, "xy");     // f7: acks only 0..2
    r().finish(9.5);
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "data 1 S>C 0+2 f7\n"
              "gap 1 C>S 2+2 end_of_capture f7\n"
              "data 1 C>S 4+2 f5@f7\n"
              "fin 1 C>S 6 f6@f7\n"
              "close 1 end_of_capture f7\n");
}

TEST_F(Tcp, GapWhenThePeerAcknowledgesPastTheHole) {
    opt.ack_reorder_segments = 3;
    handshake();
    c(1001, 5001, ACK, "ab");  // f4
    c(1005, 5001, ACK, "ef");  // f5: held, hole 2..4
    s(5001, 1004, ACK);        // f6: acks up to 3: inside the hole, nothing yet
    s(5001, 1007, ACK);        // f7: acks 6: the receiver has 2..4, the capture missed it (or reordered it)
    s(5001, 1007, ACK);        // f8, f9: the hole waits three segments of the connection for its bytes
    c(1007, 5001, ACK);        // (a pure ACK of the client counts too)
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n");
    s(5001, 1007, ACK);        // f10: the third: given up on
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "gap 1 C>S 2+2 acked f10\n"
              "data 1 C>S 4+2 f5@f10\n");
    // A FIN behind a hole, acknowledged.
    c(1009, 5001, FIN | ACK);  // f11: FIN at 8, hole 6..8
    s(5001, 1010, ACK);        // f12
    s(5001, 1010, ACK);        // f13
    s(5001, 1010, ACK);        // f14
    s(5001, 1010, ACK);        // f15
    EXPECT_EQ(rec.log.back(), "fin 1 C>S 8 f11@f15");
    EXPECT_EQ(conn().stats(CS).gaps, 2u);
}

TEST_F(Tcp, ASegmentCapturedAfterItsAcknowledgementIsNoGap) {
    // Reordered in the capture (several interfaces, a merged file): the ACK
    // of 2..4 comes before the segment itself, within the wait.
    handshake();
    c(1001, 5001, ACK, "ab");  // f4
    c(1005, 5001, ACK, "ef");  // f5: held, hole 2..4
    s(5001, 1007, ACK);        // f6: acks 6
    s(5001, 1007, ACK, "xy");  // f7
    c(1003, 5001, ACK, "cd");  // f8: the hole's bytes
    for (int i = 0; i < 10; ++i) s(5001, 1007, ACK);
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "data 1 S>C 0+2 f7\n"
              "data 1 C>S 2+2 f8\n"
              "data 1 C>S 4+2 f5@f8\n");
    EXPECT_EQ(conn().stats(CS).gaps, 0u);
    EXPECT_EQ(rec.stream(1, CS), "abcdef");
}

TEST_F(Tcp, AnAcknowledgedHoleIsAnAckedGapWhenTheCaptureEndsFirst) {
    handshake();
    c(1001, 5001, ACK, "ab");  // f4
    c(1005, 5001, ACK, "ef");  // f5: held
    s(5001, 1007, ACK);        // f6: acks past the hole; the wait has not ended
    r().finish(9);
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+2 f4\n"
              "gap 1 C>S 2+2 acked f6\n"
              "data 1 C>S 4+2 f5@f6\n"
              "close 1 end_of_capture f6\n");
}

TEST_F(Tcp, WithoutGapOnAckHolesWaitForTheEnd) {
    opt.gap_on_ack = false;
    handshake();
    c(1001, 5001, ACK, "ab");
    c(1005, 5001, ACK, "ef");
    s(5001, 1007, ACK);
    EXPECT_EQ(conn().stats(CS).gaps, 0u);
    r().finish(1);
    EXPECT_EQ(rec.stream(1, CS), "ab~~ef");
}

TEST_F(Tcp, KeepAlivesAndZeroWindowProbesAreNotRetransmissions) {
    handshake();
    c(1001, 5001, ACK, "hello");     // 0..5
    c(1005, 5001, ACK, "X");         // keep-alive: 1 byte at next - 1, not the 'o' delivered
    c(1005, 5001, ACK);              // keep-alive without a byte
    s(5001, 1006, ACK, "", 0);       // the server's window is full
    c(1005, 5001, ACK);              // zero-window probe (Linux)
    c(1006, 5001, ACK, "!");         // zero-window probe with a new byte: delivered
    const StreamStats& a = conn().stats(CS);
    EXPECT_EQ(a.keep_alives, 2u);
    EXPECT_EQ(a.zero_window_probes, 2u);
    EXPECT_EQ(a.retransmitted_bytes, 0u);
    EXPECT_EQ(a.conflicting_bytes, 0u);
    EXPECT_TRUE(rec.findings.empty());
    EXPECT_EQ(rec.stream(1, CS), "hello!");
}

TEST_F(Tcp, TruncatedSegmentLeavesAHoleThatTheAckTurnsIntoAGap) {
    opt.ack_reorder_segments = 0;  // at once
    handshake();
    auto t = w.make(true, 1001, 5001, ACK, "hel");  // "hello" on the wire, 3 bytes captured
    t.truncated = true;
    feed(t);                                        // f4
    c(1006, 5001, ACK, " world");                   // f5: held
    s(5001, 1012, ACK);                             // f6
    EXPECT_EQ(log(),
              "open 1 f1\n"
              "data 1 C>S 0+3 f4\n"
              "tcp.truncated_segment 1 C>S 3+0 f4\n"
              "gap 1 C>S 3+2 acked f6\n"
              "data 1 C>S 5+6 f5@f6\n");
    EXPECT_EQ(conn().stats(CS).truncated_segments, 1u);
}

TEST_F(Tcp, Ipv6) {
    w = Wire(true);
    handshake();
    c(1001, 5001, PSH | ACK, "over v6");
    s(5001, 1008, PSH | ACK, "ok");
    EXPECT_EQ(to_string(conn().client()), "[::2]:40000");
    EXPECT_EQ(to_string(conn().server()), "[::1]:25565");
    EXPECT_EQ(rec.stream(1, CS), "over v6");
    EXPECT_EQ(rec.stream(1, SC), "ok");
}

TEST_F(Tcp, ConnectionLimitAndEvictionOfReleasedConnections) {
    opt.max_connections = 2;
    c(1000, 0, SYN);               // connection 1, port 40000
    w.client.port = 40001;
    c(1000, 0, SYN);               // connection 2
    w.client.port = 40002;
    c(1000, 0, SYN);               // f3: no room
    c(1001, 0, ACK, "x");          // f4: still none, reported once
    EXPECT_EQ(r().tracked(), 2u);
    EXPECT_EQ(rec.count(Finding::ConnectionLimit), 1u);
    EXPECT_EQ(r().stats().untracked_segments, 2u);
    EXPECT_EQ(r().stats().connection_limit_hits, 1u);
    r().release(*r().find(1));
    c(1000, 0, SYN);               // f5: connection 1 is evicted to make room
    EXPECT_EQ(r().tracked(), 2u);
    EXPECT_EQ(r().find(1), nullptr);
    ASSERT_NE(r().find(3), nullptr);
    EXPECT_EQ(r().find(3)->client().port, 40002);
    EXPECT_EQ(r().stats().evicted, 1u);
    w.client.port = 40003;
    c(1000, 0, SYN);               // a new episode: reported again
    EXPECT_EQ(rec.count(Finding::ConnectionLimit), 2u);
}

TEST_F(Tcp, ReleasedConnectionsAreSilentAndStillOwnTheirTuple) {
    rec.release_on_close = true;
    handshake();
    c(1001, 5001, ACK, "one");
    c(1004, 5001, FIN | ACK);
    s(5001, 1005, FIN | ACK);
    const size_t lines = rec.log.size();
    c(1001, 5001, ACK, "one");      // a late retransmission: no mid-stream connection
    s(5001, 1005, FIN | ACK);
    EXPECT_EQ(rec.log.size(), lines);
    EXPECT_EQ(r().tracked(), 1u);
    EXPECT_TRUE(conn().released());
    EXPECT_EQ(conn().stats(CS).segments, 5u);  // still counted
    c(2000, 0, SYN);                // a real new connection
    EXPECT_EQ(r().tracked(), 2u);
    EXPECT_EQ(rec.log.back(), "open 2 f9");
}

// A released connection is remembered for the linger after its release
// (Options::released_linger_seconds: TIME_WAIT's minute by default), so a
// late segment of it is still its own; after that it is forgotten and its
// tuple's next segment with payload is a new connection, picked up mid-stream.
TEST_F(Tcp, ReleasedConnectionsAreForgottenAfterTheLinger) {
    opt.released_linger_seconds = 1.05;  // this fixture's frames are 0.1 s apart
    rec.release_on_close = true;
    handshake();
    c(1001, 5001, ACK, "one");
    c(1004, 5001, FIN | ACK);
    s(5001, 1005, FIN | ACK);         // f6, 0.6 s: closed and released
    for (int i = 0; i < 9; ++i) c(1005, 5002, ACK);  // f7-15
    c(1001, 5001, ACK, "one");        // f16, 1.6 s: a late retransmission, still its own
    EXPECT_EQ(r().tracked(), 1u);
    EXPECT_EQ(conn().stats(CS).segments, 14u);
    EXPECT_EQ(r().stats().evicted, 0u);
    c(1001, 5001, ACK, "one");        // f17, 1.7 s: past the linger
    EXPECT_EQ(r().find(1), nullptr);
    EXPECT_EQ(r().stats().evicted, 1u);
    ASSERT_NE(r().find(2), nullptr);
    EXPECT_TRUE(r().find(2)->midstream());
    EXPECT_EQ(rec.count(Finding::ConnectionLimit), 0u);
}

TEST_F(Tcp, ReleaseOnCloseOption) {
    opt.release_on_close = true;
    handshake();
    c(1001, 5001, RST);
    EXPECT_TRUE(conn().released());
}

TEST(TcpFindings, StableNamesAndMeanings) {
    std::set<std::string> names;
    for (int i = 0; i < kFindingCount; ++i) {
        const Finding k = Finding(i);
        const std::string n = finding_name(k);
        EXPECT_EQ(n.rfind("tcp.", 0), 0u) << n;
        EXPECT_NE(n, "tcp.unknown");
        EXPECT_GT(std::string(finding_meaning(k)).size(), 20u) << n;
        names.insert(n);
    }
    EXPECT_EQ(names.size(), size_t(kFindingCount));
    EXPECT_STREQ(finding_name(Finding::RetransmissionConflict), "tcp.retransmission_conflict");
    EXPECT_STREQ(finding_name(Finding(kFindingCount)), "tcp.unknown");
}

}  // namespace
}  // namespace blankshark::tcp
