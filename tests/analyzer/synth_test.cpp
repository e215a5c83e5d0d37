// blankshark synth: the generated captures checked with the analyzer itself
// (decode, chunks, check) against what the generator says it did (--truth).
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <array>
#include <map>
#include <set>

#include "../support/run.hpp"
#include "core/codecs.hpp"
#include "protocols/blank/le.hpp"
#include "protocols/blank/encoder.hpp"
#include "protocols/blank/simulator.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            ("blankshark-synth-" + std::to_string(getpid()) + "-" + name))
        .string();
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Number of records in a classic pcap file, read independently of the analyzer.
uint64_t pcap_records(const std::string& path) {
    const std::string b = slurp(path);
    if (b.size() < 24) return 0;
    uint64_t n = 0;
    for (size_t off = 24; off + 16 <= b.size(); ++n)
        off += 16 + blank::le::u32(reinterpret_cast<const uint8_t*>(b.data()) + off + 8);
    return n;
}

// Acknowledgements that go backwards, counted from the pcap's bytes without
// the analyzer: per conversation (the client's UDP port) and direction, a
// packet whose ack (bytes 6-7 of the blank header, little-endian) is before
// the previous packet's in 16-bit serial order, once the other direction has
// sent something (before that the ack means nothing), as check_test.cpp's
// independent count on the real lossy capture.
uint64_t acks_backwards(const std::string& path, uint16_t server_port) {
    const std::string b = slurp(path);
    if (b.size() < 24) return 0;
    const auto* p = reinterpret_cast<const uint8_t*>(b.data());
    const uint32_t link = blank::le::u32(p + 20);
    const size_t l2 = link == 1 ? 14 : 0;  // Ethernet, or raw IPv4
    std::map<std::pair<uint16_t, bool>, uint16_t> last_ack;  // (client port, to server)
    std::set<std::pair<uint16_t, bool>> sent;
    uint64_t back = 0;
    for (size_t off = 24; off + 16 <= b.size();) {
        const uint32_t caplen = blank::le::u32(p + off + 8);
        const uint8_t* f = p + off + 16;
        off += 16 + caplen;
        if (caplen < l2 + 20) continue;
        const uint8_t* ip = f + l2;
        const size_t ihl = size_t(ip[0] & 0x0F) * 4;
        if ((ip[0] >> 4) != 4 || ip[9] != 17 || caplen < l2 + ihl + 8 + 8) continue;
        const uint8_t* udp = ip + ihl;
        const uint16_t src = uint16_t(udp[0] << 8 | udp[1]), dst = uint16_t(udp[2] << 8 | udp[3]);
        const bool to_server = dst == server_port;
        const uint16_t client = to_server ? src : dst;
        const uint16_t ack = uint16_t(udp[8 + 6] | udp[8 + 7] << 8);
        const std::pair<uint16_t, bool> k{client, to_server}, other{client, !to_server};
        sent.insert(k);
        if (!sent.count(other)) continue;
        if (auto it = last_ack.find(k); it != last_ack.end() && int16_t(uint16_t(ack - it->second)) < 0) ++back;
        last_ack[k] = ack;
    }
    return back;
}

// Blank packets read from the pcap's bytes without the analyzer (seed 000's
// header: the type code at byte 12, the payload from byte 16), with their
// UDP ports.
struct RawBlank {
    uint16_t src = 0, dst = 0;
    uint8_t type = 0;
    std::string payload;
};

std::vector<RawBlank> raw_blank_packets(const std::string& path) {
    std::vector<RawBlank> out;
    const std::string b = slurp(path);
    if (b.size() < 24) return out;
    const auto* p = reinterpret_cast<const uint8_t*>(b.data());
    const size_t l2 = blank::le::u32(p + 20) == 1 ? 14 : 0;  // Ethernet, or raw IPv4
    for (size_t off = 24; off + 16 <= b.size();) {
        const uint32_t caplen = blank::le::u32(p + off + 8);
        const uint8_t* f = p + off + 16;
        off += 16 + caplen;
        if (caplen < l2 + 20) continue;
        const uint8_t* ip = f + l2;
        const size_t ihl = size_t(ip[0] & 0x0F) * 4;
        if ((ip[0] >> 4) != 4 || ip[9] != 17 || caplen < l2 + ihl + 8 + 16) continue;
        const uint8_t* udp = ip + ihl;
        RawBlank r;
        r.src = uint16_t(udp[0] << 8 | udp[1]);
        r.dst = uint16_t(udp[2] << 8 | udp[3]);
        r.type = udp[8 + 12];
        r.payload.assign(reinterpret_cast<const char*>(udp + 8 + 16), caplen - (l2 + ihl + 8 + 16));
        out.push_back(std::move(r));
    }
    return out;
}

uint16_t server_port(const nlohmann::json& truth) {
    const std::string server = truth.at("conversations")[0].at("server");
    return uint16_t(std::stoul(server.substr(server.rfind(':') + 1)));
}

// A generated capture and its truth, removed at the end of the suite.
struct Generated {
    std::string pcap, truth_file;
    nlohmann::json truth;
    int exit_code = -1;
    std::string err;
};

Generated generate(const std::string& name, const std::string& args) {
    Generated g;
    g.pcap = temp_path(name + ".pcap");
    g.truth_file = temp_path(name + ".json");
    const RunResult r = run(kBin + " synth -q -o " + g.pcap + " --truth " + g.truth_file + " " + args);
    g.exit_code = r.exit_code;
    g.err = r.err;
    if (r.exit_code == 0) g.truth = nlohmann::json::parse(slurp(g.truth_file));
    return g;
}

class synth : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        clean_ = new Generated(generate("clean", "--packets 10000 --clients 2 --seed 1"));
        lossy_ = new Generated(generate("lossy", "--packets 20000 --clients 3 --seed 5 --loss 0.05"));
        impaired_ = new Generated(
            generate("impaired", "--packets 20000 --clients 2 --seed 9 --loss 0.03 --duplicate 0.02 --reorder 0.1"));
    }
    static void TearDownTestSuite() {
        for (Generated* g : {clean_, lossy_, impaired_}) {
            std::remove(g->pcap.c_str());
            std::remove(g->truth_file.c_str());
            delete g;
        }
    }
    static Generated *clean_, *lossy_, *impaired_;
};
Generated* synth::clean_ = nullptr;
Generated* synth::lossy_ = nullptr;
Generated* synth::impaired_ = nullptr;

std::vector<nlohmann::json> check_events(const std::string& pcap, int want_exit, const std::string& extra = "") {
    const RunResult r = run(kBin + " check -q --format json " + extra + " " + pcap);
    EXPECT_EQ(r.exit_code, want_exit) << r.err;
    return json_lines(r.out);
}

std::map<std::string, int> finding_codes(const std::vector<nlohmann::json>& events) {
    std::map<std::string, int> codes;
    for (const auto& e : events)
        if (e.at("event_type") == "finding") ++codes[e.at("code").get<std::string>()];
    return codes;
}

std::vector<nlohmann::json> conversations(const std::vector<nlohmann::json>& events) {
    std::vector<nlohmann::json> out;
    for (const auto& e : events)
        if (e.at("event_type") == "conversation") out.push_back(e);
    return out;
}

std::vector<nlohmann::json> chunk_rows(const std::string& pcap) {
    const RunResult r = run(kBin + " chunks -q --json " + pcap);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json_lines(r.out);
}

// Per direction, the analyzer's sequence figures equal what the generator did.
// `sender_view`: also what each sender concluded from the acks (without
// reordering the game reports each seq once, as the analyzer counts them).
void expect_seq_truth(const std::vector<nlohmann::json>& convs, const nlohmann::json& truth, bool sender_view) {
    ASSERT_EQ(convs.size(), truth.at("conversations").size());
    for (size_t i = 0; i < convs.size(); ++i) {
        const auto& c = convs[i];
        const auto& t = truth.at("conversations")[i];
        EXPECT_EQ(c.at("client"), t.at("client"));
        EXPECT_EQ(c.at("server"), t.at("server"));
        EXPECT_EQ(c.at("end"), "Part from the client") << c.dump();
        for (const char* dir : {"client_to_server", "server_to_client"}) {
            SCOPED_TRACE(std::string(dir) + " of conversation " + std::to_string(i + 1));
            EXPECT_EQ(c.at(dir).at("packets"), t.at(dir).at("written"));
            EXPECT_EQ(c.at(dir).at("bytes"), t.at(dir).at("bytes"));
            EXPECT_EQ(c.at(dir).at("never_seen"), t.at(dir).at("dropped"));
            EXPECT_EQ(c.at(dir).at("duplicates"), t.at(dir).at("duplicated"));
            EXPECT_EQ(c.at(dir).at("reordered"), t.at(dir).at("reordered"));
            EXPECT_EQ(c.at(dir).at("first_seq"), 0);
            EXPECT_EQ(c.at(dir).at("last_seq").get<uint64_t>() + 1, t.at(dir).at("sent").get<uint64_t>());
            if (sender_view) {
                EXPECT_EQ(c.at(dir).at("lost"), t.at(dir).at("sender_lost"));
                EXPECT_EQ(c.at(dir).at("acked"), t.at(dir).at("sender_acked"));
            }
        }
        EXPECT_EQ(c.at("corrections"), t.at("corrections"));
        EXPECT_EQ(c.at("chunk_transmissions"), t.at("transmissions_seen"));
        EXPECT_EQ(c.at("chunks_complete"), t.at("transmissions_complete"));
    }
}


// The game's receiver (Connection::Received), replayed over the capture
// independently of the generator and of the analyzer: each packet's ack and
// history must be the state its sender's receiver side had at some moment
// between (capture time - max_delay) and its capture time (the packet was
// built when it was sent, then spent up to max_delay on the path).
void expect_acks_follow_receiver(const std::string& pcap, double max_delay) {
    const RunResult r = run(kBin + " decode -q --json " + pcap);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    struct State {
        double from;
        uint16_t ack;
        uint32_t hist;
    };
    // [conversation][side receiving]: states in time order, the last one current
    std::map<int, std::array<std::vector<State>, 2>> sides;
    uint64_t checked = 0, moved = 0;
    for (const auto& p : json_lines(r.out)) {
        const int conv = p.at("conversation");
        const int from_client = p.at("direction") == "client_to_server" ? 1 : 0;
        auto& both = sides[conv];
        for (auto& v : both)
            if (v.empty()) v.push_back({-1, 0xFFFF, 0xFFFFFFFF});  // a fresh connection
        const double t = p.at("time");
        const uint16_t seq = p.at("blank.seq"), ack = p.at("blank.ack");
        const uint32_t hist = p.at("blank.ack_hist");
        // the sender's receiving side: index 1 = the client receives, 0 = the server receives
        const auto& mine = both[from_client];
        bool found = false;
        for (size_t i = mine.size(); i-- > 0;) {
            const double until = i + 1 < mine.size() ? mine[i + 1].from : t;
            if (until < t - max_delay) break;
            if (mine[i].ack == ack && mine[i].hist == hist) {
                found = true;
                break;
            }
        }
        EXPECT_TRUE(found) << "frame " << p.at("frame") << ": ack " << ack << " hist " << hist;
        if (!found) return;
        ++checked;
        auto& peer = both[1 - from_client];
        State s = peer.back();
        const int16_t diff = int16_t(uint16_t(seq - s.ack));
        if (diff > 0) s.hist = diff >= 32 ? 0 : (s.hist << diff) | 1u << (diff - 1);
        else if (diff < 0 && diff >= -32) s.hist |= 1u << (-diff - 1);
        moved += diff < 0;
        s.ack = seq;
        s.from = t;
        peer.push_back(s);
    }
    // Every packet of the capture was checked (a packet whose ack is not
    // found fails above): as many as the pcap holds, counted from its bytes.
    EXPECT_EQ(checked, pcap_records(pcap));
}

TEST_F(synth, CleanCapturePassesCheckAtNote) {
    ASSERT_EQ(clean_->exit_code, 0) << clean_->err;
    // The only notes a clean run has: each conversation's first packet (Login)
    // fits every revision, and every PlayerCorrection is linked to its update.
    EXPECT_EQ(run(kBin + " check -q --fail-on note --ignore blank.revision.ambiguous,blank.correction.linked " +
                  clean_->pcap)
                  .exit_code,
              0);
    const auto events = check_events(clean_->pcap, 1, "--fail-on note");
    const auto codes = finding_codes(events);
    uint64_t corrections = 0;
    for (const auto& c : clean_->truth.at("conversations")) corrections += c.at("corrections").get<uint64_t>();
    // The generator's count, checked against the PlayerCorrection packets
    // (type 8) in the pcap's bytes: without loss every one sent is captured.
    uint64_t in_pcap = 0;
    for (const RawBlank& p : raw_blank_packets(clean_->pcap)) in_pcap += p.type == blank::type::PlayerCorrection;
    EXPECT_EQ(corrections, in_pcap);
    EXPECT_GT(corrections, 0u);
    const std::map<std::string, int> want{{"blank.revision.ambiguous", 2},
                                          {"blank.correction.linked", int(corrections)}};
    EXPECT_EQ(codes, want);
    const auto convs = conversations(events);
    expect_seq_truth(convs, clean_->truth, true);
    for (const auto& c : convs) {
        EXPECT_EQ(c.at("revision"), "fa73e36");
        EXPECT_EQ(c.at("client_to_server").at("never_seen"), 0);
        EXPECT_EQ(c.at("server_to_client").at("lost"), 0);  // the sender never counts a packet lost
    }
    EXPECT_TRUE(clean_->truth.at("clean_end").get<bool>());
}

TEST_F(synth, AcksAreTheGameReceiversState) {
    ASSERT_EQ(clean_->exit_code, 0) << clean_->err;
    expect_acks_follow_receiver(clean_->pcap, 0.0005);  // loopback-like: 0.12 ms on the path
    ASSERT_EQ(lossy_->exit_code, 0) << lossy_->err;
    expect_acks_follow_receiver(lossy_->pcap, 0.0005);
    ASSERT_EQ(impaired_->exit_code, 0) << impaired_->err;
    expect_acks_follow_receiver(impaired_->pcap, 0.066);  // delayed packets: up to 60 ms more (+5 ms copies)
}

TEST_F(synth, DecodesExactlyNPacketsOfEveryType) {
    ASSERT_EQ(clean_->exit_code, 0) << clean_->err;
    EXPECT_EQ(pcap_records(clean_->pcap), 10000u);
    const RunResult r = run(kBin + " decode -q --json " + clean_->pcap);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto packets = json_lines(r.out);
    ASSERT_EQ(packets.size(), 10000u);
    std::map<std::string, uint64_t> types;
    std::set<std::string> severities;
    for (const auto& p : packets) {
        ++types[p.at("type_name").get<std::string>()];
        for (const auto& f : p.at("findings")) severities.insert(f.at("severity").get<std::string>());
    }
    const auto& want = clean_->truth.at("types");
    ASSERT_EQ(want.size(), 13u);
    for (const auto& [name, n] : want.items()) {
        EXPECT_GT(n.get<uint64_t>(), 0u) << name;
        EXPECT_EQ(types[name], n.get<uint64_t>()) << name;
    }
    EXPECT_EQ(types.size(), 13u);
    EXPECT_EQ(severities.count("error"), 0u);
    EXPECT_EQ(severities.count("warn"), 0u);
    // realistic proportions: the client's updates and the server's entity
    // updates dominate, chunks and corrections follow. Bounds, not figures:
    // the exact counts are the truth's, asserted above; these say the mix
    // the generator draws stays game-like, which no document fixes exactly.
    const double n = 10000;
    EXPECT_GT(types["PlayerUpdate"] / n, 0.2);
    EXPECT_GT(types["EntityUpdate"] / n, 0.2);
    EXPECT_GT(types["PlayerCorrection"] / n, 0.05);
    EXPECT_GT((types["ChunkBegin"] + types["ChunkData"]) / n, 0.1);
}

TEST_F(synth, ExactPacketCountForAnySize) {
    for (const auto& [packets, clients] : std::vector<std::pair<int, int>>{{16, 1}, {101, 3}, {777, 2}, {12345, 7}}) {
        SCOPED_TRACE(std::to_string(packets) + " packets, " + std::to_string(clients) + " clients");
        const Generated g = generate("count", "--packets " + std::to_string(packets) + " --clients " +
                                                  std::to_string(clients) + " --loss 0.1 --duplicate 0.05 --reorder 0.1");
        ASSERT_EQ(g.exit_code, 0) << g.err;
        EXPECT_EQ(pcap_records(g.pcap), uint64_t(packets));
        EXPECT_EQ(g.truth.at("packets"), packets);
        uint64_t sum = 0;
        for (const auto& [name, n] : g.truth.at("types").items()) sum += n.get<uint64_t>();
        EXPECT_EQ(sum, uint64_t(packets));
        // every session that started also ended with a Part, even when small
        EXPECT_EQ(g.truth.at("types").at("Part"), g.truth.at("types").at("Login"));
        std::remove(g.pcap.c_str());
        std::remove(g.truth_file.c_str());
    }
}

TEST_F(synth, ChunkTransmissionsCompleteWithRealData) {
    ASSERT_EQ(clean_->exit_code, 0) << clean_->err;
    const auto rows = chunk_rows(clean_->pcap);
    uint64_t want = 0;
    for (const auto& c : clean_->truth.at("conversations")) want += c.at("transmissions").get<uint64_t>();
    ASSERT_EQ(rows.size(), want);
    std::set<uint64_t> sizes;
    uint64_t multi_piece = 0;
    for (const auto& t : rows) {
        EXPECT_EQ(t.at("state"), "complete") << t.dump();
        EXPECT_EQ(t.at("inflated_size"), 20484);
        EXPECT_EQ(t.at("compressed"), true);
        const uint64_t size = t.at("size").get<uint64_t>();
        sizes.insert(size);
        // pieces of at most 472 bytes (design notes), none lost
        EXPECT_EQ(t.at("pieces").get<uint64_t>(), (size + 471) / 472) << t.dump();
        multi_piece += t.at("pieces").get<uint64_t>() > 1;
    }
    // The same from the pcap's bytes: each server ChunkBegin (type 9) gives
    // its transmission id and data size (payload bytes 0 and 20, seed 000).
    std::map<std::pair<uint16_t, uint32_t>, uint32_t> begins;  // (client port, id) -> size
    const uint16_t server = server_port(clean_->truth);
    for (const RawBlank& p : raw_blank_packets(clean_->pcap))
        if (p.type == blank::type::ChunkBegin && p.src == server && p.payload.size() >= 24) {
            const auto* b = reinterpret_cast<const uint8_t*>(p.payload.data());
            begins[{p.dst, blank::le::u32(b)}] = blank::le::u32(b + 20);
        }
    ASSERT_EQ(begins.size(), rows.size());
    std::set<uint64_t> raw_sizes;
    uint64_t raw_multi = 0;
    for (const auto& [key, size] : begins) {
        raw_sizes.insert(size);
        raw_multi += size > 472;
    }
    EXPECT_EQ(sizes, raw_sizes);
    EXPECT_EQ(multi_piece, raw_multi);
    EXPECT_GE(sizes.size(), 15u);   // many distinct chunks: the generator's world, not a documented figure
    EXPECT_EQ(*sizes.begin(), 45u); // all air compresses to 45 bytes, as in the real captures
    EXPECT_GT(multi_piece, 0u);     // some chunk spans pieces
}

TEST_F(synth, LossIsSeenAsNeverSeenAndResendsCompleteEveryChunk) {
    ASSERT_EQ(lossy_->exit_code, 0) << lossy_->err;
    const auto events = check_events(lossy_->pcap, 0);  // notes only: no warning, no error
    expect_seq_truth(conversations(events), lossy_->truth, true);
    uint64_t dropped = 0, resent = 0, tx = 0;
    for (const auto& c : lossy_->truth.at("conversations")) {
        dropped += c.at("client_to_server").at("dropped").get<uint64_t>() +
                   c.at("server_to_client").at("dropped").get<uint64_t>();
        resent += c.at("pieces_resent").get<uint64_t>() + c.at("begins_resent").get<uint64_t>();
        tx += c.at("transmissions").get<uint64_t>();
        EXPECT_EQ(c.at("transmissions_complete"), c.at("transmissions"));
    }
    // --loss 0.05 is a chance per packet drawn from the seed's stream: the
    // exact count is the truth's (asserted per direction above); these bounds
    // only say the rate took effect (about 5 % of 20000).
    EXPECT_GT(dropped, 500u);
    EXPECT_LT(dropped, 1600u);
    EXPECT_GT(resent, 10u);  // that resends happened; their count is the truth's, checked by the chunk rows below
    const auto rows = chunk_rows(lossy_->pcap);
    EXPECT_EQ(rows.size(), tx);
    for (const auto& t : rows) EXPECT_EQ(t.at("state"), "complete") << t.dump();
    const auto codes = finding_codes(events);
    EXPECT_GT(codes.count("blank.seq.lost_before"), 0u);
    EXPECT_EQ(codes.count("blank.seq.reordered"), 0u);
    EXPECT_EQ(codes.count("blank.chunk.incomplete"), 0u);
}

TEST_F(synth, ImpairedCountsMatchTheGeneratorsTruth) {
    ASSERT_EQ(impaired_->exit_code, 0) << impaired_->err;
    // Acks computed as the game's receiver does: no contradiction, no ack of
    // an unsent seq, only notes.
    const auto events = check_events(impaired_->pcap, 0);
    expect_seq_truth(conversations(events), impaired_->truth, false);
    auto codes = finding_codes(events);
    // One finding per packet the generator reordered or duplicated (its
    // truth, what it did, not what the analyzer saw), and one per ack that
    // goes backwards (the game's ack follows a late packet back), counted
    // from the pcap's bytes above.
    uint64_t reordered = 0, duplicated = 0;
    for (const auto& c : impaired_->truth.at("conversations"))
        for (const char* dir : {"client_to_server", "server_to_client"}) {
            reordered += c.at(dir).at("reordered").get<uint64_t>();
            duplicated += c.at(dir).at("duplicated").get<uint64_t>();
        }
    EXPECT_GT(reordered, 0u);  // not vacuous: the exact figures are the truth's, compared next
    EXPECT_GT(duplicated, 0u);
    EXPECT_EQ(uint64_t(codes["blank.seq.reordered"]), reordered);
    EXPECT_EQ(uint64_t(codes["blank.seq.duplicate"]), duplicated);
    const uint64_t back = acks_backwards(impaired_->pcap, server_port(impaired_->truth));
    EXPECT_GT(back, 0u);  // not vacuous: the exact figure is the pcap's own, compared next
    EXPECT_EQ(uint64_t(codes["blank.ack.backwards"]), back);
    EXPECT_EQ(codes.count("blank.ack.history_contradiction"), 0u);
    EXPECT_EQ(codes.count("blank.ack.unsent"), 0u);
    uint64_t complete = 0;
    for (const auto& t : chunk_rows(impaired_->pcap)) complete += t.at("state") == "complete";
    uint64_t want = 0;
    for (const auto& c : impaired_->truth.at("conversations")) want += c.at("transmissions_complete").get<uint64_t>();
    EXPECT_EQ(complete, want);
}

TEST_F(synth, SameSeedSameBytesOtherSeedOtherBytes) {
    ASSERT_EQ(impaired_->exit_code, 0) << impaired_->err;
    const Generated again =
        generate("again", "--packets 20000 --clients 2 --seed 9 --loss 0.03 --duplicate 0.02 --reorder 0.1");
    const Generated other =
        generate("other", "--packets 20000 --clients 2 --seed 10 --loss 0.03 --duplicate 0.02 --reorder 0.1");
    ASSERT_EQ(again.exit_code, 0) << again.err;
    ASSERT_EQ(other.exit_code, 0) << other.err;
    const std::string a = slurp(impaired_->pcap), b = slurp(again.pcap), c = slurp(other.pcap);
    EXPECT_GT(a.size(), 1000000u);  // 20000 packets of 16-500 bytes: only that it is the whole file
    EXPECT_TRUE(a == b);
    EXPECT_FALSE(a == c);
    for (const Generated* g : {&again, &other}) {
        std::remove(g->pcap.c_str());
        std::remove(g->truth_file.c_str());
    }
}

TEST(synth_cli, BadArguments) {
    const std::string out = temp_path("bad.pcap");
    EXPECT_EQ(run(kBin + " synth --packets 100").exit_code, 2);                      // no -o
    EXPECT_EQ(run(kBin + " synth -o " + out + " --packets 100 --loss 1.5").exit_code, 2);
    EXPECT_EQ(run(kBin + " synth -o " + out + " --packets 100 --reorder -0.1").exit_code, 2);
    EXPECT_EQ(run(kBin + " synth -o " + out + " --packets 3").exit_code, 2);
    EXPECT_EQ(run(kBin + " synth -o " + out + " --packets 100 --clients 0").exit_code, 2);
    EXPECT_EQ(run(kBin + " synth -q -o /nonexistent-dir/x.pcap --packets 100").exit_code, 5);
    std::remove(out.c_str());
}

// The state the generator writes in place is the encoder's.
TEST(synth_encoding, StateMatchesPacketBuilder) {
    const double cases[][6] = {{8.5, 20.25, -3.75, 0.4, -1.0, 0.3},
                               {-0.001, 15.999, 1024.5, -1.2, 3.1, 2.0},
                               {-17.5, -33.0, 47.99, 0.0, 0.0, -0.7}};
    for (const auto& k : cases) {
        const double pos[3] = {k[0], k[1], k[2]};
        const float vel[3] = {1.5f, -0.25f, 3.0f};
        const double yaw = k[5], pitch = k[3];
        const double q[4] = {0, std::sin(yaw / 2), 0, std::cos(yaw / 2)};
        uint8_t mine[42];
        blank::synth_write_state(mine, pos, vel, q, pitch, yaw);
        PacketBuilder b(8);
        for (int i = 0; i < 3; ++i) {
            const std::string axis(1, "xyz"[i]);
            const double chunk = std::floor(pos[i] / 16);
            b.set("blank.state.chunk." + axis, chunk).set("blank.state.block." + axis, pos[i] - chunk * 16);
            b.set("blank.state.velocity." + axis, vel[i]);
        }
        b.set("blank.state.orientation.w", q[3]).set("blank.state.orientation.x", q[0])
            .set("blank.state.orientation.y", q[1]).set("blank.state.orientation.z", q[2]);
        b.set("blank.state.pitch", pitch).set("blank.state.yaw", yaw);
        const std::vector<uint8_t> ref = b.build();
        ASSERT_EQ(ref.size(), 60u);
        EXPECT_EQ(std::vector<uint8_t>(mine, mine + 42), std::vector<uint8_t>(ref.begin() + 18, ref.end()))
            << pos[0] << " " << pos[1] << " " << pos[2];
    }
}

TEST(synth_encoding, PoolChunksHaveTheRealLayout) {
    std::set<uLongf> sizes;
    for (uint32_t v = 0; v < 48; ++v) {
        const std::vector<uint8_t> raw = blank::synth_chunk(v, 1);
        ASSERT_EQ(raw.size(), 20484u);
        for (int i = 0; i < 4096; ++i) {
            EXPECT_LE(blank::le::u16(&raw[size_t(i) * 4]), 8) << i;  // block types of the world
            EXPECT_EQ(raw[size_t(i) * 4 + 3], 0);                // the unused byte
        }
        EXPECT_EQ(raw[20480], 1);  // flags as the real chunks: 01 00 / 01 01, then 2 pad bytes
        EXPECT_LE(raw[20481], 1);
        EXPECT_EQ(raw[20482], 0);
        EXPECT_EQ(raw[20483], 0);
        uLongf n = compressBound(uLong(raw.size()));
        std::vector<uint8_t> z(n);
        ASSERT_EQ(compress(z.data(), &n, raw.data(), uLong(raw.size())), Z_OK);
        EXPECT_EQ(z[0], 0x78);
        EXPECT_EQ(z[1], 0x9c);
        sizes.insert(n);
    }
    // real captures: 45 bytes (air) up to about 1.2 kB
    EXPECT_LE(*sizes.begin(), 46u);
    EXPECT_GE(*sizes.rbegin(), 700u);
    EXPECT_LE(*sizes.rbegin(), 2000u);
    EXPECT_GE(sizes.size(), 25u);
}

}  // namespace
}  // namespace blank::test
