// The plugin's TCP stream layer (plugin/stream/, issue 25) on crafted
// Minecraft Java and Alpha connections, read by tshark with its default
// preferences and with tcp.reassemble_out_of_order on, and by blankshark:
//   - every connection's stream cut in three segments at every pair of
//     offsets (the middle segment ending inside an id, a length prefix, a
//     string's length), so a length completed by one segment and a message
//     completed by the next: the same messages everywhere, no finding;
//   - a segment that arrives before the one in front of it;
//   - a segment never captured inside a Java packet whose length arrived,
//     and between Alpha messages.
// The bytes are built here from seed 003 (Java 1.13.2, protocol 404: Handshake
// 0x00, Login Start 0x00, Login Success 0x02, serverbound Chat Message 0x02)
// and seed 001 (Alpha Chat Message 0x03: id, u16 length, UTF-8).
#include <gtest/gtest.h>

#include <zlib.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "../support/split.hpp"
#include "protocols/mc_alpha/simulator.hpp"
#include "tcp_capture.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

using nlohmann::json;
using Bytes = std::vector<uint8_t>;

const std::string kBin = BLANKSHARK_BIN;
const char* const kOutOfOrder = " -o tcp.reassemble_out_of_order:TRUE";

void varint(Bytes& b, uint32_t v) {
    for (; v >= 0x80; v >>= 7) b.push_back(uint8_t(v | 0x80));
    b.push_back(uint8_t(v));
}
void jstring(Bytes& b, const std::string& s) {
    varint(b, uint32_t(s.size()));
    b.insert(b.end(), s.begin(), s.end());
}
// A Java packet without compression: Length, id, fields.
Bytes jpacket(uint8_t id, const Bytes& fields) {
    Bytes body{id};
    body.insert(body.end(), fields.begin(), fields.end());
    Bytes b;
    varint(b, uint32_t(body.size()));
    b.insert(b.end(), body.begin(), body.end());
    return b;
}
Bytes jchat(const std::string& text) {
    Bytes f;
    jstring(f, text);
    return jpacket(0x02, f);
}
Bytes achat(const std::string& text) {
    Bytes b{0x03, uint8_t(text.size() >> 8), uint8_t(text.size())};
    b.insert(b.end(), text.begin(), text.end());
    return b;
}
Bytes cat(std::initializer_list<Bytes> parts) {
    Bytes b;
    for (const Bytes& p : parts) b.insert(b.end(), p.begin(), p.end());
    return b;
}

// A Java packet (id + fields) in compressed framing (after Set Compression
// with `threshold`): Length, Data Length, then the body as is (Data Length
// 0) or zlib-compressed.
Bytes jcompressed(const Bytes& body, uint32_t threshold) {
    Bytes inner;
    if (body.size() < threshold) {
        inner.push_back(0);
        inner.insert(inner.end(), body.begin(), body.end());
    } else {
        varint(inner, uint32_t(body.size()));
        uLongf n = compressBound(uLong(body.size()));
        Bytes z(n);
        EXPECT_EQ(compress2(z.data(), &n, body.data(), uLong(body.size()), Z_DEFAULT_COMPRESSION), Z_OK);
        inner.insert(inner.end(), z.begin(), z.begin() + long(n));
    }
    Bytes b;
    varint(b, uint32_t(inner.size()));
    b.insert(b.end(), inner.begin(), inner.end());
    return b;
}
Bytes jchat_body(const std::string& text) {
    Bytes b{0x02};
    jstring(b, text);
    return b;
}
constexpr uint32_t kThreshold = 64;

// Handshake (404, "localhost", 25565, next state login) and Login Start "alice".
Bytes java_login() {
    Bytes hs;
    varint(hs, 404);
    jstring(hs, "localhost");
    hs.push_back(0x63);
    hs.push_back(0xDD);
    varint(hs, 2);
    Bytes ls;
    jstring(ls, "alice");
    return cat({jpacket(0x00, hs), jpacket(0x00, ls)});
}
Bytes java_login_success() {
    Bytes f;
    jstring(f, "00000000-0000-0000-0000-000000000001");
    jstring(f, "alice");
    return jpacket(0x02, f);
}
// Alpha's login, the seed's examples (captures/mc_alpha/README.md): the
// client's Handshake "alice" and Login Request (protocol 6), the server's
// Handshake "-" and Login Response.
const Bytes kAlphaLogin{0x02, 0x00, 0x05, 'a',  'l',  'i',  'c',  'e',  0x01, 0x00, 0x00, 0x00, 0x06,
                        0x00, 0x05, 'a',  'l',  'i',  'c',  'e',  0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                        0x00, 0x00, 0x00, 0x00, 0x00};
const Bytes kAlphaLoginResponse{0x02, 0x00, 0x01, '-',  0x01, 0x00, 0x00, 0x05, 0x12, 0x00, 0x00, 0x00,
                                0x00, 0x0d, 0x7c, 0x6a, 0x03, 0x1c, 0x49, 0x06, 0x2a, 0x00};

const std::string kLong(200, 'x');  // a 2-byte Length and a 2-byte string length

enum class Proto { Java, JavaCompressed, Alpha };

// One connection: the login, then the client's play bytes in segments
// [cuts[i], cuts[i+1]), sent in `order` (indexes; negative: ~index not
// captured).
struct Connection {
    Bytes play;
    std::vector<size_t> cuts;
    std::vector<int> order;
    bool from_server = false;  // the play bytes are the server's
};

std::string write_capture(const std::string& name, Proto proto, const std::vector<Connection>& conns) {
    const std::string path = TsharkStage::get().dir() + "/" + name + ".pcap";
    blankshark::PcapWriter w(path, 1);
    for (size_t k = 0; k < conns.size(); ++k) {
        const Connection& c = conns[k];
        tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, uint16_t(20000 + k), uint32_t(0x10000 * k + 7)};
        tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, 25565, uint32_t(0xFFFFFF00u - k)};
        tcpcap::TcpCapture tcp(w, client, server);
        double t = double(k);
        tcp.handshake(t, 0.001);
        const Bytes login = proto == Proto::Alpha ? kAlphaLogin : java_login();
        tcp.data(t += 0.01, true, login.data(), uint32_t(login.size()), 0);
        Bytes ok = proto == Proto::Alpha ? kAlphaLoginResponse : java_login_success();
        if (proto == Proto::JavaCompressed) {
            // Set Compression (login 0x03, threshold 64), then Login Success in compressed framing.
            Bytes sc;
            varint(sc, kThreshold);
            const Bytes success(ok.begin() + 1, ok.end());  // without its Length
            ok = cat({jpacket(0x03, sc), jcompressed(success, kThreshold)});
        }
        tcp.data(t += 0.01, false, ok.data(), uint32_t(ok.size()), 0);
        for (int i : c.order) {
            const bool captured = i >= 0;
            const size_t s = size_t(captured ? i : ~i);
            const size_t from = c.cuts[s], to = c.cuts[s + 1];
            const uint64_t base = c.from_server ? ok.size() : login.size();
            tcp.data(t += 0.01, !c.from_server, c.play.data() + from, uint32_t(to - from), base + from, captured);
        }
        tcp.ack(t += 0.01, false);
    }
    EXPECT_TRUE(w.close());
    std::filesystem::permissions(path, std::filesystem::perms(0644));
    return path;
}

const char* chat_field(Proto p) { return p == Proto::Alpha ? "mcalpha.sb.chat.message" : "mcjava.play.sb.chat.message"; }
const char* prefix(Proto p) { return p == Proto::Alpha ? "mcalpha" : "mcjava"; }

// tshark: each TCP stream's client chat texts in order ("|" between).
std::map<int, std::string> tshark_chats(const std::string& path, Proto p, const std::string& prefs) {
    const RunResult r = tshark("-r " + path + prefs + " -Y " + chat_field(p) +
                               " -T fields -E occurrence=a -E aggregator=@ -e tcp.stream -e " + chat_field(p));
    std::map<int, std::string> out;
    for (const std::string& line : split(r.out, '\n')) {
        const auto c = split(line, '\t');
        if (c.size() < 2) continue;
        std::string texts = c[1];  // several in a frame: '@' between
        std::replace(texts.begin(), texts.end(), '@', '|');
        std::string& s = out[std::stoi(c[0])];
        s += (s.empty() ? "" : "|") + texts;
    }
    return out;
}

// blankshark decode --json: each conversation's client chat texts in order.
std::map<int, std::string> analyzer_chats(const std::string& path, Proto p) {
    const RunResult a = run(kBin + " decode --json " + path);
    EXPECT_EQ(a.exit_code, 0) << a.err;
    std::map<int, std::string> out;
    for (const std::string& line : split(a.out, '\n')) {
        if (line.empty()) continue;
        const json o = json::parse(line);
        if (!o.contains(chat_field(p))) continue;
        std::string& s = out[o["conversation"].get<int>() - 1];
        s += (s.empty() ? "" : "|") + o[chat_field(p)].get<std::string>();
    }
    return out;
}

// Frames (number: Info) where tshark shows a finding of the stream layer or a malformed message.
std::string stream_findings(const std::string& path, Proto p, const std::string& prefs) {
    const std::string x = prefix(p);
    const RunResult r = tshark("-r " + path + prefs + " -Y \"" + x + ".stream.gap || " + x + ".stream.resync || _ws.malformed || " +
                               x + ".malformed.unknown_id\" -T fields -e frame.number -e _ws.col.Info");
    return r.out;
}

// Every pair of cuts (a, b) with the middle segment at most `short_len`
// bytes long or reaching the end: 3 segments in order.
std::vector<Connection> three_way_cuts(const Bytes& play, size_t short_len) {
    std::vector<Connection> conns;
    for (size_t a = 1; a < play.size(); ++a)
        for (size_t b = a + 1; b < play.size(); ++b) {
            if (b - a > short_len && b + 1 != play.size()) continue;
            conns.push_back({play, {0, a, b, play.size()}, {0, 1, 2}});
        }
    return conns;
}

void expect_every_cut_decodes(Proto p, const Bytes& play, const std::string& want, size_t short_len) {
    const std::vector<Connection> conns = three_way_cuts(play, short_len);
    const std::string path =
        write_capture(std::string(prefix(p)) + (p == Proto::JavaCompressed ? "-compressed" : "") + "-three-way-cuts", p, conns);
    for (const std::string& prefs : {std::string(), std::string(kOutOfOrder)}) {
        const auto chats = tshark_chats(path, p, prefs);
        ASSERT_EQ(chats.size(), conns.size()) << prefs;
        for (const auto& [stream, texts] : chats) {
            const Connection& c = conns[size_t(stream)];
            EXPECT_EQ(texts, want) << "cuts " << c.cuts[1] << "," << c.cuts[2] << prefs;
        }
        EXPECT_EQ(stream_findings(path, p, prefs), "") << prefs;
    }
    const auto chats = analyzer_chats(path, p);
    ASSERT_EQ(chats.size(), conns.size());
    for (const auto& [conv, texts] : chats) EXPECT_EQ(texts, want) << "conversation " << conv;
}

TEST(TsharkTcpStream, JavaEveryThreeWayCutDecodes) {
    const Bytes play = cat({jchat("hi"), jchat(kLong), jchat("bye")});
    expect_every_cut_decodes(Proto::Java, play, "hi|" + kLong + "|bye", 6);
}

// Compressed framing: a Data Length after the Length, the long chat's body
// zlib-compressed (over the threshold), the short ones with Data Length 0.
TEST(TsharkTcpStream, JavaCompressedEveryThreeWayCutDecodes) {
    const Bytes play = cat({jcompressed(jchat_body("hi"), kThreshold), jcompressed(jchat_body(kLong), kThreshold),
                            jcompressed(jchat_body("bye"), kThreshold)});
    ASSERT_LT(play.size(), 100u);  // the long one compressed
    expect_every_cut_decodes(Proto::JavaCompressed, play, "hi|" + kLong + "|bye", 6);
}

TEST(TsharkTcpStream, AlphaEveryThreeWayCutDecodes) {
    const Bytes play = cat({achat("hi"), achat(kLong), achat("bye")});
    expect_every_cut_decodes(Proto::Alpha, play, "hi|" + kLong + "|bye", 6);
}

// One message of every (direction, id) of the simulated Alpha session
// (src/protocols/mc_alpha/simulator.hpp), followed by a Chat Message in the
// same direction, cut in three at every pair of offsets in its first 8
// bytes (its id and the length fields of its first fields): tshark shows
// the message and the chat in every connection, nothing malformed, no
// stream finding.
TEST(TsharkTcpStream, AlphaEveryMessageTypeCutInItsHeader) {
    std::map<std::pair<int, int>, Bytes> samples;
    for (const mcalpha::sim::Record& r : mcalpha::sim::session())
        if (!r.bytes.empty()) samples.emplace(std::make_pair(int(r.dir), int(r.bytes[0])), r.bytes);
    ASSERT_GE(samples.size(), 30u);
    std::vector<Connection> conns;
    std::vector<std::pair<int, std::string>> want;  // per connection: the message's id and the chat after it
    for (const auto& [key, msg] : samples) {
        if (key.second == 0xff || key.second == 0x01 || key.second == 0x02) continue;  // Kick/Disconnect, login, handshake
        const Bytes tail = achat("after");
        const Bytes play = cat({msg, tail});
        const size_t head = std::min<size_t>(8, msg.size());
        for (size_t a = 1; a <= head; ++a)
            for (size_t b = a + 1; b <= head + 1 && b < play.size(); ++b) {
                Connection c{play, {0, a, b, play.size()}, {0, 1, 2}, key.first == int(core::Side::Server)};
                conns.push_back(c);
                want.emplace_back(key.second, "after");
            }
    }
    const std::string path = write_capture("mcalpha-every-type-cuts", Proto::Alpha, conns);
    for (const std::string& prefs : {std::string(), std::string(kOutOfOrder)}) {
        // Per TCP stream, the ids after the login (the login's own are 0x01 and 0x02) and the chats.
        const RunResult r = tshark("-r " + path + prefs +
                                   " -Y mcalpha -T fields -E occurrence=a -E aggregator=@ -e tcp.stream"
                                   " -e mcalpha.packet_id -e mcalpha.sb.chat.message -e mcalpha.cb.chat.message");
        std::map<int, std::string> ids, chats;
        for (const std::string& line : split(r.out, '\n')) {
            const auto col = split(line, '\t');
            if (col.size() < 2) continue;
            const int stream = std::stoi(col[0]);
            for (const std::string& id : split(col[1], '@'))
                if (id != "0x01" && id != "0x02") ids[stream] += id + " ";
            for (size_t i = 2; i < col.size(); ++i)
                if (!col[i].empty()) chats[stream] += col[i];
        }
        ASSERT_EQ(ids.size(), conns.size()) << prefs;
        for (size_t k = 0; k < conns.size(); ++k) {
            char id[8];
            std::snprintf(id, sizeof id, "0x%02x", want[k].first);
            EXPECT_EQ(ids[int(k)], std::string(id) + " 0x03 ")
                << "message " << id << " cut at " << conns[k].cuts[1] << "," << conns[k].cuts[2] << prefs;
            const std::string& got = chats[int(k)];  // a Chat Message sample shows its own text first
            if (want[k].first == 0x03) {
                EXPECT_EQ(got.substr(got.size() - std::min<size_t>(got.size(), 6)), "@after") << prefs;
            } else {
                EXPECT_EQ(got, want[k].second) << "message " << id << prefs;
            }
        }
        EXPECT_EQ(stream_findings(path, Proto::Alpha, prefs), "") << prefs;
    }
}

// Ten chats, one per segment; the fourth segment sent before the third.
Connection early_segment(Proto p) {
    Connection c;
    c.cuts.push_back(0);
    for (int i = 0; i < 10; ++i) {
        const Bytes m = p == Proto::Java ? jchat("chat " + std::to_string(i)) : achat("chat " + std::to_string(i));
        c.play.insert(c.play.end(), m.begin(), m.end());
        c.cuts.push_back(c.play.size());
    }
    c.order = {0, 1, 3, 2, 4, 5, 6, 7, 8, 9};
    return c;
}

std::string chats_but(int skip) {
    std::string s;
    for (int i = 0; i < 10; ++i)
        if (i != skip) s += (s.empty() ? "" : "|") + ("chat " + std::to_string(i));
    return s;
}

void expect_early_segment(Proto p) {
    const std::string path = write_capture(std::string(prefix(p)) + "-early-segment", p, {early_segment(p)});
    const std::string x = prefix(p);
    // Defaults: TCP hands the early segment over as if it followed on and
    // never hands over the late one (tcp.no_subdissector_on_error): a gap of
    // its 9 bytes ("chat 2": Java Length, id, string length, 6 bytes; Alpha
    // id, u16 length, 6 bytes), reported where it is noticed, then decoding
    // goes on.
    EXPECT_EQ(tshark_chats(path, p, "")[0], chats_but(2));
    const RunResult gap = tshark("-r " + path + " -Y " + x + ".stream.gap -T fields -e frame.number -e _ws.col.Info");
    EXPECT_NE(gap.out.find("[Stream gap: 9 bytes missing]"), std::string::npos) << gap.out;
    EXPECT_EQ(split(gap.out, '\n').size(), 1u) << gap.out;
    const RunResult bad = tshark("-r " + path + " -Y \"_ws.malformed || " + x + ".malformed.unknown_id\"");
    EXPECT_EQ(bad.out, "");
    // Out-of-order reassembly on: every chat, no gap; as the analyzer.
    EXPECT_EQ(tshark_chats(path, p, kOutOfOrder)[0], chats_but(-1));
    EXPECT_EQ(stream_findings(path, p, kOutOfOrder), "");
    EXPECT_EQ(analyzer_chats(path, p)[0], chats_but(-1));
    // Frames 1-3 the TCP handshake, 4 the client's login, 5 the server's,
    // 6 and 7 chats 0 and 1, 8 chat 3 (early), 9 chat 2: both complete in
    // frame 9, in stream order; chat 3's first byte came in frame 8.
    const RunResult a = run(kBin + " decode --json " + path);
    std::vector<std::string> seen;
    for (const std::string& line : split(a.out, '\n')) {
        if (line.empty()) continue;
        const json o = json::parse(line);
        if (!o.contains(chat_field(p))) continue;
        const std::string text = o[chat_field(p)].get<std::string>();
        if (text != "chat 2" && text != "chat 3") continue;
        seen.push_back(text + " frame " + std::to_string(o["frame"].get<int>()) + " first_frame " +
                       std::to_string(o.value("first_frame", 0)));
    }
    EXPECT_EQ(seen, (std::vector<std::string>{"chat 2 frame 9 first_frame 9", "chat 3 frame 9 first_frame 8"}));
}

TEST(TsharkTcpStream, JavaEarlySegment) { expect_early_segment(Proto::Java); }
TEST(TsharkTcpStream, AlphaEarlySegment) { expect_early_segment(Proto::Alpha); }

// A Java packet whose middle was never captured: its Length said where it
// ends, so the next packet is decoded without a search. Wireshark's TCP
// keeps the packet's bytes after the hole in its reassembly (they never
// complete it) and hands over what follows the packet: the gap it shows
// runs from the hole to the packet's end.
TEST(TsharkTcpStream, JavaHoleInsidePacketResumesAtItsEnd) {
    Connection c;
    c.play = cat({jchat("hi"), jchat(kLong), jchat("bye")});
    const size_t long_at = jchat("hi").size();
    c.cuts = {0, long_at + 50, long_at + 120, c.play.size()};
    c.order = {0, ~1, 2};
    const std::string path = write_capture("mcjava-hole-inside", Proto::Java, {c});
    for (const std::string& prefs : {std::string(), std::string(kOutOfOrder)}) {
        // 205 bytes of the long packet (Length 2, id 1, string length 2, 200), 50 handed over.
        EXPECT_EQ(tshark_chats(path, Proto::Java, prefs)[0], prefs.empty() ? "hi|bye" : "hi") << prefs;
        if (!prefs.empty()) continue;  // out-of-order reassembly waits for the hole for ever
        const RunResult r = tshark("-r " + path + prefs + " -Y mcjava -T fields -e _ws.col.Info");
        EXPECT_NE(r.out.find("[Stream gap: 155 bytes missing], Chat Message (serverbound) message=\"bye\""),
                  std::string::npos)
            << r.out;
        EXPECT_EQ(tshark("-r " + path + prefs + " -Y \"mcjava.stream.resync || _ws.malformed\"").out, "");
    }
    EXPECT_EQ(analyzer_chats(path, Proto::Java)[0], "hi|bye");
}

// Alpha has no lengths to follow: after a lost segment the next message
// start is searched for (three clean messages in a row) and marked.
TEST(TsharkTcpStream, AlphaLostSegmentResynchronises) {
    Connection c = early_segment(Proto::Alpha);
    c.order = {0, 1, ~2, 3, 4, 5, 6, 7, 8, 9};
    const std::string path = write_capture("mcalpha-lost-segment", Proto::Alpha, {c});
    EXPECT_EQ(tshark_chats(path, Proto::Alpha, "")[0], chats_but(2));
    // Stream offsets count the login's bytes (Handshake 8, Login Request 23) and two chats of 9.
    const RunResult r = tshark("-r " + path + " -V -Y \"mcalpha.stream.gap || mcalpha.stream.resync\"");
    EXPECT_NE(r.out.find("[9 bytes never captured at stream offset 49]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("[Resynchronised at stream offset 58 after skipping 0 bytes]"), std::string::npos) << r.out;
    EXPECT_EQ(tshark("-r " + path + " -Y \"_ws.malformed || mcalpha.malformed.unknown_id\"").out, "");
    EXPECT_EQ(analyzer_chats(path, Proto::Alpha)[0], chats_but(2));
}

// A Kick behind a hole in the server's stream: the client's FIN comes
// (and is handed over) before the hole is given up on, yet the connection
// ended with the Kick the server sent before its own FIN: each direction's
// stream order is its own.
TEST(TsharkTcpStream, AlphaKickBehindAHoleEndsTheConnection) {
    const std::string path = TsharkStage::get().dir() + "/mcalpha-kick-behind-hole.pcap";
    {
        blankshark::PcapWriter w(path, 1);
        tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, 40000, 1000};
        tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, 25565, 5000};
        tcpcap::TcpCapture tcp(w, client, server);
        tcp.handshake(1.0, 0.001);
        double t = 1.01;
        tcp.data(t += 0.01, true, kAlphaLogin.data(), uint32_t(kAlphaLogin.size()), 0);
        tcp.data(t += 0.01, false, kAlphaLoginResponse.data(), uint32_t(kAlphaLoginResponse.size()), 0);
        tcp.ack(t += 0.01, true);
        tcp.set_auto_ack(false);  // the client's acknowledgements stop here
        Bytes server_play;
        for (int i = 0; i < 6; ++i) {
            const Bytes m = achat("server " + std::to_string(i));
            server_play.insert(server_play.end(), m.begin(), m.end());
        }
        const Bytes kick{0xff, 0x00, 0x03, 'b', 'y', 'e'};
        server_play.insert(server_play.end(), kick.begin(), kick.end());
        const uint64_t base = kAlphaLoginResponse.size();
        for (size_t at = 0, k = 0; at < server_play.size(); at += 8, ++k) {
            const uint32_t n = uint32_t(std::min<size_t>(8, server_play.size() - at));
            tcp.data(t += 0.01, false, server_play.data() + at, n, base + at, k != 3);  // the 4th never captured
        }
        tcp.fin(t += 0.01, false);
        tcp.fin(t += 0.01, true);
        EXPECT_TRUE(w.close());
        std::filesystem::permissions(path, std::filesystem::perms(0644));
    }
    const RunResult c = run(kBin + " check " + path);
    EXPECT_NE(c.out.find("ended: Kick from the server in frame"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("mcalpha.end.kick: Kicked: \"bye\""), std::string::npos) << c.out;
    EXPECT_EQ(c.out.find("(after the end)"), std::string::npos) << c.out;
    EXPECT_EQ(c.out.find("mcalpha.end.fin"), std::string::npos) << c.out;
    // tshark shows the Kick too (after the gap).
    EXPECT_EQ(tshark("-r " + path + " -Y mcalpha.cb.kick.reason -T fields -e mcalpha.cb.kick.reason").out, "bye\n");
}

}  // namespace
}  // namespace blank::test
