// blankshark decode on the real captures: per-type counts per direction must
// equal those of ../shared/captures/README.md (an independent decoder's).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;  // the bundled copies in captures/

struct Expected {
    const char* file;
    std::string server;
    std::vector<std::string> clients;
    // type code -> {client_to_server, server_to_client}, from the README tables
    std::map<int, std::pair<int, int>> counts;
};

const std::vector<Expected>& expected() {
    static const std::vector<Expected> e = {
        {"blank-fa73e36-clean-session.pcap", "127.0.0.1:12360", {"127.0.0.1:55333"},
         {{0, {2, 0}}, {1, {1, 0}}, {2, {0, 1}}, {3, {1, 0}}, {4, {1241, 0}}, {5, {0, 36}}, {6, {0, 4}},
          {7, {0, 1585}}, {9, {0, 544}}, {10, {0, 666}}, {12, {0, 1}}}},
        {"blank-fa73e36-two-clients.pcap", "127.0.0.1:12361", {"127.0.0.1:56413", "127.0.0.1:58287"},
         {{0, {21, 0}}, {1, {2, 0}}, {2, {0, 2}}, {3, {2, 0}}, {4, {2555, 0}}, {5, {0, 70}}, {6, {0, 5}},
          {7, {0, 4205}}, {8, {0, 1595}}, {9, {0, 1175}}, {10, {0, 1444}}, {11, {0, 60}}, {12, {2, 8}}}},
        {"blank-fa73e36-lossy-5pct.pcap", "10.200.0.1:12370", {"10.200.0.2:41082"},
         {{0, {427, 72}}, {1, {1, 0}}, {2, {0, 1}}, {3, {1, 0}}, {4, {497, 0}}, {5, {0, 31}}, {6, {0, 1}},
          {7, {0, 634}}, {8, {0, 1055}}, {9, {6, 137}}, {10, {0, 173}}, {11, {0, 24}}, {12, {1, 2}}}},
        {"blank-fa73e36-any-sll2.pcapng", "127.0.0.1:12363", {"127.0.0.1:50832"},
         {{0, {1, 0}}, {1, {1, 0}}, {2, {0, 1}}, {3, {1, 0}}, {4, {740, 0}}, {5, {0, 34}}, {6, {0, 2}},
          {7, {0, 801}}, {9, {0, 300}}, {10, {0, 376}}, {12, {0, 1}}}},
        // The older revision: payloads differ (issue 6), header types and directions do not.
        {"blank-933ca0f-first-8s.pcap", "127.0.0.1:12391", {"127.0.0.1:50917"},
         {{0, {1, 0}}, {1, {1, 0}}, {2, {0, 1}}, {4, {496, 0}}, {5, {0, 17}}, {6, {0, 1}}, {7, {0, 1212}},
          {9, {0, 175}}, {10, {0, 210}}}},
    };
    return e;
}

void PrintTo(const Expected& e, std::ostream* os) { *os << e.file; }

class RealCapture : public ::testing::TestWithParam<Expected> {};

TEST_P(RealCapture, PerTypeCountsPerDirectionMatchTheReadme) {
    const Expected& e = GetParam();
    const RunResult r = run(kBin + " decode --json " + kCaps + "/" + e.file);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    std::map<int, std::pair<int, int>> counts;
    std::set<std::string> clients;
    int total = 0;
    for (const auto& j : lines) {
        ++total;
        const int type = j.at("blank.type").get<int>();
        const std::string dir = j.at("direction");
        if (dir == "client_to_server") {
            ++counts[type].first;
            EXPECT_EQ(j.at("dst").get<std::string>(), e.server) << j.dump();
            clients.insert(j.at("src").get<std::string>());
        } else {
            ASSERT_EQ(dir, "server_to_client") << j.dump();
            ++counts[type].second;
            EXPECT_EQ(j.at("src").get<std::string>(), e.server);
        }
    }
    EXPECT_EQ(counts, e.counts);
    EXPECT_EQ(clients, std::set<std::string>(e.clients.begin(), e.clients.end()));
    int expected_total = 0;
    for (const auto& [t, c] : e.counts) expected_total += c.first + c.second;
    EXPECT_EQ(total, expected_total);
}

TEST_P(RealCapture, HealthyTrafficHasNoWarningsOrErrors) {
    const Expected& e = GetParam();
    const bool old = std::string(e.file).find("933ca0f") != std::string::npos;
    const bool lossy = std::string(e.file).find("lossy") != std::string::npos;
    const RunResult r = run(kBin + " decode --json " + kCaps + "/" + e.file);
    ASSERT_EQ(r.exit_code, 0);
    size_t packets = 0;
    std::map<std::string, int> notes;
    std::string last_revision;
    for (const auto& j : json_lines(r.out)) {
        ++packets;
        last_revision = j.at("blank.revision");
        for (const auto& f : j.at("findings")) {
            const std::string sev = f.at("severity"), code = f.at("code");
            // Corrections beyond 0.5 block are warnings: on the lossy path only.
            if (code == "blank.correction.large") {
                EXPECT_TRUE(lossy);
            } else {
                EXPECT_TRUE(sev == "comment" || sev == "note") << j.dump();
            }
            if (sev == "note") ++notes[code];
            if (sev == "comment") {
                EXPECT_TRUE(code == "blank.padding.nonzero" || code.rfind("blank.chunk.", 0) == 0 ||
                            code == "blank.ack.history_quirk" || code == "blank.revision.detected")
                    << code;
            }
        }
    }
    int readme_total = 0;  // the README's packets per type and direction, all of them
    for (const auto& [t, c] : e.counts) readme_total += c.first + c.second;
    EXPECT_EQ(packets, size_t(readme_total));
    // Every packet names its revision; detection settles on the capture's.
    EXPECT_EQ(last_revision, old ? "933ca0f" : "fa73e36");
    // PlayerCorrection is the game's normal reconciliation: a note each; a
    // conversation's first packets fit several revisions: one note each.
    notes.erase("blank.correction.linked");
    EXPECT_EQ(notes["blank.revision.ambiguous"], int(e.clients.size()));
    notes.erase("blank.revision.ambiguous");
    if (!lossy) {
        EXPECT_TRUE(notes.empty());  // loopback: nothing else to note
    } else {
        // The lossy path (README): duplicates 15 + 17, reordered 127 + 897,
        // ack back 113 + 258; pieces before their ChunkBegin (32 transmissions),
        // 6 client re-requests, 3 duplicated chunk packets (2 begins + 1 piece).
        EXPECT_EQ(notes["blank.seq.duplicate"], 15 + 17);
        EXPECT_EQ(notes["blank.seq.reordered"], 127 + 897);
        EXPECT_EQ(notes["blank.ack.backwards"], 113 + 258);
        EXPECT_EQ(notes["blank.chunk.data_before_begin"], 32);
        EXPECT_EQ(notes["blank.chunk.rerequest"], 6);
        EXPECT_EQ(notes["blank.chunk.duplicate"], 3);
    }
}

INSTANTIATE_TEST_SUITE_P(Readme, RealCapture, ::testing::ValuesIn(expected()),
                         [](const auto& info) { return identifier(info.param.file); });

TEST(RealCaptureValues, FirstPacketsOfTwoClients) {
    const RunResult r = run(kBin + " decode --json " + kCaps + "/blank-fa73e36-two-clients.pcap");
    ASSERT_EQ(r.exit_code, 0);
    const auto lines = json_lines(r.out);
    ASSERT_GT(lines.size(), 10u);
    // Frame 2: Login "alice" with the full 32-byte name field.
    EXPECT_EQ(lines[1].at("frame"), 2);
    EXPECT_EQ(lines[1].at("blank.player.name"), "alice");
    EXPECT_EQ(lines[1].at("length"), 48);
    // Frame 3: the server's Message seq 0 comes before Join (seq 1).
    EXPECT_EQ(lines[2].at("type_name"), "Message");
    EXPECT_EQ(lines[2].at("blank.seq"), 0);
    EXPECT_EQ(lines[2].at("blank.message.text"), "player \"alice\" joined");
    EXPECT_EQ(lines[3].at("type_name"), "Join");
    EXPECT_EQ(lines[3].at("blank.world.name"), "default");
    // Frame 5: ChunkBegin transmission 1, compressed, 45 bytes; frame 6 its data, a zlib stream.
    EXPECT_EQ(lines[4].at("blank.chunk.transmission"), 1);
    EXPECT_EQ(lines[4].at("blank.chunk.flags.compressed"), true);
    EXPECT_EQ(lines[4].at("blank.chunk.size"), 45);
    EXPECT_EQ(lines[5].at("blank.chunk.piece_size"), 45);
    EXPECT_EQ(lines[5].at("blank.chunk.data").get<std::string>().substr(0, 4), "789c");
    // Frame 35: EntityUpdate, entity 2 at chunk (0, 1, -2), block x 26624 / 65535 * 16.
    const auto& eu = lines[34];
    ASSERT_EQ(eu.at("type_name"), "EntityUpdate");
    ASSERT_EQ(eu.at("blank.entities").size(), 1u);
    const auto& ent = eu.at("blank.entities")[0];
    EXPECT_EQ(ent.at("blank.entity.id"), 2);
    EXPECT_EQ(ent.at("blank.state.chunk.z"), -2);
    EXPECT_NEAR(ent.at("blank.state.block.x").get<double>(), 26624 / 65535.0 * 16, 1e-12);
    // Its ack 15 and history 0xffffffff acknowledge the client's seqs 0..14:
    // the other 17 bits name seqs before the client's first (never sent).
    EXPECT_EQ(eu.at("blank.ack").get<int>(), 15);
    EXPECT_EQ(eu.at("blank.ack_hist.acked").size(), 15u);
    EXPECT_EQ(eu.at("blank.ack_hist.acked").front(), 14);
    EXPECT_EQ(eu.at("blank.ack_hist.acked").back(), 0);
    EXPECT_EQ(eu.at("blank.ack_hist.acked_ranges"), "0-14");
    EXPECT_FALSE(eu.contains("blank.ack_hist.missing_ranges"));
    EXPECT_EQ(eu.at("blank.ack_hist.before_first"), 17);
    // The client's first packet: nothing received yet, nothing acknowledged.
    EXPECT_EQ(lines[0].at("blank.ack_hist.acked").size(), 0u);
    EXPECT_EQ(lines[0].at("blank.ack_hist.before_first"), 32);
}

}  // namespace
}  // namespace blank::test
