// Packets vanilla servers sent, 1.8.8 to 1.20.1 (PrismarineJS's
// minecraft-packets corpus, captures/minecraft-java/vanilla/README.md),
// through tshark with the plugin, both passes, a tree built (-T fields):
// every packet of every release shown (the corpus's .raw files per release
// plus the generator's Handshake, Login Start, Set Compression and Login
// Success), nothing malformed (a dissector bug is a malformed item: 1.13.2's
// Open Window, whose text window type went into an integer field, dropped
// the rest of its frame), and no expert info but what the connection
// analysis says of a bag of packets without a client (the same list as
// tests/analyzer/java_vanilla_test.cpp).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <string>

#include "core/finding.hpp"
#include "protocols/mc_java/findings.hpp"
#include "tshark.hpp"

namespace blank::test {
namespace {

const std::string kDir = std::string(VANILLA_CAPTURES) + "/";

// The corpus's .raw files per release (data/pc/<release>/from-server), by
// the release's protocol number.
const std::map<int, uint64_t> kCorpus = {{47, 196},  {110, 190}, {210, 190}, {316, 193}, {340, 201}, {404, 210},
                                         {498, 216}, {578, 217}, {754, 207}, {756, 224}, {758, 215}, {759, 212},
                                         {760, 219}, {761, 216}, {762, 229}, {763, 223}};
constexpr uint64_t kAround = 4;

// The analysis's findings a bag of packets without a client gets, and the
// notes of a Handshake and Set Compression, by their expert summaries.
std::set<std::string> allowed_summaries() {
    using C = mcjava::FindingCode;
    std::set<std::string> s;
    for (C c : {C::VersionDetected, C::CompressionEnabled, C::KeepAliveUnanswered, C::TeleportUnconfirmed,
                C::ChunkChangeUnloaded, C::ChunkUnloadUnknown, C::ChunkLightUnknown, C::ChunkSentTwice,
                C::EntityUnknown, C::EntityDestroyUnknown, C::EntitySpawnTwice})
        s.insert(core::finding_info(core::Code(c)).summary);
    return s;
}

// Every release's connection in one capture (vanilla-all.pcap: one tshark
// run); each packet shows its connection's protocol number (mcjava.version).
TEST(TsharkVanilla, EveryPacketOfEveryReleaseDecodesCleanly) {
    const std::set<std::string> allowed = allowed_summaries();
    const RunResult r = tshark("-2 -r " + tshark_file(kDir + "vanilla-all.pcap") +
                               " -T fields -E occurrence=a -E aggregator=~ -e mcjava.version -e _ws.malformed"
                               " -e _ws.expert.message");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("Dissector bug"), std::string::npos) << r.err;
    // Nor a field left out because a release gives it another type than its registration's.
    EXPECT_EQ(r.err.find("blankshark:"), std::string::npos) << r.err;
    std::map<int, uint64_t> packets;
    uint64_t malformed = 0;
    std::set<std::string> other;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        std::istringstream cols(line);
        std::string versions, bad, messages;
        std::getline(cols, versions, '\t');
        std::getline(cols, bad, '\t');
        std::getline(cols, messages, '\t');
        std::istringstream each(versions);
        for (std::string v; std::getline(each, v, '~');)
            if (!v.empty()) ++packets[std::stoi(v)];
        malformed += !bad.empty();
        std::istringstream m(messages);
        for (std::string msg; std::getline(m, msg, '~');)
            if (!msg.empty() && !allowed.count(msg) && msg.rfind("Connection ", 0) != 0 &&
                msg.find("connection clos") == std::string::npos)  // TCP's own chats and notes
                other.insert(msg);
    }
    EXPECT_EQ(malformed, 0u);
    EXPECT_TRUE(other.empty()) << *other.begin();
    ASSERT_EQ(packets.size(), kCorpus.size());
    uint64_t all = 0;
    for (const auto& [protocol, n] : kCorpus) {
        EXPECT_EQ(packets[protocol], n + kAround) << "protocol " << protocol;
        all += packets[protocol] - kAround;
    }
    EXPECT_EQ(all, 3358u);  // the corpus's play packets (the issue counted 3313 shown before)
}

}  // namespace
}  // namespace blank::test
