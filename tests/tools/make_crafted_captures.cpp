// Writes the crafted captures of captures/crafted/ with the core's encoder,
// and cuts of the real captures (a side that stops sending at a frame).
// Usage: make_crafted_captures OUTDIR [REAL_CAPTURES_DIR (default OUTDIR/..)]
// A test regenerates them and compares byte for byte with the bundled ones,
// so the README's description of each stays true.
#include <zlib.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "protocols/blank/encoder.hpp"
#include "pcap_writer.hpp"
#include "protocols/blank/revision_detect.hpp"

using blank::PacketBuilder;
using blankshark::PcapWriter;
using blankshark::UdpEndpoint;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A chunk as the game stores it: 4096 blocks of (u16 type, u8 orient, u8
// unused), 4096 light bytes, 2 flag bytes, 2 pad bytes = 20484 bytes; the
// lower half is stone (type 1), some light varies so it needs two pieces.
std::vector<uint8_t> chunk_data(size_t size = 20484) {
    std::vector<uint8_t> raw(size, 0);
    for (int i = 0; i < 4096; ++i) {
        const int y = i / 16 % 16;
        raw[size_t(i) * 4] = y < 8 ? 1 : 0;
    }
    uint32_t lcg = 12345;
    for (int i = 0; i < 4096; ++i) {
        lcg = lcg * 1103515245u + 12345u;
        raw[16384 + size_t(i)] = i < 600 ? uint8_t(lcg >> 24 & 15) : 15;
    }
    uLongf n = compressBound(uLong(raw.size()));
    std::vector<uint8_t> z(n);
    compress(z.data(), &n, raw.data(), uLong(raw.size()));
    z.resize(n);
    return z;
}

struct Session {
    PcapWriter& w;
    UdpEndpoint client, server;
    double t = 0;
    uint16_t cseq = 0, sseq = 0;
    void c2s(PacketBuilder b) { w.udp(t += 0.01, client, server, b.seq(cseq++).ack(sseq ? sseq - 1 : 0xFFFF).build()); }
    void s2c(PacketBuilder b) { w.udp(t += 0.01, server, client, b.seq(sseq++).ack(cseq - 1).build()); }
};

// Pieces of at most 472 bytes at i*472, as the game sends them.
void send_chunk(Session& s, uint32_t id, const std::vector<uint8_t>& z, const blank::Schema& sc) {
    for (size_t off = 0; off < z.size(); off += 472) {
        const size_t n = std::min<size_t>(472, z.size() - off);
        s.s2c(PacketBuilder(10, sc).set("blank.chunk.transmission", id).set("blank.chunk.offset", double(off))
                  .set("blank.chunk.piece_size", double(n))
                  .text("blank.chunk.data", std::string(z.begin() + long(off), z.begin() + long(off + n))));
    }
}

PacketBuilder state(PacketBuilder b, const std::string& prefix = "blank.state", uint32_t i = 0) {
    return b.set(prefix + ".chunk.x", 1, i).set(prefix + ".chunk.y", 0, i).set(prefix + ".chunk.z", -2, i)
        .set(prefix + ".block.x", 8, i).set(prefix + ".block.y", 1.5, i).set(prefix + ".block.z", 4, i)
        .set(prefix + ".velocity.x", 0.25, i).set(prefix + ".orientation.w", std::sqrt(0.5), i)
        .set(prefix + ".orientation.y", std::sqrt(0.5), i).set(prefix + ".pitch", 0.5, i).set(prefix + ".yaw", -1, i);
}

void all_types(const std::string& dir) {
    PcapWriter w(dir + "/all-types.pcap", 1);
    Session s{w, UdpEndpoint::v4(127, 0, 0, 1, 40000), UdpEndpoint::v4(127, 0, 0, 1, 12354)};
    s.c2s(PacketBuilder(0));
    s.c2s(PacketBuilder(1).text("blank.player.name", "alice"));
    s.s2c(PacketBuilder(12).set("blank.message.type", 0).text("blank.message.text", "player \"alice\" joined").compact());
    s.s2c(state(PacketBuilder(2).set("blank.entity.id", 1)).text("blank.world.name", "default"));
    const std::vector<uint8_t> z = chunk_data();
    s.s2c(PacketBuilder(9).set("blank.chunk.transmission", 1).set("blank.chunk.flags.compressed", 1)
              .set("blank.chunk.size", double(z.size())));
    send_chunk(s, 1, z, blank::schema());
    s.c2s(state(PacketBuilder(4)).set("blank.input.movement.z", -1).set("blank.input.actions.primary", 1)
              .set("blank.input.slot", 3));
    s.s2c(state(PacketBuilder(5).set("blank.entity.id", 2).set("blank.entity.model", 1))
              .set("blank.entity.bbox.min.x", -0.5).set("blank.entity.bbox.min.y", 0).set("blank.entity.bbox.min.z", -0.5)
              .set("blank.entity.bbox.max.x", 0.5).set("blank.entity.bbox.max.y", 1).set("blank.entity.bbox.max.z", 0.5)
              .set("blank.entity.flags.world_collision", 1).text("blank.entity.name", "spider"));
    s.s2c(PacketBuilder(7).entries(2).set("blank.chunk.base.x", 1).set("blank.chunk.base.z", -2)
              .set("blank.entity.id", 1, 0).set("blank.entity.id", 2, 1)
              .set("blank.state.chunk_offset.x", -1, 1).set("blank.state.block.x", 8, 1)
              .set("blank.state.yaw", kPi / 2, 1));
    s.s2c(state(PacketBuilder(8).set("blank.correction.update_seq", 2)));
    s.s2c(PacketBuilder(11).entries(2).set("blank.chunk.coords.x", 1).set("blank.chunk.coords.z", -2)
              .set("blank.block.index", 0, 0).set("blank.block.type", 1, 0)
              .set("blank.block.index", 4095, 1).set("blank.block.type", 2, 1).set("blank.block.orient", 4 * 2 + 1, 1));
    s.s2c(PacketBuilder(6).set("blank.entity.id", 2));
    s.c2s(PacketBuilder(12).set("blank.message.type", 1).text("blank.message.text", "hello").compact());
    s.s2c(PacketBuilder(12).set("blank.message.type", 1).set("blank.message.referral", 1)
              .text("blank.message.text", "<alice> hello").compact());
    s.c2s(PacketBuilder(9).set("blank.chunk.transmission", 0xFFFFFFFF).set("blank.chunk.coords.x", 3)
              .set("blank.chunk.size", 0xFFFFFFFF));  // a client re-request: only the coordinates count
    s.s2c(PacketBuilder(0));
    // Not blank: another UDP service, skipped by port and tag.
    w.udp(s.t += 0.01, UdpEndpoint::v4(127, 0, 0, 1, 9999), UdpEndpoint::v4(127, 0, 0, 1, 9998),
          {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', ' ', 'x', 'y', 'z', '!'});
    s.c2s(PacketBuilder(3));
}

// The older revision (game commit 933ca0f): 64-byte entity state with float
// block position and quaternion, angular velocity, i16 pitch/yaw input,
// skeleton ID, 68-byte EntityUpdate entries, every ChunkData 484 bytes, a
// 20480-byte chunk. Written with that revision's tables.
void old_revision(const std::string& dir) {
    const blank::Schema& old = blank::schema(*blank::find_revision("933ca0f"));
    PcapWriter w(dir + "/old-933ca0f.pcap", 1);
    Session s{w, UdpEndpoint::v4(127, 0, 0, 1, 40002), UdpEndpoint::v4(127, 0, 0, 1, 12354)};
    auto st = [](PacketBuilder b, uint32_t i = 0) {
        return b.set("blank.state.chunk.x", 1, i).set("blank.state.chunk.z", -2, i)
            .set("blank.state.block.x", 8.5, i).set("blank.state.block.y", 1.5, i).set("blank.state.block.z", 4.25, i)
            .set("blank.state.velocity.x", 0.002, i)  // blocks per millisecond in this revision
            .set("blank.state.orientation.w", 1, i).set("blank.state.angular_velocity.y", 0.25, i);
    };
    s.c2s(PacketBuilder(0, old));
    s.c2s(PacketBuilder(1, old).text("blank.player.name", "oldie"));
    s.s2c(st(PacketBuilder(2, old).set("blank.entity.id", 1)).text("blank.world.name", "default"));
    s.c2s(st(PacketBuilder(4, old)).set("blank.input.movement.x", 1).set("blank.input.pitch", -0.5)
              .set("blank.input.yaw", 1).set("blank.input.slot", 2));
    s.s2c(st(PacketBuilder(5, old).set("blank.entity.id", 2).set("blank.entity.skeleton", 3))
              .set("blank.entity.bbox.max.y", 1).text("blank.entity.name", "spider"));
    s.s2c(st(st(PacketBuilder(7, old).entries(2).set("blank.entity.id", 1, 0).set("blank.entity.id", 2, 1)), 1));
    s.s2c(st(PacketBuilder(8, old).set("blank.correction.update_seq", 2)));  // the PlayerUpdate, frame 4
    const std::vector<uint8_t> z = chunk_data(20480);
    s.s2c(PacketBuilder(9, old).set("blank.chunk.transmission", 1).set("blank.chunk.flags.compressed", 1)
              .set("blank.chunk.size", double(z.size())));
    send_chunk(s, 1, z, old);
    s.s2c(PacketBuilder(11, old).entries(1).set("blank.chunk.coords.x", 1).set("blank.block.index", 17)
              .set("blank.block.type", 5));
    s.s2c(PacketBuilder(6, old).set("blank.entity.id", 2));
}

// A current-revision conversation whose first packets fit every revision:
// Ping, Login, ChunkBegin and a full 484-byte ChunkData; only the last,
// shorter piece (frame 5) tells it is fa73e36.
void ambiguous(const std::string& dir) {
    PcapWriter w(dir + "/ambiguous-until-frame-5.pcap", 1);
    Session s{w, UdpEndpoint::v4(127, 0, 0, 1, 40003), UdpEndpoint::v4(127, 0, 0, 1, 12354)};
    s.c2s(PacketBuilder(0));
    s.c2s(PacketBuilder(1).text("blank.player.name", "alice"));
    const std::vector<uint8_t> z = chunk_data();
    s.s2c(PacketBuilder(9).set("blank.chunk.transmission", 1).set("blank.chunk.flags.compressed", 1)
              .set("blank.chunk.size", double(z.size())));
    send_chunk(s, 1, z, blank::schema());
    s.c2s(PacketBuilder(3));
}

void malformed(const std::string& dir) {
    PcapWriter w(dir + "/malformed.pcap", 1);
    const UdpEndpoint c = UdpEndpoint::v4(127, 0, 0, 1, 40001), sv = UdpEndpoint::v4(127, 0, 0, 1, 12354);
    double t = 0;
    uint16_t seq = 0;
    auto send = [&](bool from_client, std::vector<uint8_t> b) {
        if (b.size() >= 6) blank::le::put16(&b[4], seq++);
        w.udp(t += 0.01, from_client ? c : sv, from_client ? sv : c, b);
    };
    send(true, PacketBuilder(0).build());                                            // 1 fine
    send(true, [] { auto b = PacketBuilder(0).build(); b.resize(8); return b; }());  // 2 short header
    send(false, PacketBuilder(8).tag(0xDEADBEEF).build());                           // 3 bad tag
    send(false, [] { auto b = PacketBuilder(13).build(); b.insert(b.end(), {1, 2, 3}); return b; }());  // 4 unknown type
    send(false, PacketBuilder(6).payload_length(7).build());                          // 5 length
    send(false, PacketBuilder(7).entries(13).build());                                // 6 length + count range
    send(false, PacketBuilder(11).entries(2).set("blank.block.count", 5).build());    // 7 count mismatch
    send(true, PacketBuilder(1).text("blank.player.name", "alice").payload_length(5).build());  // 8 unterminated
    send(true, PacketBuilder(1).text("blank.player.name", "al\xff" "ce").build());    // 9 not UTF-8
    send(false, [] {                                                                  // 10 quat pad bits
        auto b = PacketBuilder(8).build();
        b[16 + 2 + 30 + 7] |= 0x10;
        return b;
    }());
    send(false, [] {                                                                  // 11 quat not unit
        auto b = PacketBuilder(8).build();
        blank::le::put64(&b[16 + 2 + 30], 3ull << 62 | 1048574ull << 40 | 1048574ull << 20 | 1048574ull);
        return b;
    }());
    send(false, PacketBuilder(12).set("blank.message.type", 7).text("blank.message.text", "?").compact().build());  // 12
    send(false, PacketBuilder(10).set("blank.chunk.piece_size", 100).text("blank.chunk.data", "abc").build());    // 13
    send(true, PacketBuilder(0).padding(0, 0, 0).build());                            // 14 zero padding: no finding
    send(true, state(PacketBuilder(4)).build());                                      // 15 fine again
}

void link_types(const std::string& dir) {
    struct L { const char* file; uint32_t dlt; bool v6; uint16_t port; };
    for (L l : {L{"null-ipv6.pcap", 0, true, 12354}, L{"raw-ipv4-port-12399.pcap", 101, false, 12399},
                L{"linux-sll.pcap", 113, false, 12354}}) {
        PcapWriter w(dir + "/" + l.file, l.dlt);
        Session s{w, l.v6 ? UdpEndpoint::v6_loopback(50000) : UdpEndpoint::v4(10, 0, 0, 2, 50000),
                  l.v6 ? UdpEndpoint::v6_loopback(l.port) : UdpEndpoint::v4(10, 0, 0, 1, l.port)};
        s.c2s(PacketBuilder(1).text("blank.player.name", "carol"));
        s.s2c(state(PacketBuilder(2).set("blank.entity.id", 7)).text("blank.world.name", "default"));
        s.c2s(state(PacketBuilder(4)));
        s.s2c(state(PacketBuilder(8).set("blank.correction.update_seq", 1)));
        s.c2s(PacketBuilder(3));
    }
}

// A real capture (classic pcap, Ethernet, IPv4) without the datagrams that
// `src_port` sends after frame `last`: that side went silent there, as a
// killed process does, while the other kept sending what it did. Records
// are copied byte for byte; only frame numbers after the cut shift.
bool cut_after(const std::string& in, const std::string& out, uint16_t src_port, uint64_t last) {
    std::ifstream f(in, std::ios::binary);
    const std::string b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto u8 = [&b](size_t i) { return uint32_t(uint8_t(b[i])); };
    const auto le32 = [&](size_t i) { return u8(i) | u8(i + 1) << 8 | u8(i + 2) << 16 | u8(i + 3) << 24; };
    if (b.size() < 24 || le32(0) != 0xA1B2C3D4u || le32(20) != 1) return false;
    std::string o = b.substr(0, 24);
    uint64_t frame = 0;
    for (size_t at = 24; at + 16 <= b.size();) {
        const size_t len = le32(at + 8);
        if (at + 16 + len > b.size()) return false;
        ++frame;
        const size_t ip = at + 16 + 14, udp = ip + (u8(ip) & 15) * 4;
        const bool from = len >= 14 + 28 && u8(ip + 9) == 17 && (u8(udp) << 8 | u8(udp + 1)) == src_port;
        if (!(from && frame > last)) o.append(b, at, 16 + len);
        at += 16 + len;
    }
    std::ofstream w(out, std::ios::binary);
    w << o;
    return bool(w);
}

// A real session that ended with the client's Part, then what the game's
// server does when one more packet of that client arrives after it (here
// the client's last PlayerUpdate before the Part, late): it forgets a client
// that parted, so the packet makes a new connection (src/server/net.cpp,
// Server::GetClient), which pings every 50 ms from seq 0, acking that
// packet's seq with a fresh history (0: it is more than 32 past the fresh
// ack 0xFFFF). `pings` of them, in frames copied from the server's last
// one (IP length and checksum, UDP length set; UDP checksum 0).
bool restart_after_part(const std::string& in, const std::string& out, uint16_t client_port, int pings) {
    std::ifstream f(in, std::ios::binary);
    std::string b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto u8 = [&b](size_t i) { return uint32_t(uint8_t(b[i])); };
    const auto le32 = [&](size_t i) { return u8(i) | u8(i + 1) << 8 | u8(i + 2) << 16 | u8(i + 3) << 24; };
    if (b.size() < 24 || le32(0) != 0xA1B2C3D4u || le32(20) != 1) return false;
    size_t last_client = 0, before_it = 0, last_server = 0, part = 0;
    for (size_t at = 24; at + 16 <= b.size();) {
        const size_t len = le32(at + 8);
        if (at + 16 + len > b.size()) return false;
        const size_t ip = at + 16 + 14, udp = ip + (u8(ip) & 15) * 4;
        if ((u8(udp) << 8 | u8(udp + 1)) == client_port) {
            before_it = last_client;
            last_client = at;
        } else {
            last_server = at;
        }
        at += 16 + len;
    }
    part = last_client;  // the session's last packet: the client's Part (type 3 at UDP payload offset 12)
    const size_t part_udp = part + 16 + 14 + (u8(part + 16 + 14) & 15) * 4;
    if (!part || !before_it || !last_server || u8(part_udp + 8 + 12) != blank::type::Part) return false;
    // The late packet: the client's record before the Part again, 1 ms after it.
    const uint32_t sec = le32(part), usec = le32(part + 4);
    std::string late = b.substr(before_it, 16 + le32(before_it + 8));
    auto put32 = [](std::string& s, size_t i, uint32_t v) {
        for (int k = 0; k < 4; ++k) s[i + size_t(k)] = char(v >> (8 * k));
    };
    const uint64_t t0 = uint64_t(sec) * 1000000 + usec;
    put32(late, 0, uint32_t((t0 + 1000) / 1000000));
    put32(late, 4, uint32_t((t0 + 1000) % 1000000));
    b += late;
    const size_t late_udp = 16 + 14 + (uint8_t(late[16 + 14]) & 15) * 4;
    const uint16_t late_seq = uint16_t(uint8_t(late[late_udp + 8 + 4]) | uint8_t(late[late_udp + 8 + 5]) << 8);
    // The new connection's pings, framed as the server's last packet was.
    const size_t ip = 14, ihl = (u8(last_server + 16 + 14) & 15) * 4, udp = ip + ihl;
    const std::string head = b.substr(last_server + 16, udp + 8);
    for (int i = 0; i < pings; ++i) {
        const std::vector<uint8_t> ping = PacketBuilder(blank::type::Ping).seq(uint16_t(i)).ack(late_seq).hist(0).build();
        std::string frame = head + std::string(ping.begin(), ping.end());
        const size_t iplen = ihl + 8 + ping.size(), udplen = 8 + ping.size();
        frame[ip + 2] = char(iplen >> 8), frame[ip + 3] = char(iplen);
        frame[ip + 10] = frame[ip + 11] = 0;
        uint32_t sum = 0;
        for (size_t k = 0; k < ihl; k += 2) sum += uint32_t(uint8_t(frame[ip + k]) << 8 | uint8_t(frame[ip + k + 1]));
        while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
        frame[ip + 10] = char(~sum >> 8), frame[ip + 11] = char(~sum);
        frame[udp + 4] = char(udplen >> 8), frame[udp + 5] = char(udplen);
        frame[udp + 6] = frame[udp + 7] = 0;
        const uint64_t t = t0 + 1000 + 50000 * uint64_t(i + 1);
        std::string rec(16, '\0');
        put32(rec, 0, uint32_t(t / 1000000));
        put32(rec, 4, uint32_t(t % 1000000));
        put32(rec, 8, uint32_t(frame.size()));
        put32(rec, 12, uint32_t(frame.size()));
        b += rec + frame;
    }
    std::ofstream w(out, std::ios::binary);
    w << b;
    return bool(w);
}

// captures/crafted/README.md says what each cut shows.
bool real_cuts(const std::string& dir, const std::string& real) {
    return cut_after(real + "/blank-fa73e36-clean-session.pcap", dir + "/cut-client-silent-clean-session.pcap", 55333,
                     3010) &&
           cut_after(real + "/blank-fa73e36-clean-session.pcap", dir + "/cut-server-silent-clean-session.pcap", 12360,
                     1707) &&
           cut_after(real + "/blank-fa73e36-two-clients.pcap", dir + "/cut-client-silent-two-clients.pcap", 58287,
                     8214) &&
           restart_after_part(real + "/blank-fa73e36-clean-session.pcap", dir + "/restart-after-part-clean-session.pcap",
                              55333, 32);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: %s OUTDIR [REAL_CAPTURES_DIR]\n", argv[0]);
        return 2;
    }
    all_types(argv[1]);
    malformed(argv[1]);
    link_types(argv[1]);
    old_revision(argv[1]);
    ambiguous(argv[1]);
    if (!real_cuts(argv[1], argc == 3 ? argv[2] : std::string(argv[1]) + "/..")) {
        std::fprintf(stderr, "%s: cannot cut the real captures\n", argv[0]);
        return 1;
    }
    return 0;
}
