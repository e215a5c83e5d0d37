// mcpe::Session on the crafted MCPE 0.x sessions (src/protocols/mcpe/
// simulator.hpp; bundled as captures/raknet/crafted/*.pcap) and on the real
// RakNet captures (0xFE wrappers): every game packet of the seed decoded
// with the values the script gave it (checked by hand against the seed for
// a few), the version from the Login, the chunk request linked to its
// chunk data and the chunk summarised, loss and resends on the RakNet
// layer leaving every reliable game packet delivered once, and the bundled
// crafted captures equal to what the simulator writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "capture_reader.hpp"
#include "core/encoder.hpp"
#include "../support/collect_decoded.hpp"
#include "link_layer.hpp"
#include "protocols/mcpe/analysis_fields.hpp"
#include "protocols/mcpe/schema.hpp"
#include "protocols/mcpe/session.hpp"
#include "protocols/mcpe/simulator.hpp"

#ifndef BLANKSHARK_CAPTURES
#define BLANKSHARK_CAPTURES "captures"
#endif

namespace {

using namespace mcpe;
using core::Side;

const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/raknet/";

struct Game {
    GamePacket g;  // pointers not kept
    std::vector<uint8_t> bytes;
    std::vector<std::string> findings;
};

struct Log : Sink {
    std::vector<Game> games;
    std::vector<Link> links;
    std::vector<core::Finding> late;
    std::vector<raknet::PacketResult> packets;
    std::vector<std::vector<raknet::FrameResult>> frames;
    void packet(const raknet::PacketResult& p) override {
        packets.push_back(p);
        frames.emplace_back(p.frames.begin(), p.frames.end());
    }
    void finding(const core::Finding& f) override { late.push_back(f); }
    void game_packet(const GamePacket& g) override {
        Game x;
        x.g = g;
        x.bytes.assign(g.data, g.data + g.len);
        for (const core::Finding& f : g.findings) x.findings.push_back(core::finding_info(f.code).name);
        x.g.data = nullptr;
        x.g.transport = nullptr;
        x.g.findings = {};
        games.push_back(std::move(x));
    }
    void game_link(const Link& l) override { links.push_back(l); }
    const Game* first(uint8_t id, Side from) const {
        for (const Game& g : games)
            if (g.g.id == id && g.g.from == from) return &g;
        return nullptr;
    }
};

struct Run {
    Session s;
    Log log;
};

std::unique_ptr<Run> run(const std::vector<WireRecord>& records) {
    auto r = std::make_unique<Run>();
    uint64_t frame = 0;
    for (const WireRecord& w : records)
        r->s.packet(w.from, w.bytes.data(), uint32_t(w.bytes.size()), core::Origin{++frame, w.time}, r->log);
    r->s.finish(core::Origin{frame, records.empty() ? 0 : records.back().time}, r->log);
    return r;
}

coretest::Collect decode(const Game& g) {
    coretest::Collect c;
    c.summary = core::decode(schema(*g.g.version), g.bytes.data(), g.bytes.size(), core::DecodeContext{}, c);
    return c;
}

SimulatorOptions lossy() {
    // As tests/tools/mcpe_craft.cpp writes mcpe-0.7.3-lossy.pcap.
    SimulatorOptions o;
    o.impairment.client_lost = {5, 14};
    o.impairment.server_lost = {12, 34};
    o.impairment.client_duplicated = {9};
    return o;
}

// Every scripted packet, once, byte for byte what the encoder writes for
// the script's values, decoded without a finding.
void expect_script(const Log& log, size_t skipped_unreliable) {
    const core::Schema& s = schema(default_version());
    std::map<Side, std::vector<std::vector<uint8_t>>> want, got;
    for (const ScriptedPacket& p : seed_script()) want[p.from].push_back(core::encode(s, 0, p.id, p.values));
    for (const Game& g : log.games) {
        got[g.g.from].push_back(g.bytes);
        for (const std::string& f : decode(g).finding_names()) ADD_FAILURE() << "game packet 0x" << std::hex << int(g.g.id) << ": " << f;
    }
    size_t missing = 0;
    for (Side side : {Side::Client, Side::Server}) {
        // In order per side, except what the capture point never saw.
        size_t j = 0;
        for (const auto& w : want[side]) {
            if (j < got[side].size() && got[side][j] == w) {
                ++j;
                continue;
            }
            bool later = false;  // a resend arrives after later packets
            for (size_t k = j; k < got[side].size(); ++k) later |= got[side][k] == w;
            if (!later) ++missing;
        }
    }
    EXPECT_EQ(missing, skipped_unreliable);
    EXPECT_EQ(log.games.size(), seed_script().size() - skipped_unreliable);
}

TEST(McpeSession, CleanSessionDeliversEveryPacketOfTheSeed) {
    const auto r = run(simulate(SimulatorOptions()));
    expect_script(r->log, 0);
    EXPECT_TRUE(r->s.version_known());
    EXPECT_EQ(r->s.login_protocol(), 11);
    EXPECT_EQ(r->s.version().protocol, 11);
    EXPECT_EQ(r->s.transport().version().gen, raknet::Generation::Seed002);
    EXPECT_EQ(r->s.transport().end(), raknet::EndReason::Disconnect);
    const Game* login = r->log.first(0x82, Side::Client);
    ASSERT_NE(login, nullptr);
    EXPECT_EQ(login->findings, std::vector<std::string>{"mcpe.version.detected"});
    // Values against the seed's tables, by hand: LoginPacket is username
    // string8, protocol #1 int, protocol #2 int, client ID int, realms string8.
    const coretest::Collect c = decode(*login);
    EXPECT_EQ(c.text("mcpe.login.username"), "Steve");
    EXPECT_EQ(c.num("mcpe.login.protocol1"), 11);
    EXPECT_EQ(c.num("mcpe.login.client_id"), 0x5c7c3a);
    EXPECT_EQ(login->bytes, (std::vector<uint8_t>{0x82, 0x00, 0x05, 'S', 't', 'e', 'v', 'e', 0, 0, 0, 11, 0, 0, 0, 11,
                                                  0x00, 0x5c, 0x7c, 0x3a, 0x00, 0x00}));
    // StartGamePacket: seed 1234567, unknown 0, gamemode 0, entity 1, (128.5, 64, 128.5).
    const Game* start = r->log.first(0x87, Side::Server);
    const coretest::Collect sg = decode(*start);
    EXPECT_EQ(sg.num("mcpe.start_game.seed"), 1234567);
    EXPECT_EQ(sg.num("mcpe.start_game.entity_id"), 1);
    EXPECT_EQ(sg.num("mcpe.start_game.x"), 128.5);
    EXPECT_EQ(start->bytes.size(), 1u + 4 * 4 + 3 * 4);
    // MovePlayerPacket from the client travels unreliable: no message index.
    const Game* move = r->log.first(0x94, Side::Client);
    EXPECT_EQ(decode(*move).num("mcpe.move_player.yaw"), 90);
}

// RequestChunk (8, 8) from the client, answered by ChunkData (8, 8) from the
// server: 4 sections (y 0-63) in the seed's layout (count byte, 4096 ids and
// 2048 meta bytes per section), 16384 block ids, stone below y 60, dirt at
// 60-62, grass at 63: 1 + 8 + 1 + 4 x 6144 = 24586 bytes, split into 18
// fragments of at most 1400. (Until the ChunkData layout followed the page,
// 256 columns of (flags, 16 ids, 8 metas per section): 24841 bytes, 1024
// (column, section) pairs.)
TEST(McpeSession, ChunkRequestLinkedToItsData) {
    const auto r = run(simulate(SimulatorOptions()));
    const Game* req = r->log.first(0x9d, Side::Client);
    const Game* data = r->log.first(0x9e, Side::Server);
    ASSERT_NE(req, nullptr);
    ASSERT_NE(data, nullptr);
    EXPECT_EQ(data->g.request_frame, req->g.frame);
    EXPECT_GT(data->g.since_request_ms, 0);
    ASSERT_EQ(r->log.links.size(), 1u);
    EXPECT_EQ(r->log.links[0].frame, req->g.frame);
    EXPECT_EQ(r->log.links[0].to, data->g.frame);
    ASSERT_TRUE(data->g.has_chunk);
    const ChunkSummary& c = data->g.chunk;
    EXPECT_EQ(c.x, 8);
    EXPECT_EQ(c.z, 8);
    EXPECT_EQ(c.columns, 256u);
    EXPECT_EQ(c.sections, 4u);
    EXPECT_EQ(c.section_mask, 0x0F);
    EXPECT_EQ(c.blocks, 16384u);
    EXPECT_EQ(c.non_air, 16384u);
    EXPECT_EQ(c.distinct, 3u);
    EXPECT_EQ(c.common_block, 1);
    EXPECT_TRUE(c.complete);
    EXPECT_EQ(data->bytes.size(), 1u + 8 + 1 + 4 * (4096 + 2048));
    for (const core::Finding& f : r->log.late)
        EXPECT_NE(std::string(core::finding_info(f.code).name), "mcpe.chunk.unanswered");
    // The generated fields a front end shows.
    coretest::Collect g;
    emit_game_packet(schema(*data->g.version), data->g, g);
    EXPECT_EQ(g.num("mcpe.analysis.protocol"), 11);
    EXPECT_EQ(g.num("mcpe.analysis.request_frame"), double(req->g.frame));
    EXPECT_EQ(g.num("mcpe.analysis.chunk.non_air"), 16384);
}

// The lossy session: the client's #5 (MovePlayer, unreliable) and #14
// (ContainerSetSlot) lost before the capture point, the server's #12 (chunk
// fragment 6) and #34 (AddItemEntity) after it, the client's #9 (UseItem)
// duplicated. Every reliable game packet arrives once: the chunk completes
// with the resent fragment, the duplicate is not delivered twice.
TEST(McpeSession, LossySessionDeliversEveryReliablePacketOnce) {
    const auto r = run(simulate(lossy()));
    expect_script(r->log, 1);  // the unreliable MovePlayer is gone
    const raknet::DirectionStats& c2s = r->s.transport().stats(Side::Client);
    const raknet::DirectionStats& s2c = r->s.transport().stats(Side::Server);
    EXPECT_EQ(c2s.gaps, 2u);
    EXPECT_EQ(c2s.missing, 2u);
    EXPECT_EQ(c2s.duplicates_identical, 1u);
    EXPECT_EQ(s2c.naked, 2u);
    EXPECT_EQ(s2c.resent_frames, 2u);
    EXPECT_EQ(s2c.resends_after_nak, 2u);
    EXPECT_EQ(s2c.split_completed, 1u);
    EXPECT_EQ(c2s.resent_frames, 0u);  // the client's resend of #14 is its first copy at the capture point
    const Game* data = r->log.first(0x9e, Side::Server);
    ASSERT_NE(data, nullptr);
    EXPECT_TRUE(data->g.chunk.complete);
    EXPECT_EQ(r->log.first(0xa2, Side::Client) != nullptr, true);
    size_t use_item = 0;
    for (const Game& g : r->log.games) use_item += g.g.id == 0xa2;
    EXPECT_EQ(use_item, 1u);
}

// A Login announcing protocol 20 (0.10.4, the seed's "current version"):
// the clean session with the Login's two protocol ints patched from 11 to
// 20 in the client's datagram. The Login is 82, the string8 "Steve"
// (00 05 53 74 65 76 65), then 00 00 00 0B twice; RakNet carries no
// checksum, so the two 0B bytes become 14 (20) in place.
TEST(McpeSession, LoginOfProtocol20IsKnown) {
    auto records = simulate(SimulatorOptions());
    const std::vector<uint8_t> login = {0x82, 0x00, 0x05, 'S', 't', 'e', 'v', 'e', 0, 0, 0, 0x0B, 0, 0, 0, 0x0B};
    size_t patched = 0;
    for (WireRecord& w : records) {
        auto at = std::search(w.bytes.begin(), w.bytes.end(), login.begin(), login.end());
        if (at == w.bytes.end()) continue;
        at[11] = 0x14;
        at[15] = 0x14;
        ++patched;
    }
    ASSERT_EQ(patched, 1u);
    const auto r = run(records);
    EXPECT_TRUE(r->s.version_known());
    EXPECT_EQ(r->s.login_protocol(), 20);
    EXPECT_EQ(r->s.version().protocol, 20);
    EXPECT_STREQ(r->s.version().name, "0.10.4");
    const Game* g = r->log.first(0x82, Side::Client);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->findings, std::vector<std::string>{"mcpe.version.detected"});
    for (const Game& x : r->log.games) {
        for (const std::string& f : x.findings) EXPECT_NE(f, "mcpe.version.unknown");
        for (const std::string& f : decode(x).finding_names()) ADD_FAILURE() << "0x" << std::hex << int(x.g.id) << ": " << f;
    }
    EXPECT_EQ(r->log.games.size(), seed_script().size());
}

// Captured after the handshake: no Login, so the seed's version by default;
// RakNet's layout from a 9-byte connected pong.
TEST(McpeSession, MidCapture) {
    std::vector<WireRecord> all = simulate(SimulatorOptions()), later;
    for (const WireRecord& w : all)
        if (w.time >= all.front().time + 1.3) later.push_back(w);
    const auto r = run(later);
    EXPECT_FALSE(r->s.version_known());
    EXPECT_EQ(r->s.version().protocol, 11);
    EXPECT_TRUE(r->s.transport().version_decided());
    EXPECT_EQ(r->s.transport().version().gen, raknet::Generation::Seed002);
    for (const Game& g : r->log.games)
        for (const std::string& f : decode(g).finding_names()) ADD_FAILURE() << f;
}

// The bundled crafted captures are what the simulator writes.
std::vector<WireRecord> read_capture(const std::string& path) {
    using namespace blankshark::capture;
    std::vector<WireRecord> out;
    CaptureReader reader;
    if (!reader.open(path)) return out;
    Frame f;
    double t0 = -1;
    while (reader.next(f) == CaptureReader::Status::Next) {
        UdpDatagram d;
        if (parse_udp(reader.link_type(), f.data, f.caplen, d) != LinkResult::Ok) continue;
        const double t = double(f.ts_sec) + f.ts_nsec * 1e-9;
        if (t0 < 0) t0 = t;
        out.push_back(WireRecord{t, d.dst.port == raknet::kDefaultPort ? Side::Client : Side::Server,
                                 std::vector<uint8_t>(d.payload, d.payload + d.payload_len)});
    }
    return out;
}

TEST(McpeSession, BundledCraftedCapturesMatchTheSimulator) {
    struct C {
        const char* file;
        std::vector<WireRecord> records;
    };
    std::vector<WireRecord> all = simulate(SimulatorOptions()), later;
    for (const WireRecord& w : all)
        if (w.time >= all.front().time + 1.3) later.push_back(w);
    const C cases[] = {{"mcpe-0.7.3-session.pcap", all}, {"mcpe-0.7.3-lossy.pcap", simulate(lossy())},
                       {"mcpe-0.7.3-midcapture.pcap", later}};
    for (const C& c : cases) {
        const auto got = read_capture(kDir + "crafted/" + c.file);
        ASSERT_EQ(got.size(), c.records.size()) << c.file << " (rewrite: build/tests/mcpe_craft captures/raknet/crafted)";
        for (size_t i = 0; i < got.size(); ++i) {
            EXPECT_EQ(got[i].from, c.records[i].from) << c.file << " #" << i;
            EXPECT_EQ(got[i].bytes, c.records[i].bytes) << c.file << " #" << i;
        }
    }
}

// captures/raknet/crafted/README.md's impairment table, frame by frame.
TEST(McpeSession, LossyCaptureAsItsReadmeSays) {
    const auto r = run(read_capture(kDir + "crafted/mcpe-0.7.3-lossy.pcap"));
    auto frame_of = [&](uint64_t frame) -> const raknet::PacketResult* {
        for (const auto& p : r->log.packets)
            if (p.frame == frame) return &p;
        return nullptr;
    };
    auto frames = [&](uint64_t frame) -> const std::vector<raknet::FrameResult>& {
        for (size_t i = 0; i < r->log.packets.size(); ++i)
            if (r->log.packets[i].frame == frame) return r->log.frames[i];
        static const std::vector<raknet::FrameResult> none;
        return none;
    };
    // Server #12 in frame 35, NAKed in 46, resent in 51 (0.5 ms after the NAK).
    ASSERT_NE(frame_of(35), nullptr);
    EXPECT_EQ(frame_of(35)->seq, 12u);
    EXPECT_EQ(frame_of(46)->kind, raknet::PacketKind::Nak);
    ASSERT_EQ(frames(51).size(), 1u);
    EXPECT_EQ(frames(51)[0].role, raknet::FrameRole::Resend);
    EXPECT_EQ(frames(51)[0].original_frame, 35u);
    EXPECT_EQ(frames(51)[0].nak_frame, 46u);
    EXPECT_EQ(frame_of(51)->seq, 24u);
    // The capture point saw fragment 6 in frame 35 (lost after it): the chunk
    // is complete there with the last fragment, in frame 47.
    const Game* data = r->log.first(0x9e, Side::Server);
    ASSERT_NE(data, nullptr);
    EXPECT_EQ(data->g.frame, 47u);
    // Server #34 (frame 85) resent in 88 after the NAK in 87.
    EXPECT_EQ(frame_of(85)->seq, 34u);
    ASSERT_EQ(frames(88).size(), 1u);
    EXPECT_EQ(frames(88)[0].role, raknet::FrameRole::Resend);
    EXPECT_EQ(frames(88)[0].original_frame, 85u);
    EXPECT_EQ(frames(88)[0].nak_frame, 87u);
    EXPECT_NEAR(frames(88)[0].since_nak_ms, 0.5, 0.01);
    // Client gaps at frames 91 and 147, the duplicate in 119, order late in 149.
    EXPECT_EQ(frame_of(91)->status, raknet::SeqStatus::Gap);
    EXPECT_EQ(frame_of(147)->status, raknet::SeqStatus::Gap);
    EXPECT_EQ(frame_of(119)->status, raknet::SeqStatus::Duplicate);
    EXPECT_EQ(frame_of(119)->original_frame, 118u);
    ASSERT_EQ(frames(149).size(), 1u);
    EXPECT_TRUE(frames(149)[0].order_late);
    EXPECT_EQ(frames(147)[0].order_gap, 1u);
}

// Today's traffic: every user message is a 0xFE wrapper, recognised (not an
// unknown id), noted once per direction.
TEST(McpeSession, RealCapturesCarryTheWrapper) {
    const auto records = read_capture(kDir + "raknet-clean.pcap");
    ASSERT_FALSE(records.empty());
    const auto r = run(records);
    const GameStats& c = r->s.stats(Side::Client);
    const GameStats& s = r->s.stats(Side::Server);
    EXPECT_EQ(c.wrappers, 460u);  // the README's game_packet_0xfe counts
    EXPECT_EQ(s.wrappers, 485u);
    size_t noted = 0;
    for (const Game& g : r->log.games) {
        EXPECT_TRUE(g.g.wrapper);
        EXPECT_NE(g.g.type, nullptr);
        noted += !g.findings.empty();
        for (const std::string& f : decode(g).finding_names()) ADD_FAILURE() << f;
    }
    EXPECT_EQ(noted, 2u);
    EXPECT_FALSE(r->s.version_known());
}

}  // namespace
