// A connection that ended gives back what its bytes took: a capture of many
// connections one after another is read in memory bounded by the
// connections open at once, not by all those ever seen (issue 55). Each
// Minecraft Java connection here sends a message of 256 KiB in two segments,
// which its stream buffer holds until the second half comes; what stays
// per connection once it ended (its record for the reports, its analysis)
// must be far below that (this binary counts the bytes operator new's
// blocks hold: tests/bench/alloc_counter.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "alloc_counter.hpp"
#include "conversation.hpp"
#include "mc_java/java_flows.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "tcp/tcp_dispatcher.hpp"
#include "tcp_test_support.hpp"
#include "../support/java_bytes.hpp"

namespace blankshark::tcp {
namespace {

using Bytes = test_support::JavaBytes;

constexpr size_t kMessage = 256 * 1024;

std::string as_string(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

struct JavaConnections {
    Conversation conv;  // every connection's (nullptr would say: no room for it)
    uint64_t packets = 0, big = 0;
    JavaFlows java{[this](const Connection&, uint64_t) { return &conv; }, [this](const JavaPacket& p) {
                       ++packets;
                       big += p.packet->data_len >= kMessage;
                   }};
    Dispatcher tcp{{{&mcjava::protocol_info(), 25565, &java}}};
    testing::Wire w;
    uint64_t frame = 0;
    // A Handshake to login, then Login Start whose name takes 256 KiB (too
    // long a name: a finding, but framed and delivered whole).
    const std::string hello = as_string(Bytes().var(0x00).var(404).str("localhost").be(25565, 2).var(2).framed());
    const std::string login = as_string(Bytes().var(0x00).str(std::string(kMessage, 'a')).framed());

    JavaConnections() { w.server.port = 25565; }

    // One connection from client port `port`: opened, the two messages, both FINs.
    void one(uint16_t port) {
        w.client.port = port;
        testing::InOrder in_order{w};
        auto seg = [&](bool from_client, uint8_t flags, const char* p, size_t n) {
            ++frame;
            tcp.feed(in_order.next(from_client, flags, p, n), frame, double(frame) * 0.001);
        };
        namespace f = capture::tcpflag;
        seg(true, f::kSyn, nullptr, 0);
        seg(false, f::kSyn | f::kAck, nullptr, 0);
        seg(true, f::kAck | f::kPsh, hello.data(), hello.size());
        const size_t half = login.size() / 2;
        seg(true, f::kAck | f::kPsh, login.data(), half);
        seg(true, f::kAck | f::kPsh, login.data() + half, login.size() - half);
        seg(false, f::kAck, nullptr, 0);
        seg(true, f::kAck | f::kFin, nullptr, 0);
        seg(false, f::kAck | f::kFin, nullptr, 0);
        seg(true, f::kAck, nullptr, 0);
    }
};

TEST(ConnectionRelease, EndedJavaConnectionsKeepNotTheirBuffers) {
    JavaConnections c;
    const int64_t start = bench::live_bytes();
    for (uint16_t i = 0; i < 10; ++i) c.one(uint16_t(40000 + i));
    const int64_t after_10 = bench::live_bytes();
    for (uint16_t i = 10; i < 60; ++i) c.one(uint16_t(40000 + i));
    const int64_t after_60 = bench::live_bytes();

    // Every connection was read: a Handshake and the 256 KiB Login Start each.
    ASSERT_EQ(c.java.connections().size(), 60u);
    EXPECT_EQ(c.packets, 120u);
    EXPECT_EQ(c.big, 60u);
    for (const auto& jc : c.java.connections()) EXPECT_EQ(jc->tcp, nullptr);  // all ended
    // The counter counts: 10 connections' records and analyses were made.
    EXPECT_GT(after_10 - start, 0);
    // 50 more connections keep their records, not the 256 KiB each buffered.
    const int64_t per_connection = (after_60 - after_10) / 50;
    RecordProperty("bytes_kept_per_ended_connection", int(per_connection));
    EXPECT_LT(per_connection, int64_t(kMessage / 8)) << per_connection << " bytes kept per ended connection";
}

// check lets go of an ended connection's record too (SessionFlows::let_go):
// what stays is the reassembler's record of the TCP connection, for the
// minute a late segment of it may still come.
TEST(ConnectionRelease, LetGoEndedJavaConnectionsKeepNoRecord) {
    JavaConnections c;
    c.java.let_go(true);
    for (uint16_t i = 0; i < 10; ++i) c.one(uint16_t(40000 + i));
    const int64_t after_10 = bench::live_bytes();
    for (uint16_t i = 10; i < 60; ++i) c.one(uint16_t(40000 + i));
    const int64_t after_60 = bench::live_bytes();

    EXPECT_EQ(c.packets, 120u);
    EXPECT_EQ(c.big, 60u);
    EXPECT_TRUE(c.java.connections().empty());  // every one ended and was let go
    const int64_t per_connection = (after_60 - after_10) / 50;
    RecordProperty("bytes_kept_per_let_go_connection", int(per_connection));
    EXPECT_LT(per_connection, 1536) << per_connection << " bytes kept per ended connection";
}

}  // namespace
}  // namespace blankshark::tcp
