// Writes a Minecraft Java (protocol 404, 1.13.2: seed 003) session whose
// bytes are damaged one way per TCP segment, with healthy packets after each
// damage, so a test can see the damage named on its frame and the rest of
// the stream still decoded:
//
//   mcjava_make_damaged [--others | --mid-stream | --mid-packet | --undecided | --padding] OUT.pcap
//
// Every byte is written here by hand from seed 003's "Format des paquets"
// (VarInt Length; after Set Compression a VarInt Data Length, 0 or the
// size of the zlib-compressed id and data): nothing of the decoder's tables
// or encoder is used. Frames 1-3 are the TCP handshake; the comment above
// each step names its frame. The client's last segment holds only the
// first 5 of its chat's 9 bytes, the server's FIN follows and the capture
// ends (no FIN from the client): the capture ends inside a packet.
// --others, --mid-stream, --mid-packet, --undecided and --padding write
// the connections their functions below describe.
// The expected findings are printed on stdout, "frame code" a line, for the
// tests (tests/analyzer/java_damaged_test.cpp, tests/plugin/
// tshark_mcjava_damaged_test.cpp), which hold them and their texts literally.
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tcp_capture.hpp"
#include "../support/java_bytes.hpp"

namespace {

using Bytes = blankshark::test_support::JavaBytes;
using Wire = std::vector<uint8_t>;

Wire cat(Wire a, const Wire& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}
Wire varint(int64_t v) { return Bytes().var(v).b; }
Wire first(const Wire& w, size_t n) { return Wire(w.begin(), w.begin() + long(n)); }

// Compressed framing (threshold 256): Length, Data Length 0, the packet.
Wire plain(const Bytes& packet) {
    const Wire body = cat({0x00}, packet.b);
    return cat(varint(int64_t(body.size())), body);
}
Wire deflate(const Wire& in) {
    uLongf n = compressBound(uLong(in.size()));
    Wire z(n);
    if (compress2(z.data(), &n, in.data(), uLong(in.size()), 6) != Z_OK) std::abort();
    z.resize(n);
    return z;
}
// Compressed framing with a zlib stream and the Data Length given (the
// true one or a lie).
Wire deflated(const Wire& zlib, int64_t data_length) {
    const Wire body = cat(varint(data_length), zlib);
    return cat(varint(int64_t(body.size())), body);
}
// A Chat Message (clientbound 0x0E: Chat JSON, Position byte) of exactly
// `size` bytes: id 1 + the JSON's VarInt length (1 byte up to 127, 2 up to
// 16383) + the JSON + position 1.
Bytes chat_of_size(size_t size, uint8_t position = 1) {
    const size_t json = size - 2 - (size - 3 <= 127 ? 1 : 2);
    const std::string text(json - 11, 'a');  // {"text":"…"}: 11 bytes around it
    return Bytes().u8(0x0E).str("{\"text\":\"" + text + "\"}").u8(position);
}
Bytes keep_alive_cb(int64_t id) { return Bytes().u8(0x21).i64(id); }  // clientbound Keep Alive (play 0x21)
Bytes keep_alive_sb(int64_t id) { return Bytes().u8(0x0E).i64(id); }  // serverbound Keep Alive (play 0x0E)
Bytes time_update(int64_t age, int64_t time) { return Bytes().u8(0x4A).i64(age).i64(time); }  // play 0x4A
// A Plugin Message (clientbound 0x19: Identifier channel, then data to the
// end) of exactly `size` bytes: id 1 + "b:big" with its length 6 + zeros.
Bytes plugin_message_of_size(size_t size) { return Bytes().u8(0x19).str("b:big").zeros(size - 7); }

struct Step {
    bool client;
    Wire wire;
    const char* findings;  // codes on this frame, space-separated (nullptr: none)
    double dt = 0.01;      // seconds after the previous step
};

enum class Fins { None, Server, Both };

// One TCP connection of `steps` from client port `port`, its handshake
// first unless `mid_stream`, then `fins`; prints "frame code" for each
// step's findings. Returns the connection's last frame.
uint64_t connection(blankshark::PcapWriter& w, uint16_t port, double& t, uint64_t frame, const std::vector<Step>& steps,
                    bool mid_stream = false, Fins fins = Fins::Both) {
    tcpcap::Side client{{0x02, 0, 0, 0, 0, 0x02}, {192, 0, 2, 2}, port, 0x30000000u + port};
    tcpcap::Side server{{0x02, 0, 0, 0, 0, 0x01}, {192, 0, 2, 1}, 25565, 0x40000000u + port};
    if (mid_stream) {  // the handshake happened before the capture: both sides' numbers already agreed
        client.next = server.acked = client.isn + 1;
        server.next = client.acked = server.isn + 1;
    }
    tcpcap::TcpCapture tcp(w, client, server);
    if (!mid_stream) {
        tcp.handshake(t, 0.001);
        frame += 3;
    }
    for (const Step& s : steps) {
        t += s.dt;
        tcp.data(t, s.client, s.wire.data(), uint32_t(s.wire.size()), tcp.sent(s.client));
        ++frame;
        for (std::string codes = s.findings ? s.findings : ""; !codes.empty();) {
            const size_t sp = codes.find(' ');
            std::printf("%llu %s\n", (unsigned long long)frame, codes.substr(0, sp).c_str());
            codes = sp == std::string::npos ? "" : codes.substr(sp + 1);
        }
    }
    if (fins != Fins::None) {
        tcp.fin(t += 0.01, false);
        ++frame;
    }
    if (fins == Fins::Both) {
        tcp.fin(t += 0.01, true);
        ++frame;
    }
    return frame;
}

// A 1.13 (404) chunk section: bits per block 4, palette [air, stone],
// `longs` longs of packed states (4096 x 4 bits are 256), `first` the first
// of them (the rest 0), its block and sky light (overworld).
Bytes section_404(size_t longs, uint64_t first) {
    Bytes b;
    b.u8(4).var(2).var(0).var(1).var(int64_t(longs));
    for (size_t i = 0; i < longs; ++i) b.be(i == 0 ? first : 0, 8);
    return b.zeros(2048).zeros(2048);
}
// Chunk Data (404: 0x22) of a full column with one section (bit mask 1) and biomes.
Bytes chunk_404(int32_t x, int32_t z, const Bytes& section) {
    const Bytes data = Bytes(section).zeros(256 * 4);
    return Bytes().u8(0x22).i32(x).i32(z).u8(1).var(1).raw(data.b).var(0);
}

// The other connections (mcjava_make_damaged --others OUT.pcap): decoding
// findings of 1.13.2 play (a count out of bounds, NBT nested too deep,
// chunk sections whose packed states do not fit, a Keep Alive answered
// late), a status exchange of a protocol number no release has with a
// Ping never answered and a Pong no Ping carried, a 1.14.4 session (a
// section's declared block count wrong, light for a column never sent).
// Uncompressed framing.
void others(blankshark::PcapWriter& w) {
    double t = 3000.0;
    // Update Block Entity (0x09): position (0, 64, 0), action 1, then an NBT
    // compound nested 70 deep (deeper than the decoder's bound): each level
    // a TAG_Compound (0A) with an empty name (00 00) in the one above.
    Bytes deep = Bytes().u8(0x09).be(uint64_t(64) << 26, 8).u8(1);
    for (int i = 0; i < 70; ++i) deep.u8(0x0A).be(0, 2);
    deep.zeros(70);  // their TAG_Ends
    uint64_t frame = connection(w, 50130, t, 0, {
        // 4-7: Handshake (404, login), Login Start, Login Success, Join Game.
        {true, Bytes().u8(0x00).var(404).str("localhost").be(25565, 2).var(2).framed(), nullptr},
        {true, Bytes().u8(0x00).str("eve").framed(), nullptr},
        {false, Bytes().u8(0x02).str("00000000-0000-3000-8000-000000000001").str("eve").framed(), nullptr},
        {false, Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(1).u8(20).str("default").u8(0).framed(), nullptr},
        // 8: Destroy Entities (0x35) with a count of -1.
        {false, Bytes().u8(0x35).var(-1).framed(), "mcjava.malformed.count"},
        // 9: Update Block Entity with the deep NBT.
        {false, deep.framed(), "mcjava.malformed.depth"},
        // 10: Chunk Data of column (1, 1): 100 longs of packed states where 4 bits x 4096 make 256.
        {false, chunk_404(1, 1, section_404(100, 0)).framed(), "mcjava.chunk.data_length"},
        // 11: Chunk Data of column (2, 2): the first block's palette index is 5, the palette has 2 entries.
        {false, chunk_404(2, 2, section_404(256, 5)).framed(), "mcjava.chunk.palette_index"},
        // 12: Keep Alive 9 (0x21), answered (0x0E, 13) 1.5 s later.
        {false, Bytes().u8(0x21).i64(9).framed(), nullptr},
        {true, Bytes().u8(0x0E).i64(9).framed(), "mcjava.keepalive.slow", 1.5},
    });
    // 14, 15: FINs. 16-18: the TCP handshake of a status connection.
    frame = connection(w, 50131, t, frame, {
        // 19: Handshake of protocol 403, which names no release (404 is 1.13.2), next state 1 status.
        {true, Bytes().u8(0x00).var(403).str("localhost").be(25565, 2).var(1).framed(), "mcjava.version.unknown"},
        // 20, 21: Request, Response (a JSON string).
        {true, Bytes().u8(0x00).framed(), nullptr},
        {false, Bytes().u8(0x00).str("{\"description\":{\"text\":\"A server\"}}").framed(), nullptr},
        // 22: Ping with payload 5; 23: a Pong with payload 6.
        {true, Bytes().u8(0x01).i64(5).framed(), "mcjava.ping.unanswered"},
        {false, Bytes().u8(0x01).i64(6).framed(), "mcjava.ping.unknown_payload"},
    });
    // 24, 25: FINs. 26-28: the TCP handshake of a 1.14.4 connection.
    Bytes section = Bytes().be(4000, 2).u8(4).var(2).var(0).var(1).var(256);  // 4000 non-air declared
    for (int i = 0; i < 256; ++i) section.be(0x1111111111111111ull, 8);      // every block palette index 1: stone
    const Bytes column = Bytes(section).zeros(256 * 4);                       // then the biomes
    frame = connection(w, 50132, t, frame, {
        // 29-32: Handshake (498), Login Start, Login Success, Join Game (1.14: no difficulty, a view distance).
        {true, Bytes().u8(0x00).var(498).str("localhost").be(25565, 2).var(2).framed(), nullptr},
        {true, Bytes().u8(0x00).str("eve").framed(), nullptr},
        {false, Bytes().u8(0x02).str("00000000-0000-3000-8000-000000000001").str("eve").framed(), nullptr},
        {false, Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(20).str("default").var(8).u8(0).framed(), nullptr},
        // 33: Chunk Data (0x21) of column (0, 0): bit mask 1, an empty heightmaps compound, the section, no block entity.
        {false, Bytes().u8(0x21).i32(0).i32(0).u8(1).var(1).u8(0x0A).be(0, 2).u8(0).raw(column.b).var(0).framed(),
         "mcjava.chunk.block_count"},
        // 34: Update Light (0x24) of column (5, 5), every mask 0.
        {false, Bytes().u8(0x24).var(5).var(5).var(0).var(0).var(0).var(0).framed(), "mcjava.chunk.light_unknown"},
    });
    // 35, 36: FINs.
}

// A connection the capture picks up in the middle (mcjava_make_damaged
// --mid-stream OUT.pcap): 1.13.2's Keep Alive (0x21) from the server, then
// the client's answer, no handshake before them, no FIN after.
void mid_stream(blankshark::PcapWriter& w) {
    double t = 4000.0;
    connection(w, 50133, t, 0, {{false, keep_alive_cb(11).framed(), nullptr},
                                {true, keep_alive_sb(11).framed(), nullptr}}, true, Fins::None);
}

// A connection picked up inside a packet (mcjava_make_damaged --mid-packet
// OUT.pcap), no handshake before it, no FIN after: the server's first
// segment (frame 1) holds the last 5 bytes of a Time Update (0x4A, World
// Age 100, Time of Day 200: 00 00 00 00 c8) then Keep Alive 11; the
// client's answer (frame 2). Those 5 bytes are the end of a packet that
// began before the capture: mcjava.stream.mid_start on frame 1.
void mid_packet(blankshark::PcapWriter& w) {
    double t = 5000.0;
    const Wire tail = time_update(100, 200).framed();
    connection(w, 50134, t, 0, {{false, cat(Wire(tail.end() - 5, tail.end()), keep_alive_cb(11).framed()), nullptr},
                                {true, keep_alive_sb(11).framed(), nullptr}}, true, Fins::None);
}

// A connection picked up mid-way whose packets every release reads alike
// (mcjava_make_damaged --undecided OUT.pcap), no handshake, no FIN: the
// client's 02 00 00 twice (frames 1, 2): Length 2, id 0x00, a VarInt 0:
// 1.9+'s Teleport Confirm (seed 003: play serverbound 0x00, Teleport ID
// VarInt), 1.8's Keep Alive (a VarInt id): nothing tells one release
// from another, mcjava.version.undecided on frame 1 with every release
// the analysis knows (1.8 to 26.1).
void undecided(blankshark::PcapWriter& w) {
    double t = 6000.0;
    const Wire zero = Bytes().u8(0x00).var(0).framed();
    connection(w, 50135, t, 0, {{true, zero, nullptr}, {true, zero, nullptr}}, true, Fins::None);
}

// A 1.18.2 (protocol 758) connection whose second Chunk Data has bytes
// after its sections that are not zero padding (mcjava_make_damaged
// --padding OUT.pcap). From 1.18 a Chunk Data holds as many sections as
// the dimension is high; no Join Game is sent, so the first Chunk Data's
// sections, which end its data, tell the height (24 sections, 384 blocks:
// mcjava.chunk.height_inferred on frame 7); the second (frame 8) has the
// same 24 sections then 01 02: mcjava.chunk.padding. A section of stone
// (state 1), all plains (biome 1): block count 4096 (10 00), block states
// of 0 bits with their one value 1 and no longs (00 01 00), biomes the
// same (00 01 00). Chunk Data (0x22): X, Z, heightmaps (an empty NBT
// compound: 0a 00 00 00), the data with its VarInt size, no block entity,
// trust edges, four empty light masks, no light arrays.
void padding(blankshark::PcapWriter& w) {
    double t = 7000.0;
    const auto chunk = [](int32_t x, const Wire& after) {
        Bytes data;
        for (int s = 0; s < 24; ++s) data.be(4096, 2).u8(0).var(1).var(0).u8(0).var(1).var(0);
        data.b.insert(data.b.end(), after.begin(), after.end());
        return Bytes().u8(0x22).i32(x).i32(0).u8(0x0A).be(0, 2).u8(0).raw(data.b).var(0).u8(1)
            .var(0).var(0).var(0).var(0).var(0).var(0).framed();
    };
    connection(w, 50136, t, 0, {
        // 4-6: Handshake (758, login), Login Start, Login Success (UUID as 16 bytes since 1.16, name).
        {true, Bytes().u8(0x00).var(758).str("localhost").be(25565, 2).var(2).framed(), nullptr},
        {true, Bytes().u8(0x00).str("eve").framed(), nullptr},
        {false, Bytes().u8(0x02).be(0, 8).be(1, 8).str("eve").framed(), nullptr},
        // 7, 8: the Chunk Data of columns (0, 0) and (1, 0).
        {false, chunk(0, {}), "mcjava.chunk.height_inferred"},
        {false, chunk(1, {0x01, 0x02}), "mcjava.chunk.padding"},
    });
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc == 3 ? argv[1] : "";
    if (argc < 2 || argc > 3 ||
        (argc == 3 && mode != "--others" && mode != "--mid-stream" && mode != "--mid-packet" && mode != "--undecided" &&
         mode != "--padding")) {
        std::fprintf(stderr,
                     "usage: mcjava_make_damaged [--others | --mid-stream | --mid-packet | --undecided | --padding] "
                     "OUT.pcap\n");
        return 2;
    }
    const char* path = argv[argc - 1];
    const Wire not_zlib(20, 0x11);  // 0x11: CM 1, not deflate (8): "incorrect header check"
    const std::vector<Step> steps = {
        // 4: Handshake (0x00: protocol 404, host, port, next state 2 login), uncompressed framing.
        {true, Bytes().u8(0x00).var(404).str("localhost").be(25565, 2).var(2).framed(), nullptr},
        // 5: Login Start with a 17-character name (at most 16).
        {true, Bytes().u8(0x00).str("abcdefghijklmnopq").framed(), "mcjava.string.too_long"},
        // 6: Set Compression (login 0x03), threshold 256: every later packet in compressed framing.
        {false, Bytes().u8(0x03).var(256).framed(), nullptr},
        // 7: a play Keep Alive (0x21) before Login Success: sent in the wrong state.
        {false, plain(keep_alive_cb(7)), "mcjava.malformed.wrong_state mcjava.malformed.unknown_id"},
        // 8: Login Success (login 0x02: UUID string, name): state play.
        {false, plain(Bytes().u8(0x02).str("00000000-0000-3000-8000-000000000001").str("eve")), nullptr},
        // 9: Join Game (play 0x25): entity 7, gamemode 1, dimension 0, difficulty 1, 20 players, "default", false.
        {false, plain(Bytes().u8(0x25).i32(7).u8(1).i32(0).u8(1).u8(20).str("default").u8(0)), nullptr},
        // 10, 11: Keep Alive 1 and its answer.
        {false, plain(keep_alive_cb(1)), nullptr},
        {true, plain(keep_alive_sb(1)), nullptr},
        // 12: Length 2097152 (80 80 80 01), one above the largest (2^21 - 1): not a frame; then 00 21.
        // The next packet (13, Keep Alive 2) is where decoding finds a packet again.
        {false, Wire{0x80, 0x80, 0x80, 0x01, 0x00, 0x21}, "mcjava.malformed.length"},
        {false, plain(keep_alive_cb(2)), "mcjava.stream.resync"},
        // 14: a Length VarInt of 6 bytes from the client, then its answer to Keep Alive 2 (15).
        {true, Wire{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01}, "mcjava.malformed.varint"},
        {true, plain(keep_alive_sb(2)), "mcjava.stream.resync"},
        // 16: Data Length 300, then 20 bytes that are not a zlib stream.
        {false, deflated(not_zlib, 300), "mcjava.compression.inflate_failed"},
        // 17: Keep Alive 3, decoded after it, and its answer (18).
        {false, plain(keep_alive_cb(3)), nullptr},
        {true, plain(keep_alive_sb(3)), nullptr},
        // 19: a 300-byte chat whose Data Length says 400.
        {false, deflated(deflate(chat_of_size(300).b), 400), "mcjava.compression.size_mismatch"},
        // 20: a 400-byte chat whose Data Length says 300.
        {false, deflated(deflate(chat_of_size(400).b), 300), "mcjava.compression.size_mismatch"},
        // 21: a 100-byte chat compressed though below the threshold 256 (Data Length 100, the truth).
        {false, deflated(deflate(chat_of_size(100).b), 100), "mcjava.compression.below_threshold"},
        // 22: Data Length 8388609, one above the largest uncompressed packet (2^23 = 8388608).
        {false, deflated(deflate(keep_alive_cb(4).b), 8388609), "mcjava.compression.data_length"},
        // 23: a Plugin Message of exactly 8388608 bytes (Data Length 8388608): the largest there is.
        {false, deflated(deflate(plugin_message_of_size(8388608).b), 8388608), nullptr},
        // 24: a Data Length VarInt of 6 bytes (at most 5).
        {false, cat(varint(7), Wire{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x21}), "mcjava.malformed.varint"},
        // 25: Length 0: no Data Length, no packet id.
        {false, Wire{0x00}, "mcjava.malformed.empty"},
        // 26: Time Update (World Age, Time of Day: 8 bytes each) with 4 bytes of its 16.
        {false, plain(Bytes().u8(0x4A).be(0x01020304, 4)), "mcjava.malformed.truncated"},
        // 27: Time Update with 2 bytes after its last field.
        {false, plain(time_update(100, 200).u8(0xAA).u8(0xBB)), "mcjava.malformed.trailing"},
        // 28: packet id 0x7F: no state of 404 has it.
        {false, plain(Bytes().u8(0x7F).u8(0)), "mcjava.malformed.unknown_id"},
        // 29: a chat at position 5 (0 chat, 1 system, 2 game info) whose text is not UTF-8 (C3 28).
        {false, plain(Bytes().u8(0x0E).str("{\"text\":\"\xC3\x28\"}").u8(5)), "mcjava.string.not_utf8 mcjava.unknown_value"},
        // 30: Keep Alive 5, then its answer (31): the stream still decoded.
        {false, plain(keep_alive_cb(5)), nullptr},
        {true, plain(keep_alive_sb(5)), nullptr},
        // 32: Disconnect (play 0x1B, Chat reason); 33: a Time Update after it.
        {false, plain(Bytes().u8(0x1B).str("{\"text\":\"bye\"}")), nullptr},
        {false, plain(time_update(300, 400)), "mcjava.malformed.after_end"},
        // 34: a chat from the client (serverbound 0x02, "hello": 9 bytes framed), of which the
        // capture holds the first 5.
        {true, first(plain(Bytes().u8(0x02).str("hello")), 5), nullptr},
    };
    blankshark::PcapWriter w(path, 1);
    if (!w.ok()) {
        std::fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    if (!mode.empty()) {
        (mode == "--others"       ? others
         : mode == "--mid-stream" ? mid_stream
         : mode == "--mid-packet" ? mid_packet
         : mode == "--undecided"  ? undecided
                                  : padding)(w);
        return w.close() ? 0 : 1;
    }
    double t = 2000.0;
    const uint64_t last = connection(w, 50124, t, 0, steps, false, Fins::Server);
    // The end of the capture (the server's FIN, the last frame) tells the chat was cut.
    std::printf("%llu mcjava.stream.incomplete\n", (unsigned long long)last);
    return w.close() ? 0 : 1;
}
