// blankshark decode on the crafted captures (captures/crafted, see its
// README): every packet type, every malformed case, every link type.
#include <gtest/gtest.h>

#include <map>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;
const std::string kCrafted = BLANKSHARK_CAPTURES "/crafted";

std::vector<std::string> codes(const nlohmann::json& j, bool with_comments = false) {
    std::vector<std::string> out;
    for (const auto& f : j.at("findings"))
        if (with_comments || f.at("severity") != "comment") out.push_back(f.at("code"));
    return out;
}

// What decoding alone found (malformed.pcap is a row of unrelated packets,
// so its sequence analysis is beside the point).
std::vector<std::string> decode_codes(const nlohmann::json& j, bool with_comments = false) {
    std::vector<std::string> out;
    for (const std::string& c : codes(j, with_comments))
        for (const char* p : {"blank.malformed.", "blank.string.", "blank.quat.", "blank.unknown_value", "blank.padding."})
            if (c.rfind(p, 0) == 0) out.push_back(c);
    return out;
}

TEST(Crafted, AllTypesDecodeCleanly) {
    const RunResult r = run(kBin + " decode --json " + kCrafted + "/all-types.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    std::map<std::string, std::pair<int, int>> counts;
    for (const auto& j : lines) {
        auto& c = counts[j.at("type_name")];
        (j.at("direction") == "client_to_server" ? c.first : c.second)++;
        if (j.at("frame") == 1) {  // a Ping fits every revision
            EXPECT_EQ(codes(j), std::vector<std::string>{"blank.revision.ambiguous"});
        } else if (j.at("frame") == 16) {  // the client's re-request is worth a note
            EXPECT_EQ(codes(j), std::vector<std::string>{"blank.chunk.rerequest"});
        } else if (j.at("frame") == 11) {  // and the correction, linked to its update
            EXPECT_EQ(codes(j), std::vector<std::string>{"blank.correction.linked"});
            EXPECT_EQ(j.at("blank.analysis.correction_for"), 8);
            EXPECT_EQ(j.at("blank.analysis.correction_distance"), 0);
        } else {
            EXPECT_TRUE(codes(j).empty()) << j.dump();
        }
    }
    const std::map<std::string, std::pair<int, int>> want = {
        {"Ping", {1, 1}},        {"Login", {1, 0}},       {"Join", {0, 1}},        {"Part", {1, 0}},
        {"PlayerUpdate", {1, 0}}, {"SpawnEntity", {0, 1}}, {"DespawnEntity", {0, 1}}, {"EntityUpdate", {0, 1}},
        {"PlayerCorrection", {0, 1}}, {"ChunkBegin", {1, 1}}, {"ChunkData", {0, 2}}, {"BlockUpdate", {0, 1}},
        {"Message", {1, 2}}};
    EXPECT_EQ(counts, want);
    // The unrelated UDP datagram (port 9999, frame 18) is not blank: 19 frames, 18 blank packets.
    EXPECT_EQ(lines.size(), 18u);
    EXPECT_EQ(lines[17].at("frame"), 19);
}

TEST(Crafted, AllTypesValues) {
    const auto lines = json_lines(run(kBin + " decode --json -t EntityUpdate,BlockUpdate,12 " + kCrafted +
                                      "/all-types.pcap").out);
    ASSERT_EQ(lines.size(), 5u);  // 1 EntityUpdate, 1 BlockUpdate, 3 Messages
    const auto& eu = lines[1];
    ASSERT_EQ(eu.at("type_name"), "EntityUpdate");
    EXPECT_EQ(eu.at("blank.entity.count"), 2);
    const auto& e1 = eu.at("blank.entities")[1];
    EXPECT_EQ(e1.at("blank.entity.id"), 2);
    EXPECT_EQ(e1.at("blank.state.chunk_offset.x"), -1);
    EXPECT_EQ(e1.at("blank.state.chunk.x"), 0);   // base 1 + offset -1
    EXPECT_EQ(e1.at("blank.state.chunk.z"), -2);  // base -2 + 0
    EXPECT_NEAR(e1.at("blank.state.yaw").get<double>(), 3.14159265358979 / 2, 1e-4);
    const auto& bu = lines[2];
    ASSERT_EQ(bu.at("type_name"), "BlockUpdate");
    const auto& b1 = bu.at("blank.blocks")[1];
    EXPECT_EQ(b1.at("blank.block.index"), 4095);
    EXPECT_EQ(b1.at("blank.block.pos.z"), 15);
    EXPECT_EQ(b1.at("blank.block.orient.face"), 2);  // 4 * 2 + 1
    EXPECT_EQ(b1.at("blank.block.orient.turn"), 1);
    EXPECT_EQ(lines[3].at("blank.message.text"), "hello");
    EXPECT_EQ(lines[3].at("direction"), "client_to_server");
}

TEST(Crafted, MalformedCasesAreFindingsAndDecodingGoesOn) {
    const RunResult r = run(kBin + " decode --json " + kCrafted + "/malformed.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    const std::vector<std::vector<std::string>> want = {
        {},
        {"blank.malformed.short_header"},
        {"blank.malformed.tag"},
        {"blank.malformed.type"},
        {"blank.malformed.length"},
        {"blank.malformed.length", "blank.malformed.count_range"},
        {"blank.malformed.count_mismatch"},
        {"blank.string.unterminated"},
        {"blank.string.not_utf8"},
        {"blank.quat.pad_bits"},
        {"blank.quat.not_unit"},
        {"blank.unknown_value"},
        {"blank.malformed.piece_size"},
        {},
        {},
    };
    ASSERT_EQ(lines.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(lines[i].at("frame"), i + 1);
        EXPECT_EQ(decode_codes(lines[i]), want[i]) << "frame " << i + 1;
    }
    EXPECT_TRUE(decode_codes(lines[13], true).empty());  // zero padding: not even the comment
    EXPECT_EQ(lines[14].at("type_name"), "PlayerUpdate");
    EXPECT_NEAR(lines[14].at("blank.state.block.y").get<double>(), 1.5, 1e-3);
}

TEST(Crafted, MalformedSummaryLinesSayWhatIsWrong) {
    const RunResult r = run(kBin + " decode " + kCrafted + "/malformed.pcap");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("Truncated header (8 bytes)  [error: blank.malformed.short_header]"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Unknown seq=3"), std::string::npos);
}

TEST(Crafted, EveryLinkTypeAndIpv6) {
    for (const char* f : {"null-ipv6.pcap", "raw-ipv4-port-12399.pcap", "linux-sll.pcap"}) {
        const RunResult r = run(kBin + " decode --json " + kCrafted + "/" + f);
        ASSERT_EQ(r.exit_code, 0) << f << ": " << r.err;
        const auto lines = json_lines(r.out);
        ASSERT_EQ(lines.size(), 5u) << f;
        EXPECT_EQ(lines[0].at("blank.player.name"), "carol");
        EXPECT_EQ(lines[0].at("direction"), "client_to_server");
        EXPECT_EQ(lines[1].at("blank.entity.id"), 7);
        EXPECT_EQ(lines[1].at("direction"), "server_to_client");
        EXPECT_EQ(lines[4].at("type_name"), "Part");
        const std::string name = f;
        if (name == "null-ipv6.pcap") {
            EXPECT_EQ(lines[0].at("dst"), "[::1]:12354");
        } else if (name == "raw-ipv4-port-12399.pcap") {
            EXPECT_EQ(lines[0].at("dst"), "10.0.0.1:12399");
        }
    }
}

TEST(Crafted, BundledCapturesAreWhatTheGeneratorWrites) {
    const std::string dir = ::testing::TempDir() + "/crafted-regen";
    ASSERT_EQ(run("mkdir -p " + dir + " && " + std::string(MAKE_CRAFTED_BIN) + " " + dir + " " + kCaps).exit_code, 0);
    for (const char* f : {"all-types.pcap", "malformed.pcap", "null-ipv6.pcap", "raw-ipv4-port-12399.pcap",
                          "linux-sll.pcap", "old-933ca0f.pcap", "ambiguous-until-frame-5.pcap",
                          "cut-client-silent-clean-session.pcap", "cut-server-silent-clean-session.pcap",
                          "cut-client-silent-two-clients.pcap"})
        EXPECT_EQ(run("cmp " + dir + "/" + f + " " + kCrafted + "/" + f).exit_code, 0) << f;
}

TEST(Crafted, OldRevisionEveryPacketType) {
    const RunResult r = run(kBin + " decode --json " + kCrafted + "/old-933ca0f.pcap");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 12u);
    for (const auto& j : lines) EXPECT_TRUE(decode_codes(j).empty()) << j.dump();  // no malformed finding
    // Lengths of the older layout (doc revision before 7c5e04a).
    EXPECT_EQ(lines[2].at("length"), 16 + 100);  // Join
    EXPECT_EQ(lines[3].at("length"), 16 + 76);   // PlayerUpdate
    EXPECT_EQ(lines[4].at("length"), 16 + 132);  // SpawnEntity
    EXPECT_EQ(lines[5].at("length"), 16 + 4 + 2 * 68);  // EntityUpdate, 2 entries
    EXPECT_EQ(lines[6].at("length"), 16 + 66);   // PlayerCorrection
    EXPECT_EQ(lines[8].at("length"), 16 + 484);  // every ChunkData at full length
    // Values as written: floats for the block position, quaternion as 4 floats.
    const auto& join = lines[2];
    EXPECT_EQ(join.at("blank.state.block.x"), 8.5);
    EXPECT_EQ(join.at("blank.state.block.z"), 4.25);
    EXPECT_EQ(join.at("blank.state.orientation.w"), 1);
    EXPECT_EQ(join.at("blank.state.angular_velocity.y"), 0.25);
    // Pitch input -0.5 rad: i16 round(-0.5 / (pi/2) * 32767) = -10430 -> -10430 / 32767 * pi/2
    EXPECT_NEAR(lines[3].at("blank.input.pitch").get<double>(), -10430 / 32767.0 * 3.14159265358979 / 2, 1e-12);
    EXPECT_EQ(lines[4].at("blank.entity.skeleton"), 3);
    EXPECT_EQ(lines[5].at("blank.entities").size(), 2u);
    EXPECT_EQ(lines[6].at("blank.analysis.correction_for"), 4);
    // The 20480-byte chunk settles the revision: 933ca0f from then on.
    EXPECT_EQ(codes(lines[9], true).back(), "blank.revision.detected");
    EXPECT_EQ(lines[10].at("blank.revision"), "933ca0f");
    EXPECT_EQ(lines[10].at("blank.revision.state"), 1);
    EXPECT_EQ(lines[9].at("blank.chunk.reassembled.inflated_size"), 20480);
}

TEST(Crafted, RevisionStaysAmbiguousUntilATellingPacket) {
    const auto lines = json_lines(run(kBin + " decode --json " + kCrafted + "/ambiguous-until-frame-5.pcap").out);
    ASSERT_EQ(lines.size(), 6u);
    // Ping, Login, ChunkBegin and a 484-byte ChunkData fit every revision.
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(lines[i].at("blank.revision.state"), 0) << i;  // ambiguous
        EXPECT_EQ(lines[i].at("blank.revision"), "fa73e36");     // decoded with the newest meanwhile
    }
    EXPECT_EQ(codes(lines[0]), std::vector<std::string>{"blank.revision.ambiguous"});
    // A 41-byte ChunkData exists only from 56069d4 on.
    EXPECT_EQ(lines[4].at("blank.revision.state"), 1);
    EXPECT_EQ(codes(lines[4], true).back(), "blank.revision.detected");
    // --revision skips detection.
    const auto forced =
        json_lines(run(kBin + " decode --json --revision fa73e36 " + kCrafted + "/ambiguous-until-frame-5.pcap").out);
    EXPECT_EQ(forced[0].at("blank.revision.state"), 3);
    EXPECT_TRUE(codes(forced[0]).empty());
    EXPECT_EQ(run(kBin + " decode --revision nosuch " + kCrafted + "/ambiguous-until-frame-5.pcap").exit_code, 2);
}

}  // namespace
}  // namespace blank::test
