// Minecraft Alpha through the analyzer's TCP path (the dispatcher on port
// 25565 handing the connection to AlphaFlows, mcalpha::Session per direction)
// allocates nothing per segment or message once the connection is set up
// and warm (this binary counts calls to operator new).
#include <gtest/gtest.h>

#include <string>

#include "alloc_counter.hpp"
#include "conversation.hpp"
#include "mc_alpha/alpha_flows.hpp"
#include "mc_java/java_flows.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "tcp/tcp_dispatcher.hpp"
#include "tcp_test_support.hpp"

namespace blankshark::tcp {
namespace {

TEST(AlphaAllocations, NoneForMessagesOnceWarm) {
    uint64_t messages[2] = {0, 0}, unframed = 0;
    Conversation conv;  // every connection's (nullptr would say: no room for it)
    JavaFlows java([&](const Connection&, uint64_t) { return &conv; }, [](const JavaPacket&) {});
    AlphaFlows alpha([&](const Connection&, uint64_t) { return &conv; },
                     [&](const AlphaMessage& m) {
                         if (!m.msg) return;
                         ++messages[int(m.msg->dir)];
                         unframed += m.msg->kind != mcalpha::MessageKind::Message;
                     });
    Dispatcher tcp({{&mcjava::protocol_info(), 25565, &java}, {&mcalpha::protocol_info(), 25565, &alpha}});
    testing::Wire w;
    w.server.port = 25565;
    // Client: Handshake "alice", then Player (0x0A, on ground) and Keep Alive.
    static const std::string hello("\x02\x00\x05" "alice", 8);
    std::string client;
    for (int i = 0; i < 466; ++i) client += std::string("\x0a\x01", 2);
    client += std::string("\x00\x00", 2);  // two Keep Alives: 934 bytes, 468 messages
    // Server: Time Update (0x04, a long) and Entity Relative Move (0x1F, int, 3 bytes), 17 bytes a pair.
    std::string server;
    for (int i = 0; i < 80; ++i)
        server += std::string("\x04\x00\x00\x00\x00\x00\x00\x17\x70" "\x1f\x00\x00\x05\xdc\x01\xff\x02", 17);
    uint64_t frame = 0;
    testing::InOrder in_order{w};
    auto seg = [&](bool from_client, uint8_t flags, const std::string* p) {
        ++frame;
        tcp.feed(in_order.next(from_client, flags, p), frame, double(frame) * 0.001);
    };
    namespace f = capture::tcpflag;
    const uint64_t start = bench::allocations();
    seg(true, f::kSyn, nullptr);
    seg(false, f::kSyn | f::kAck, nullptr);
    seg(true, f::kAck | f::kPsh, &hello);
    for (int i = 0; i < 100; ++i) {  // warm up: rings, stream buffers, findings
        seg(true, f::kAck | f::kPsh, &client);
        seg(false, f::kAck | f::kPsh, &server);
    }
    const uint64_t before = bench::allocations();
    EXPECT_GT(before - start, 0u);  // the counter counts
    for (int i = 0; i < 5000; ++i) {
        seg(true, f::kAck | f::kPsh, &client);
        seg(false, f::kAck | f::kPsh, &server);
    }
    EXPECT_EQ(bench::allocations() - before, 0u);
    ASSERT_EQ(alpha.connections().size(), 1u);  // told apart from Java by its Handshake
    EXPECT_EQ(messages[0], 1 + 5100u * 468);
    EXPECT_EQ(messages[1], 5100u * 160);
    EXPECT_EQ(unframed, 0u);
}

}  // namespace
}  // namespace blankshark::tcp
