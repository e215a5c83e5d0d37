// check's memory follows the connections open, not all those ever seen
// (issue 55): a capture of the same real connections repeated 15 times and
// 150 times (one after the other, each a new client address) is read as
// check reads it, each conversation handed on when it ends and let go. The
// peak of what operator new's blocks hold (tests/bench/alloc_counter.cpp)
// must not grow with the connections; read keeping every conversation to
// the end (as stats and report do, and as check did before), it does, and
// the test says by how much, so that it is known to be able to fail.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "alloc_counter.hpp"
#include "file_analysis.hpp"
#include "front_end.hpp"
#include "../support/capture_repeat.hpp"

namespace blankshark {
namespace {

const std::string kCaptures = BLANKSHARK_CAPTURES;

struct Read {
    int64_t peak = 0;        // above what was held before the read
    uint64_t conversations = 0, ended = 0;
};

Read read(const std::string& file, bool streaming) {
    FileAnalysisOptions opt;
    opt.stream.progress = false;
    for (const FrontEnd* fe : front_ends())
        if (Settings* s = opt.stream.settings.of(*fe)) {
            std::string error;
            EXPECT_TRUE(fe->apply(*s, error)) << error;
        }
    Read r;
    if (streaming) opt.ended = [&r](uint32_t, ConvReport&, const FileReport&) { ++r.ended; };
    const int64_t before = bench::live_bytes();
    bench::reset_peak();
    {
        const FileReport rep = analyse_file(CaptureFiles(file), opt);
        EXPECT_EQ(rep.result, StreamResult::Ok) << rep.error;
        r.conversations = conversations(rep);
    }
    r.peak = bench::peak_live_bytes() - before;
    return r;
}

// `inputs` repeated 15 and 150 times, one after the other.
void expect_bounded(const std::vector<std::string>& inputs, uint64_t conversations_each, bool keep_ports,
                    int64_t kept_per_conversation_before) {
    Read few[2], many[2];
    for (const uint64_t times : {15u, 150u}) {
        const std::string file = testing::TempDir() + "repeated-" + std::to_string(::getpid()) + ".pcap";
        blank::test::RepeatOptions o;
        o.times = times;
        o.keep_ports = keep_ports;
        std::string err;
        ASSERT_GT(blank::test::repeat_captures(file, inputs, o, err), 0) << err;
        for (bool streaming : {false, true}) (times == 15 ? few : many)[streaming] = read(file, streaming);
        std::remove(file.c_str());
    }
    // Every conversation was read, and (streaming) all but those open at
    // the end were handed on before it.
    EXPECT_EQ(few[0].conversations, 15 * conversations_each);
    EXPECT_EQ(many[0].conversations, 150 * conversations_each);
    EXPECT_EQ(many[1].conversations, many[0].conversations);
    EXPECT_GE(many[1].ended + conversations_each, many[1].conversations);
    EXPECT_EQ(few[0].ended, 0u);

    const int64_t n = int64_t(135 * conversations_each);  // the conversations 150 repetitions add to 15
    const int64_t kept = (many[0].peak - few[0].peak) / n, streaming = (many[1].peak - few[1].peak) / n;
    testing::Test::RecordProperty("bytes_per_conversation_kept", int(kept));
    testing::Test::RecordProperty("bytes_per_conversation_streaming", int(streaming));
    // Kept to the end, each conversation costs its report and its records.
    EXPECT_GT(kept, kept_per_conversation_before) << "keeping every conversation: " << kept << " bytes each";
    // Let go when it ends, what stays of each is at most a few hundred
    // bytes: for a minute, the reassembler's record of a TCP connection
    // (Java: 179 bytes a conversation of a second; Alpha 3, RakNet 0).
    EXPECT_LT(streaming, 512) << "peak " << few[1].peak << " bytes for 15 repetitions, " << many[1].peak
                              << " for 150";
}

TEST(CheckMemory, JavaConnectionsLetGoWhenTheyEnd) {
    // Two connections each (server list pings, FIN both ways).
    expect_bounded({kCaptures + "/minecraft-java/mcjava-1.14.4-status-only.pcap"}, 2, false, 2048);
}

TEST(CheckMemory, AlphaConnectionsLetGoWhenTheyEnd) {
    expect_bounded({kCaptures + "/mc_alpha/mc_alpha-session.pcap"}, 1, false, 4096);
}

TEST(CheckMemory, RaknetConversationsLetGoWhenTheyTimeOut) {
    // A whole session (Open Connection to Disconnect) and a server list ping
    // (two conversations, and the server's datagram to its own port, one
    // once the client has another address): each ends 10 s after its last packet.
    expect_bounded({kCaptures + "/raknet/raknet-clean.pcap", kCaptures + "/raknet/raknet-unconnected-ping.pcap"}, 4,
                   true, 8192);
}

}  // namespace
}  // namespace blankshark
