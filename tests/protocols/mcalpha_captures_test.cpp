// The crafted Minecraft Alpha captures (captures/mc_alpha/) read as the
// analyzer reads captures: its capture reader and TCP reassembler, whose
// streams feed mcalpha::Session. The captures must still be what the
// simulator makes (regenerated and compared byte for byte), decode
// completely with the session's findings only, and the variants must show
// their gap (a resynchronisation, the rest decoded) and retransmissions
// (counted once: the same messages as the clean capture).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <string>

#include "capture_reader.hpp"
#include "link_layer.hpp"
#include "mcalpha_support.hpp"
#include "tcp/tcp_reassembly.hpp"

#ifndef BLANKSHARK_CAPTURES
#define BLANKSHARK_CAPTURES "captures"
#endif
#ifndef MCALPHA_MAKE_CAPTURES
#define MCALPHA_MAKE_CAPTURES "mcalpha_make_captures"
#endif
#ifndef TEST_ARTIFACTS
#define TEST_ARTIFACTS "/tmp"
#endif

namespace {

using namespace alphatest;
namespace tcp = blankshark::tcp;
namespace capture = blankshark::capture;

const std::string kDir = std::string(BLANKSHARK_CAPTURES) + "/mc_alpha/";

Side dir_of(core::Side d) { return d == core::Side::Client ? Side::Client : Side::Server; }

// The reassembler's streams into the Alpha session.
struct Feed : tcp::Sink {
    core::Inflater inflater;
    Session session{inflater};
    alphatest::Sink messages;
    uint64_t tcp_gaps = 0, fins = 0;
    tcp::Hint on_new_tuple(const capture::TcpSegment& s, uint64_t) override {
        return s.src.port == kDefaultPort ? tcp::Hint::SenderIsServer : tcp::Hint::SenderIsClient;
    }
    void on_data(tcp::Connection&, core::Side d, const uint8_t* p, uint32_t n, uint64_t off,
                 const tcp::SegmentOrigin& o) override {
        session.data(dir_of(d), p, n, off, core::Origin{o.delivered_frame, o.delivered_time}, messages);
    }
    void on_gap(tcp::Connection&, core::Side d, uint64_t off, uint64_t missing, tcp::GapReason, uint64_t frame,
                double time) override {
        ++tcp_gaps;
        session.gap(dir_of(d), off, missing, core::Origin{frame, time}, messages);
    }
    void on_fin(tcp::Connection&, core::Side d, uint64_t, const tcp::SegmentOrigin& o) override {
        ++fins;
        session.end(dir_of(d), StreamEnd::Fin, core::Origin{o.frame, o.time}, messages);
    }
    void on_rst(tcp::Connection&, core::Side d, uint64_t frame, double time) override {
        session.end(dir_of(d), StreamEnd::Reset, core::Origin{frame, time}, messages);
    }
};

std::unique_ptr<Feed> read(const std::string& path) {
    auto feed = std::make_unique<Feed>();
    capture::CaptureReader reader;
    EXPECT_TRUE(reader.open(path)) << reader.error();
    tcp::Reassembler r(*feed);
    capture::Frame f;
    capture::TcpSegment seg;
    uint64_t last = 0;
    double t = 0;
    while (reader.next(f) == capture::CaptureReader::Status::Next) {
        t = double(f.ts_sec) + f.ts_nsec * 1e-9;
        last = f.number;
        if (capture::parse_tcp(reader.link_type(), f.data, f.caplen, seg) != capture::LinkResult::Ok) continue;
        r.feed(seg, f.number, t);
    }
    r.finish(t);
    feed->session.finish(feed->messages, core::Origin{last, t});
    return feed;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST(McAlphaCaptures, TheBundledCapturesAreWhatTheGeneratorWrites) {
    const std::string out = std::string(TEST_ARTIFACTS) + "/mc_alpha";
    std::system(("mkdir -p '" + out + "'").c_str());
    ASSERT_EQ(std::system(("'" MCALPHA_MAKE_CAPTURES "' '" + out + "' >/dev/null").c_str()), 0);
    for (const char* f : {"mc_alpha-session.pcap", "mc_alpha-session-gap.pcap", "mc_alpha-session-retransmission.pcap",
                          "mc_alpha-anomalies.pcap"}) {
        const std::string bundled = slurp(kDir + f);
        ASSERT_FALSE(bundled.empty()) << f;
        EXPECT_TRUE(bundled == slurp(out + "/" + f)) << f << " differs from the generator's: regenerate it";
    }
}

const std::map<std::string, int> kSessionFindings = {
    {"mcalpha.login.version", 1},        {"mcalpha.move.placement", 2}, {"mcalpha.move.correction", 1},
    {"mcalpha.move.correction_far", 1}, {"mcalpha.end.kick", 1},
};

TEST(McAlphaCaptures, SessionDecodesCompletely) {
    const auto feed = read(kDir + "mc_alpha-session.pcap");
    const auto recs = sim::session();
    const alphatest::Sink& m = feed->messages;
    ASSERT_EQ(m.messages.size(), recs.size());
    EXPECT_EQ(m.names(), kSessionFindings);
    EXPECT_EQ(feed->tcp_gaps, 0u);
    EXPECT_EQ(feed->fins, 2u);
    EXPECT_EQ(m.of("map_chunk").size(), 30u);
    for (const Kept* k : m.of("map_chunk")) EXPECT_EQ(k->fields.num.at("mcalpha.chunk.inflated"), 81920);
    const ConnectionSummary& s = feed->session.connection().summary();
    EXPECT_EQ(s.ending, Ending::Kick);
    EXPECT_STREQ(s.reason, sim::kKickReason);
    EXPECT_EQ(s.chunks_summarised, 30u);
    // A message is shown where its last byte arrived: frames only grow per direction.
    uint64_t last[2] = {0, 0};
    for (const Kept& k : m.messages) {
        EXPECT_GE(k.frame, last[int(k.dir)]);
        last[int(k.dir)] = k.frame;
    }
}

TEST(McAlphaCaptures, RetransmissionsChangeNothing) {
    const auto clean = read(kDir + "mc_alpha-session.pcap");
    const auto retrans = read(kDir + "mc_alpha-session-retransmission.pcap");
    ASSERT_EQ(retrans->messages.messages.size(), clean->messages.messages.size());
    EXPECT_EQ(retrans->messages.names(), kSessionFindings);
    for (size_t i = 0; i < clean->messages.messages.size(); ++i) {
        EXPECT_EQ(retrans->messages.messages[i].offset, clean->messages.messages[i].offset);
        EXPECT_EQ(retrans->messages.messages[i].len, clean->messages.messages[i].len);
    }
}

TEST(McAlphaCaptures, AGapIsReportedAndDecodingResumes) {
    const auto feed = read(kDir + "mc_alpha-session-gap.pcap");
    const alphatest::Sink& m = feed->messages;
    EXPECT_EQ(feed->tcp_gaps, 1u);
    // The healthy session's findings, the gap and the message it cut: the
    // missing 536 bytes (server stream offset 31816) lay inside a Map Chunk
    // (offset 31794, 1209 bytes, captures/mc_alpha/README.md): its first 22
    // bytes arrived, its compressed size says where it ends, and decoding
    // resumes at the Pre-Chunk after it (offset 33003) without a search.
    std::map<std::string, int> want = kSessionFindings;
    want["mcalpha.stream.gap"] = 1;
    want["mcalpha.stream.cut"] = 1;
    EXPECT_EQ(m.names(), want);
    size_t cut = 0;
    for (const Kept& k : m.messages)
        for (const core::Finding& f : k.findings) {
            const std::string n = core::finding_info(f.code).name;
            if (n == "mcalpha.stream.gap") {
                EXPECT_EQ(std::make_pair(f.a, f.b), std::make_pair(int64_t(536), int64_t(31816)));
            }
            if (n == "mcalpha.stream.cut") {
                ++cut;
                EXPECT_EQ(k.kind, MessageKind::Incomplete);
                EXPECT_EQ(k.offset, 31794u);
                EXPECT_EQ(k.len, 22u);
                EXPECT_EQ(f.a, 22);
                EXPECT_EQ(f.b, 1209);
                EXPECT_EQ(f.c, 0x33);
                EXPECT_STREQ(f.what, "Map Chunk");
            }
        }
    EXPECT_EQ(cut, 1u);
    // Every other message is a real one, decoded whole; none is lost.
    const Stream server = stream(sim::session(), Side::Server);
    size_t decoded = 0;
    for (const Kept& k : m.messages) {
        if (k.dir != Side::Server || k.kind == MessageKind::Incomplete) continue;
        ASSERT_EQ(k.kind, MessageKind::Message);
        EXPECT_TRUE(std::binary_search(server.starts.begin(), server.starts.end(), k.offset)) << k.offset;
        EXPECT_TRUE(k.decoder_findings.empty());
        ++decoded;
    }
    EXPECT_EQ(decoded + 1, server.starts.size());  // all but the Map Chunk the gap cut
    EXPECT_EQ(feed->session.resyncs(Side::Server), 0u);
    std::printf("gap: %llu bytes missing, %zu of %zu server messages decoded, %llu bytes skipped\n",
                (unsigned long long)feed->session.missing_bytes(Side::Server), decoded, server.starts.size(),
                (unsigned long long)feed->session.skipped_bytes(Side::Server));
}

TEST(McAlphaCaptures, AnomaliesAreReportedFromTheCapture) {
    const auto feed = read(kDir + "mc_alpha-anomalies.pcap");
    Session direct_session(feed->inflater);
    alphatest::Sink direct;
    run(direct_session, sim::anomalies(), direct);
    // The same findings as the records fed whole (but the TCP end: both FIN).
    auto from_capture = feed->messages.names();
    auto from_records = direct.names();
    EXPECT_EQ(from_capture, from_records);
    EXPECT_EQ(feed->session.connection().summary().ending, Ending::Kick);
}

}  // namespace
