// decode's three printers (summary line, -V tree, JSON) allocate nothing per
// packet once warm, for every protocol: each bundled capture is read twice
// through every front end, as decode reads it, and the second pass counts
// calls to operator new inside each packet's printing (this binary counts
// them: tests/bench/alloc_counter.cpp). The analysis around them is counted
// by the protocols' own allocation tests.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "alloc_counter.hpp"
#include "capture_stream.hpp"
#include "front_end.hpp"
#include "output.hpp"
#include "protocol_passes.hpp"

namespace blankshark {
namespace {

struct CountPrinting : UnitListener {
    Output& out;
    bool counting = false;
    uint64_t packets = 0, allocs[3] = {0, 0, 0};
    explicit CountPrinting(Output& o) : out(o) {}
    void unit(const Unit& u) override {
        if (u.kind != Unit::Kind::Packet) return;
        const uint64_t a = bench::allocations();
        u.print_summary(out);
        const uint64_t b = bench::allocations();
        u.print_tree(out);
        const uint64_t c = bench::allocations();
        u.print_json(out);
        const uint64_t d = bench::allocations();
        if (!counting) return;
        ++packets;
        allocs[0] += b - a;
        allocs[1] += c - b;
        allocs[2] += d - c;
    }
};

// A capture and how many packets its README counts (blank: the shared
// README's blank packets; Java: the independent decoder's packets; Alpha:
// 248 + 247 messages; RakNet: the frames; MCPE: the session's frames).
struct Counted {
    const char* file;
    uint64_t packets;
};

class PrinterAllocations : public ::testing::TestWithParam<Counted> {};

TEST_P(PrinterAllocations, NoneOncePrintedBefore) {
    const std::string path = std::string(BLANKSHARK_CAPTURES) + "/" + GetParam().file;
    std::FILE* null = std::fopen("/dev/null", "w");
    ASSERT_NE(null, nullptr);
    {
        Output out(null);
        CountPrinting printer(out);
        for (int pass = 0; pass < 2; ++pass) {
            printer.counting = pass == 1;
            StreamOptions so;
            CaptureStream stream(so);
            PassSetup setup{stream, so, printer, Command::Decode};
            setup.summaries = false;
            ProtocolPasses passes(setup);
            ASSERT_EQ(passes.run(path), StreamResult::Ok) << stream.error();
            passes.finish(stream.stats().frames, 0);
            out.flush();
        }
        EXPECT_EQ(printer.packets, GetParam().packets);
        EXPECT_EQ(printer.allocs[0], 0u) << "summary lines";
        EXPECT_EQ(printer.allocs[1], 0u) << "-V trees";
        EXPECT_EQ(printer.allocs[2], 0u) << "JSON";
    }
    std::fclose(null);
}

INSTANTIATE_TEST_SUITE_P(EveryProtocol, PrinterAllocations,
                         ::testing::Values(Counted{"blank-fa73e36-lossy-5pct.pcap", 3063},
                                           Counted{"minecraft-java/mcjava-1.14.4-compressed.pcap", 1391},
                                           Counted{"minecraft-java/eras/mcjava-26.1-compressed.pcap", 108},
                                           Counted{"mc_alpha/mc_alpha-session.pcap", 495},
                                           Counted{"raknet/raknet-native-lossy-10pct.pcap", 2345},
                                           Counted{"raknet/crafted/mcpe-0.7.3-session.pcap", 166}),
                         [](const auto& info) { return std::to_string(info.index); });

}  // namespace
}  // namespace blankshark
