// A RakNet conversation that went silent for RakNet's timeout is over: its
// end-of-connection findings go out then, not at the end of the capture,
// and it gives back what only reading needed (issue 55). Each conversation
// here sends a split packet of 8 fragments, then 200 fragments of one that
// never completes (the reassembler holds 280 000 bytes of it), then falls
// silent; the next begins 20 s later. What stays per conversation once it
// ended is its entry (its summary goes to the listener), not what it held
// (this binary counts the bytes operator new's blocks hold:
// tests/bench/alloc_counter.cpp).
#include <gtest/gtest.h>

#include <vector>

#include "alloc_counter.hpp"
#include "conversation.hpp"
#include "protocols/raknet/builder.hpp"
#include "protocols/raknet/findings.hpp"
#include "raknet/raknet_flows.hpp"

namespace blankshark {
namespace {

constexpr uint32_t kComplete = 8, kFragments = 200, kFragmentBytes = 1400;
constexpr uint16_t kPort = 19132;

struct Listener : RaknetListener {
    uint64_t packets = 0, completed = 0, silent = 0, incomplete = 0, other_late = 0, endings = 0;
    void packet(RaknetConnection&, const raknet::PacketResult& p) override {
        ++packets;
        for (const raknet::MessageResult& m : p.messages) completed += m.len == kComplete * kFragmentBytes;
    }
    void late_finding(RaknetConnection&, const core::Finding& f) override {
        if (f.code == raknet::FindingCode::EndSilence) ++silent;
        else if (f.code == raknet::FindingCode::SplitIncomplete) ++incomplete;
        else ++other_late;
    }
    void ended(RaknetConnection& c) override {
        ++endings;
        EXPECT_FALSE(c.open);
        EXPECT_NE(c.summary, nullptr);  // still there to be taken
    }
};

struct Conversations {
    Listener seen;
    uint64_t began = 0;  // conversations
    Conversation conv;   // every conversation's (nullptr would say: no room for it)
    RaknetFlows flows{kPort,
                      [this](const capture::Endpoint&, const capture::Endpoint&, uint64_t) {
                          ++began;
                          return &conv;
                      },
                      seen};
    std::vector<std::vector<uint8_t>> datagrams;  // one conversation's, built once (building allocates)
    uint64_t frame = 0;

    Conversations() {
        // First a split packet of 8 fragments that completes (the session
        // copies it whole into the packet's buffer), then the one that never does.
        for (uint32_t i = 0; i < kComplete + kFragments; ++i) {
            const bool first = i < kComplete;
            raknet::FrameSpec f{raknet::Reliability::ReliableOrdered,
                                i,
                                0,
                                first ? 0u : 1u,
                                0,
                                true,
                                first ? kComplete : kFragments + 1,
                                first ? i : i - kComplete,
                                uint16_t(first ? 1 : 2),
                                std::vector<uint8_t>(kFragmentBytes, 0xfe)};
            datagrams.push_back(raknet::encode_datagram(raknet::Generation::Current, i, {f}));
        }
    }

    // Conversation k: client port 40000 + k, its datagrams 1 ms apart from k x 20 s.
    void one(uint16_t k) { send(uint16_t(40000 + k), k * 20.0); }
    void send(uint16_t port, double t) {
        capture::UdpDatagram d;
        d.src.family = d.dst.family = 4;
        d.src.addr[0] = 10;
        d.dst.addr[0] = 10;
        d.dst.addr[3] = 1;
        d.src.port = port;
        d.dst.port = kPort;
        for (const std::vector<uint8_t>& b : datagrams) {
            capture::Frame f;
            f.number = ++frame;
            d.payload = b.data();
            d.payload_len = uint32_t(b.size());
            ASSERT_TRUE(flows.offer(f, d, t += 0.001));
        }
    }
};

TEST(RaknetRelease, SilentConversationsEndAndKeepNotTheirBuffers) {
    Conversations c;
    const int64_t start = bench::live_bytes();
    for (uint16_t k = 0; k < 10; ++k) c.one(k);
    const int64_t after_10 = bench::live_bytes();
    // Nine have ended (the tenth has not been silent for 10 s yet), each with
    // its incomplete split packet and its silence, before the capture ends.
    EXPECT_EQ(c.seen.silent, 9u);
    EXPECT_EQ(c.seen.incomplete, 9u);
    EXPECT_EQ(c.flows.open_conversations(), 1u);
    for (uint16_t k = 10; k < 60; ++k) c.one(k);
    const int64_t after_60 = bench::live_bytes();

    EXPECT_EQ(c.seen.packets, 60u * (kComplete + kFragments));
    EXPECT_EQ(c.seen.completed, 60u);
    EXPECT_EQ(c.seen.silent, 59u);
    EXPECT_EQ(c.seen.incomplete, 59u);
    EXPECT_EQ(c.flows.open_conversations(), 1u);
    // The counter counts: 10 conversations' summaries were made.
    EXPECT_GT(after_10 - start, 0);
    // 50 more conversations keep their entries (endpoints, a few flags),
    // not the 280 000 bytes each held, nor their windows, nor their
    // summaries (the listener took each at ended(); this one took none).
    const int64_t per_conversation = (after_60 - after_10) / 50;
    RecordProperty("bytes_kept_per_ended_conversation", int(per_conversation));
    EXPECT_LT(per_conversation, 1024) << per_conversation << " bytes kept per ended conversation";
    EXPECT_EQ(c.seen.endings, 59u);

    // The capture's end: the last one ends too (the capture stops 1 s after
    // its last packet: no silence, the capture ended with it up).
    c.flows.finish(c.frame, 59 * 20.0 + kFragments * 0.001 + 1.0);
    EXPECT_EQ(c.seen.silent, 59u);
    EXPECT_EQ(c.seen.incomplete, 60u);
    EXPECT_EQ(c.flows.open_conversations(), 0u);
}

// The same endpoints again: within the timeout the same conversation (its
// datagram numbers seen again: duplicates), past it a new one, as for the
// peers (RakNet dropped the old connection).
TEST(RaknetRelease, SameEndpointsPastTheTimeoutAreANewConversation) {
    Conversations c;
    c.send(40000, 0.0);
    c.send(40000, 9.0);   // 8.8 s after the last packet
    EXPECT_EQ(c.began, 1u);
    EXPECT_EQ(c.seen.silent, 0u);
    c.send(40000, 19.3);  // 10.1 s after it
    EXPECT_EQ(c.began, 2u);
    EXPECT_EQ(c.seen.silent, 1u);
    EXPECT_EQ(c.flows.open_conversations(), 1u);
}

}  // namespace
}  // namespace blankshark
