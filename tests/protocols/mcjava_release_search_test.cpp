// The release search (src/protocols/mc_java/release_search.hpp) on bytes
// written by hand from the Minecraft Java protocol document of 1.13.2
// (seed 003, protocol 404: clientbound Keep Alive 0x21, Chat Message 0x0E,
// Entity Relative Move 0x28, Time Update 0x4A; serverbound Chat Message
// 0x02, Keep Alive 0x0E, Player Position 0x10), picked up mid-way: the
// release, where each direction's first whole packet starts, compressed
// framing, the key log's secret of a stream picked up encrypted; and the
// Alpha/Java shape tests of a port they share.
#include <gtest/gtest.h>

#include <gcrypt.h>

#include <string>
#include <vector>

#include "../support/java_bytes.hpp"
#include "core/inflater.hpp"
#include "core/midstream_choice.hpp"
#include "protocols/mc_alpha/protocol_info.hpp"
#include "protocols/mc_java/protocol_info.hpp"
#include "protocols/mc_java/release_search.hpp"

namespace mcjava {
namespace {

using Bytes = std::vector<uint8_t>;
using Writer = blankshark::test_support::JavaBytes;

// A packet `body` (id + fields) framed: Length, (compressed) Data Length 0.
Bytes framed(const Bytes& body, bool compressed) {
    Writer w;
    w.var(int64_t(body.size() + (compressed ? 1 : 0)));
    if (compressed) w.var(0);
    w.b.insert(w.b.end(), body.begin(), body.end());
    return w.b;
}

struct Stream {
    Bytes server, client;
};

// A 1.13.2 play session's middle, both directions, as seed 003 lays out
// its packets: the server moves entity 7 about, keeps the connection alive,
// tells the time and chats; the client walks and answers.
Stream session(bool compressed) {
    Stream s;
    auto server = [&](const Writer& w) {
        const Bytes f = framed(w.b, compressed);
        s.server.insert(s.server.end(), f.begin(), f.end());
    };
    auto client = [&](const Writer& w) {
        const Bytes f = framed(w.b, compressed);
        s.client.insert(s.client.end(), f.begin(), f.end());
    };
    for (int i = 0; i < 6; ++i) {
        // Entity Relative Move: VarInt entity id, Short dx, dy, dz (1/4096 block), Bool on ground.
        server(Writer().var(0x28).var(7).be(uint16_t(4096 * i), 2).be(uint16_t(-410), 2).be(0, 2).u8(i % 2));
        // Player Position: Double x, feet y, z, Bool on ground.
        client(Writer().var(0x10).f64(25.5 + i).f64(71.0).f64(-7.25).u8(1));
    }
    server(Writer().var(0x21).i64(1234567));                   // Keep Alive
    client(Writer().var(0x0E).i64(1234567));                   // Keep Alive answer
    server(Writer().var(0x4A).i64(24000 * 3 + 40).i64(6040));  // Time Update: world age, time of day
    const std::string json = "{\"text\":\"hello\"}";
    server(Writer().var(0x0E).str(json).u8(0));  // Chat Message (String: VarInt length, UTF-8), position chat
    client(Writer().var(0x02).str("hello"));     // Chat Message
    for (int i = 0; i < 4; ++i)
        server(Writer().var(0x28).var(8).be(uint16_t(100 * i), 2).be(0, 2).be(uint16_t(-100 * i), 2).u8(1));
    return s;
}

ReleaseSearch::Verdict judge_all(ReleaseSearch& rs, const Stream& s, bool last) {
    const uint8_t* bytes[2] = {s.client.data(), s.server.data()};
    const size_t len[2] = {s.client.size(), s.server.size()};
    const bool ended[2] = {last, last};
    return rs.judge(bytes, len, ended, last);
}

TEST(McJavaReleaseSearch, InfersTheReleaseAndStateOfAPlaySession) {
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr);
    ASSERT_EQ(judge_all(rs, session(false), true), ReleaseSearch::Verdict::Decided);
    const Inferred& r = rs.result();
    // 1.13 to 1.13.2 (393, 401, 404) number every packet here alike.
    EXPECT_TRUE(r.range & version_bit(*find_version(404)));
    EXPECT_FALSE(r.range & version_bit(*find_version(477)));  // 1.14: Keep Alive is 0x20
    EXPECT_FALSE(r.range & version_bit(*find_version(340)));  // 1.12.2
    EXPECT_EQ(r.state[0], State::Play);
    EXPECT_EQ(r.state[1], State::Play);
    EXPECT_FALSE(r.compressed);
    EXPECT_TRUE(r.start_known[0] && r.start_known[1]);
    EXPECT_EQ(r.start[0], 0u);
    EXPECT_EQ(r.start[1], 0u);
    EXPECT_EQ(r.packets, 21u);  // the server's 13 packets and the client's 8, every one judged
    EXPECT_EQ(r.clean, 21u);
}

TEST(McJavaReleaseSearch, CompressedFramingFromItsDataLength) {
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr);
    ASSERT_EQ(judge_all(rs, session(true), true), ReleaseSearch::Verdict::Decided);
    EXPECT_TRUE(rs.result().compressed);
    EXPECT_TRUE(rs.result().range & version_bit(*find_version(404)));
}

TEST(McJavaReleaseSearch, FirstWholePacketAfterTheEndOfOneBeforeTheCapture) {
    Stream s = session(false);
    // The capture starts inside a Time Update: its last 9 bytes (a Long and
    // one byte of the one before it) come first.
    const Bytes time = framed(Writer().var(0x4A).i64(80).i64(6000).b, false);
    s.server.insert(s.server.begin(), time.end() - 9, time.end());
    // And inside a Player Position: its last 20 bytes.
    const Bytes pos = framed(Writer().var(0x10).f64(1.5).f64(64).f64(2.5).u8(0).b, false);
    s.client.insert(s.client.begin(), pos.end() - 20, pos.end());
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr);
    ASSERT_EQ(judge_all(rs, s, true), ReleaseSearch::Verdict::Decided);
    EXPECT_EQ(rs.result().start[1], 9u);
    EXPECT_EQ(rs.result().start[0], 20u);
    EXPECT_TRUE(rs.result().range & version_bit(*find_version(404)));
}

TEST(McJavaReleaseSearch, HoldsUntilEnoughPacketsTell) {
    // Two packets decide nothing before the end: many releases read them.
    Stream s;
    const Bytes k = framed(Writer().var(0x21).i64(99).b, false);
    s.server = k;
    s.server.insert(s.server.end(), k.begin(), k.end());
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr);
    EXPECT_EQ(judge_all(rs, s, false), ReleaseSearch::Verdict::Undecided);
}

TEST(McJavaReleaseSearch, NamedReleaseStillInfersStateAndFraming) {
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr, find_version(404));
    ASSERT_EQ(judge_all(rs, session(true), true), ReleaseSearch::Verdict::Decided);
    EXPECT_EQ(rs.result().how, Inferred::How::Given);
    EXPECT_EQ(rs.result().range, version_bit(*find_version(404)));
    EXPECT_TRUE(rs.result().compressed);
}

// AES-128/CFB8 encryption with key and IV the secret (what the game does;
// StreamCipher only decrypts).
Bytes encrypt(const Bytes& plain, const SharedSecret& secret) {
    gcry_cipher_hd_t h = nullptr;
    EXPECT_EQ(gcry_cipher_open(&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CFB8, 0), 0u);
    gcry_cipher_setkey(h, secret.data(), secret.size());
    gcry_cipher_setiv(h, secret.data(), secret.size());
    Bytes out(plain.size());
    gcry_cipher_encrypt(h, out.data(), out.size(), plain.data(), plain.size());
    gcry_cipher_close(h);
    return out;
}

TEST(McJavaReleaseSearch, PickedUpEncryptedFindsTheKeyLogLineThatDecrypts) {
    SharedSecret right{}, wrong{};
    for (int i = 0; i < 16; ++i) right[i] = uint8_t(0x40 + i), wrong[i] = uint8_t(0x90 + i);
    StreamCipher warm;
    ASSERT_TRUE(warm.start(right));  // libgcrypt initialised
    // The secret of line 3 (line 1 a comment, line 2 another connection's).
    KeyLog log;
    log.parse("# key log\n"
              "deadbeef 909192939495969798999a9b9c9d9e9f\n"
              "cafebabe 404142434445464748494a4b4c4d4e4f\n");
    ASSERT_EQ(log.entries().size(), 2u);
    const Stream plain = session(true);
    Stream s{encrypt(plain.server, right), encrypt(plain.client, right)};
    // Picked up 30 and 7 bytes into the encrypted streams.
    s.server.erase(s.server.begin(), s.server.begin() + 30);
    s.client.erase(s.client.begin(), s.client.begin() + 7);
    core::Inflater inflater;
    ReleaseSearch rs(inflater, &log);
    ASSERT_EQ(judge_all(rs, s, true), ReleaseSearch::Verdict::Decided)
        << "keys tried: " << rs.result().keys_tried;
    const Inferred& r = rs.result();
    ASSERT_NE(r.key, nullptr);
    EXPECT_EQ(r.key->line, 3u);
    EXPECT_EQ(r.keys_tried, 2u);
    EXPECT_TRUE(r.range & version_bit(*find_version(404)));
    EXPECT_TRUE(r.compressed);
    // Each direction starts where the cipher reads right, at a packet: the
    // server's first whole one after byte 16 of what was captured.
    EXPECT_GE(r.start[1], 16u);
    EXPECT_EQ(log.used(), 1u);
}

TEST(McJavaReleaseSearch, RandomBytesWithoutAKeyLogAreNotDecoded) {
    Stream s;
    uint32_t x = 12345;
    for (int i = 0; i < 70000; ++i) {
        x = x * 1103515245u + 12345u;
        s.server.push_back(uint8_t(x >> 24));
    }
    core::Inflater inflater;
    ReleaseSearch rs(inflater, nullptr);
    EXPECT_EQ(judge_all(rs, s, false), ReleaseSearch::Verdict::GaveUp);
    EXPECT_EQ(rs.result().how, Inferred::How::None);
    EXPECT_TRUE(rs.result().looks_encrypted);
}

// Alpha and Java on the port they share, picked up mid-way.
TEST(MinecraftMidstream, AlphaAndJavaToldApartByHowTheirBytesRead) {
    // Seed 001's examples (captures/mc_alpha/README.md): the server's Spawn
    // Position then Time Update, Keep Alive, Kick; the client's Player
    // Position & Look.
    const Bytes alpha_server = {0x06, 0, 0, 0, 0x75, 0, 0, 0, 0x46, 0xff, 0xff, 0xff, 0xd2,  // Spawn Position
                                0x04, 0, 0, 0, 0, 0, 0, 0x2a, 0x30,                          // Time Update 10800
                                0x00,                                                        // Keep Alive
                                0x04, 0, 0, 0, 0, 0, 0, 0x2a, 0x31,                          // Time Update
                                0x00,
                                0x06, 0, 0, 0, 0x75, 0, 0, 0, 0x46, 0xff, 0xff, 0xff, 0xd3};
    const core::ProtocolInfo* both[] = {&mcjava::protocol_info(), &mcalpha::protocol_info()};
    const Stream java = session(true);
    const uint8_t* jb[2] = {java.client.data(), java.server.data()};
    const size_t jl[2] = {java.client.size(), java.server.size()};
    EXPECT_EQ(core::midstream_choice(both, 2, jb, jl, true), 0);
    const uint8_t* ab[2] = {nullptr, alpha_server.data()};
    const size_t al[2] = {0, alpha_server.size()};
    EXPECT_EQ(core::midstream_choice(both, 2, ab, al, true), 1);
    EXPECT_EQ(mcjava::protocol_info().reads_midstream(alpha_server.data(), alpha_server.size(), false), 0u);
}

TEST(MinecraftMidstream, AlphaHandshakeAnywhereIsAWholeOneWithAPlayerName) {
    using core::Looks;
    const auto anywhere = mcalpha::protocol_info().looks_like_anywhere;
    ASSERT_NE(anywhere, nullptr);
    const Bytes alice = {0x02, 0x00, 0x05, 'a', 'l', 'i', 'c', 'e'};  // seed 001's Handshake, "alice"
    EXPECT_EQ(anywhere(alice.data(), alice.size()), Looks::Yes);
    Bytes more = alice;
    more.push_back(0x01);  // not the client's first bytes alone
    EXPECT_EQ(anywhere(more.data(), more.size()), Looks::No);
    const Bytes space = {0x02, 0x00, 0x03, 'a', ' ', 'b'};
    EXPECT_EQ(anywhere(space.data(), space.size()), Looks::No);
    const Bytes too_long = {0x02, 0x00, 0x11, 'a'};  // 17 letters: longer than a player name
    EXPECT_EQ(anywhere(too_long.data(), too_long.size()), Looks::No);
    const Bytes java = {0x10, 0x00, 0xd4, 0x02};  // a Java Handshake's first bytes (length 16)
    EXPECT_EQ(anywhere(java.data(), java.size()), Looks::No);
    // Its start, as a client's TCP may send it (the bundled session: 1, 2,
    // 3 and 2 bytes): more bytes are needed, up to the last letter. A dispatcher
    // taking these for "no" leaves the session unrecognised off its port.
    for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(6)})
        EXPECT_EQ(anywhere(alice.data(), n), Looks::MoreBytes) << n;
    const Bytes cut_space = {0x02, 0x00, 0x05, 'a', ' '};
    EXPECT_EQ(anywhere(cut_space.data(), cut_space.size()), Looks::No);
}

}  // namespace
}  // namespace mcjava
