// Encrypted Minecraft Java connections (issue 31): AES/CFB8 against NIST's
// vectors, the key log's two line formats, and a 1.13.2 online-mode login
// written byte by byte (protocol 404 layouts), encrypted here with
// libgcrypt's own CFB8 and fed to mcjava::Session in pieces of every size:
// decrypted with the right secret, shown encrypted with none, reported
// with a wrong one.
#include <gcrypt.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "protocols/mc_java/findings.hpp"
#include "protocols/mc_java/key_log.hpp"
#include "protocols/mc_java/session.hpp"
#include "protocols/mc_java/stream_cipher.hpp"
#include "../support/java_bytes.hpp"

namespace {

using namespace mcjava;
using C = FindingCode;
using Bytes = std::vector<uint8_t>;

Bytes unhex(const std::string& h) {
    Bytes b;
    for (size_t i = 0; i + 1 < h.size(); i += 2) b.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
    return b;
}

SharedSecret secret_of(const std::string& h) {
    const Bytes b = unhex(h);
    SharedSecret s{};
    for (size_t i = 0; i < 16; ++i) s[i] = b[i];
    return s;
}

// NIST SP 800-38A, F.3.7 (CFB8-AES128.Decrypt).
TEST(McJavaStreamCipher, DecryptsNistCfb8Vector) {
    const SharedSecret key = secret_of("2b7e151628aed2a6abf7158809cf4f3c");
    const SharedSecret iv = secret_of("000102030405060708090a0b0c0d0e0f");
    const Bytes plain = unhex("6bc1bee22e409f96e93d7e117393172aae2d");
    for (size_t first : {size_t(18), size_t(1), size_t(7)}) {  // one stream, however it is split
        Bytes c = unhex("3b79424c9c0dd436bace9e0ed4586a4f32b9");
        StreamCipher s;
        ASSERT_TRUE(s.start(key, iv));
        s.decrypt(c.data(), first);
        s.decrypt(c.data() + first, c.size() - first);
        EXPECT_EQ(c, plain) << first;
    }
}

TEST(McJavaKeyLog, ReadsBothFormatsAndCountsLinesItCannotRead) {
    KeyLog log;
    log.parse("# a comment\n"
              "SHARED_SECRET 0a0B0c 000102030405060708090a0b0c0d0e0f\n"
              "deadbeef 101112131415161718191a1b1c1d1e1f\r\n"
              "\n"
              "SHARED_SECRET 0a0b 0001\n"        // a secret of 2 bytes
              "cafe\n"                           // no secret
              "SHARED_SECRET zz 000102030405060708090a0b0c0d0e0f\n");
    EXPECT_EQ(log.size(), 2u);
    EXPECT_EQ(log.bad_lines(), 3u);
    // Said out loud: seven lines read, the first not understood is line 5
    // (its secret has 2 bytes), none used yet.
    EXPECT_EQ(log.lines(), 7u);
    EXPECT_EQ(log.first_bad_line(), 5u);
    EXPECT_STREQ(log.first_bad_reason(), "the secret is not 16 bytes (32 hex digits)");
    EXPECT_EQ(log.used(), 0u);
    const std::string enc("\x0a\x0b\x0c", 3), token("\xde\xad\xbe\xef", 4), other("\x01\x02\x03\x04", 4);
    const KeyLog::Entry* s = log.find(enc, other);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->secret[15], 0x0f);
    EXPECT_EQ(s->line, 2u);
    s = log.find(std::string("\x0a\x0b", 2), token);  // not by the encrypted secret: by the token
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->secret[0], 0x10);
    EXPECT_EQ(s->line, 3u);
    EXPECT_EQ(log.find(std::string("\x0a\x0b", 2), other), nullptr);
    EXPECT_EQ(log.used(), 2u);  // each line found once counts
}

TEST(McJavaKeyLog, SaysWhyALineIsNotUnderstood) {
    KeyLog log;
    log.parse("cafe\nSHARED_SECRET zz 000102030405060708090a0b0c0d0e0f\nCLIENT_RANDOM aa bb\n");
    EXPECT_EQ(log.lines(), 3u);
    EXPECT_EQ(log.bad_lines(), 3u);
    EXPECT_EQ(log.first_bad_line(), 1u);
    EXPECT_STREQ(log.first_bad_reason(), "not two words (verify token, secret) nor SHARED_SECRET and two words");
    KeyLog hex;
    hex.parse("SHARED_SECRET zz 000102030405060708090a0b0c0d0e0f\n");
    EXPECT_STREQ(hex.first_bad_reason(), "not hex");
    KeyLog nss;  // a TLS key log given by mistake
    nss.parse("CLIENT_RANDOM aa bb\n");
    EXPECT_STREQ(nss.first_bad_reason(), "three words, the first not SHARED_SECRET");
}

using Writer = blankshark::test_support::JavaBytes;

// A frame: Length, (compressed framing) Data Length 0, the packet.
Bytes frame(const Bytes& packet, bool compressed) {
    Writer w;
    w.var(uint32_t(packet.size() + (compressed ? 1 : 0)));
    if (compressed) w.u8(0);
    w.b.insert(w.b.end(), packet.begin(), packet.end());
    return w.b;
}

const Bytes kToken = {0xde, 0xad, 0xbe, 0xef};
const SharedSecret kSecret = secret_of("00112233445566778899aabbccddeeff");
const Bytes kEncryptedSecret(128, 0x5a);  // as sent in the Encryption Response (RSA: opaque here)

void cfb8_encrypt(Bytes& b, const SharedSecret& s) {
    gcry_cipher_hd_t h;
    ASSERT_EQ(gcry_cipher_open(&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CFB8, 0), 0u);
    gcry_cipher_setkey(h, s.data(), 16);
    gcry_cipher_setiv(h, s.data(), 16);
    gcry_cipher_encrypt(h, b.data(), b.size(), nullptr, 0);
    gcry_cipher_close(h);
}

// One piece of the capture: bytes of one direction.
struct Piece {
    Side d;
    Bytes bytes;
};

// The login: the clear part, then each side's encrypted bytes. With
// `coalesce` the client's Encryption Response and an encrypted Login Plugin
// Response are one piece (the switch falls inside a piece).
std::vector<Piece> login(bool coalesce) {
    const Bytes handshake = frame(Writer().var(0x00).var(404).str("localhost").u8(0x63).u8(0xdd).var(2).b, false);
    const Bytes start = frame(Writer().var(0x00).str("alice").b, false);
    const Bytes request = frame(Writer().var(0x01).str("").raw(Bytes(162, 0x30)).raw(kToken).b, false);
    const Bytes response = frame(Writer().var(0x01).raw(kEncryptedSecret).raw(Bytes(128, 0x22)).b, false);
    // Client, encrypted: (coalesce) Login Plugin Response 0x02 id 1 not
    // successful, then after the server's packets Keep Alive 0x0E id 7.
    const Bytes plugin = frame(Writer().var(0x02).var(1).u8(0).b, false);
    Bytes client = plugin;
    const Bytes keep = frame(Writer().var(0x0E).i64(7).b, true);
    client.insert(client.end(), keep.begin(), keep.end());
    // Server: Set Compression 256, Login Success (compressed framing from
    // here), Keep Alive 0x21 id 7.
    Bytes server = frame(Writer().var(0x03).var(256).b, false);
    for (const Bytes& f : {frame(Writer().var(0x02).str("00000000-0000-0000-0000-000000000001").str("alice").b, true),
                           frame(Writer().var(0x21).i64(7).b, true)})
        server.insert(server.end(), f.begin(), f.end());
    cfb8_encrypt(server, kSecret);
    if (!coalesce) client.erase(client.begin(), client.begin() + long(plugin.size()));
    cfb8_encrypt(client, kSecret);
    std::vector<Piece> v{{Side::Client, handshake}, {Side::Client, start}, {Side::Server, request}};
    if (coalesce) {
        Bytes r = response;
        r.insert(r.end(), client.begin(), client.begin() + long(plugin.size()));
        v.push_back({Side::Client, r});
        v.push_back({Side::Server, server});
        v.push_back({Side::Client, Bytes(client.begin() + long(plugin.size()), client.end())});
    } else {
        v.push_back({Side::Client, response});
        v.push_back({Side::Server, server});
        v.push_back({Side::Client, client});
    }
    return v;
}

struct Seen {
    PacketKind kind;
    Side dir;
    State state;
    uint32_t id;
    bool decrypted;
    Bytes data;
    std::vector<core::Code> codes;
};

struct Collect : PacketSink {
    std::vector<Seen> seen;
    void packet(Packet& p) override {
        Seen s{p.kind, p.dir, p.state, p.summary.id, p.decrypted, {}, {}};
        if (p.data) s.data.assign(p.data, p.data + p.data_len);
        for (uint8_t i = 0; i < p.nfindings; ++i) s.codes.push_back(p.findings[i].code);
        seen.push_back(std::move(s));
    }
    size_t with(C c) const {
        size_t n = 0;
        for (const Seen& s : seen)
            for (core::Code x : s.codes) n += x == core::Code(c);
        return n;
    }
};

// Feeds the pieces to a session, each cut into `step`-byte pieces (0: whole).
Collect run(const std::vector<Piece>& pieces, const KeyLog* log, size_t step) {
    core::Inflater inflater;
    Session s(inflater);
    s.set_key_log(log);
    Collect c;
    uint64_t off[2] = {0, 0};
    uint64_t frame = 1;
    for (const Piece& p : pieces) {
        const size_t n = step ? step : p.bytes.size();
        for (size_t at = 0; at < p.bytes.size(); at += n) {
            const uint32_t k = uint32_t(std::min(n, p.bytes.size() - at));
            s.data(p.d, p.bytes.data() + at, k, off[int(p.d)], core::Origin{frame++, 0.0}, c);
            off[int(p.d)] += k;
        }
    }
    s.finish(c, core::Origin{frame, 0.0});
    return c;
}

KeyLog right_log() {
    KeyLog log;
    std::string hex;
    for (uint8_t b : kEncryptedSecret) {
        char h[3];
        std::snprintf(h, sizeof h, "%02x", b);
        hex += h;
    }
    log.parse("SHARED_SECRET " + hex + " 00112233445566778899aabbccddeeff\n");
    return log;
}

TEST(McJavaDecrypt, TheRightSecretDecryptsEveryPacketWhereverTheStreamIsCut) {
    const KeyLog log = right_log();
    for (bool coalesce : {false, true}) {
        for (size_t step : {size_t(0), size_t(1), size_t(3), size_t(17)}) {
            Collect c = run(login(coalesce), &log, step);
            ASSERT_EQ(c.seen.size(), coalesce ? 9u : 8u) << coalesce << " " << step;
            if (coalesce) {  // the Login Plugin Response, decrypted from the piece the switch fell in
                EXPECT_EQ(c.seen[4].dir, Side::Client);
                EXPECT_TRUE(c.seen[4].decrypted);
                EXPECT_EQ(c.seen[4].data, (Bytes{0x02, 0x01, 0x00}));
                c.seen.erase(c.seen.begin() + 4);
            }
            for (const Seen& s : c.seen) EXPECT_EQ(s.kind, PacketKind::Packet) << coalesce << " " << step;
            // Encryption Response: the note, in clear itself.
            EXPECT_EQ(c.seen[3].id, 0x01u);
            EXPECT_FALSE(c.seen[3].decrypted);
            EXPECT_EQ(c.with(C::Decrypted), 1u);
            EXPECT_EQ(c.with(C::Encrypted), 0u);
            EXPECT_EQ(c.with(C::WrongKey), 0u);
            // Server: Set Compression, Login Success, Keep Alive; client: Keep Alive; all decrypted.
            EXPECT_EQ(c.seen[4].dir, Side::Server);
            EXPECT_EQ(c.seen[4].id, 0x03u);
            EXPECT_TRUE(c.seen[4].decrypted);
            EXPECT_EQ(c.seen[5].id, 0x02u);
            EXPECT_EQ(c.seen[6].state, State::Play);
            EXPECT_EQ(c.seen[6].id, 0x21u);
            EXPECT_EQ(c.seen[6].data, (Bytes{0x21, 0, 0, 0, 0, 0, 0, 0, 7}));
            EXPECT_EQ(c.seen[7].dir, Side::Client);
            EXPECT_EQ(c.seen[7].id, 0x0Eu);
            EXPECT_TRUE(c.seen[7].decrypted);
            EXPECT_EQ(c.seen[7].data, (Bytes{0x0E, 0, 0, 0, 0, 0, 0, 0, 7}));
        }
    }
}

TEST(McJavaDecrypt, WithoutASecretTheRestIsEncryptedWithOneNote) {
    KeyLog other;
    other.parse("cafebabe 00112233445566778899aabbccddeeff\n");  // another connection's token
    for (const KeyLog* log : {static_cast<const KeyLog*>(nullptr), static_cast<const KeyLog*>(&other)}) {
        const Collect c = run(login(false), log, 0);
        ASSERT_EQ(c.seen.size(), 6u);  // 4 clear, then one encrypted piece per direction
        EXPECT_EQ(c.with(C::Encrypted), 1u);
        EXPECT_EQ(c.with(C::Decrypted), 0u);
        EXPECT_EQ(c.seen[4].kind, PacketKind::Encrypted);
        EXPECT_EQ(c.seen[5].kind, PacketKind::Encrypted);
        for (const Seen& s : c.seen) EXPECT_EQ(s.codes.size(), s.kind == PacketKind::Encrypted ? 0u : s.codes.size());
    }
}

TEST(McJavaDecrypt, AWrongSecretIsReportedAndNothingIsDecodedAsGarbage) {
    KeyLog wrong;
    wrong.parse("deadbeef ffeeddccbbaa99887766554433221100\n");  // this connection's token, not its secret
    for (size_t step : {size_t(0), size_t(1)}) {
        const Collect c = run(login(false), &wrong, step);
        EXPECT_EQ(c.with(C::Decrypted), 1u);  // the log had a secret for it...
        EXPECT_EQ(c.with(C::WrongKey), 1u);   // ...that does not frame
        size_t packets_after = 0;
        for (size_t i = 4; i < c.seen.size(); ++i) {
            EXPECT_EQ(c.seen[i].kind, PacketKind::Encrypted) << step << " " << i;
            packets_after += c.seen[i].kind == PacketKind::Packet;
        }
        EXPECT_EQ(packets_after, 0u);
    }
}

TEST(McJavaDecrypt, AKeyLogOfManyConnectionsGivesEachItsOwn) {
    std::string text;
    for (int i = 0; i < 200; ++i) {  // decoys: other connections' secrets and tokens
        char line[512];
        std::snprintf(line, sizeof line, "SHARED_SECRET %04x%0252d 0000000000000000000000000000%04x\n", i, 0, i);
        text += line;
        std::snprintf(line, sizeof line, "%08x 1111111111111111111111111111%04x\n", 0x10000 + i, i);
        text += line;
    }
    KeyLog log;
    log.parse(text + "deadbeef 00112233445566778899aabbccddeeff\n");  // by its verify token only
    const Collect c = run(login(true), &log, 5);
    EXPECT_EQ(c.with(C::Decrypted), 1u);
    EXPECT_EQ(c.with(C::WrongKey), 0u);
    ASSERT_EQ(c.seen.size(), 9u);
    EXPECT_EQ(c.seen[8].data, (Bytes{0x0E, 0, 0, 0, 0, 0, 0, 0, 7}));
}

// A gap inside the client's first encrypted packet (a 44-byte Login Plugin
// Response whose Length arrived) is a gap, not a wrong key, wherever the
// hole is in it. The cipher never sees the rest of the cut packet (neither
// does Wireshark's dissector, whose TCP keeps those bytes: the analyzer
// passes them over too), so the next packet's first 16 bytes do not
// decrypt (CFB8): the Keep Alive at 44 is lost, and proves nothing about
// the key.
TEST(McJavaDecrypt, AGapInTheFirstEncryptedPacketIsNotAWrongKey) {
    const KeyLog log = right_log();
    const std::vector<Piece> clear = login(false);  // handshake, start, request, response, server, client
    // The client's encrypted stream: Login Plugin Response (id 0x02, message
    // 1, successful, 40 bytes of data), then the Keep Alive after the
    // server's Login Success (one cipher stream: encrypted together).
    Bytes plugin = frame(Writer().var(0x02).var(1).u8(1).b, false);
    plugin[0] = uint8_t(plugin[0] + 40);
    plugin.insert(plugin.end(), 40, 0x41);
    ASSERT_EQ(plugin.size(), 44u);
    const Bytes keep = frame(Writer().var(0x0E).i64(7).b, true);
    Bytes client = plugin;
    client.insert(client.end(), keep.begin(), keep.end());
    cfb8_encrypt(client, kSecret);
    for (size_t hole : {size_t(2), size_t(38)}) {  // 3 bytes missing from there
        SCOPED_TRACE(hole);
        core::Inflater inflater;
        Session s(inflater);
        s.set_key_log(&log);
        Collect c;
        uint64_t off[2] = {0, 0}, frame_no = 1;
        auto feed = [&](Side d, const uint8_t* p, size_t n) {
            s.data(d, p, uint32_t(n), off[int(d)], core::Origin{frame_no++, 0.0}, c);
            off[int(d)] += n;
        };
        for (size_t i = 0; i < 4; ++i) feed(clear[i].d, clear[i].bytes.data(), clear[i].bytes.size());
        feed(Side::Client, client.data(), hole);
        s.gap(Side::Client, off[0], 3, core::Origin{frame_no++, 0.0}, c);
        off[0] += 3;
        feed(Side::Client, client.data() + hole + 3, plugin.size() - hole - 3);
        feed(Side::Server, clear[4].bytes.data(), clear[4].bytes.size());  // Set Compression, Login Success, Keep Alive
        feed(Side::Client, client.data() + plugin.size(), keep.size());
        s.finish(c, core::Origin{frame_no, 0.0});
        EXPECT_EQ(c.with(C::WrongKey), 0u);
        EXPECT_EQ(c.with(C::Decrypted), 1u);
        bool keep_alive = false;
        for (const Seen& x : c.seen)
            keep_alive |= x.dir == Side::Client && x.data == Bytes{0x0E, 0, 0, 0, 0, 0, 0, 0, 7};
        EXPECT_FALSE(keep_alive);
        EXPECT_EQ(s.missing_bytes(Side::Client), 3u);
    }
}

}  // namespace
