// tshark with the plugin shows the same sequence analysis as blankshark check.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "tshark.hpp"

namespace blank::test {
namespace {

size_t lines(const std::string& s) { return size_t(std::count(s.begin(), s.end(), '\n')); }

// A blank packet's header as tshark's plain UDP export gives it (seed 004:
// tag, seq, ack, ack history, type; little-endian), read here apart from
// the plugin and the analyzer.
struct Header {
    uint64_t frame;
    bool from_server;
    uint16_t seq, ack;
    uint32_t hist;
    uint8_t type;
    uint16_t corrects;  // PlayerCorrection: the update seq it names
};

std::vector<Header> headers(const std::string& readable, const std::string& server_port) {
    const RunResult r = tshark("-r " + readable + " -T fields -e frame.number -e udp.srcport -e udp.payload");
    std::vector<Header> out;
    std::istringstream in(r.out);
    for (std::string l; std::getline(in, l);) {
        std::istringstream ls(l);
        std::string frame, port, hex;
        ls >> frame >> port >> hex;
        std::vector<uint8_t> b;
        for (size_t i = 0; i + 1 < hex.size(); i += 2)
            if (hex[i] != ':') b.push_back(uint8_t(std::stoul(hex.substr(i, 2), nullptr, 16)));
            else --i;
        if (b.size() < 16) continue;
        auto u16 = [&](size_t o) { return uint16_t(b[o] | b[o + 1] << 8); };
        const uint32_t hist = uint32_t(b[8] | b[9] << 8 | b[10] << 16 | uint32_t(b[11]) << 24);
        out.push_back({std::stoull(frame), port == server_port, u16(4), u16(6), hist, b[12],
                       uint16_t(b[12] == 8 && b.size() >= 18 ? u16(16) : 0)});
    }
    return out;
}

// The game's Acks(s) (design.md): the ack itself, or a history bit of the
// 32 seqs before it.
bool acks(uint16_t ack, uint32_t hist, uint16_t s) {
    const int16_t d = int16_t(uint16_t(ack - s));
    if (d == 0) return true;
    if (d < 0 || d > 32) return false;
    return hist >> (d - 1) & 1;
}

TEST(TsharkSeq, AckedPacketsAndRttAfterTwoPasses) {
    const std::string file = BLANKSHARK_CAPTURES "/blank-fa73e36-clean-session.pcap";
    const auto ev = json_lines(run(std::string(BLANKSHARK_BIN) + " check --format json " + file).out);
    uint64_t acked = 0;
    for (const auto& e : ev)
        if (e.at("event_type") == "conversation")
            acked += e.at("client_to_server").at("acked").get<uint64_t>() +
                     e.at("server_to_client").at("acked").get<uint64_t>();
    // Counted from the bytes: each packet a newer packet of the peer
    // acknowledges (a loopback session: no loss, nothing reordered).
    std::set<uint16_t> sent[2], seen_acked[2];
    int32_t newest[2] = {-1, -1};
    for (const Header& h : headers(tshark_file(file), "12360")) {
        const int me = h.from_server, peer = 1 - me;
        sent[me].insert(h.seq);
        const bool newer = newest[me] < 0 || int16_t(uint16_t(h.seq - uint16_t(newest[me]))) > 0;
        if (newer) newest[me] = h.seq;
        if (!newer) continue;
        for (uint16_t s : sent[peer])
            if (acks(h.ack, h.hist, s)) seen_acked[peer].insert(s);
    }
    EXPECT_EQ(acked, seen_acked[0].size() + seen_acked[1].size());
    ASSERT_GT(acked, 0u);
    // Acks come later than the packets they acknowledge: -2 knows them all.
    const std::string readable = tshark_file(file);
    const RunResult two = tshark("-2 -r " + readable + " -Y blank.analysis.acked_in -T fields -e blank.analysis.rtt");
    EXPECT_EQ(lines(two.out), acked);
    const RunResult neg = tshark("-2 -r " + readable + " -Y \"blank.analysis.rtt < 0\"");
    EXPECT_EQ(neg.exit_code, 0) << neg.err;  // empty, and not because tshark failed
    EXPECT_EQ(neg.out, "");
}

TEST(TsharkSeq, LossyFindingsOnTheSameFrames) {
    const std::string file = BLANKSHARK_CAPTURES "/blank-fa73e36-lossy-5pct.pcap";
    const auto ev = json_lines(run(std::string(BLANKSHARK_BIN) + " check --format json " + file).out);
    std::map<std::string, std::set<uint64_t>> by_code;
    for (const auto& e : ev)
        if (e.at("event_type") == "finding") by_code[e.at("code")].insert(e.at("pcap_cnt").get<uint64_t>());
    const std::string readable = tshark_file(file);
    for (const char* code : {"blank.seq.reordered", "blank.seq.duplicate", "blank.seq.lost_before",
                             "blank.ack.backwards", "blank.seq.lost", "blank.correction.large"}) {
        const RunResult r = tshark("-r " + readable + " -Y " + code + " -T fields -e frame.number");
        std::set<uint64_t> frames;
        std::istringstream in(r.out);
        for (std::string l; std::getline(in, l);) frames.insert(std::stoull(l));
        EXPECT_EQ(frames, by_code[code]) << code;
        EXPECT_FALSE(frames.empty()) << code;
    }
    // The correction and its update link to each other.
    const RunResult c = tshark("-2 -r " + readable + " -Y \"frame.number == 3061\" -T fields -e blank.analysis.correction_for");
    EXPECT_EQ(c.out, "3041\n");
    // The update links to the first correction naming it (the server repeats
    // a correction until a newer update is accepted).
    const RunResult u = tshark("-2 -r " + readable + " -Y \"frame.number == 3041\" -T fields -e blank.analysis.corrected_in");
    ASSERT_FALSE(u.out.empty());
    const RunResult back = tshark("-2 -r " + readable + " -Y \"frame.number == " + u.out.substr(0, u.out.size() - 1) +
                                  "\" -T fields -e blank.analysis.correction_for");
    EXPECT_EQ(back.out, "3041\n");
    // The first PlayerCorrection from the server after frame 3041 naming its update's seq.
    const std::vector<Header> hs = headers(readable, "12370");
    uint16_t update = 0;
    uint64_t first = 0;
    for (const Header& h : hs) {
        if (h.frame == 3041) update = h.seq;
        if (h.frame > 3041 && !first && h.from_server && h.type == 8 && h.corrects == update) first = h.frame;
    }
    EXPECT_EQ(std::stoull(u.out), first);
    EXPECT_NE(first, 0u);
}

}  // namespace
}  // namespace blank::test
