// Writes the crafted Minecraft Java captures (captures/minecraft-java/crafted/
// README.md): what real traffic does not show, written with the core's
// encoder (packet bytes) and tcp_capture (segments):
//   segments        a 1.14.4 login and play session cut at awkward places: a
//                   Length VarInt split over two segments, a compressed
//                   packet over ten segments, many packets in one segment
//   retransmission  the same, with a server segment sent again unchanged and
//                   a client segment sent again with different bytes
//   gap             the same, with one server segment missing from the capture
//   encrypted       an online-mode login: Encryption Request/Response, then
//                   bytes no one outside can read
//   legacy-ping     the pre-1.7 server list ping (FE 01 FA) and its FF answer
// Usage: mcjava_make_captures OUTDIR
#include <zlib.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/encoder.hpp"
#include "pcap_writer.hpp"
#include "protocols/mc_java/schema.hpp"
#include "protocols/mc_java/versions.hpp"
#include "tcp_capture.hpp"

using core::Value;
using namespace mcjava;

namespace {

using Bytes = std::vector<uint8_t>;
constexpr int kProtocol = 498;  // 1.14.4
constexpr int kThreshold = 256;

void put_varint(Bytes& out, uint32_t v) {
    do {
        uint8_t b = v & 0x7f;
        v >>= 7;
        if (v) b |= 0x80;
        out.push_back(b);
    } while (v);
}

// One packet as it goes on the wire: Length, then (compressed framing) Data
// Length and the packet, deflated when it reaches the threshold.
Bytes frame(const Bytes& packet, bool compressed_framing) {
    Bytes body;
    if (compressed_framing) {
        if (packet.size() >= size_t(kThreshold)) {
            put_varint(body, uint32_t(packet.size()));
            uLongf n = compressBound(packet.size());
            Bytes z(n);
            if (compress2(z.data(), &n, packet.data(), packet.size(), 6) != Z_OK) std::abort();
            body.insert(body.end(), z.begin(), z.begin() + long(n));
        } else {
            body.push_back(0);
            body.insert(body.end(), packet.begin(), packet.end());
        }
    } else {
        body = packet;
    }
    Bytes out;
    put_varint(out, uint32_t(body.size()));
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

struct Stream {
    Bytes bytes;
    std::vector<size_t> starts;  // where each packet's frame starts
    void add(const Bytes& f) {
        starts.push_back(bytes.size());
        bytes.insert(bytes.end(), f.begin(), f.end());
    }
};

const core::Schema& java() { return schema(*find_version(kProtocol)); }

Bytes packet(State s, Side d, uint32_t id, const Value& v) {
    return core::encode(java(), table_index(s, d), id, v);
}

std::string chat_json(size_t text_len, char fill) {
    return "{\"text\":\"" + std::string(text_len, fill) + "\"}";
}

// The client's and the server's streams of the plain session, and where the
// server stream is cut: cut[i] is the end of segment i.
struct Session {
    Stream client, server;
    size_t split_varint_packet = 0;  // server packet whose Length VarInt is cut
    size_t big_packet = 0;           // server packet spread over ten segments
};

Session play_session() {
    Session s;
    const auto sb = Side::Client, cb = Side::Server;
    s.client.add(frame(packet(State::Handshaking, sb, 0x00,
                              Value{{"protocol_version", kProtocol}, {"server_address", "localhost"},
                                    {"server_port", 25565}, {"next_state", 2}}),
                       false));
    s.client.add(frame(packet(State::Login, sb, 0x00, Value{{"name", "crafty"}}), false));
    s.server.add(frame(packet(State::Login, cb, 0x03, Value{{"threshold", kThreshold}}), false));
    s.server.add(frame(packet(State::Login, cb, 0x02,
                              Value{{"uuid", "0c4d5e6f-0000-4000-8000-00000000c0de"}, {"username", "crafty"}}),
                       true));
    s.server.add(frame(packet(State::Play, cb, 0x25,
                              Value{{"entity_id", 7}, {"gamemode", 1}, {"dimension", 0}, {"max_players", 20},
                                    {"level_type", "default"}, {"view_distance", 8}, {"reduced_debug_info", 0}}),
                       true));
    // 200 bytes of packet: below the threshold, so Data Length 0, and a
    // two-byte Length VarInt (0xCB 0x01).
    s.split_varint_packet = s.server.starts.size();
    s.server.add(frame(packet(State::Play, cb, 0x0E, Value{{"json", chat_json(185, 'a')}, {"position", 0}}), true));
    // 1200 bytes of packet: compressed.
    s.big_packet = s.server.starts.size();
    std::string varied;  // letters from an LCG: deflate keeps most of them
    for (uint32_t i = 0, x = 7; i < 1180; ++i) varied += char('a' + ((x = x * 1103515245u + 12345u) >> 16) % 26);
    s.server.add(frame(packet(State::Play, cb, 0x0E, Value{{"json", "{\"text\":\"" + varied + "\"}"}, {"position", 1}}),
                       true));
    for (int id = 1; id <= 3; ++id)
        s.server.add(frame(packet(State::Play, cb, 0x20, Value{{"keep_alive_id", int64_t(1000 + id)}}), true));
    for (int id = 1; id <= 3; ++id)
        s.client.add(frame(packet(State::Play, sb, 0x0F, Value{{"keep_alive_id", int64_t(1000 + id)}}), true));
    s.client.add(frame(packet(State::Play, sb, 0x03, Value{{"message", "hello from crafty"}}), true));
    s.server.add(frame(packet(State::Play, cb, 0x1A, Value{{"reason", "{\"text\":\"Server closed\"}"}}), true));
    return s;
}

enum class Variant { Segments, Retransmission, Gap };

struct Piece {
    size_t offset, len;
};

// The server stream cut: login and Join Game in one segment, the split
// VarInt, the big packet in ten pieces, the rest in one segment.
std::vector<Piece> server_cuts(const Session& s) {
    std::vector<Piece> cuts;
    const size_t v = s.server.starts[s.split_varint_packet];
    cuts.push_back({0, v + 1});  // ends after the Length VarInt's first byte
    const size_t big = s.server.starts[s.big_packet];
    cuts.push_back({v + 1, big - (v + 1)});
    const size_t big_end = s.server.starts[s.big_packet + 1];
    const size_t piece = (big_end - big + 9) / 10;
    for (size_t at = big; at < big_end; at += piece) cuts.push_back({at, std::min(piece, big_end - at)});
    cuts.push_back({big_end, s.server.bytes.size() - big_end});
    return cuts;
}

tcpcap::Side client_side() { return {{2, 0, 0, 0, 0, 1}, {10, 0, 0, 1}, 50123, 0x11223344}; }
tcpcap::Side server_side() { return {{2, 0, 0, 0, 0, 2}, {10, 0, 0, 2}, 25565, 0xfffff000}; }

void write_play(const std::string& path, Variant variant) {
    const Session s = play_session();
    blankshark::PcapWriter w(path, 1);
    tcpcap::TcpCapture tcp(w, client_side(), server_side());
    double t = 1.0;
    tcp.handshake(t, 0.0004);
    t += 0.001;
    // Handshake and Login Start in one segment.
    const size_t login_end = s.client.starts[2];
    tcp.data(t, true, s.client.bytes.data(), uint32_t(login_end), 0);
    const std::vector<Piece> cuts = server_cuts(s);
    const size_t gap_piece = 4;  // one of the big packet's ten pieces
    for (size_t i = 0; i < cuts.size(); ++i) {
        t += 0.01;
        const Piece& c = cuts[i];
        const bool captured = !(variant == Variant::Gap && i == gap_piece);
        tcp.data(t, false, s.server.bytes.data() + c.offset, uint32_t(c.len), c.offset, captured);
        if (variant == Variant::Retransmission && i == 2) {
            t += 0.2;  // the first of the big packet's pieces again, unchanged
            tcp.data(t, false, s.server.bytes.data() + c.offset, uint32_t(c.len), c.offset);
        }
        if (i % 3 == 2) tcp.ack(t + 0.0002, true);
    }
    // The client's play packets one by one.
    for (size_t i = 2; i < s.client.starts.size(); ++i) {
        t += 0.05;
        const size_t from = s.client.starts[i];
        const size_t to = i + 1 < s.client.starts.size() ? s.client.starts[i + 1] : s.client.bytes.size();
        tcp.data(t, true, s.client.bytes.data() + from, uint32_t(to - from), from);
        if (variant == Variant::Retransmission && i == 3) {
            // Sent again, but with other bytes at the same sequence numbers.
            Bytes other(s.client.bytes.begin() + long(from), s.client.bytes.begin() + long(to));
            if (!other.empty()) other.back() ^= 0x5a;
            t += 0.2;
            tcp.data(t, true, other.data(), uint32_t(other.size()), from);
        }
        tcp.ack(t + 0.0002, false);
    }
    t += 0.1;
    tcp.fin(t, false);
    tcp.fin(t + 0.0003, true);
    tcp.ack(t + 0.0006, false);
}

void write_encrypted(const std::string& path) {
    const auto sb = Side::Client, cb = Side::Server;
    Stream client, server;
    client.add(frame(packet(State::Handshaking, sb, 0x00,
                            Value{{"protocol_version", kProtocol}, {"server_address", "mc.example.org"},
                                  {"server_port", 25565}, {"next_state", 2}}),
                     false));
    client.add(frame(packet(State::Login, sb, 0x00, Value{{"name", "online"}}), false));
    server.add(frame(packet(State::Login, cb, 0x01,
                            Value{{"server_id", ""}, {"public_key", Value::bytes(162, 0x30)},
                                  {"verify_token", Value::bytes(4, 0x99)}}),
                     false));
    client.add(frame(packet(State::Login, sb, 0x01,
                            Value{{"shared_secret", Value::bytes(128, 0x11)}, {"verify_token", Value::bytes(128, 0x22)}}),
                     false));
    // AES/CFB8 from here: bytes that look random (a fixed LCG, reproducible).
    uint32_t x = 12345;
    auto noise = [&](Stream& st, size_t n) {
        Bytes b(n);
        for (auto& c : b) c = uint8_t((x = x * 1103515245u + 12345u) >> 16);
        st.add(b);
    };
    noise(server, 700);
    noise(client, 90);
    noise(server, 1400);

    blankshark::PcapWriter w(path, 1);
    tcpcap::TcpCapture tcp(w, client_side(), server_side());
    double t = 2.0;
    tcp.handshake(t, 0.03);
    auto send = [&](Stream& st, size_t i, bool from_client) {
        const size_t from = st.starts[i];
        const size_t to = i + 1 < st.starts.size() ? st.starts[i + 1] : st.bytes.size();
        t += 0.04;
        tcp.data(t, from_client, st.bytes.data() + from, uint32_t(to - from), from);
        tcp.ack(t + 0.015, !from_client);
    };
    send(client, 0, true);
    send(client, 1, true);
    send(server, 0, false);
    send(client, 2, true);
    send(server, 1, false);
    send(client, 3, true);
    send(server, 2, false);
    t += 0.1;
    tcp.fin(t, true);
    tcp.fin(t + 0.02, false);
    tcp.ack(t + 0.04, true);
}

Bytes utf16be(const std::u16string& s) {
    Bytes b;
    for (char16_t c : s) {
        b.push_back(uint8_t(c >> 8));
        b.push_back(uint8_t(c));
    }
    return b;
}

void write_legacy_ping(const std::string& path) {
    // The 1.6 client's ping: FE 01 FA, "MC|PingHost" as a u16 count and
    // UTF-16BE, the length of the rest, protocol 74, host, port.
    Bytes ping = {0xFE, 0x01, 0xFA};
    const std::u16string channel = u"MC|PingHost", host = u"localhost";
    ping.push_back(0);
    ping.push_back(uint8_t(channel.size()));
    for (uint8_t c : utf16be(channel)) ping.push_back(c);
    const uint16_t rest = uint16_t(7 + 2 * host.size());
    ping.push_back(uint8_t(rest >> 8));
    ping.push_back(uint8_t(rest));
    ping.push_back(74);
    ping.push_back(0);
    ping.push_back(uint8_t(host.size()));
    for (uint8_t c : utf16be(host)) ping.push_back(c);
    const uint32_t port = 25565;
    for (int sh = 24; sh >= 0; sh -= 8) ping.push_back(uint8_t(port >> sh));
    // The server's kick: FF, u16 count of code units, "§1\0proto\0version\0motd\0online\0max".
    const std::u16string text = std::u16string(u"\u00a71") + u'\0' + u"498" + u'\0' + u"1.14.4" + u'\0' +
                                u"A Minecraft Server" + u'\0' + u"0" + u'\0' + u"20";
    Bytes kick = {0xFF, uint8_t(text.size() >> 8), uint8_t(text.size())};
    for (uint8_t c : utf16be(text)) kick.push_back(c);

    blankshark::PcapWriter w(path, 1);
    tcpcap::TcpCapture tcp(w, client_side(), server_side());
    double t = 3.0;
    tcp.handshake(t, 0.001);
    tcp.data(t + 0.002, true, ping.data(), uint32_t(ping.size()), 0);
    tcp.data(t + 0.004, false, kick.data(), uint32_t(kick.size()), 0);
    tcp.fin(t + 0.0041, false);
    tcp.fin(t + 0.005, true);
    tcp.ack(t + 0.0055, false);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const std::string dir = argv[1];
    write_play(dir + "/mcjava-crafted-segments.pcap", Variant::Segments);
    write_play(dir + "/mcjava-crafted-retransmission.pcap", Variant::Retransmission);
    write_play(dir + "/mcjava-crafted-gap.pcap", Variant::Gap);
    write_encrypted(dir + "/mcjava-crafted-encrypted.pcap");
    write_legacy_ping(dir + "/mcjava-crafted-legacy-ping.pcap");
    const Session s = play_session();
    const size_t v = s.server.starts[s.split_varint_packet];
    std::printf("server stream %zu bytes, %zu packets; split Length VarInt at %zu (%02x %02x); big packet %zu bytes\n",
                s.server.bytes.size(), s.server.starts.size(), v, s.server.bytes[v], s.server.bytes[v + 1],
                s.server.starts[s.big_packet + 1] - s.server.starts[s.big_packet]);
    return 0;
}
