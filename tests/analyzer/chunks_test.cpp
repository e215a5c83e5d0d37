// blankshark chunks on the real captures: the figures of
// ../shared/captures/README.md (an independent decoder's count).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "../support/run.hpp"

namespace blank::test {
namespace {

const std::string kBin = BLANKSHARK_BIN;
const std::string kCaps = BLANKSHARK_CAPTURES;

std::vector<nlohmann::json> chunks(const std::string& file, const std::string& extra = "") {
    const RunResult r = run(kBin + " chunks --json " + extra + " " + kCaps + "/" + file);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json_lines(r.out);
}

struct Figures {
    int begun = 0, completed = 0, incomplete = 0, only_data = 0, data_before_begin_tx = 0, rerequests_answered = 0;
};

Figures figures(const std::vector<nlohmann::json>& rows, int chunk_size = 20484) {
    Figures f;
    for (const auto& t : rows) {
        const bool begun = t.at("begin_seen");
        f.begun += begun;
        f.only_data += !begun;
        f.completed += t.at("state") == "complete";
        f.incomplete += begun && t.at("state") == "incomplete";
        f.data_before_begin_tx += t.at("data_before_begin").get<bool>();
        f.rerequests_answered += t.at("rerequest_frame") != 0;
        if (t.at("state") == "complete") {
            EXPECT_EQ(t.at("inflated_size"), chunk_size) << t.dump();
            EXPECT_EQ(t.at("compressed"), true);
            EXPECT_TRUE(t.at("missing").empty());
        }
        EXPECT_NE(t.at("state"), "failed") << t.dump();
    }
    return f;
}

TEST(Chunks, CleanSessionAllComplete) {
    const Figures f = figures(chunks("blank-fa73e36-clean-session.pcap"));
    EXPECT_EQ(f.begun, 544);
    EXPECT_EQ(f.completed, 544);
    EXPECT_EQ(f.only_data, 0);
}

TEST(Chunks, TwoClientsTwoIncomplete) {
    const auto rows = chunks("blank-fa73e36-two-clients.pcap");
    const Figures f = figures(rows);
    EXPECT_EQ(f.begun, 1175);
    EXPECT_EQ(f.completed, 1173);
    EXPECT_EQ(f.incomplete, 2);
    // Both conversations stream chunks.
    std::set<int> convs;
    for (const auto& t : rows) convs.insert(t.at("conversation").get<int>());
    EXPECT_EQ(convs.size(), 2u);
}

TEST(Chunks, OlderRevisionAllComplete) {
    // 933ca0f: every ChunkData is 484 bytes, the data is its first piece-size
    // bytes, and a chunk inflates to 20480 bytes (README: 175 begun, 175 complete).
    const auto rows = chunks("blank-933ca0f-first-8s.pcap");
    const Figures f = figures(rows, 20480);
    EXPECT_EQ(f.begun, 175);
    EXPECT_EQ(f.completed, 175);
    EXPECT_EQ(rows.front().at("revision"), "933ca0f");
}

TEST(Chunks, SllPcapng) {
    const Figures f = figures(chunks("blank-fa73e36-any-sll2.pcapng"));
    EXPECT_EQ(f.begun, 300);
    EXPECT_EQ(f.completed, 299);
    EXPECT_EQ(f.incomplete, 1);
}

TEST(Chunks, LossyPathEverythingTheGameCompletedIsReassembled) {
    const auto rows = chunks("blank-fa73e36-lossy-5pct.pcap");
    const Figures f = figures(rows);
    EXPECT_EQ(f.begun, 135);
    EXPECT_EQ(f.completed, 127);
    EXPECT_EQ(f.incomplete, 8);
    EXPECT_EQ(f.only_data, 10);          // transmissions seen only through ChunkData
    EXPECT_EQ(f.rerequests_answered, 6);  // the client's 6 re-requests, each answered by a new transmission
    // ChunkData seen before its ChunkBegin: 46 pieces (README), 14 of them in
    // transmissions whose ChunkBegin never came.
    int before = 0, orphan_pieces = 0, dups = 0;
    for (const auto& t : rows) {
        if (!t.at("begin_seen")) orphan_pieces += t.at("pieces").get<int>();
        dups += t.at("duplicates").get<int>() + t.at("resent_pieces").get<int>() + t.at("resent_begins").get<int>();
    }
    EXPECT_EQ(orphan_pieces, 14);
    const auto lines = json_lines(run(kBin + " decode --json -t ChunkData,ChunkBegin " + kCaps +
                                      "/blank-fa73e36-lossy-5pct.pcap").out);
    std::map<int, int> begin_frame;
    for (const auto& j : lines)
        if (j.at("type_name") == "ChunkBegin" && j.contains("blank.chunk.tx_number"))
            begin_frame.emplace(j.at("blank.chunk.tx_number"), j.at("frame"));
    for (const auto& j : lines) {
        if (j.at("type_name") != "ChunkData") continue;
        auto b = begin_frame.find(j.at("blank.chunk.tx_number"));
        before += b == begin_frame.end() || b->second > j.at("frame").get<int>();
    }
    EXPECT_EQ(before, 46);
    EXPECT_EQ(dups, 3);  // README: ChunkBegin again with the same id 2, ChunkData again 1
}

TEST(Chunks, ExtractWritesEveryCompletedChunk) {
    const std::string dir = ::testing::TempDir() + "/extract-clean";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto rows = chunks("blank-fa73e36-any-sll2.pcapng", "--extract " + dir);
    size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        ++files;
        EXPECT_EQ(std::filesystem::file_size(e.path()), 20484u) << e.path();
    }
    EXPECT_EQ(files, 299u);
    // Named by coordinates, conversation and transmission id.
    const auto& t = rows.front();
    ASSERT_EQ(t.at("state"), "complete");
    const std::string name = dir + "/chunk_x" + std::to_string(t.at("coords")[0].get<int>()) + "_y" +
                             std::to_string(t.at("coords")[1].get<int>()) + "_z" +
                             std::to_string(t.at("coords")[2].get<int>()) + "_c1_t" +
                             std::to_string(t.at("id").get<int>()) + ".bin";
    EXPECT_TRUE(std::filesystem::exists(name)) << name;
}

TEST(Chunks, TextTable) {
    const RunResult r = run(kBin + " chunks " + kCaps + "/blank-fa73e36-lossy-5pct.pcap");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("145 transmissions, 127 complete"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("incomplete (superseded by the next chunk; missing 0-45)"), std::string::npos);
    EXPECT_NE(r.out.find("incomplete (its ChunkBegin was never seen; size unknown)"), std::string::npos);
}

}  // namespace
}  // namespace blank::test
