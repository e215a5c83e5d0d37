// The real captures bundled in captures/ are byte-identical to their
// originals in ../shared/captures/ wherever both exist, so the copies the
// tests read cannot drift from the game's traffic unnoticed. Without
// ../shared (a clone of this repository alone) there is nothing to compare:
// the test is reported as skipped, not passed (in CI, CI=true, it fails:
// CI has ../shared).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "../support/skip.hpp"

namespace blank::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(BundledCaptures, SameBytesAsTheSharedOriginals) {
    const fs::path bundled = BLANKSHARK_CAPTURES, shared = BLANKSHARK_REFERENCE_CAPTURES;
    if (!fs::is_directory(shared)) SKIP_OR_FAIL_IN_CI() << shared << " is not there: nothing to compare the bundle with";
    std::vector<std::string> compared;
    for (const auto& e : fs::recursive_directory_iterator(bundled)) {
        const std::string ext = e.path().extension().string();
        if (!e.is_regular_file() || (ext != ".pcap" && ext != ".pcapng")) continue;
        const fs::path rel = fs::relative(e.path(), bundled), original = shared / rel;
        if (!fs::exists(original)) continue;  // crafted here, no original
        const std::string a = slurp(e.path()), b = slurp(original);
        ASSERT_FALSE(b.empty()) << original;
        EXPECT_TRUE(a == b) << rel << " differs from " << original << " (" << a.size() << " vs " << b.size()
                            << " bytes)";
        compared.push_back(rel.string());
    }
    // The five real captures captures/README.md lists, at least.
    EXPECT_GE(compared.size(), 5u);
    for (const char* f : {"blank-fa73e36-clean-session.pcap", "blank-fa73e36-two-clients.pcap",
                          "blank-fa73e36-lossy-5pct.pcap", "blank-fa73e36-any-sll2.pcapng",
                          "blank-933ca0f-first-8s.pcap"})
        EXPECT_NE(std::find(compared.begin(), compared.end(), f), compared.end()) << f << " not compared";
}

// Every other file of the bundle with an original at the same path in
// ../shared/captures/ is that original too: the READMEs whose figures the
// tests read (captures/**/README*.md) and the independent counters shipped
// with them (raknet/harness/tshark_check.py, which ctest runs). Three files
// differ on purpose, each said where it is: captures/README.md is the
// bundle's own list of what is bundled, and minecraft-java/harness's
// capture.sh and client.js were extended here (captures/README.md: "started
// as a copy of the harness there and was extended").
TEST(BundledCaptures, ReadmesAndCountersAreTheSharedOriginals) {
    const fs::path bundled = BLANKSHARK_CAPTURES, shared = BLANKSHARK_REFERENCE_CAPTURES;
    if (!fs::is_directory(shared)) SKIP_OR_FAIL_IN_CI() << shared << " is not there: nothing to compare the bundle with";
    const std::set<std::string> own = {"README.md", "minecraft-java/harness/capture.sh",
                                       "minecraft-java/harness/client.js"};
    std::set<std::string> compared, readmes_without_original;
    for (const auto& e : fs::recursive_directory_iterator(bundled)) {
        const std::string ext = e.path().extension().string();
        if (!e.is_regular_file() || ext == ".pcap" || ext == ".pcapng") continue;  // the test above
        const std::string rel = fs::relative(e.path(), bundled).string();
        const bool readme = e.path().filename().string().rfind("README", 0) == 0;
        if (!fs::exists(shared / rel)) {
            if (readme) readmes_without_original.insert(rel);
            continue;
        }
        if (own.count(rel)) continue;
        const std::string a = slurp(e.path()), b = slurp(shared / rel);
        ASSERT_FALSE(b.empty()) << shared / rel;
        EXPECT_TRUE(a == b) << rel << " differs from the shared original " << shared / rel;
        compared.insert(rel);
    }
    for (const char* rel : {"minecraft-java/README.md", "raknet/README.md", "raknet/harness/tshark_check.py"})
        EXPECT_EQ(compared.count(rel), 1u) << rel << " not compared";
    // The READMEs with no original describe what was made here (the Bedrock
    // captures, the 1.13.2 ones, the encrypted ones, those of every era, the
    // crafted ones) or fetched here with its source, commit and licence (the
    // vanilla servers' packet corpus): a new README of real traffic must come
    // from ../shared or say where it came from, so the list is closed.
    EXPECT_EQ(readmes_without_original,
              (std::set<std::string>{"bedrock/README.md", "mc_alpha/README.md", "minecraft-java/README-1.13.2.md",
                                     "minecraft-java/README-encrypted.md", "minecraft-java/README-eras.md",
                                     "minecraft-java/crafted/README.md", "minecraft-java/vanilla/README.md",
                                     "raknet/crafted/README.md"}));
}

}  // namespace
}  // namespace blank::test
