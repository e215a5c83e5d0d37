// tshark with the plugin and blankshark agree on which chunk transmissions
// completed (in which frame) and which never did, on the real captures.
#include <gtest/gtest.h>

#include <set>

#include "tshark.hpp"

namespace blank::test {
namespace {

std::set<uint64_t> frames_of(const std::string& fields_output) {
    std::set<uint64_t> out;
    std::istringstream in(fields_output);
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) out.insert(std::stoull(l));
    return out;
}

class TsharkChunks : public ::testing::TestWithParam<std::string> {};

TEST_P(TsharkChunks, SameCompletionsAndIncompleteTransmissions) {
    const std::string file = BLANKSHARK_CAPTURES "/" + GetParam();
    std::set<uint64_t> complete, incomplete;
    const RunResult a = run(std::string(BLANKSHARK_BIN) + " chunks --json " + file);
    ASSERT_EQ(a.exit_code, 0);
    for (const auto& t : json_lines(a.out)) {
        if (t.at("state") == "complete") complete.insert(t.at("complete_frame").get<uint64_t>());
        if (t.at("state") == "incomplete")  // reported on the transmission's last frame
            incomplete.insert(t.at(t.at("begin_seen") ? "last_frame" : "first_frame").get<uint64_t>());
    }
    ASSERT_FALSE(complete.empty());
    // One pass: a frame that completes a transmission knows it at once.
    const std::string readable = tshark_file(file);
    const RunResult one = tshark("-r " + readable + " -Y blank.chunk.reassembled -T fields -e frame.number");
    EXPECT_EQ(frames_of(one.out), complete);
    // Two passes: what never completed is known too.
    const RunResult two = tshark("-2 -r " + readable +
                                 " -Y \"blank.chunk.incomplete || blank.chunk.unknown_transmission\" -T fields "
                                 "-e frame.number");
    EXPECT_EQ(frames_of(two.out), incomplete);
    // And every piece links to the frame that completed its transmission.
    const RunResult links = tshark("-2 -r " + readable + " -Y blank.chunk.complete_frame -T fields -e blank.chunk.complete_frame");
    const std::set<uint64_t> linked = frames_of(links.out);
    EXPECT_FALSE(linked.empty());
    EXPECT_TRUE(std::includes(complete.begin(), complete.end(), linked.begin(), linked.end()));
}

INSTANTIATE_TEST_SUITE_P(Captures, TsharkChunks,
                         ::testing::Values("blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-two-clients.pcap",
                                           "blank-fa73e36-any-sll2.pcapng"),
                         [](const auto& info) { return identifier(info.param); });

}  // namespace
}  // namespace blank::test

namespace blank::test {
namespace {

TEST(TsharkChunkSources, ReassembledAndInflatedBytesAreDataSources) {
    // Frame 7 of all-types.pcap completes transmission 1 (497 bytes of zlib).
    const RunResult r = tshark("-r " + tshark_file(BLANKSHARK_CAPTURES "/crafted/all-types.pcap") + " -Y frame.number==7 -x");
    EXPECT_NE(r.out.find("Reassembled chunk data (497 bytes):"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Inflated chunk (20484 bytes):"), std::string::npos);
    // Its first inflated bytes: block 0 is stone (type 1), as the generator wrote.
    const size_t at = r.out.find("Inflated chunk (20484 bytes):");
    EXPECT_EQ(r.out.substr(at + 30, 14), "0000  01 00 00");
}

}  // namespace
}  // namespace blank::test
