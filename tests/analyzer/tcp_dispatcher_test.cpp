// The TCP dispatcher's choice of protocol per connection (tcp_dispatcher.hpp):
// the port with its protocol's test, then a test that holds on any port,
// then the port alone; Java and Alpha share 25565 and are told apart by the
// client's first bytes. Hand-built segments; the claimants record what they get.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "tcp/tcp_dispatcher.hpp"
#include "tcp_test_support.hpp"

namespace blankshark::tcp {
namespace {

using testing::Recorder;
using testing::Wire;
namespace f = capture::tcpflag;

// A Java Handshake (length 16, id 0, version 404, "localhost", 25565, next
// state 2), as seed 003 lays it out.
const std::string kJavaHandshake("\x10\x00\x94\x03\x09localhost\x63\xdd\x02", 17);
// Alpha's Handshake "bob" (0x02, u16 length, UTF-8), and its first 2 bytes.
const std::string kAlphaHandshake("\x02\x00\x03" "bob", 6);

struct Session {
    Recorder java, alpha;
    Dispatcher tcp;
    Wire w;
    explicit Session(uint16_t server_port, uint16_t java_port = 25565, uint16_t alpha_port = 25565)
        : tcp({{&mcjava::protocol_info(), java_port, &java}, {&mcalpha::protocol_info(), alpha_port, &alpha}}) {
        w.server.port = server_port;
    }
    // SYN, SYN-ACK, then `first` from the client (or the server), then 3
    // more bytes from the client.
    void run(const std::string& first, bool server_first = false) {
        uint64_t frame = 0;
        tcp.feed(w.make(true, 100, 0, f::kSyn, ""), ++frame, 0.1);
        tcp.feed(w.make(false, 500, 101, f::kSyn | f::kAck, ""), ++frame, 0.2);
        if (server_first) {
            tcp.feed(w.make(false, 501, 101, f::kAck, first), ++frame, 0.3);
            tcp.feed(w.make(true, 101, 501 + uint32_t(first.size()), f::kAck, "abc"), ++frame, 0.4);
        } else {
            tcp.feed(w.make(true, 101, 501, f::kAck, first), ++frame, 0.3);
            tcp.feed(w.make(true, 101 + uint32_t(first.size()), 501, f::kAck, "abc"), ++frame, 0.4);
        }
        tcp.finish(1.0);
    }
    // SYN, SYN-ACK, then the client's bytes in these segments, then (if
    // `fin`) its FIN.
    void run_pieces(const std::vector<std::string>& pieces, bool fin = false) {
        uint64_t frame = 0;
        uint32_t seq = 101;
        tcp.feed(w.make(true, 100, 0, f::kSyn, ""), ++frame, 0.1);
        tcp.feed(w.make(false, 500, 101, f::kSyn | f::kAck, ""), ++frame, 0.2);
        for (const std::string& piece : pieces) {
            tcp.feed(w.make(true, seq, 501, f::kAck, piece), ++frame, 0.3);
            seq += uint32_t(piece.size());
        }
        if (fin) tcp.feed(w.make(true, seq, 501, f::kAck | f::kFin, ""), ++frame, 0.4);
        tcp.finish(1.0);
    }
    // What a claimant got of connection 1 in the client's direction.
    static std::string client_bytes(Recorder& r) { return r.conns.count(1) ? r.stream(1, Side::Client) : ""; }
};

TEST(TcpDispatcher, JavaHandshakeOnTheMinecraftPortIsJava) {
    Session r(25565);
    r.run(kJavaHandshake);
    EXPECT_EQ(Session::client_bytes(r.java), kJavaHandshake + "abc");
    EXPECT_TRUE(r.alpha.conns.empty());
}

TEST(TcpDispatcher, AlphaFirstByteOnTheMinecraftPortIsAlphaEvenCut) {
    Session whole(25565);
    whole.run(kAlphaHandshake);
    EXPECT_EQ(Session::client_bytes(whole.alpha), kAlphaHandshake + "abc");
    EXPECT_TRUE(whole.java.conns.empty());
    // A Handshake cut after its id and half its length: 0x02 rules Java out.
    Session cut(25565);
    cut.run(kAlphaHandshake.substr(0, 2));
    EXPECT_EQ(Session::client_bytes(cut.alpha), kAlphaHandshake.substr(0, 2) + "abc");
    EXPECT_TRUE(cut.java.conns.empty());
}

// Issue 52: Alpha too, off its port, by a whole Handshake alone in the
// client's first bytes (id 0x02, length, a player name).
TEST(TcpDispatcher, JavaAndAlphaOnAnyPortByTheirHandshakes) {
    Session java(25570);
    java.run(kJavaHandshake);
    EXPECT_EQ(Session::client_bytes(java.java), kJavaHandshake + "abc");
    Session alpha(25570);
    alpha.run(kAlphaHandshake);
    EXPECT_EQ(Session::client_bytes(alpha.alpha), kAlphaHandshake + "abc");
    EXPECT_TRUE(alpha.java.conns.empty());
    // Named on its port, it is Alpha's again.
    Session named(25570, 25565, 25570);
    named.run(kAlphaHandshake);
    EXPECT_EQ(Session::client_bytes(named.alpha), kAlphaHandshake + "abc");
}

// Issue 53: a client's TCP may send the Handshake in pieces (the bundled
// Alpha session: 1, 2, 3 and 2 bytes). Its start holds the connection until
// it is whole (Alpha's, every byte delivered in order) or cannot be (then
// the port decides, or nobody). Catches a dispatcher judging the first
// segment alone: nothing recognised off the port, or Java on 25565 once
// --port mcalpha names another port.
TEST(TcpDispatcher, AlphaHandshakeInPiecesOffItsPortIsHeldUntilWhole) {
    const std::vector<std::string> pieces = {"\x02", std::string("\x00\x03", 2), "bo", "b"};
    Session moved(25570);
    moved.run_pieces(pieces);
    EXPECT_EQ(Session::client_bytes(moved.alpha), kAlphaHandshake);
    EXPECT_TRUE(moved.java.conns.empty());
    Session away(25565, 25565, 25570);  // --port mcalpha=25570, the session still on 25565
    away.run_pieces(pieces);
    EXPECT_EQ(Session::client_bytes(away.alpha), kAlphaHandshake);
    EXPECT_TRUE(away.java.conns.empty());
    // Not a player name after all: the port's protocol gets every byte.
    Session not_alpha(25565, 25565, 25570);
    not_alpha.run_pieces({"\x02", std::string("\x00\x03", 2), "b "});
    EXPECT_EQ(Session::client_bytes(not_alpha.java), std::string("\x02\x00\x03" "b ", 5));
    EXPECT_TRUE(not_alpha.alpha.conns.empty());
    // Never whole (the client closes) off every port: nobody's.
    Session cut(25570);
    cut.run_pieces({"\x02", std::string("\x00\x03", 2)}, true);
    EXPECT_TRUE(cut.java.log.empty());
    EXPECT_TRUE(cut.alpha.log.empty());
}

TEST(TcpDispatcher, ThePortAloneGoesToItsFirstProtocol) {
    // A damaged Handshake (Java's length, then not its id): Java reports it.
    Session damaged(25565);
    damaged.run("\x10\x07garbage");
    EXPECT_EQ(Session::client_bytes(damaged.java), "\x10\x07garbage" "abc");
    EXPECT_TRUE(damaged.alpha.conns.empty());
    // The server speaking first: only the port can tell.
    Session server(25565);
    server.run("hello", true);
    ASSERT_EQ(server.java.conns.count(1), 1u);
    EXPECT_EQ(server.java.stream(1, Side::Server), "hello");
    EXPECT_EQ(server.java.stream(1, Side::Client), "abc");
}

TEST(TcpDispatcher, NothingClaimedIsReleasedAndNeverDelivered) {
    Session r(8080);
    r.run("GET / HTTP/1.1\r\n");
    EXPECT_TRUE(r.java.conns.empty());
    EXPECT_TRUE(r.alpha.conns.empty());
    EXPECT_TRUE(r.java.log.empty());
    EXPECT_TRUE(r.alpha.log.empty());
}

}  // namespace
}  // namespace blankshark::tcp
